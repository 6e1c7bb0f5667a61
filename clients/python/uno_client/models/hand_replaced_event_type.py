from enum import StrEnum


class HandReplacedEventType(StrEnum):
    HAND_REPLACED = "hand_replaced"

    def __str__(self) -> str:
        return str(self.value)
