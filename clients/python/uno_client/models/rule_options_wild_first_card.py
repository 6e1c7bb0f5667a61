from enum import StrEnum


class RuleOptionsWildFirstCard(StrEnum):
    CHOOSE = "choose"
    REDRAW = "redraw"

    def __str__(self) -> str:
        return str(self.value)
