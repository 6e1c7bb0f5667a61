from enum import StrEnum


class ViewFrameKindEnum(StrEnum):
    VIEW = "view"

    def __str__(self) -> str:
        return str(self.value)
