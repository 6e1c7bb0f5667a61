"""Waking long-polls when a game moves on, without a thread or a connection per waiter.

A waiting request awaits `version_watch.wait_past(game_id, after, seconds)` on its event
loop. One thread per process reads the versions of the games being waited on (one query
every POLL_SECONDS, for all of them) and wakes the waiters a version has passed; a write
committed in this process (`events_committed`) wakes them at once. The thread stops,
closing its database connection, when nobody waits. A wake is a hint: the waiter reads
the log again, and the log is the answer.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import threading
import time
from dataclasses import dataclass, field

from django.db import connection

from unoservice import serving

from .models import Game
from .write import events_committed

POLL_SECONDS = 0.2

logger = logging.getLogger(__name__)


@dataclass(eq=False)
class _Waiter:
    loop: asyncio.AbstractEventLoop
    after: int
    woken: asyncio.Future = field(init=False)

    def __post_init__(self):
        self.woken = self.loop.create_future()

    def wake(self) -> None:
        """Callable from any thread."""
        with contextlib.suppress(RuntimeError):  # its loop has closed: the request is gone
            self.loop.call_soon_threadsafe(self._resolve)

    def _resolve(self) -> None:
        if not self.woken.done():
            self.woken.set_result(None)


class VersionWatch:
    def __init__(self, poll_seconds: float = POLL_SECONDS):
        self.poll_seconds = poll_seconds
        self._lock = threading.Lock()
        self._waiters: dict[object, set[_Waiter]] = {}
        self._polling = False
        self._stopping = False

    async def wait_past(self, game_id, version: int, timeout: float) -> None:
        """Return once the game's version exceeds `version`, after `timeout` seconds, or
        at once when the server is stopping."""
        waiter = _Waiter(asyncio.get_running_loop(), version)
        if not self._add(game_id, waiter):
            return
        try:
            await asyncio.wait_for(waiter.woken, timeout)
        except TimeoutError:
            pass
        finally:
            self._remove(game_id, waiter)

    def seen(self, game_id, version: int) -> None:
        """The game is at `version` (a committed write, or the poll): wake whoever waits
        for less."""
        with self._lock:
            passed = [w for w in self._waiters.get(game_id, ()) if w.after < version]
        for waiter in passed:
            waiter.wake()

    def stop(self) -> None:
        """The server is stopping: every waiter answers now, as when its time is up, and
        so does any request that would start waiting."""
        with self._lock:
            self._stopping = True
            everyone = [w for waiters in self._waiters.values() for w in waiters]
        for waiter in everyone:
            waiter.wake()

    def polling(self) -> bool:
        """Whether the thread reading versions runs (it stops when nobody waits)."""
        with self._lock:
            return self._polling

    def _add(self, game_id, waiter: _Waiter) -> bool:
        with self._lock:
            if self._stopping:
                return False
            self._waiters.setdefault(game_id, set()).add(waiter)
            if not self._polling:
                self._polling = True
                threading.Thread(target=self._poll, name="uno-version-watch", daemon=True).start()
        return True

    def _remove(self, game_id, waiter: _Waiter) -> None:
        with self._lock:
            waiters = self._waiters.get(game_id)
            if waiters is not None:
                waiters.discard(waiter)
                if not waiters:
                    del self._waiters[game_id]

    def _poll(self) -> None:
        try:
            while True:
                with self._lock:
                    waited_on = list(self._waiters)
                    if not waited_on:
                        self._polling = False
                        return
                for game_id, version in self._versions(waited_on):
                    self.seen(game_id, version)
                time.sleep(self.poll_seconds)
        except BaseException:  # let the next waiter start a new thread
            with self._lock:
                self._polling = False
            raise
        finally:
            connection.close()

    def _versions(self, game_ids: list) -> list[tuple]:
        try:
            return list(Game.objects.filter(pk__in=game_ids).values_list("id", "version"))
        except Exception:  # the next round reconnects; waiters time out meanwhile
            logger.warning("long-poll version check failed", exc_info=True)
            connection.close()
            return []


version_watch = VersionWatch()


def _wake_waiters(sender, game_id, version, **kwargs) -> None:
    version_watch.seen(game_id, version)


def _stop_waiting(sender, **kwargs) -> None:
    version_watch.stop()


events_committed.connect(_wake_waiters, dispatch_uid="games.watch.wake_waiters")
serving.stopping.connect(_stop_waiting, dispatch_uid="games.watch.stop_waiting")
