from enum import StrEnum


class DrawActionTypeEnum(StrEnum):
    DRAW = "draw"

    def __str__(self) -> str:
        return str(self.value)
