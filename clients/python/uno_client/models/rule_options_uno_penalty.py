from enum import StrEnum


class RuleOptionsUnoPenalty(StrEnum):
    AUTO = "auto"
    CATCH = "catch"

    def __str__(self) -> str:
        return str(self.value)
