from enum import StrEnum


class FirstCardTurnedEventType(StrEnum):
    FIRST_CARD_TURNED = "first_card_turned"

    def __str__(self) -> str:
        return str(self.value)
