"""How many streams a player holds open: at most `UNO_STREAMS_PER_PLAYER` (default 20),
counted across every web process. A long-poll that waits counts as one while it waits.

Each open stream holds a slot: a lease with an expiry. A stream gives its slot back when
it ends (answered, timed out, or the client went away); a slot whose process was killed
before it could do so expires by itself, so slots never leak. Where slots are counted:

- Redis, when `UNO_STREAMS_REDIS_URL` names one (production: every web process of every
  container counts in the same place). One sorted set per player, the slots scored by
  their expiry; one script drops the expired ones, counts and adds, atomically.
- Otherwise a SQLite file in the data folder (`streams.sqlite3`), shared by the web
  processes of one machine (bin/serve runs two). It is not the service's database, so
  claiming a slot never waits for a move's write lock.

The same leases count a game's spectators (`spectator_slots`): one slot per stream of a
viewer without a seat, under the game's key, with no limit; a slot's id starts with its
holder, so that a viewer with two streams open counts once.
"""

from __future__ import annotations

import logging
import math
import sqlite3
import threading
import time
import uuid
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from django.conf import settings
from django.core.signals import setting_changed

from unoservice import clock
from unoservice.api import ApiError

logger = logging.getLogger(__name__)

#: A lease outlasts its stream's longest wait by this much: time to read and answer.
LEASE_GRACE_SECONDS = 15.0


class TooManyStreams(ApiError):
    status_code = 429
    default_code = "too_many_streams"
    default_detail = "You hold as many open streams and waiting long-polls as a player may."

    def __init__(self, retry_after: float, limit: int):
        super().__init__(
            f"A player may hold {limit} open streams and waiting long-polls at once; "
            "close one or wait for one to end."
        )
        self.wait = retry_after  # Retry-After, set by the exception handler


@dataclass
class Slot:
    store: SlotStore
    player: str
    id: str
    counted: bool = True

    def release(self) -> None:
        renewals.drop(self)
        if not self.counted:
            return
        try:
            self.store.release(self)
        except Exception:  # its lease expires by itself
            logger.warning("could not give back a stream slot", exc_info=True)


class Renewals:
    """The slots of this process's open streams, renewed together: whichever stream first
    finds them due (`due`) renews them all (`renew_all`), one round trip per store. Each
    stream renewing its own cost a round trip per stream: with a thousand streams open,
    33 a second (bench/streams.py). A slot is held from its stream's opening until it is
    given back."""

    def __init__(self):
        self._lock = threading.Lock()
        self._slots: dict[str, Slot] = {}
        self._renewed_at = time.monotonic()

    def hold(self, slots: Iterable[Slot]) -> None:
        with self._lock:
            self._slots.update((slot.id, slot) for slot in slots if slot.counted)

    def drop(self, slot: Slot) -> None:
        with self._lock:
            self._slots.pop(slot.id, None)

    def held(self) -> list[Slot]:
        with self._lock:
            return list(self._slots.values())

    def due(self, now: float, every: float) -> bool:
        """Whether `every` seconds (of `time.monotonic`) have passed since the last renewal
        began; the caller that hears True renews (`renew_all`), the others need not."""
        with self._lock:
            if now - self._renewed_at < every:
                return False
            self._renewed_at = now
            return True

    def renew_all(self, seconds: float) -> None:
        """Every slot held now lasts `seconds` (and the grace) from now."""
        expires = clock.now().timestamp() + seconds + LEASE_GRACE_SECONDS
        by_store: dict[SlotStore, list[Slot]] = defaultdict(list)
        for slot in self.held():
            by_store[slot.store].append(slot)
        for store, slots in by_store.items():
            try:
                store.renew(slots, expires)
            except Exception:  # they may lapse: the cap then counts fewer streams
                logger.warning("could not renew %d stream slots", len(slots), exc_info=True)


renewals = Renewals()


