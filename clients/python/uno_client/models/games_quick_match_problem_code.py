from enum import StrEnum


class GamesQuickMatchProblemCode(StrEnum):
    ACCOUNT_DISABLED = "account_disabled"
    HEADERS_TOO_LARGE = "headers_too_large"
    IDEMPOTENCY_KEY_REUSED = "idempotency_key_reused"
    INVALID_OPTION = "invalid_option"
    INVALID_REQUEST = "invalid_request"
    NOT_AUTHENTICATED = "not_authenticated"
    REQUEST_IN_PROGRESS = "request_in_progress"
    SERVICE_UNAVAILABLE = "service_unavailable"
    THROTTLED = "throttled"
    TOO_MANY_GAMES = "too_many_games"
    UNKNOWN_FIELD = "unknown_field"
    UNKNOWN_OPTION = "unknown_option"
    UNSUPPORTED_MEDIA_TYPE = "unsupported_media_type"

    def __str__(self) -> str:
        return str(self.value)
