from enum import StrEnum


class TurnChangedEventType(StrEnum):
    TURN_CHANGED = "turn_changed"

    def __str__(self) -> str:
        return str(self.value)
