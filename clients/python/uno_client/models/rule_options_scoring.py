from enum import StrEnum


class RuleOptionsScoring(StrEnum):
    ELIMINATION = "elimination"
    LOWEST = "lowest"
    STANDARD = "standard"
    TARGET_LOSES = "target_loses"

    def __str__(self) -> str:
        return str(self.value)
