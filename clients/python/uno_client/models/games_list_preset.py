from enum import StrEnum


class GamesListPreset(StrEnum):
    CLASSIC = "classic"
    FLIP = "flip"
    HOUSE = "house"
    MODERN_SHUFFLE = "modern-shuffle"
    MODERN_SWAP = "modern-swap"
    OZBY = "ozby"

    def __str__(self) -> str:
        return str(self.value)
