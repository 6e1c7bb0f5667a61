from enum import StrEnum


class CallUnoActionTypeEnum(StrEnum):
    CALL_UNO = "call_uno"

    def __str__(self) -> str:
        return str(self.value)
