"""The API errors of the games app, each with its status and stable code (CONTRACT.md)."""

from __future__ import annotations

from unoservice.api import ApiError


class GameNotFound(ApiError):
    status_code = 404
    default_code = "game_not_found"
    default_detail = "No such game, or it is not visible to you."


class NotSeated(ApiError):
    status_code = 403
    default_code = "not_seated"
    default_detail = "You have no seat in this game."


class NotHost(ApiError):
    status_code = 403
    default_code = "not_host"
    default_detail = "Only the game's host may do this."


class StaffOnly(ApiError):
    status_code = 403
    default_code = "staff_only"
    default_detail = "Only staff may do this."


class InviteRequired(ApiError):
    status_code = 403
    default_code = "invite_required"
    default_detail = "This game needs its invite code."


class GameConflict(ApiError):
    """A rule or the game's state forbids the request now (409)."""

    status_code = 409
    default_code = "game_not_active"
    default_detail = "The game does not allow this now."


class StaleVersion(ApiError):
    status_code = 412
    default_code = "stale_version"
    default_detail = "The game has moved on since that version."


class InvalidOption(ApiError):
    status_code = 400
    default_code = "invalid_option"
    default_detail = "A rule option is not valid."
