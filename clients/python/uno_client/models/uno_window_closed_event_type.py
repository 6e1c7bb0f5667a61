from enum import StrEnum


class UnoWindowClosedEventType(StrEnum):
    UNO_WINDOW_CLOSED = "uno_window_closed"

    def __str__(self) -> str:
        return str(self.value)
