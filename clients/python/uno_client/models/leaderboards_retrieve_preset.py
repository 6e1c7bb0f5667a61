from enum import StrEnum


class LeaderboardsRetrievePreset(StrEnum):
    CLASSIC = "classic"
    CUSTOM = "custom"
    FLIP = "flip"
    HOUSE = "house"
    MODERN_SHUFFLE = "modern-shuffle"
    MODERN_SWAP = "modern-swap"
    OZBY = "ozby"

    def __str__(self) -> str:
        return str(self.value)
