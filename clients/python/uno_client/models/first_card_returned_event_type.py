from enum import StrEnum


class FirstCardReturnedEventType(StrEnum):
    FIRST_CARD_RETURNED = "first_card_returned"

    def __str__(self) -> str:
        return str(self.value)
