"""What the games services refuse, each with its stable code (statuses are the API's
business: unoservice.api maps each kind)."""

from __future__ import annotations

from unoservice.errors import DomainError


class GameNotFound(DomainError):
    kind = "not_found"
    default_code = "game_not_found"
    default_detail = "No such game, or it is not visible to you."


class NotSeated(DomainError):
    kind = "forbidden"
    default_code = "not_seated"
    default_detail = "You have no seat in this game."


class NotHost(DomainError):
    kind = "forbidden"
    default_code = "not_host"
    default_detail = "Only the game's host may do this."


class StaffOnly(DomainError):
    kind = "forbidden"
    default_code = "staff_only"
    default_detail = "Only staff may do this."


class InviteRequired(DomainError):
    kind = "forbidden"
    default_code = "invite_required"
    default_detail = "This game needs its invite code."


class GameConflict(DomainError):
    """A rule or the game's state forbids the request now."""

    kind = "conflict"
    default_code = "game_not_active"
    default_detail = "The game does not allow this now."


class StaleVersion(DomainError):
    kind = "stale"
    default_code = "stale_version"
    default_detail = "The game has moved on since that version."


class InvalidOption(DomainError):
    kind = "invalid"
    default_code = "invalid_option"
    default_detail = "A rule option is not valid."


class GameNotEnded(DomainError):
    kind = "conflict"
    default_code = "game_not_ended"
    default_detail = "The game is sealed when it ends; it has not ended yet."


class GameNotSealed(DomainError):
    kind = "conflict"
    default_code = "game_not_sealed"
    default_detail = (
        "The game ended before seals existed; an operator seals it with manage.py seal_games."
    )


class LogNotFoldable(DomainError):
    """The game's stored log cannot be replayed past one event (it was changed outside
    the service): the same answer on every retry, naming that event (`seq`)."""

    kind = "conflict"
    default_code = "log_not_foldable"
    default_detail = "The game's event log does not replay; the audit says what is wrong."


class TooManyGames(DomainError):
    """The player already has as many waiting or active games as one may
    (UNO_OPEN_GAMES_PER_PLAYER): one has to end, or be left, first."""

    kind = "too_many"
    default_code = "too_many_games"
    default_detail = "You have as many waiting or active games as a player may."
    #: Retry-After: nothing says when one of the player's games ends, so a fixed minute.
    retry_after = 60