class SlotStore:
    limit: int
    #: What the store raises when it cannot be reached.
    unavailable: tuple[type[Exception], ...] = ()

    def claim(self, player, seconds: float, *, holder: str | None = None) -> Slot:
        """A slot for a stream of the player's that lasts at most `seconds`, or
        TooManyStreams, whose Retry-After says when the first of theirs will have ended.
        While the store cannot be reached, streams are let through uncounted: the cap
        guards against a client that opens too many, not against an outage."""
        player = str(player)
        now = clock.now().timestamp()
        slot_id = uuid.uuid4().hex if holder is None else f"{holder}.{uuid.uuid4().hex}"
        slot = Slot(self, player, slot_id)
        try:
            first_expiry = self._claim(slot, now, now + seconds + LEASE_GRACE_SECONDS)
        except self.unavailable:
            logger.warning("stream slots unavailable: a stream goes uncounted", exc_info=True)
            slot.counted = False
            return slot
        if first_expiry is not None:
            ends_in = first_expiry - LEASE_GRACE_SECONDS - now
            raise TooManyStreams(retry_after=max(1, math.ceil(ends_in)), limit=self.limit)
        return slot

    def held(self, player) -> int:
        """How many slots the player holds now."""
        return self._held(str(player), clock.now().timestamp())

    def holders(self, key) -> int:
        """How many holders (see `claim`) hold unexpired slots under `key`."""
        return self._holders(str(key), clock.now().timestamp())

    def holders_many(self, keys: list) -> list[int]:
        """`holders` of each key, read together (one round trip to Redis)."""
        now = clock.now().timestamp()
        return [self._holders(str(key), now) for key in keys]

    def release(self, slot: Slot) -> None:
        raise NotImplementedError

    def renew(self, slots: list[Slot], expires: float) -> None:
        """The slots (of any players) that are still held now expire at `expires`."""
        raise NotImplementedError

    def _claim(self, slot: Slot, now: float, expires: float) -> float | None:
        """Add the slot unless the player holds `limit` unexpired ones; None when added,
        else the earliest expiry of theirs."""
        raise NotImplementedError

    def _held(self, player: str, now: float) -> int:
        raise NotImplementedError

    def _holders(self, key: str, now: float) -> int:
        raise NotImplementedError


_CLAIM_SCRIPT = """
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[1])
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[3]) then
    return redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')[2]
end
redis.call('ZADD', KEYS[1], ARGV[2], ARGV[4])
local last = redis.call('ZRANGE', KEYS[1], -1, -1, 'WITHSCORES')[2]
redis.call('EXPIREAT', KEYS[1], math.ceil(tonumber(last)))
return false
"""


_HOLDERS_SCRIPT = """
local ids = redis.call('ZRANGEBYSCORE', KEYS[1], '(' .. ARGV[1], '+inf')
local seen, count = {}, 0
for _, id in ipairs(ids) do
    local holder = string.match(id, '^[^.]*')
    if not seen[holder] then
        seen[holder] = true
        count = count + 1
    end
end
return count
"""


class RedisSlots(SlotStore):
    def __init__(self, url: str, limit: int, prefix: str = "uno:streams:"):
        import redis

        self.limit = limit
        self.prefix = prefix
        self.unavailable = (redis.RedisError,)
        self.redis = redis.Redis.from_url(url, socket_timeout=2, socket_connect_timeout=2)
        self._script = self.redis.register_script(_CLAIM_SCRIPT)
        self._holders_script = self.redis.register_script(_HOLDERS_SCRIPT)

    def release(self, slot: Slot) -> None:
        self.redis.zrem(self.prefix + slot.player, slot.id)

    def renew(self, slots: list[Slot], expires: float) -> None:
        keys = {self.prefix + slot.player for slot in slots}
        with self.redis.pipeline(transaction=False) as pipe:
            for slot in slots:  # xx: a slot given back meanwhile is not added again
                pipe.zadd(self.prefix + slot.player, {slot.id: expires}, xx=True)
            for key in keys:
                pipe.expireat(key, math.ceil(expires), gt=True)
            pipe.execute()

    def _claim(self, slot: Slot, now: float, expires: float) -> float | None:
        args = [now, expires, self.limit, slot.id]
        first = self._script(keys=[self.prefix + slot.player], args=args)
        return None if first is None else float(first)

    def _held(self, player: str, now: float) -> int:
        return self.redis.zcount(self.prefix + player, f"({now}", "+inf")

    def _holders(self, key: str, now: float) -> int:
        return int(self._holders_script(keys=[self.prefix + key], args=[now]))

    def holders_many(self, keys: list) -> list[int]:
        now = clock.now().timestamp()
        with self.redis.pipeline(transaction=False) as pipe:
            for key in keys:
                self._holders_script(keys=[self.prefix + str(key)], args=[now], client=pipe)
            return [int(count) for count in pipe.execute()]


