"""Waking long-polls and live streams when a game moves on, without a thread or a
connection per waiter.

A waiting request awaits `version_watch.wait_past(game_id, after, seconds)` on its event
loop, and is woken once a version has passed:
- on PostgreSQL the event loop itself LISTENs on the channel every committed write
  notifies (games.live.wakeups; one connection per loop while any of its requests wait),
  so a move made in any web process or worker wakes them at once, with no thread woken in
  between (a thread's wake-up per notification, in each process, cost more than the
  notification's own work: docs/performance.md); one thread per process reads the
  waited-on versions again every FALLBACK_POLL_SECONDS (and whenever the listener
  reconnects) in case a notification was lost, and does the rounds' upkeep;
- on SQLite, while the listener is not connected, and for requests that do not wait on
  the server's loop (asynchronous views run by a WSGI server or Django's test client,
  one loop per request: a listener each would hold a connection each), that thread reads
  those versions every POLL_SECONDS (one query for all of them).
A write committed in this process (`events_committed`) wakes them at once when the
channel is not heard (see `committed_here`). The thread and the listeners stop, closing
their connections, when nobody waits. A wake is a hint: the waiter reads the log again,
and the log is the answer.

The announcements of where games are streamed (games.live.published) have a channel of
their own, which the loop's listener also hears; a server process whose loop does not
listen (compose's web processes, which hold no stream) hears that channel alone from its
start (`hear_announcements`), so that its writes render the frames of streamed games.

A notification that carries the write's news (games.live.wakeups) is handed, before the
waiters wake, to `news_handler` (games.live.frames, which keeps it for the games its
streams read); so is the news of a write committed in this process.
Every notification, heard or local, goes through `heard`, the one place a test can
drop, repeat or reorder them.

A player's own stream also waits on the player (`PlayerKey`): a write that seats them in
a game they did not sit in, or links a game of theirs to its rematch, names them
(games.live.wakeups on PostgreSQL, `players_changed` in this process). A player's mark is a
count of such wake-ups kept by this process: a stream reads it before it reads the
database, then waits for a higher one, so a wake-up between the two is not missed. When
the listening connection was lost, every waiting player is woken once it is back (what
was said meanwhile is lost); the player's stream also reads again now and then by itself
(games.live.frames), which covers SQLite's other processes.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import threading
import time
import uuid
from collections import OrderedDict
from dataclasses import dataclass, field

from django.db import connection

from games.live import wakeups
from games.models import Game
from games.write import events_committed, players_changed
from unoservice import pooling, serving

POLL_SECONDS = 0.2
#: With the channel heard, the thread's rounds (versions, upkeep) come this often.
ROUND_SECONDS = 1.0
#: With notifications, the versions are read again this often, in case one was lost.
FALLBACK_POLL_SECONDS = 5.0
#: How many games' latest versions are remembered: a notification that arrives just
#: before its reader starts to wait still wakes it.
REMEMBERED_GAMES = 10_000
#: The listening connection's application_name: an operator tells these backends, which
#: bypass a pooler, in pg_stat_activity.
LISTENER_NAME = "uno-version-watch"

logger = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class PlayerKey:
    """What a player's own stream waits on, beside its games."""

    player_id: uuid.UUID


@dataclass(eq=False)
class _Waiter:
    loop: asyncio.AbstractEventLoop
    after: int
    woken: asyncio.Future = field(default=None)

    def __post_init__(self):
        if self.woken is None:
            self.woken = self.loop.create_future()

    def wake(self) -> None:
        """Callable from any thread."""
        _wake_all([self])

    def _resolve(self) -> None:
        _settle(self.woken, True)


def _wake_all(waiters) -> None:
    """Wake waiters from any thread: one call into each event loop, however many of its
    streams wait (each call writes to the loop's wake-up pipe)."""
    by_loop: dict[asyncio.AbstractEventLoop, list[_Waiter]] = {}
    for waiter in waiters:
        by_loop.setdefault(waiter.loop, []).append(waiter)
    running = asyncio._get_running_loop()  # the loop's own listener wakes its waiters
    for loop, woken in by_loop.items():
        if loop is running:
            _resolve_all(woken)
            continue
        with contextlib.suppress(RuntimeError):  # its loop has closed: the request is gone
            loop.call_soon_threadsafe(_resolve_all, woken)


