from enum import StrEnum


class PlayersTokensCreateProblemCode(StrEnum):
    ACCOUNT_DISABLED = "account_disabled"
    HEADERS_TOO_LARGE = "headers_too_large"
    INVALID_REQUEST = "invalid_request"
    NOT_AUTHENTICATED = "not_authenticated"
    SERVICE_UNAVAILABLE = "service_unavailable"
    THROTTLED = "throttled"
    UNKNOWN_FIELD = "unknown_field"
    UNSUPPORTED_MEDIA_TYPE = "unsupported_media_type"

    def __str__(self) -> str:
        return str(self.value)
