from enum import StrEnum


class RuleOptionsCards(StrEnum):
    CLASSIC = "classic"
    FLIP = "flip"
    MODERN_SHUFFLE = "modern-shuffle"
    MODERN_SWAP = "modern-swap"

    def __str__(self) -> str:
        return str(self.value)
