from enum import StrEnum


class PositionLoadedEventType(StrEnum):
    POSITION_LOADED = "position_loaded"

    def __str__(self) -> str:
        return str(self.value)
