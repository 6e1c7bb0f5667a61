from enum import StrEnum


class UnplacedEnum(StrEnum):
    DRAW_BOTTOM = "draw_bottom"
    OUT_OF_PLAY = "out_of_play"

    def __str__(self) -> str:
        return str(self.value)
