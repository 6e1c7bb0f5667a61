from enum import StrEnum


class SeatStatusChangedPublicStatus(StrEnum):
    BOT = "bot"
    ELIMINATED = "eliminated"
    PLAYING = "playing"
    REMOVED = "removed"

    def __str__(self) -> str:
        return str(self.value)
