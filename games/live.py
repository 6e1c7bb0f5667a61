"""A game's live stream: its view, then every event appended, as the caller may see it.

The stream reads the log by `seq`, from the table, in batches: the head row gives the
version V, then every event after the last one sent up to V goes out, then the view at
V. A view's `id` is thus never ahead of the events sent before it, so a client resuming
from the last `id` it saw (an event's seq or a view's version) misses and repeats
nothing. Between batches the stream waits on the version watch, holding no thread and no
database connection; a wake-up only says "read again".

Served over WSGI (Django's test client, a plain WSGI server), where a waiting stream
would hold its thread for good, a stream sends what there is (the events after the
resume point, the view, `end` if the game has ended) and closes; the client resumes
from the last id, as after any dropped connection.

A viewer without a seat holds a spectator's lease (games.spectators) while its stream is
open, given back when the stream ends or the viewer takes a seat.

The player's own stream (`player_frames`) sends a snapshot of the player's games, then
the notices derived from their head rows (games.notices): it reads them again whenever
one of the games it follows moves on, when a write names the player (a game joined, a
rematch; games.wakeups), and every RESCAN_SECONDS whatever happens, so that a lost
wake-up only delays a notice.
"""

from __future__ import annotations

import itertools
import time
import uuid
from dataclasses import dataclass

from asgiref.sync import sync_to_async
from django.db import connection

from players.models import Player
from players.tickets import credentials_still_valid
from unoservice import clock
from unoservice.live import LEASE_SECONDS, Encoder
from unoservice.streams import Slot

from . import notices, selectors
from .models import GameStatus
from .presentation import event_document, reveals_all, viewer_of
from .spectators import SpectatorLease
from .store import load_events
from .watch import PlayerKey, version_watch

#: A keepalive goes out when nothing else has for this long (clients expect one at least
#: every 15 s).
KEEPALIVE_SECONDS = 14.0
#: The caller's credentials are checked again this often while the stream is open.
RECHECK_SECONDS = 60.0
#: The player's stream reads the player's games again at least this often: on
#: PostgreSQL only in case a notification was lost; on SQLite, where other processes'
#: writes send none, it is how they are heard.
RESCAN_SECONDS = {"postgresql": 30.0}
RESCAN_SECONDS_OTHERWISE = 2.0


@dataclass
class Batch:
    version: int
    events: list[dict]
    view: dict
    ended: bool
    seated: bool


def read_batch(
    game_id, player: Player, after: int | None, spectator: SpectatorLease | None = None
) -> Batch:
    """The events after `after` (none when it is None: a new stream starts at the head)
    up to the game's version, and the view at that version, for `player`; the player's
    `spectator` lease is given back (before the view counts it) once they sit."""
    game = selectors.game_get(game_id=game_id, player=player)
    version = game.version
    start = version if after is None else min(after, version)
    viewer = viewer_of(game, player)
    if spectator is not None and viewer.seat is not None:
        spectator.release()
    reveal = reveals_all(game, viewer)
    rows = load_events(game.id, after=start, upto=version)
    return Batch(
        version=version,
        events=[event_document(row, viewer, reveal_all=reveal) for row in rows],
        view=selectors.game_view_get(game=game, player=player),
        ended=game.status in (GameStatus.FINISHED, GameStatus.ABORTED),
        seated=viewer.seat is not None,
    )


def game_frames(
    request,
    game_id,
    after: int | None,
    *,
    live: bool = True,
    spectator: SpectatorLease | None = None,
):
    """The frames of the caller's stream of the game (see unoservice.live); with `live`
    false, only the first batch. `spectator`: the caller's spectator lease, if any."""

    async def frames(encoder: Encoder, slot: Slot):
        last = after
        leases = [slot] if spectator is None else [slot, spectator]
        checked = renewed = time.monotonic()
        while True:
            watching = spectator if len(leases) > 1 else None
            batch = await sync_to_async(read_batch)(game_id, request.user, last, watching)
            if batch.seated:
                leases = [slot]  # took a seat: no longer a spectator
            for event in batch.events:
                yield encoder.frame("event", event["seq"], event)
            yield encoder.frame("view", batch.version, batch.view)
            last = batch.version
            if batch.ended:
                yield encoder.frame("end", last, {"version": last})
                return
            if not live:
                return
            while True:
                woken = await version_watch.wait_past(game_id, last, KEEPALIVE_SECONDS)
                if version_watch.stopping:
                    return  # the server stops: the client resumes elsewhere
                if not woken:
                    yield encoder.keepalive()
                now = time.monotonic()
                if now - checked >= RECHECK_SECONDS:
                    if not await sync_to_async(credentials_still_valid)(request):
                        return
                    checked = now
                if now - renewed >= LEASE_SECONDS / 2:
                    for lease in leases:
                        await sync_to_async(lease.renew)(LEASE_SECONDS)
                    renewed = now
                if woken:
                    break

    return frames


def player_frames(request, *, live: bool = True):
    """The frames of the caller's own stream: `snapshot`, then each notice (see
    games.notices); with `live` false, only the snapshot. Frame ids count the frames
    of this connection: the stream does not resume, a new snapshot re-syncs."""
    player = request.user
    me = PlayerKey(player.pk)

    async def frames(encoder: Encoder, slot: Slot):
        ids = itertools.count(1)
        ended_since = clock.now() - notices.RECENTLY_ENDED
        mark = version_watch.player_mark(player.pk)
        games = await sync_to_async(notices.player_games)(player, ended_since=ended_since)
        yield encoder.frame("snapshot", next(ids), notices.snapshot(games))
        if not live:
            return
        rescan = RESCAN_SECONDS.get(connection.vendor, RESCAN_SECONDS_OTHERWISE)
        checked = renewed = read_at = sent_at = time.monotonic()
        while True:
            following = {uuid.UUID(m.game): m.version for m in games.values() if m.live}
            wait = min(KEEPALIVE_SECONDS - (time.monotonic() - sent_at), rescan)
            woken = await version_watch.wait_any({**following, me: mark}, max(wait, 0.0))
            if version_watch.stopping:
                return
            now = time.monotonic()
            if now - checked >= RECHECK_SECONDS:
                if not await sync_to_async(credentials_still_valid)(request):
                    return
                checked = now
            if now - renewed >= LEASE_SECONDS / 2:
                await sync_to_async(slot.renew)(LEASE_SECONDS)
                renewed = now
            if woken or now - read_at >= rescan:
                mark = version_watch.player_mark(player.pk)
                fresh = await sync_to_async(notices.player_games)(player, ended_since=ended_since)
                read_at = now
                for kind, data in notices.changes(games, fresh):
                    yield encoder.frame(kind, next(ids), data)
                    sent_at = now
                games = fresh
            if now - sent_at >= KEEPALIVE_SECONDS:
                yield encoder.keepalive()
                sent_at = now

    return frames
