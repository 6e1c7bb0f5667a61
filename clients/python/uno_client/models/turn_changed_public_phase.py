from enum import StrEnum


class TurnChangedPublicPhase(StrEnum):
    CHOOSE_COLOR = "choose_color"
    CHOOSE_TARGET = "choose_target"
    DRAWN_CARD = "drawn_card"
    FINISHED = "finished"
    PLAY = "play"
    RESPOND_DRAW4 = "respond_draw4"

    def __str__(self) -> str:
        return str(self.value)
