from enum import StrEnum


class Draw4ChallengedEventType(StrEnum):
    DRAW4_CHALLENGED = "draw4_challenged"

    def __str__(self) -> str:
        return str(self.value)