def _resolve_all(waiters: list[_Waiter]) -> None:
    for waiter in waiters:
        waiter._resolve()


def _settle(woken: asyncio.Future, value: bool) -> None:
    if not woken.done():
        woken.set_result(value)


class VersionWatch:
    def __init__(self, poll_seconds: float = POLL_SECONDS):
        self.poll_seconds = poll_seconds
        self._lock = threading.Lock()
        self._waiters: dict[object, set[_Waiter]] = {}
        self._polling = False
        self._stopping = False
        self._latest: OrderedDict[object, int] = OrderedDict()
        #: Called with (game_id, version, news JSON) before the game's waiters wake.
        self.news_handler = None
        #: Called on the watch's thread every round with the games waited on (I/O allowed).
        self.games_upkeep = None
        #: Called with the game ids of a `streamed` notification (games.live.published).
        self.streamed_handler = None
        #: Called on a thread about every ROUND_SECONDS while `hear_announcements` runs
        #: (I/O allowed): the upkeep of the games streamed elsewhere.
        self.streamed_upkeep = None
        #: Called by each loop's listener every round: the payloads to notify
        #: (games.live.published announces the games it streams by it).
        self.announcements = None
        self._listening = 0  # loops whose listener is connected
        self._hearing = 0  # connected listeners of the streams' announcements
        self._hearing_since: float | None = None  # (monotonic) one of them, without a break
        self._loop_listeners: dict[asyncio.AbstractEventLoop, asyncio.Task] = {}

    @property
    def listening(self) -> bool:
        """Whether this process hears the channel now (see `committed_here`)."""
        return self._listening > 0

    @property
    def stopping(self) -> bool:
        return self._stopping

    def heard_announcements_for(self) -> float:
        """For how many seconds without a break this process has heard the streams'
        announcements (wakeups.STREAMS_CHANNEL) on one connection or another: 0 when it
        does not hear them now."""
        since = self._hearing_since
        return 0.0 if since is None else time.monotonic() - since

    def _hears_announcements(self, connected: bool) -> None:
        """A listener that hears the announcements connected (True) or was closed."""
        with self._lock:
            self._hearing += 1 if connected else -1
            if self._hearing <= 0:
                self._hearing, self._hearing_since = 0, None
            elif self._hearing_since is None:
                self._hearing_since = time.monotonic()

    async def wait_past(self, game_id, version: int, timeout: float) -> bool:
        """Return once the game's version exceeds `version` (True), after `timeout`
        seconds or at once when the server is stopping (False)."""
        return await self.wait_any({game_id: version}, timeout)

    async def wait_any(self, marks: dict, timeout: float) -> bool:
        """Return once any key's version (a game's, or a PlayerKey's mark) exceeds the
        one given for it (True), after `timeout` seconds or at once when the server is
        stopping (False)."""
        loop = asyncio.get_running_loop()
        woken = loop.create_future()
        waiters = {key: _Waiter(loop, after, woken) for key, after in marks.items()}
        added = []
        # A timer handle rather than asyncio.wait_for: a thousand streams wait again after
        # every write, and wait_for's timeout scope cost more than the wait itself.
        timer = loop.call_later(timeout, _settle, woken, False)
        try:
            for key, waiter in waiters.items():
                if not self._add(key, waiter):
                    return False
                added.append(key)
            if not await woken:
                return False
        finally:
            timer.cancel()
            for key in added:
                self._remove(key, waiters[key])
        return not self._stopping

    def player_mark(self, player_id) -> int:
        """How many wake-ups this process has heard for the player (see the module)."""
        with self._lock:
            return self._latest.get(PlayerKey(_uuid(player_id)), 0)

    def poke_players(self, player_ids) -> None:
        """These players' games changed: wake their own streams."""
        for player_id in player_ids:
            key = PlayerKey(_uuid(player_id))
            with self._lock:
                mark = self._latest.get(key, 0) + 1
            self.seen(key, mark)

    def latest(self, game_id) -> int:
        """The game's latest version this process has heard of (-1: none remembered)."""
        with self._lock:
            return self._latest.get(game_id, -1)

    def seen(self, game_id, version: int) -> None:
        """The game is at `version` (a committed write, a notification, or the poll):
        wake whoever waits for less."""
        with self._lock:
            if version > self._latest.get(game_id, -1):
                self._latest[game_id] = version
                self._latest.move_to_end(game_id)
                while len(self._latest) > REMEMBERED_GAMES:
                    self._latest.popitem(last=False)
            passed = [w for w in self._waiters.get(game_id, ()) if w.after < version]
        _wake_all(passed)

    def heard(self, text: str) -> None:
        """One notification's payload (games.live.wakeups), from the channel or from a
        write committed in this process: the news goes to `news_handler`, then the
        game's waiters wake."""
        parsed = wakeups.parse_news(text)
        if parsed is not None:
            game_id, version, news = parsed
            handler = self.news_handler
            if news is not None and handler is not None:
                try:
                    handler(game_id, version, news)
                except Exception:  # the waiters read the table instead
                    logger.warning("news of game %s not taken", game_id, exc_info=True)
            self.seen(game_id, version)
            return
        player_id = wakeups.parse_player_payload(text)
        if player_id is not None:
            self.poke_players([player_id])
            return
        game_ids = wakeups.parse_streamed_payload(text)
        if game_ids is not None and self.streamed_handler is not None:
            self.streamed_handler(game_ids)

    def committed_here(self, game_id, version: int, news: str | None) -> None:
        """A write committed in this process. While the channel is heard, it brings the
        write too, in commit order with every other process's: taking it from there
        alone keeps a game's news in order (a process's own write could otherwise
        overtake another's notification still on its way, a gap that sends the streams
        to the table). Without the channel (SQLite, or while it reconnects) the write
        is heard here at once."""
        if self._listening > 0:
            return
        if news is None:
            self.seen(game_id, version)
        else:
            self.heard(news)

    def stop(self) -> None:
        """The server is stopping: every waiter answers now, as when its time is up, and
        so does any request that would start waiting."""
        with self._lock:
            self._stopping = True
            everyone = [w for waiters in self._waiters.values() for w in waiters]
        _wake_all(everyone)

    def polling(self) -> bool:
        """Whether the thread reading versions runs (it stops when nobody waits)."""
        with self._lock:
            return self._polling

    def _add(self, game_id, waiter: _Waiter) -> bool:
        with self._lock:
            if self._stopping:
                return False
            self._waiters.setdefault(game_id, set()).add(waiter)
            if self._latest.get(game_id, -1) > waiter.after:
                waiter.wake()
            if not self._polling:
                self._polling = True
                threading.Thread(target=self._poll, name="uno-version-watch", daemon=True).start()
            if (
                waiter.loop not in self._loop_listeners
                and connection.vendor == "postgresql"
                and serving.on_shared_threads()  # the server's loop, not one per request
            ):
                self._loop_listeners[waiter.loop] = waiter.loop.create_task(
                    self._listen_on_loop(waiter.loop)
                )
        return True

    def _waited_on_loop(self, loop) -> list | None:
        """The keys this loop's requests wait on (None: none)."""
        with self._lock:
            keys = [k for k, ws in self._waiters.items() if any(w.loop is loop for w in ws)]
        return keys or None

    async def _listen_on_loop(self, loop) -> None:
        """The channel, heard on the event loop its waiters wait on (PostgreSQL): a
        notification wakes the loop once, its news is taken and its waiters resolved
        there, with no thread woken in between. The same connection reads the versions
        of the games the loop's requests wait on every FALLBACK_POLL_SECONDS (and once it
        has connected), and sends this process's announcements (`announcements`). It
        listens while any request of the loop waits; a lost connection is made again
        (the thread meanwhile polls every POLL_SECONDS, and the waiting players are woken
        once it is back: what was said meanwhile is lost)."""
        lost = False
        try:
            while not self._stopping and self._waited_on_loop(loop):
                listener = await _listen_async()
                if listener is None:
                    await asyncio.sleep(1.0)
                    continue
                with self._lock:
                    self._listening += 1
                    players = [k.player_id for k in self._waiters if isinstance(k, PlayerKey)]
                self._hears_announcements(True)
                if lost:
                    lost = False
                    self.poke_players(players)
                read_at = 0.0  # what was missed while not listening is read now
                # Between the rounds' statements the socket is read by a callback of the
                # loop's own (psycopg's `notifies()` registered and unregistered the
                # socket with the loop for every notification, which cost the loop more
                # than the notification's own work); during a statement, psycopg hands
                # what arrives to the handler.
                listener.add_notify_handler(lambda notice: self.heard(notice.payload))
                pgconn, broken = listener.pgconn, []
                fd = pgconn.socket

                def drain(pgconn=pgconn, broken=broken, fd=fd) -> None:
                    try:
                        pgconn.consume_input()
                    except Exception as error:
                        broken.append(error)
                        loop.remove_reader(fd)
                        return
                    while (notice := pgconn.notifies()) is not None:
                        self.heard(notice.extra.decode())

                try:
                    while not self._stopping and (keys := self._waited_on_loop(loop)):
                        games = [k for k in keys if not isinstance(k, PlayerKey)]
                        announcements = self.announcements() if self.announcements else []
                        if games and time.monotonic() - read_at >= FALLBACK_POLL_SECONDS:
                            read_at = time.monotonic()
                            found = await (await listener.execute(_VERSIONS, [games])).fetchall()
                            for game_id, version in found:
                                self.seen(game_id, version)
                        for text in announcements:
                            await listener.execute(_NOTIFY, [wakeups.STREAMS_CHANNEL, text])
                        loop.add_reader(fd, drain)
                        try:
                            drain()  # what came with the statements' answers
                            await asyncio.sleep(ROUND_SECONDS)
                        finally:
                            loop.remove_reader(fd)
                        if broken:
                            raise broken[0]
                except Exception:
                    logger.warning("game notifications lost their connection", exc_info=True)
                    lost = True
                    await asyncio.sleep(self.poll_seconds)
                finally:
                    with self._lock:
                        self._listening -= 1
                    self._hears_announcements(False)
                    with contextlib.suppress(Exception):
                        await listener.close()
        finally:
            with self._lock:
                if self._loop_listeners.get(loop) is asyncio.current_task():
                    del self._loop_listeners[loop]

    def _remove(self, game_id, waiter: _Waiter) -> None:
        with self._lock:
            waiters = self._waiters.get(game_id)
            if waiters is not None:
                waiters.discard(waiter)
                if not waiters:
                    del self._waiters[game_id]

    def _poll(self) -> None:
        """The thread: the rounds' upkeep about once a second and, without the channel
        (SQLite, or while the listener is not connected), the waited-on versions every
        POLL_SECONDS."""
        try:
            while True:
                with self._lock:
                    waited_on = list(self._waiters)
                    if not waited_on:
                        self._polling = False
                        return
                    listening = self._listening > 0
                games = [key for key in waited_on if not isinstance(key, PlayerKey)]
                if games and not listening:
                    for game_id, version in self._versions(games):
                        self.seen(game_id, version)
                elif listening and connection.connection is not None:
                    connection.close()  # the listener reads the versions now
                if games and self.games_upkeep is not None:
                    try:
                        self.games_upkeep(games)
                    except Exception:
                        logger.warning("upkeep of the games waited on failed", exc_info=True)
                time.sleep(ROUND_SECONDS if listening else self.poll_seconds)
        except BaseException:  # let the next waiter start a new thread
            with self._lock:
                self._polling = False
            raise
        finally:
            connection.close()

    def _versions(self, game_ids: list) -> list[tuple]:
        """The games' versions (through the pooler, when there is one)."""
        try:
            return list(Game.objects.filter(pk__in=game_ids).values_list("id", "version"))
        except Exception:  # the next round reconnects; waiters time out meanwhile
            logger.warning("long-poll version check failed", exc_info=True)
            connection.close()
            return []


