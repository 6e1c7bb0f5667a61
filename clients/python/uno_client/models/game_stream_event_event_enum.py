from enum import StrEnum


class GameStreamEventEventEnum(StrEnum):
    END = "end"
    EVENT = "event"
    VIEW = "view"

    def __str__(self) -> str:
        return str(self.value)
