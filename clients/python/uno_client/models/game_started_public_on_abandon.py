from enum import StrEnum


class GameStartedPublicOnAbandon(StrEnum):
    BOT = "bot"
    REMOVE = "remove"

    def __str__(self) -> str:
        return str(self.value)
