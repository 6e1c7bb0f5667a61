from enum import StrEnum


class UnoWindowClosedPublicReason(StrEnum):
    ADVANCED = "advanced"
    CALLED = "called"
    CAUGHT = "caught"
    EXPIRED = "expired"
    HAND_CHANGED = "hand_changed"
    PENALISED = "penalised"

    def __str__(self) -> str:
        return str(self.value)
