from enum import StrEnum


class LeaderboardsRetrieveProblemCode(StrEnum):
    ACCOUNT_DISABLED = "account_disabled"
    INVALID_REQUEST = "invalid_request"
    LEADERBOARD_NOT_FOUND = "leaderboard_not_found"
    NOT_AUTHENTICATED = "not_authenticated"
    NOT_FOUND = "not_found"
    SERVICE_UNAVAILABLE = "service_unavailable"
    THROTTLED = "throttled"

    def __str__(self) -> str:
        return str(self.value)
