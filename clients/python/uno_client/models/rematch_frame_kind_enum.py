from enum import StrEnum


class RematchFrameKindEnum(StrEnum):
    REMATCH = "rematch"

    def __str__(self) -> str:
        return str(self.value)
