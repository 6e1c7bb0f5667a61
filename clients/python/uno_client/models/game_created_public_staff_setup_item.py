from enum import StrEnum


class GameCreatedPublicStaffSetupItem(StrEnum):
    DEALER = "dealer"
    DECK = "deck"
    POSITION = "position"
    SEED = "seed"

    def __str__(self) -> str:
        return str(self.value)
