from enum import StrEnum


class GameStartedPublicTimeoutAction(StrEnum):
    AUTO_PLAY = "auto_play"
    DRAW_AND_PASS = "draw_and_pass"

    def __str__(self) -> str:
        return str(self.value)
