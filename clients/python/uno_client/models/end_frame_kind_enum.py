from enum import StrEnum


class EndFrameKindEnum(StrEnum):
    END = "end"

    def __str__(self) -> str:
        return str(self.value)
