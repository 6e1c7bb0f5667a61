from enum import StrEnum


class EventFrameKindEnum(StrEnum):
    EVENT = "event"

    def __str__(self) -> str:
        return str(self.value)
