from enum import StrEnum


class GamesActProblemCode(StrEnum):
    ACCOUNT_DISABLED = "account_disabled"
    CANNOT_CALL_UNO = "cannot_call_uno"
    CANNOT_PASS = "cannot_pass"
    CARD_NOT_IN_HAND = "card_not_in_hand"
    CARD_NOT_PLAYABLE = "card_not_playable"
    CATCH_NOT_ALLOWED = "catch_not_allowed"
    COLOR_REQUIRED = "color_required"
    DRAWN_CARD_ONLY = "drawn_card_only"
    GAME_NOT_ACTIVE = "game_not_active"
    GAME_NOT_FOUND = "game_not_found"
    HEADERS_TOO_LARGE = "headers_too_large"
    IDEMPOTENCY_KEY_REUSED = "idempotency_key_reused"
    INVALID_REQUEST = "invalid_request"
    INVALID_TARGET = "invalid_target"
    NOTHING_TO_CHALLENGE = "nothing_to_challenge"
    NOTHING_TO_DRAW = "nothing_to_draw"
    NOT_AUTHENTICATED = "not_authenticated"
    NOT_FOUND = "not_found"
    NOT_SEATED = "not_seated"
    NOT_YOUR_TURN = "not_your_turn"
    REQUEST_IN_PROGRESS = "request_in_progress"
    SERVICE_UNAVAILABLE = "service_unavailable"
    STALE_VERSION = "stale_version"
    TARGET_REQUIRED = "target_required"
    THROTTLED = "throttled"
    UNEXPECTED_FIELD = "unexpected_field"
    UNKNOWN_CARD = "unknown_card"
    UNKNOWN_FIELD = "unknown_field"
    UNSUPPORTED_MEDIA_TYPE = "unsupported_media_type"
    WINDOW_CLOSED = "window_closed"
    WRONG_PHASE = "wrong_phase"

    def __str__(self) -> str:
        return str(self.value)
