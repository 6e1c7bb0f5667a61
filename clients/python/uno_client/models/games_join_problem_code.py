from enum import StrEnum


class GamesJoinProblemCode(StrEnum):
    ACCOUNT_DISABLED = "account_disabled"
    GAME_FULL = "game_full"
    GAME_NOT_ACTIVE = "game_not_active"
    GAME_NOT_FOUND = "game_not_found"
    HEADERS_TOO_LARGE = "headers_too_large"
    IDEMPOTENCY_KEY_REUSED = "idempotency_key_reused"
    INVALID_REQUEST = "invalid_request"
    INVITE_REQUIRED = "invite_required"
    NOT_AUTHENTICATED = "not_authenticated"
    NOT_FOUND = "not_found"
    REQUEST_IN_PROGRESS = "request_in_progress"
    SERVICE_UNAVAILABLE = "service_unavailable"
    THROTTLED = "throttled"
    TOO_MANY_GAMES = "too_many_games"
    UNKNOWN_FIELD = "unknown_field"
    UNSUPPORTED_MEDIA_TYPE = "unsupported_media_type"

    def __str__(self) -> str:
        return str(self.value)
