from enum import StrEnum


class NothingDrawnEventType(StrEnum):
    NOTHING_DRAWN = "nothing_drawn"

    def __str__(self) -> str:
        return str(self.value)
