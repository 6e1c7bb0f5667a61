from enum import StrEnum


class CardsBuriedPublicReason(StrEnum):
    DISCARD_WILDS = "discard_wilds"
    REMOVED = "removed"

    def __str__(self) -> str:
        return str(self.value)
