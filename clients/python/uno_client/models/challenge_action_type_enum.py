from enum import StrEnum


class ChallengeActionTypeEnum(StrEnum):
    CHALLENGE = "challenge"

    def __str__(self) -> str:
        return str(self.value)
