from enum import StrEnum


class CardsBuriedEventType(StrEnum):
    CARDS_BURIED = "cards_buried"

    def __str__(self) -> str:
        return str(self.value)
