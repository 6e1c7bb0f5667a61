from enum import StrEnum


class PlayersMeStreamProblemCode(StrEnum):
    ACCOUNT_DISABLED = "account_disabled"
    INVALID_REQUEST = "invalid_request"
    NOT_AUTHENTICATED = "not_authenticated"
    SERVICE_UNAVAILABLE = "service_unavailable"
    THROTTLED = "throttled"
    TOO_MANY_STREAMS = "too_many_streams"

    def __str__(self) -> str:
        return str(self.value)
