from enum import StrEnum


class GamesListProblemCode(StrEnum):
    ACCOUNT_DISABLED = "account_disabled"
    INVALID_REQUEST = "invalid_request"
    NOT_AUTHENTICATED = "not_authenticated"
    SERVICE_UNAVAILABLE = "service_unavailable"
    THROTTLED = "throttled"

    def __str__(self) -> str:
        return str(self.value)
