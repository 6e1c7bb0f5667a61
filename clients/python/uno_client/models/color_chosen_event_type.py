from enum import StrEnum


class ColorChosenEventType(StrEnum):
    COLOR_CHOSEN = "color_chosen"

    def __str__(self) -> str:
        return str(self.value)
