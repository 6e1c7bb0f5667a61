from enum import StrEnum


class GamesStreamViews(StrEnum):
    ALL = "all"
    FIRST = "first"

    def __str__(self) -> str:
        return str(self.value)
