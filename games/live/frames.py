"""A game's live stream: its view, then every event appended, as the caller may see it.

The stream reads the log by `seq`, from the table, in batches: the head row gives the
version V, then every event after the last one sent up to V goes out, then the view at
V. A view's `id` is thus never ahead of the events sent before it, so a client resuming
from the last `id` it saw (an event's seq or a view's version) misses and repeats
nothing. Between batches the stream waits on the version watch, holding no thread and no
database connection; a wake-up only says "read again".

A write wakes every stream of its game at once. Its news (the head row and the new
events, published by the writer: games.live.wakeups) reach each process before its
streams wake; a process that holds the game's engine state at the version before brings
it up to date with them (`take_news`, once per write), and its streams build their
frames from that, without reading the table. Otherwise (a gap in seq, a hint without the
events, a lost notification found by the watch's poll, a first read) one of the streams
reads the head row and the new events (`SharedReads`) and the others wait for that read.
Either way a batch is redacted once per audience (each seat, the spectators, staff) and
encoded once per media type, shared by the streams of that audience in the process.
Without this, ten streams of a game cost ten times the queries and held the threads the
moves need (bench/streams.py, docs/performance.md).

Served over WSGI (Django's test client, a plain WSGI server), where a waiting stream
would hold its thread for good, a stream sends what there is (the events after the
resume point, the view, `end` if the game has ended) and closes; the client resumes
from the last id, as after any dropped connection.

A viewer without a seat holds a spectator's lease (games.live.spectators) while its stream is
open, given back when the stream ends or the viewer takes a seat.

The player's own stream (`player_frames`) sends a snapshot of the player's games, then
the notices derived from their head rows (games.live.notices): it reads them again whenever
one of the games it follows moves on, when a write names the player (a game joined, a
rematch; games.live.wakeups), and every RESCAN_SECONDS whatever happens, so that a lost
wake-up only delays a notice.
"""

from __future__ import annotations

import asyncio
import dataclasses
import itertools
import threading
import time
import uuid
from collections import OrderedDict
from dataclasses import dataclass, field

from asgiref.sync import sync_to_async
from django.db import connection

from games import selectors
from games.engine import GameState, Viewer, replay
from games.errors import GameNotFound
from games.live import notices
from games.live.published import (
    SPECTATORS,
    announce_streamed,
    announcements_due,
    audience_of,
    chunk_of,
    listener_of,
    published,
    refresh_announced_counts,
    streamed,
)
from games.live.slots import Slot, renewals
from games.live.spectators import SpectatorLease, refresh_spectator_counts, spectator_count
from games.live.stream_views import LEASE_SECONDS, Encoder
from games.live.wakeups import FRAMES, decode_news
from games.live.watch import PlayerKey, version_watch
from games.log.store import engine_events, events_of, head_and_events
from games.models import Game, GameEvent, GameStatus
from games.presentation import (
    event_document,
    game_document,
    reveals_all,
    reveals_shuffles,
    seats_by_player,
    viewer_of,
)
from games.replay_links import replay_path
from games.write import load_state
from players.models import Player
from players.tickets import credentials_still_valid
from unoservice import clock, metrics

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
    encoded: dict[tuple[str, bool], bytes] = field(default_factory=dict, compare=False)

    def chunk(self, encoder: Encoder, with_view: bool = True) -> bytes:
        """The batch's frames (its events, then the view unless not `with_view`) as one
        chunk: one write to the socket, not one a frame. Encoded once per media type
        (spectators share a batch)."""
        key = (encoder.media_type, with_view)
        chunk = self.encoded.get(key)
        if chunk is None:
            frames = [encoder.frame("event", event["seq"], event) for event in self.events]
            if with_view:
                frames.append(encoder.frame("view", self.version, self.view))
            chunk = self.encoded[key] = b"".join(frames)
        return chunk


