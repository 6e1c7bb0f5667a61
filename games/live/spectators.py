"""Spectators: signed-in players without a seat who stream a game they may read.

Each such stream holds a lease on the game's key in the stream slots
(games.live.slots: Redis when configured, else a file shared by the machine's web
processes), renewed while the stream lasts and given back when it ends; a lease whose
process died expires by itself. The view's `spectators` counts the viewers holding one
now (a viewer with two streams open counts once).

The count is not part of the game's version: a spectator arriving or leaving writes no
event, wakes no stream and changes no ETag. Views show the count as of when they were
built. A process reads a game's count at most once per FRESH_SECONDS (a move wakes every
stream of the game, and each builds a view: one read serves them all) and forgets it
whenever one of its own streams starts or stops watching the game, so its own changes
show at once and other processes' within FRESH_SECONDS. The counts of the games its
streams and long-polls wait on are read together, one call for all of them, by the
version watch's thread between its rounds (`refresh_spectator_counts`), before they go
stale: the news of a move, taken on that thread, then finds its game's count fresh.
"""

from __future__ import annotations

import logging
import threading
import time

from games.live.slots import Slot, spectator_slots

logger = logging.getLogger(__name__)

FRESH_SECONDS = 5.0
#: The version watch reads again the counts of the games waited on once they are this
#: share of FRESH_SECONDS old (its rounds are a second apart at most on PostgreSQL).
REFRESH_SHARE = 0.7
#: Past this many games remembered, the memory starts again.
REMEMBERED_GAMES = 10_000

_counts: dict[str, tuple[float, int]] = {}
_lock = threading.Lock()


class SpectatorLease:
    """A spectator's lease on a game, held by its stream (which renews it while it lasts
    and releases it once)."""

    def __init__(self, slot: Slot):
        self.slot = slot

    def release(self) -> None:
        self.slot.release()
        _forget(self.slot.player)


def spectator_join(game_id, player, seconds: float) -> SpectatorLease:
    """A lease counting `player` among the game's spectators for `seconds` (a stream
    renews it, games.live.slots.renewals)."""
    key = _key(game_id)
    slot = spectator_slots().claim(key, seconds, holder=str(player.pk))
    _forget(key)
    return SpectatorLease(slot)


def spectator_count(game_id) -> int:
    """How many viewers without a seat stream the game now (0 when the count cannot be
    read: a view is never refused for it)."""
    key = _key(game_id)
    now = time.monotonic()
    known = _counts.get(key)
    if known is not None and now - known[0] < FRESH_SECONDS:
        return known[1]
    store = spectator_slots()
    try:
        count = store.holders(key)
    except store.unavailable:
        logger.warning("spectators cannot be counted", exc_info=True)
        return 0
    with _lock:
        if len(_counts) >= REMEMBERED_GAMES:
            _counts.clear()
        _counts[key] = (now, count)
    return count


def refresh_spectator_counts(game_ids) -> None:
    """Reads, in one call, the counts of those of the games not read for REFRESH_SHARE of
    FRESH_SECONDS: the version watch's thread calls it every round with the games waited
    on, so that the views a move's news brings (games.live.frames.take_news, on that
    same thread) find their counts fresh instead of each reading its own, a round trip
    that delayed every stream's wake-up behind it."""
    now = time.monotonic()
    stale_after = FRESH_SECONDS * REFRESH_SHARE
    keys = [
        key
        for key in map(_key, game_ids)
        if (known := _counts.get(key)) is None or now - known[0] >= stale_after
    ]
    if not keys:
        return
    store = spectator_slots()
    try:
        counts = store.holders_many(keys)
    except store.unavailable:
        logger.warning("spectators cannot be counted", exc_info=True)
        return
    with _lock:
        if len(_counts) + len(keys) > REMEMBERED_GAMES:
            _counts.clear()
        _counts.update((key, (now, count)) for key, count in zip(keys, counts, strict=True))


def _forget(key: str) -> None:
    with _lock:
        _counts.pop(key, None)


def _key(game_id) -> str:
    return f"spectators:{game_id}"
