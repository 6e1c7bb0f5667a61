from enum import StrEnum


class ChooseColorActionTypeEnum(StrEnum):
    CHOOSE_COLOR = "choose_color"

    def __str__(self) -> str:
        return str(self.value)
