from enum import StrEnum


class PositionLoadedPublicSide(StrEnum):
    DARK = "dark"
    LIGHT = "light"

    def __str__(self) -> str:
        return str(self.value)
