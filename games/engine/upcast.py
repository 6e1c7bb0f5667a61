"""Reading events recorded in older shapes: one function per (type, version) lifts the
parts one version up, and `upcast` chains them to the current shape. Pure functions of
the JSON parts; the stored rows are never rewritten (their hashes cover them as
recorded)."""

from __future__ import annotations

from collections.abc import Callable

Parts = tuple[dict, dict | None]

_STEPS: dict[tuple[str, int], Callable[[dict, dict | None], Parts]] = {}


def _lifts(type_: str, from_version: int):
    def register(function):
        _STEPS[(type_, from_version)] = function
        return function

    return register


def upcast(type_: str, version: int, public: dict, private: dict | None) -> Parts:
    """The parts of a `type_` event recorded in `version`, in the current shape."""
    while (type_, version) in _STEPS:
        public, private = _STEPS[(type_, version)](public, private)
        version += 1
    return public, private


@_lifts("turn_changed", 1)
def _turn_changed_1(public: dict, private: dict | None) -> Parts:
    """Version 1 spread the pending draw over three fields and `passes`, and gave every
    turn a private part; version 2 groups the pending draw (`pending`) and has a private
    part only when a Wild Draw Four may be challenged."""
    lifted = {k: v for k, v in public.items() if k not in _TURN_CHANGED_1_ONLY}
    lifted["consecutive_passes"] = public.get("passes", 0)
    pending = public.get("pending_draw", 0)
    lifted["pending"] = (
        {"total": pending, "kind": public["pending_kind"], "returns_to": public["returns_to"]}
        if pending
        else None
    )
    if public.get("challengeable") is None:
        return lifted, None
    private = dict(private or {})
    return lifted, private


_TURN_CHANGED_1_ONLY = frozenset({"passes", "pending_draw", "pending_kind", "returns_to"})


@_lifts("round_ended", 1)
def _round_ended_1(public: dict, private: dict | None) -> Parts:
    """Version 1 revealed the round's shuffles in the public part; version 2 reveals
    them in the private part, to the seats that played the round and staff."""
    lifted = {k: v for k, v in public.items() if k != "shuffles"}
    return lifted, {**(private or {}), "shuffles": public["shuffles"]}


@_lifts("shuffles_revealed", 1)
def _shuffles_revealed_1(public: dict, private: dict | None) -> Parts:
    """As `round_ended`'s version 1. Version 1 did not name the seats in play, so the
    reveal of a game recorded then goes to staff (and, once the game has ended, to
    whoever finished games are revealed to)."""
    lifted = {k: v for k, v in public.items() if k != "shuffles"}
    lifted["seats"] = []
    return lifted, {**(private or {}), "shuffles": public["shuffles"]}
