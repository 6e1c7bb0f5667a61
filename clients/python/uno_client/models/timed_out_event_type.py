from enum import StrEnum


class TimedOutEventType(StrEnum):
    TIMED_OUT = "timed_out"

    def __str__(self) -> str:
        return str(self.value)
