from enum import StrEnum


class RuleOptionsStacking(StrEnum):
    ANY = "any"
    DRAW2 = "draw2"
    NONE = "none"
    SAME = "same"
    UP = "up"

    def __str__(self) -> str:
        return str(self.value)
