from enum import StrEnum


class AcceptActionTypeEnum(StrEnum):
    ACCEPT = "accept"

    def __str__(self) -> str:
        return str(self.value)
