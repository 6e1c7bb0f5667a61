from enum import StrEnum


class RuleOptionsCustomWildEffect(StrEnum):
    EXTRA_TURN = "extra_turn"
    OTHERS_DISCARD_WILDS = "others_discard_wilds"
    OTHERS_DRAW_TWO = "others_draw_two"
    PLAIN = "plain"

    def __str__(self) -> str:
        return str(self.value)
