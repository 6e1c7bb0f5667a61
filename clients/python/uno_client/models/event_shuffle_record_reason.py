from enum import StrEnum


class EventShuffleRecordReason(StrEnum):
    DEAL = "deal"
    FIRST_CARD_REDRAW = "first_card_redraw"
    HANDS = "hands"
    PAIRING = "pairing"
    RESHUFFLE = "reshuffle"
    UNPLACED = "unplaced"

    def __str__(self) -> str:
        return str(self.value)
