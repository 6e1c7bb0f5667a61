from enum import StrEnum


class PlayerStreamEventEventEnum(StrEnum):
    GAME_ENDED = "game_ended"
    GAME_STARTED = "game_started"
    REMATCH = "rematch"
    SEAT_LEFT = "seat_left"
    SEAT_TAKEN = "seat_taken"
    SNAPSHOT = "snapshot"
    YOUR_TURN = "your_turn"

    def __str__(self) -> str:
        return str(self.value)
