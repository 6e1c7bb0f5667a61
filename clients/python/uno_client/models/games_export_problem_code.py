from enum import StrEnum


class GamesExportProblemCode(StrEnum):
    ACCOUNT_DISABLED = "account_disabled"
    GAME_NOT_FOUND = "game_not_found"
    INVALID_REQUEST = "invalid_request"
    NOT_AUTHENTICATED = "not_authenticated"
    NOT_FOUND = "not_found"
    SERVICE_UNAVAILABLE = "service_unavailable"
    THROTTLED = "throttled"

    def __str__(self) -> str:
        return str(self.value)
