from enum import StrEnum


class UnoPenaltyAppliedEventType(StrEnum):
    UNO_PENALTY_APPLIED = "uno_penalty_applied"

    def __str__(self) -> str:
        return str(self.value)
