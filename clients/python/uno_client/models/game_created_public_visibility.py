from enum import StrEnum


class GameCreatedPublicVisibility(StrEnum):
    INVITE = "invite"
    PUBLIC = "public"

    def __str__(self) -> str:
        return str(self.value)
