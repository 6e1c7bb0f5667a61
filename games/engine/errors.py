"""Rule violations: every refused command carries a stable snake_case code."""

from __future__ import annotations

from enum import StrEnum


class ErrorCode(StrEnum):
    GAME_NOT_ACTIVE = "game_not_active"
    NOT_YOUR_TURN = "not_your_turn"
    NOT_SEATED = "not_seated"
    CARD_NOT_IN_HAND = "card_not_in_hand"
    CARD_NOT_PLAYABLE = "card_not_playable"
    COLOR_REQUIRED = "color_required"
    TARGET_REQUIRED = "target_required"
    INVALID_TARGET = "invalid_target"
    UNEXPECTED_FIELD = "unexpected_field"
    WRONG_PHASE = "wrong_phase"
    DRAWN_CARD_ONLY = "drawn_card_only"
    NOTHING_TO_DRAW = "nothing_to_draw"
    CANNOT_PASS = "cannot_pass"
    WINDOW_CLOSED = "window_closed"
    NOTHING_TO_CHALLENGE = "nothing_to_challenge"
    CANNOT_CALL_UNO = "cannot_call_uno"
    CATCH_NOT_ALLOWED = "catch_not_allowed"
    STALE_DEADLINE = "stale_deadline"
    ALREADY_STARTED = "already_started"
    INVALID_SETUP = "invalid_setup"


class RuleViolation(Exception):
    """A command the rules refuse now. Nothing is recorded for it."""

    def __init__(self, code: ErrorCode, message: str):
        super().__init__(message)
        self.code = code
        self.message = message

    def __repr__(self) -> str:
        return f"RuleViolation({self.code.value!r}, {self.message!r})"


class InvalidRules(ValueError):
    """An unknown option, a value out of range or an impossible combination."""

    def __init__(self, code: str, option: str, message: str):
        super().__init__(message)
        self.code = code  # "unknown_option" | "invalid_option"
        self.option = option
        self.message = message
