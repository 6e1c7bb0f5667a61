from enum import StrEnum


class CardPlayedPublicColorType3Type1(StrEnum):
    BLUE = "blue"
    GREEN = "green"
    ORANGE = "orange"
    PINK = "pink"
    PURPLE = "purple"
    RED = "red"
    TEAL = "teal"
    YELLOW = "yellow"

    def __str__(self) -> str:
        return str(self.value)
