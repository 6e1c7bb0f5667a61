from enum import StrEnum


class UnoWindowOpenedEventType(StrEnum):
    UNO_WINDOW_OPENED = "uno_window_opened"

    def __str__(self) -> str:
        return str(self.value)
