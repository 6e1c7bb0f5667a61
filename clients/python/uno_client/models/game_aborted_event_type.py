from enum import StrEnum


class GameAbortedEventType(StrEnum):
    GAME_ABORTED = "game_aborted"

    def __str__(self) -> str:
        return str(self.value)
