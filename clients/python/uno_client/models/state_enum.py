from enum import StrEnum


class StateEnum(StrEnum):
    BOT = "bot"
    ELIMINATED = "eliminated"
    OPEN = "open"
    PLAYING = "playing"
    REMOVED = "removed"

    def __str__(self) -> str:
        return str(self.value)
