from enum import StrEnum


class CardsFlippedEventType(StrEnum):
    CARDS_FLIPPED = "cards_flipped"

    def __str__(self) -> str:
        return str(self.value)
