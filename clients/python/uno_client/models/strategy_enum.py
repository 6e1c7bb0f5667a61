from enum import StrEnum


class StrategyEnum(StrEnum):
    EXPERT = "expert"
    GREEDY = "greedy"
    RANDOM = "random"

    def __str__(self) -> str:
        return str(self.value)
