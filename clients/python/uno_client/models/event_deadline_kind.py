from enum import StrEnum


class EventDeadlineKind(StrEnum):
    BOT = "bot"
    RESPONSE = "response"
    TURN = "turn"
    UNO = "uno"

    def __str__(self) -> str:
        return str(self.value)
