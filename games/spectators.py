"""Spectators: signed-in players without a seat who stream a game they may read.

Each such stream holds a lease on the game's key in the stream slots
(unoservice.streams: Redis when configured, else a file shared by the machine's web
processes), renewed while the stream lasts and given back when it ends; a lease whose
process died expires by itself. The view's `spectators` counts the viewers holding one
now (a viewer with two streams open counts once).

The count is not part of the game's version: a spectator arriving or leaving writes no
event, wakes no stream and changes no ETag. Views show the count as of when they were
built.
"""

from __future__ import annotations

import logging

from unoservice.streams import Slot, spectator_slots

logger = logging.getLogger(__name__)


def _key(game_id) -> str:
    return f"spectators:{game_id}"


def spectator_join(game_id, player, seconds: float) -> Slot:
    """A lease counting `player` among the game's spectators for `seconds` (renew it)."""
    return spectator_slots().claim(_key(game_id), seconds, holder=str(player.pk))


def spectator_count(game_id) -> int:
    """How many viewers without a seat stream the game now (0 when the count cannot be
    read: a view is never refused for it)."""
    store = spectator_slots()
    try:
        return store.holders(_key(game_id))
    except store.unavailable:
        logger.warning("spectators cannot be counted", exc_info=True)
        return 0
