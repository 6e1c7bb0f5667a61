from enum import StrEnum


class CardsDrawnPublicReason(StrEnum):
    CHALLENGE = "challenge"
    DRAW = "draw"
    FALSE_CATCH = "false_catch"
    OTHERS_DRAW = "others_draw"
    PENALTY = "penalty"
    UNO_PENALTY = "uno_penalty"

    def __str__(self) -> str:
        return str(self.value)
