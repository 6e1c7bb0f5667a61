from enum import StrEnum


class EventOwedChoiceOrigin(StrEnum):
    FIRST_CARD = "first_card"
    FLIP = "flip"
    FORCED = "forced"

    def __str__(self) -> str:
        return str(self.value)
