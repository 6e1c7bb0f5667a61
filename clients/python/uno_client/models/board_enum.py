from enum import StrEnum


class BoardEnum(StrEnum):
    BOTS = "bots"
    PLAYERS = "players"

    def __str__(self) -> str:
        return str(self.value)
