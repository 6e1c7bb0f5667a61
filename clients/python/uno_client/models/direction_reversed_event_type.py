from enum import StrEnum


class DirectionReversedEventType(StrEnum):
    DIRECTION_REVERSED = "direction_reversed"

    def __str__(self) -> str:
        return str(self.value)
