from enum import StrEnum


class GamesStreamProblemCode(StrEnum):
    ACCOUNT_DISABLED = "account_disabled"
    GAME_NOT_FOUND = "game_not_found"
    HEADERS_TOO_LARGE = "headers_too_large"
    INVALID_REQUEST = "invalid_request"
    NOT_AUTHENTICATED = "not_authenticated"
    NOT_FOUND = "not_found"
    SERVICE_UNAVAILABLE = "service_unavailable"
    THROTTLED = "throttled"
    TOO_MANY_STREAMS = "too_many_streams"

    def __str__(self) -> str:
        return str(self.value)
