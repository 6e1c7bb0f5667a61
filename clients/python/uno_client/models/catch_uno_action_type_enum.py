from enum import StrEnum


class CatchUnoActionTypeEnum(StrEnum):
    CATCH_UNO = "catch_uno"

    def __str__(self) -> str:
        return str(self.value)
