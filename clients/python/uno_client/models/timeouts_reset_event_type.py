from enum import StrEnum


class TimeoutsResetEventType(StrEnum):
    TIMEOUTS_RESET = "timeouts_reset"

    def __str__(self) -> str:
        return str(self.value)
