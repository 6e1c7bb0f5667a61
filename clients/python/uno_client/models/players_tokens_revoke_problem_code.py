from enum import StrEnum


class PlayersTokensRevokeProblemCode(StrEnum):
    ACCOUNT_DISABLED = "account_disabled"
    HEADERS_TOO_LARGE = "headers_too_large"
    INVALID_REQUEST = "invalid_request"
    NOT_AUTHENTICATED = "not_authenticated"
    NOT_FOUND = "not_found"
    SERVICE_UNAVAILABLE = "service_unavailable"
    THROTTLED = "throttled"
    TOKEN_NOT_FOUND = "token_not_found"
    UNKNOWN_FIELD = "unknown_field"
    UNSUPPORTED_MEDIA_TYPE = "unsupported_media_type"

    def __str__(self) -> str:
        return str(self.value)