class FileSlots(SlotStore):
    """A SQLite file of its own; each thread keeps its connection. Slots are ephemeral, so
    the file is not synced to disk."""

    unavailable = (sqlite3.Error,)

    def __init__(self, path: Path, limit: int):
        self.limit = limit
        self.path = path
        self._local = threading.local()
        with self._connection() as db:
            db.execute(
                "CREATE TABLE IF NOT EXISTS slot (id TEXT PRIMARY KEY, player TEXT NOT NULL, "
                "expires REAL NOT NULL)"
            )
            db.execute("CREATE INDEX IF NOT EXISTS slot_player ON slot (player, expires)")
        self.path.chmod(0o600)

    def release(self, slot: Slot) -> None:
        self._connection().execute("DELETE FROM slot WHERE id = ?", [slot.id])

    def renew(self, slots: list[Slot], expires: float) -> None:
        db = self._connection()
        db.execute("BEGIN IMMEDIATE")
        try:
            update = "UPDATE slot SET expires = ? WHERE id = ?"
            db.executemany(update, [(expires, slot.id) for slot in slots])
        except BaseException:
            db.execute("ROLLBACK")
            raise
        db.execute("COMMIT")

    def _claim(self, slot: Slot, now: float, expires: float) -> float | None:
        db = self._connection()
        db.execute("BEGIN IMMEDIATE")
        try:
            db.execute("DELETE FROM slot WHERE player = ? AND expires <= ?", [slot.player, now])
            held, first = db.execute(
                "SELECT count(*), min(expires) FROM slot WHERE player = ?", [slot.player]
            ).fetchone()
            if held < self.limit:
                db.execute("INSERT INTO slot VALUES (?, ?, ?)", [slot.id, slot.player, expires])
                first = None
        except BaseException:
            db.execute("ROLLBACK")
            raise
        db.execute("COMMIT")
        return first

    def _held(self, player: str, now: float) -> int:
        query = "SELECT count(*) FROM slot WHERE player = ? AND expires > ?"
        return self._connection().execute(query, [player, now]).fetchone()[0]

    def _holders(self, key: str, now: float) -> int:
        query = (
            "SELECT count(DISTINCT substr(id, 1, instr(id || '.', '.') - 1)) FROM slot "
            "WHERE player = ? AND expires > ?"
        )
        return self._connection().execute(query, [key, now]).fetchone()[0]

    def _connection(self) -> sqlite3.Connection:
        db = getattr(self._local, "db", None)
        if db is None:
            db = sqlite3.connect(self.path, timeout=10, isolation_level=None)
            db.execute("PRAGMA journal_mode=WAL")
            db.execute("PRAGMA synchronous=OFF")
            self._local.db = db
        return db


@cache
def stream_slots() -> SlotStore:
    """The process's slot store, as the settings say."""
    limit = settings.UNO_STREAMS_PER_PLAYER
    if settings.UNO_STREAMS_REDIS_URL:
        return RedisSlots(settings.UNO_STREAMS_REDIS_URL, limit)
    return FileSlots(Path(settings.DATA_DIR) / "streams.sqlite3", limit)


#: Spectators are not capped per game (each holds a slot of their own player's too).
NO_LIMIT = 2**31


@cache
def spectator_slots() -> SlotStore:
    """Where the spectators of games are counted: beside the players' slots, keyed by
    game: `spectators:<game id>` (players are keyed by their ids)."""
    if settings.UNO_STREAMS_REDIS_URL:
        return RedisSlots(settings.UNO_STREAMS_REDIS_URL, NO_LIMIT, prefix="uno:")
    return FileSlots(Path(settings.DATA_DIR) / "streams.sqlite3", NO_LIMIT)


def _settings_changed(setting, **kwargs) -> None:
    if setting in ("UNO_STREAMS_PER_PLAYER", "UNO_STREAMS_REDIS_URL", "DATA_DIR"):
        stream_slots.cache_clear()
        spectator_slots.cache_clear()


setting_changed.connect(_settings_changed, dispatch_uid="games.live.slots.settings_changed")