def read_batch(
    game_id, player: Player, after: int | None, spectator: SpectatorLease | None = None
) -> Batch:
    """The events after `after` (none when it is None: a new stream starts at the head)
    up to the game's version, and the view at that version, for `player`, with the rule
    set (a connection's first view); the player's `spectator` lease is given back (before
    the view counts it) once they sit."""
    game = selectors.game_get(game_id=game_id, player=player)
    version = game.version
    start = version if after is None else min(after, version)
    viewer = viewer_of(game, player)
    if spectator is not None and viewer.seat is not None:
        spectator.release()
    reveal, shuffles = reveals_all(game, viewer), reveals_shuffles(game)
    rows = events_of(game, after=start, upto=version)
    return Batch(
        version=version,
        events=[
            event_document(row, viewer, reveal_all=reveal, reveal_shuffles=shuffles) for row in rows
        ],
        view=selectors.game_view_get(game=game, player=player),
        ended=ended(game),
        seated=viewer.seat is not None,
    )


def ended(game: Game) -> bool:
    return game.status in (GameStatus.FINISHED, GameStatus.ABORTED)


@dataclass(frozen=True)
class Reading:
    """What every stream of a game needs after a write: the head row, its engine state,
    the events after `start` and the spectators' count (shared, read-only); and the
    spectators' batch, by the seq it follows: a spectator sees what any other sees."""

    game: Game
    state: GameState | None
    start: int
    rows: list[GameEvent]
    spectators: int | None = None
    #: By (viewer, the seq it follows): the streams of one audience share a batch.
    batches: dict[tuple[Viewer, int], Batch] = field(default_factory=dict, compare=False)
    seats: dict[str, int] = field(default_factory=dict, compare=False)  # seats_by_player

    def viewer(self, player: Player) -> Viewer:
        return viewer_of(self.game, player, self.seats)


def read_log(game_id, after: int) -> Reading:
    """Everything a batch needs that is not in memory (database, Redis), read in a
    thread, so that the batches themselves are built on the event loop: the head row and
    the new events in one statement, the spectators' count.

    The engine state is the one this process last built for the game, brought up to the
    head by the events it has not seen yet (read in the same statement, which then starts
    at the older of the two positions and takes in the last event it had seen, whose hash
    must be the one it kept: the log it continues is the one it was built from). Only
    without one is the head row's state read and decoded: a 4 KB JSON document that every
    process holding a stream of the game decoded after every write, where recording a
    move's few events costs a tenth of it."""
    kept = kept_states.get(game_id)
    if kept is not None and kept.version < after - FAR_BEHIND:
        kept = None  # the streams went on with the writers' frames: the head row's state
    if kept is not None:
        start = min(after, kept.version - 1)
        found = head_and_events(game_id, start, with_state=False)
        if found is None:
            raise GameNotFound()
        game, rows = found
        seen = kept.version - start - 1  # where the last event it had seen is (seqs have no gaps)
        if seen < len(rows) and rows[seen].hash == kept.head_hash:
            fresh = engine_events(rows[seen + 1 :])
            return _reading(game, _brought_up(game, kept.state, fresh), after, rows)
        kept_states.forget(game_id)  # another history (a restored backup, say)
    found = head_and_events(game_id, after)
    if found is None:
        raise GameNotFound()
    game, rows = found
    state = None if game.status == GameStatus.WAITING else load_state(game)
    return _reading(game, state, after, rows)


def _reading(game: Game, state: GameState | None, after: int, rows: list) -> Reading:
    news = [row for row in rows if row.seq > after]
    reading = Reading(
        game, state, after, news, spectator_count(game.id), seats=seats_by_player(game)
    )
    kept_states.keep(game.id, KeptState(game.version, game.head_hash, state, reading))
    return reading


def _brought_up(game: Game, state: GameState | None, fresh: list) -> GameState | None:
    """The engine state after the `fresh` engine events. A game that was waiting had no
    state (nor any engine event before): the state starts from its first."""
    if game.status == GameStatus.WAITING:
        return None
    return replay(fresh, state)


