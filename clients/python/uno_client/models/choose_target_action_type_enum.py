from enum import StrEnum


class ChooseTargetActionTypeEnum(StrEnum):
    CHOOSE_TARGET = "choose_target"

    def __str__(self) -> str:
        return str(self.value)
