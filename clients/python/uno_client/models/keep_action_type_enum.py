from enum import StrEnum


class KeepActionTypeEnum(StrEnum):
    KEEP = "keep"

    def __str__(self) -> str:
        return str(self.value)