#: A kept state this far behind the stream's position is not brought up to date (every
#: event since read and replayed): the head row's state is decoded instead.
FAR_BEHIND = 64

#: How many of a game's latest events a process keeps in memory (a move appends 1 to 4;
#: at SHARED_GAMES games, some 16,000 rows at most): a stream that lags further behind
#: reads them from the table.
KEPT_EVENTS = 16


def take_news(game_id, version: int, news: str) -> None:
    """A write's news (games.live.wakeups), heard by the version watch before it wakes
    the game's streams: when this process holds the game at the version just before,
    the state is brought up to date and the reading its streams need is ready. A gap
    (this process holds an older or no version: a lost or reordered notification), or a
    repeat (it holds this one already), changes nothing: the streams read the table.
    A write's frames (games.live.published) are kept as they are for this process's
    streams of the game, if it holds any: a process that holds none (compose's web
    processes, which hear their own writes; a streams process hearing a game held by
    another) leaves them undecoded, and a stream that opens later reads the table."""
    if news.startswith(FRAMES):
        if streamed.here(game_id):
            published.take(game_id, version, news)
        return
    kept = kept_states.get(game_id)
    if kept is None or kept.reading is None or kept.version >= version:
        return
    game, rows = decode_news(news)
    if not rows or (rows[0].seq, rows[0].prev_hash) != (kept.version + 1, kept.head_hash):
        return
    if (rows[-1].seq, rows[-1].hash) != (game.version, game.head_hash) or game.version != version:
        return
    state = _brought_up(game, kept.state, engine_events(rows))
    window = [*kept.reading.rows, *rows][-KEPT_EVENTS:]
    reading = Reading(
        game,
        state,
        window[0].seq - 1,
        window,
        spectator_count(game.id),
        seats=seats_by_player(game),
    )
    kept_states.keep(game.id, KeptState(version, game.head_hash, state, reading))


@dataclass(frozen=True, slots=True)
class KeptState:
    version: int
    head_hash: str  # the hash of the event at `version`
    state: GameState | None  # never changed: a reading's state is a copy brought up to date
    reading: Reading | None = None  # a reading at `version`, ready for the streams


class KeptStates:
    """The engine state this process last built for each game its streams read (at most
    SHARED_GAMES games, the least recently read forgotten first); read and kept by the
    pool's threads."""

    def __init__(self, size: int):
        self.size = size
        self._lock = threading.Lock()
        self._states: OrderedDict[str, KeptState] = OrderedDict()

    def get(self, game_id) -> KeptState | None:
        with self._lock:
            return self._states.get(str(game_id))

    def keep(self, game_id, state: KeptState) -> None:
        key = str(game_id)
        with self._lock:
            kept = self._states.get(key)
            if kept is None or kept.version < state.version:
                self._states[key] = state
            self._states.move_to_end(key)
            while len(self._states) > self.size:
                self._states.popitem(last=False)

    def forget(self, game_id) -> None:
        with self._lock:
            self._states.pop(str(game_id), None)


def batch_from(reading: Reading, player: Player, after: int) -> Batch:
    """The events of a shared reading after `after`, and the view, for `player`: no I/O,
    so a stream builds it on the event loop (a thread hop per stream cost more than the
    building). The stream's opening read (`read_batch`) checked that the player may see
    the game; that cannot change while it streams (visibility is fixed, and a seat once
    taken counts)."""
    game = reading.game
    viewer = reading.viewer(player)
    reveal, shuffles = reveals_all(game, viewer), reveals_shuffles(game)
    view = game_document(
        game, reading.state, viewer, spectators=reading.spectators, with_rules=False
    )
    view["replay_url"] = replay_path(game, player)  # as in GET /games/{id}: null until it ends
    return Batch(
        version=game.version,
        events=[
            event_document(row, viewer, reveal_all=reveal, reveal_shuffles=shuffles)
            for row in reading.rows
            if row.seq > after
        ],
        view=view,
        ended=ended(game),
        seated=viewer.seat is not None,
    )


