from enum import StrEnum


class UnoCaughtEventType(StrEnum):
    UNO_CAUGHT = "uno_caught"

    def __str__(self) -> str:
        return str(self.value)
