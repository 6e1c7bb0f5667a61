from enum import StrEnum


class RuleOptionsWd4Enforcement(StrEnum):
    CHALLENGE = "challenge"
    STRICT = "strict"

    def __str__(self) -> str:
        return str(self.value)