#: Games whose latest reading a process keeps for its other streams.
SHARED_GAMES = 1024


class SharedReads:
    """One read of a game's log per write per process, whoever of its streams asks first.

    A reading is reused by a stream that resumes after its `start` as long as it was begun
    once the latest version this process has heard of (a commit here, a notification, the
    watch's poll) was committed, so it holds at least that version: a stream woken for
    version V never gets a reading older than V."""

    def __init__(self, size: int = SHARED_GAMES):
        self.size = size
        self._readings: OrderedDict[object, tuple[int, int, asyncio.Future]] = OrderedDict()

    async def read(self, game_id, after: int) -> Reading:
        known = version_watch.latest(game_id)
        kept = kept_states.get(game_id)
        if kept is not None and kept.reading is not None:
            ready = kept.reading  # the news, or the latest read of the table
            if ready.start <= after < ready.game.version and ready.game.version >= known:
                return ready
        loop = asyncio.get_running_loop()
        found = self._readings.get(game_id)
        if found is not None:
            start, begun_at, reading = found
            if start <= after and begun_at >= known and reading.get_loop() is loop:
                self._readings.move_to_end(game_id)
                return await asyncio.shield(reading)
        reading = asyncio.ensure_future(sync_to_async(read_log)(game_id, after))
        reading.add_done_callback(lambda done: self._forget_failed(game_id, done))
        self._readings[game_id] = (after, known, reading)
        self._readings.move_to_end(game_id)
        while len(self._readings) > self.size:
            self._readings.popitem(last=False)
        return await asyncio.shield(reading)

    def _forget_failed(self, game_id, reading: asyncio.Future) -> None:
        if reading.cancelled() or reading.exception() is not None:
            found = self._readings.get(game_id)
            if found is not None and found[2] is reading:
                del self._readings[game_id]


shared_reads = SharedReads()
kept_states = KeptStates(SHARED_GAMES)
version_watch.news_handler = take_news
version_watch.games_upkeep = refresh_spectator_counts
version_watch.streamed_handler = streamed.heard
version_watch.streamed_upkeep = refresh_announced_counts
version_watch.announcements = announcements_due


async def next_batch(
    game_id, player: Player, after: int, spectator: SpectatorLease | None = None
) -> Batch:
    """Like `read_batch`, from the shared reading; a `spectator` lease is given back
    (before the view counts it) once the player has taken a seat."""
    reading = await shared_reads.read(game_id, after)
    if reading.game.version <= after:
        # An old reading (this process forgot the game's latest version): read anew.
        reading = await sync_to_async(read_log)(game_id, after)
    viewer = reading.viewer(player)
    if viewer.seat is not None and spectator is not None:
        await sync_to_async(spectator.release)()
        # The count read with the log still holds the lease just given back.
        counted = await sync_to_async(spectator_count)(reading.game.id)
        return batch_from(dataclasses.replace(reading, spectators=counted), player, after)
    # An ended game's view holds the caller's own replay link: that batch is never shared.
    if ended(reading.game):
        return batch_from(reading, player, after)
    batch = reading.batches.get((viewer, after))
    if batch is None:
        batch = reading.batches[viewer, after] = batch_from(reading, player, after)
    return batch


class Upkeep:
    """What an open stream does now and then: check the caller's credentials again (every
    RECHECK_SECONDS) and see that the process's stream leases are renewed before they
    lapse (all together: games.live.slots.renewals)."""

    def __init__(self, request):
        self.request = request
        self.checked = time.monotonic()

    async def keep_up(self, now: float) -> bool:
        """False once the caller's credentials no longer hold: the stream ends."""
        if now - self.checked >= RECHECK_SECONDS:
            if not await sync_to_async(credentials_still_valid)(self.request):
                return False
            self.checked = now
        if renewals.due(now, LEASE_SECONDS / 2):
            await sync_to_async(renewals.renew_all)(LEASE_SECONDS)
        return True


