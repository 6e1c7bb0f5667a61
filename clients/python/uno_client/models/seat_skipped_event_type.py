from enum import StrEnum


class SeatSkippedEventType(StrEnum):
    SEAT_SKIPPED = "seat_skipped"

    def __str__(self) -> str:
        return str(self.value)
