from enum import StrEnum


class CatchFailedEventType(StrEnum):
    CATCH_FAILED = "catch_failed"

    def __str__(self) -> str:
        return str(self.value)