def game_frames(
    request,
    game_id,
    after: int | None,
    *,
    live: bool = True,
    spectator: SpectatorLease | None = None,
    views_first: bool = False,
):
    """The frames of the caller's stream of the game (see games.live.stream_views); with `live`
    false, only the first batch. `spectator`: the caller's spectator lease, if any.
    `views_first` (`?views=first`): after the first view, only the final one."""

    async def frames(encoder: Encoder, slot: Slot):
        upkeep = Upkeep(request)
        listener = listener_of(request.user)
        watching = spectator  # until the caller takes a seat
        last = after
        opening = True
        counted = False
        try:
            while True:
                first = opening
                chunk = None
                if opening:  # checks that the caller may see the game
                    batch = await sync_to_async(read_batch)(game_id, request.user, last, watching)
                    opening = False
                    if live:
                        # The game is streamed here: announced when it is new here (the
                        # writers then publish its frames: games.live.published).
                        counted = True
                        if streamed.opened(game_id):
                            await sync_to_async(announce_streamed)([game_id])
                else:
                    # The writers' frames, as they are (games.live.published), when they
                    # follow what this stream sent; otherwise its own batch.
                    chunk, version = _published_chunk(
                        game_id, listener, last, watching, encoder, views_first
                    )
                    if chunk is None:
                        batch = await next_batch(game_id, request.user, last, watching)
                if chunk is not None:
                    metrics.stream_batch_sent("published")
                    yield chunk
                    last = version
                else:
                    if not first:
                        metrics.stream_batch_sent("read")
                    if batch.seated:
                        watching = None  # took a seat: no longer a spectator (lease given back)
                    if batch.view.get("replay_url"):  # the caller's own: absolute, as in GET
                        url = batch.view["replay_url"]
                        batch.view["replay_url"] = request.build_absolute_uri(url)
                    # A batch goes out as one chunk: one write to the socket, not one a
                    # frame. With `views_first`, the first view and the final one only.
                    yield batch.chunk(encoder, with_view=first or batch.ended or not views_first)
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
                    if not await upkeep.keep_up(time.monotonic()):
                        return
                    if woken:
                        break
        finally:
            if counted:
                streamed.closed(game_id)

    return frames


def _published_chunk(game_id, listener, last: int, watching, encoder, views_first: bool):
    """(the chunk of the writers' frames that follow `last` for this caller, whose
    `listener_of` is `listener`, the version it ends at), or (None, None): the stream then
    takes its usual way."""
    batches = published.chain(game_id, last)
    if not batches:
        return None, None
    audience = audience_of(batches[-1], listener)
    if audience is None or (watching is not None and audience != SPECTATORS):
        return None, None  # staff; or a spectator who took a seat gives its lease back first
    if any(audience_of(batch, listener) != audience for batch in batches):
        return None, None
    chunk = chunk_of(batches, audience, encoder, with_view=not views_first)
    if chunk is None:
        return None, None
    return chunk, batches[-1].version


def player_frames(request, *, live: bool = True):
    """The frames of the caller's own stream: `snapshot`, then each notice (see
    games.live.notices); with `live` false, only the snapshot. Frame ids count the frames
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
        upkeep = Upkeep(request)
        read_at = sent_at = time.monotonic()
        while True:
            following = {uuid.UUID(m.game): m.version for m in games.values() if m.live}
            wait = min(KEEPALIVE_SECONDS - (time.monotonic() - sent_at), rescan)
            woken = await version_watch.wait_any({**following, me: mark}, max(wait, 0.0))
            if version_watch.stopping:
                return
            now = time.monotonic()
            if not await upkeep.keep_up(now):
                return
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
