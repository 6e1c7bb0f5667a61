"""Per-game timer settings (`timers` at creation): defaults, limits and validation."""

from __future__ import annotations

from games.engine import RuleSet
from games.errors import InvalidOption

#: A game no person plays, unless staff made it, moves at most this fast: checked at
#: creation (games.services), and held by the deadlines of a game whose last person a
#: bot took over (games.timers.deadlines).
BOTS_ALONE_MIN_THINK_MS = 200

#: field -> (default, low, high, may be null)
TIMER_LIMITS: dict[str, tuple[int | None, int, int, bool]] = {
    "turn_seconds": (30, 1, 86400, True),
    "response_seconds": (15, 1, 3600, True),
    "uno_window_seconds": (5, 1, 60, True),
    "uno_grace_ms": (500, 0, 5000, False),
    "abandon_after": (3, 1, 20, False),
}
TIMER_CHOICES: dict[str, tuple[str, tuple[str, ...]]] = {
    "timeout_action": ("draw_and_pass", ("draw_and_pass", "auto_play")),
    "on_abandon": ("bot", ("bot", "remove")),
}


def timers_with_defaults(given: dict, rules: RuleSet) -> dict:
    """Every timer field, given or default, checked against its limits."""
    timers = {}
    for name in given:
        if name not in TIMER_LIMITS and name not in TIMER_CHOICES:
            raise InvalidOption(f"unknown timer {name!r}", code="unknown_option", option=name)
    for name, (default, low, high, nullable) in TIMER_LIMITS.items():
        value = given.get(name, default)
        if value is None and nullable:
            timers[name] = None
            continue
        if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
            limits = f"an integer from {low} to {high}" + (" or null" if nullable else "")
            raise InvalidOption(f"timer {name!r} must be {limits}", option=name)
        timers[name] = value
    for name, (default, choices) in TIMER_CHOICES.items():
        value = given.get(name, default)
        if value not in choices:
            raise InvalidOption(f"timer {name!r} must be one of {', '.join(choices)}", option=name)
        timers[name] = value
    if timers["uno_window_seconds"] is None and rules.uno_penalty == "auto":
        raise InvalidOption(
            "uno_window_seconds may be null only in catch mode", option="uno_window_seconds"
        )
    return timers