_VERSIONS = f"SELECT id, version FROM {Game._meta.db_table} WHERE id = ANY(%s)"
_NOTIFY = "SELECT pg_notify(%s, %s)"


async def _listen_async(channels=(wakeups.CHANNEL, wakeups.STREAMS_CHANNEL)):
    """A connection of its own, on the event loop, that LISTENs on the games' channels,
    or None (logged) when the database cannot be reached: the versions are polled
    meanwhile. It reaches PostgreSQL itself, never through a pooler
    (unoservice.pooling): a LISTEN holds its session."""
    import psycopg

    listener = None
    try:
        params = pooling.session_connection().get_connection_params()
        params.pop("cursor_factory", None)
        params.setdefault("application_name", LISTENER_NAME)
        listener = await psycopg.AsyncConnection.connect(**params, autocommit=True)
        await listener.execute("; ".join(f"LISTEN {channel}" for channel in channels))
    except BaseException as error:  # cancelled too: the connection would outlive the task
        if listener is not None:
            await asyncio.shield(listener.close())
        if not isinstance(error, Exception):
            raise
        logger.warning("cannot listen for game notifications; polling", exc_info=True)
        return None
    return listener


async def hear_announcements() -> None:
    """The games streamed anywhere (games.live.published's announcements), heard by a
    server process while its version watch does not listen (the watch hears them too):
    compose's web processes hold no stream, yet their writes render the frames of the
    games streamed elsewhere only if they hear which those are. A connection of its own,
    on the STREAMS_CHANNEL alone, so such a process does not hear every move; it is made
    again when lost (meanwhile those writes publish their news, which the streams'
    processes render for themselves, as without announcements). Between its rounds it
    runs `streamed_upkeep` on a thread."""
    while not version_watch.stopping:
        if version_watch.listening:
            await asyncio.sleep(ROUND_SECONDS)
            continue
        listener = await _listen_async((wakeups.STREAMS_CHANNEL,))
        if listener is None:
            await asyncio.sleep(FALLBACK_POLL_SECONDS)
            continue
        version_watch._hears_announcements(True)
        try:
            while not version_watch.stopping and not version_watch.listening:
                async for notice in listener.notifies(timeout=ROUND_SECONDS):
                    version_watch.heard(notice.payload)
                if version_watch.streamed_upkeep is not None:
                    await asyncio.to_thread(version_watch.streamed_upkeep)
        except Exception:
            logger.warning("stream announcements lost their connection", exc_info=True)
            await asyncio.sleep(version_watch.poll_seconds)
        finally:
            version_watch._hears_announcements(False)
            with contextlib.suppress(Exception):
                await listener.close()


def _uuid(value) -> uuid.UUID:
    return value if isinstance(value, uuid.UUID) else uuid.UUID(str(value))


version_watch = VersionWatch()


def _wake_waiters(sender, game_id, version, news=None, **kwargs) -> None:
    version_watch.committed_here(game_id, version, news)


def _wake_players(sender, player_ids, **kwargs) -> None:
    version_watch.poke_players(player_ids)


def _stop_waiting(sender, **kwargs) -> None:
    version_watch.stop()


_hearing: set[asyncio.Task] = set()  # the tasks' references (the loop keeps weak ones)


def start_hearing_announcements() -> None:
    """On the server's event loop, as it starts (games.apps): `hear_announcements` runs
    there for the process's life (on PostgreSQL; SQLite has no channel)."""
    if connection.vendor == "postgresql":
        task = asyncio.get_running_loop().create_task(hear_announcements())
        _hearing.add(task)
        task.add_done_callback(_hearing.discard)


events_committed.connect(_wake_waiters, dispatch_uid="games.live.watch.wake_waiters")
players_changed.connect(_wake_players, dispatch_uid="games.live.watch.wake_players")
serving.stopping.connect(_stop_waiting, dispatch_uid="games.live.watch.stop_waiting")
