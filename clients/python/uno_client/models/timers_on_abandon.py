from enum import StrEnum


class TimersOnAbandon(StrEnum):
    BOT = "bot"
    REMOVE = "remove"

    def __str__(self) -> str:
        return str(self.value)
