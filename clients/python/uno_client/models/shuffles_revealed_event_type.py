from enum import StrEnum


class ShufflesRevealedEventType(StrEnum):
    SHUFFLES_REVEALED = "shuffles_revealed"

    def __str__(self) -> str:
        return str(self.value)
