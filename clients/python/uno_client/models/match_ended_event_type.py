from enum import StrEnum


class MatchEndedEventType(StrEnum):
    MATCH_ENDED = "match_ended"

    def __str__(self) -> str:
        return str(self.value)
