from enum import StrEnum


class VisibilityEnum(StrEnum):
    INVITE = "invite"
    PUBLIC = "public"

    def __str__(self) -> str:
        return str(self.value)
