from enum import StrEnum


class SeatStatusChangedEventType(StrEnum):
    SEAT_STATUS_CHANGED = "seat_status_changed"

    def __str__(self) -> str:
        return str(self.value)
