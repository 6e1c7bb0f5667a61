from enum import StrEnum


class RuleOptionsShuffleHandsLastCard(StrEnum):
    REDEAL = "redeal"
    WIN = "win"

    def __str__(self) -> str:
        return str(self.value)
