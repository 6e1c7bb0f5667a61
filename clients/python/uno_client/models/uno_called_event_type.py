from enum import StrEnum


class UnoCalledEventType(StrEnum):
    UNO_CALLED = "uno_called"

    def __str__(self) -> str:
        return str(self.value)
