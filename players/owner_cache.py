"""Who holds a bearer token, kept in Redis: a request is authenticated and its throttles
counted in one round trip, instead of a PostgreSQL query and then a Redis one.

Only where the throttles count in Redis (django-redis, as compose runs it): a cache in
each process's memory could not be told of a change made through another process.

An entry, `owner:<token digest>`, holds what authentication reads (the token's id and last
use, the player's id, name, user and deactivation, the user's staff and active flags) and
the time it was filled, by Redis's clock, read before the database was. A change to any of
that (a revoked token, a rename, a deactivation, a user's flags) leaves a mark once it has
committed: `owner-changed:<player>` holds the Redis time of the mark, and an entry filled
at or before its player's mark is not used. An entry filled from a read that raced the
change was filled (its time read) before the change committed, so before the mark: no
entry can outlive a committed change. Entries live ENTRY_SECONDS, marks longer.

The mark is written after the commit, before the response that made the change is sent:
a client that sees its revocation answered will not be let in with that token again. If
Redis cannot be reached then, the change is logged and entries filled before it may be
used until they expire (at most ENTRY_SECONDS); while Redis cannot be reached, every
request reads the database.
"""

from __future__ import annotations

import logging
import secrets
import time
import uuid
from dataclasses import dataclass
from datetime import datetime

import orjson
from django.contrib.auth import get_user_model
from django.core.cache import caches
from django.db import DEFAULT_DB_ALIAS, transaction
from django.db.models.signals import post_delete, post_save
from redis.exceptions import RedisError

from unoservice.logs import CACHE_LOGGER
from unoservice.rate_limits import SLIDING_WINDOW_FUNCTION, PlannedWindow, count_already

from .models import ApiToken, Player

logger = logging.getLogger(CACHE_LOGGER)

ENTRY_SECONDS = 600
#: A mark outlives every entry filled before it.
MARK_SECONDS = ENTRY_SECONDS + 60

TOKEN_FIELDS = ("id", "player_id", "last_used_at")
PLAYER_FIELDS = ("id", "name", "user_id", "deactivated_at")
USER_FIELDS = ("id", "is_staff", "is_active")

#: KEYS[1] the entry; ARGV: the marks' key prefix, the throttles' clock, the number of
#: windows, then each window's key prefix, key suffix, duration, limit and member.
#: Returns {entry or false, Redis time in microseconds, then each window's recorded,
#: count and oldest}. The windows' keys are made here from the entry's player, so this
#: needs one Redis, not a Redis Cluster (docs/scaling.md).
_LOOKUP = (
    SLIDING_WINDOW_FUNCTION
    + """
local clock = redis.call('TIME')
local now_us = tonumber(clock[1]) * 1000000 + tonumber(clock[2])
local entry = redis.call('GET', KEYS[1])
if not entry then return {false, now_us} end
local player, filled = string.match(entry, '^(%S+) (%d+) ')
if not player then return {false, now_us} end
local changed = redis.call('GET', ARGV[1] .. player)
if changed and tonumber(changed) >= tonumber(filled) then return {false, now_us} end
local out = {entry, now_us}
local now = tonumber(ARGV[2])
for i = 0, tonumber(ARGV[3]) - 1 do
    local at = 4 + i * 5
    local recorded, count, oldest = sliding_window(
        ARGV[at] .. player .. ARGV[at + 1], now, tonumber(ARGV[at + 2]),
        tonumber(ARGV[at + 3]), ARGV[at + 4])
    out[#out + 1] = recorded
    out[#out + 1] = count
    out[#out + 1] = oldest
end
return out
"""
)

#: KEYS[1] the player's mark; ARGV[1] its lifetime in ms.
_MARK = """
local clock = redis.call('TIME')
redis.call('SET', KEYS[1], tonumber(clock[1]) * 1000000 + tonumber(clock[2]), 'PX', ARGV[1])
"""


@dataclass(frozen=True)
class Lookup:
    """What the cache answered: the owner (None: not cached, ask the database) and the
    Redis time the lookup ran at, the time to fill an entry with."""

    owner: tuple[ApiToken, Player] | None
    asked_at_us: int


class OwnerCache:
    def __init__(self, cache):
        self.cache = cache
        client = cache.client.get_client(write=True)
        self._lookup = client.register_script(_LOOKUP)
        self._mark = client.register_script(_MARK)
        self._client = client
        self._marks_prefix = str(cache.make_key("owner-changed:"))

    def entry_key(self, digest: str) -> str:
        # make_key: validating a key only warns of what memcached would refuse.
        return str(self.cache.make_key(f"owner:{digest}"))

    def lookup(self, request, digest: str, windows: list[PlannedWindow]) -> Lookup | None:
        """The token's owner from its entry, counting this request in `windows` (the
        caller's throttles) in the same round trip when it is there; None when Redis
        cannot be reached (logged)."""
        now = time.time()
        args = [self._marks_prefix, repr(now), len(windows)]
        for window in windows:
            args += [
                window.prefix,
                window.suffix,
                repr(window.duration),
                window.limit,
                secrets.token_hex(8),
            ]
        try:
            answer = self._lookup(keys=[self.entry_key(digest)], args=args)
        except RedisError:
            logger.warning("the cache (Redis) is unreachable", exc_info=True)
            return None
        entry, asked_at_us = answer[0], int(answer[1])
        if entry is None:
            return Lookup(None, asked_at_us)
        owner = _owner_from_entry(entry)
        player_id = owner[1].id
        for index, window in enumerate(windows):
            recorded, count, oldest = answer[2 + 3 * index : 5 + 3 * index]
            found = (bool(recorded), int(count), None if oldest is None else float(oldest))
            count_already(request, window.key(player_id), now, found)
        return Lookup(owner, asked_at_us)

    def fill(self, digest: str, owner: tuple[ApiToken, Player], asked_at_us: int) -> None:
        """Keep the owner the database gave, read after `asked_at_us` (a Lookup's)."""
        try:
            self._client.set(self.entry_key(digest), _entry(owner, asked_at_us), ex=ENTRY_SECONDS)
        except RedisError:
            logger.warning("the cache (Redis) is unreachable", exc_info=True)

    def forget(self, digest: str) -> None:
        try:
            self._client.delete(self.entry_key(digest))
        except RedisError:
            logger.warning("the cache (Redis) is unreachable", exc_info=True)

    def mark_changed(self, player_id) -> None:
        try:
            self._mark(keys=[f"{self._marks_prefix}{player_id}"], args=[MARK_SECONDS * 1000])
        except RedisError:
            logger.error(
                "the cache (Redis) is unreachable: player %s changed, and tokens' entries "
                "filled before may be used for up to %s s",
                player_id,
                ENTRY_SECONDS,
                exc_info=True,
            )


_caches: dict[int, OwnerCache] = {}


def owner_cache() -> OwnerCache | None:
    """The cache of token owners where the throttles count in Redis; None otherwise."""
    cache = caches["default"]
    if getattr(cache, "client", None) is None or not hasattr(cache.client, "get_client"):
        return None
    found = _caches.get(id(cache))
    if found is None or found.cache is not cache:
        found = _caches[id(cache)] = OwnerCache(cache)
    return found


def _entry(owner: tuple[ApiToken, Player], asked_at_us: int) -> str:
    token, player = owner
    user = player.user if player.user_id is not None else None
    parts = {
        "token": [_plain(getattr(token, name)) for name in TOKEN_FIELDS],
        "player": [_plain(getattr(player, name)) for name in PLAYER_FIELDS],
        "user": None if user is None else [_plain(getattr(user, name)) for name in USER_FIELDS],
    }
    return f"{player.id} {asked_at_us} {orjson.dumps(parts).decode()}"


def _plain(value):
    if isinstance(value, datetime):
        return value.isoformat()
    if isinstance(value, uuid.UUID):
        return str(value)
    return value


def _owner_from_entry(entry: bytes | str) -> tuple[ApiToken, Player]:
    text = entry.decode() if isinstance(entry, bytes) else entry
    parts = orjson.loads(text.split(" ", 2)[2])
    token = _instance(ApiToken, TOKEN_FIELDS, parts["token"])
    player = _instance(Player, PLAYER_FIELDS, parts["player"])
    if parts["user"] is not None:
        user = _instance(get_user_model(), USER_FIELDS, parts["user"])
        Player._meta.get_field("user").set_cached_value(player, user)
    token.player = player
    return token, player


def _instance(model, names: tuple[str, ...], values: list):
    """An instance as if loaded from the database with only these fields (the others
    deferred, loaded on access as usual)."""
    fields = [model._meta.get_field(name.removesuffix("_id")) for name in names]
    python = [None if v is None else f.to_python(v) for f, v in zip(fields, values, strict=True)]
    return model.from_db(DEFAULT_DB_ALIAS, list(names), python)


# --- marks: every change to what an entry holds ------------------------------------------


def changed_on_commit(player_id) -> None:
    """Mark the player's entries stale once the current transaction commits (at once
    outside one)."""
    cache = owner_cache()
    if cache is not None and player_id is not None:
        transaction.on_commit(lambda: cache.mark_changed(player_id))


def _player_saved(sender, instance, created, **kwargs):
    if not created:
        changed_on_commit(instance.pk)


def _token_saved(sender, instance, created, **kwargs):
    if not created:
        changed_on_commit(instance.player_id)


def _user_saved(sender, instance, created, **kwargs):
    if not created:
        for player_id in Player.objects.filter(user_id=instance.pk).values_list("pk", flat=True):
            changed_on_commit(player_id)


def _player_deleted(sender, instance, **kwargs):
    changed_on_commit(instance.pk)


def _token_deleted(sender, instance, **kwargs):
    changed_on_commit(instance.player_id)


def connect_signals() -> None:
    """The marks of changes made through models (saves and deletes; `token_revoke`'s
    bulk update marks by itself)."""
    user_model = get_user_model()
    post_save.connect(_player_saved, sender=Player, dispatch_uid="owner-cache-player")
    post_save.connect(_token_saved, sender=ApiToken, dispatch_uid="owner-cache-token")
    post_save.connect(_user_saved, sender=user_model, dispatch_uid="owner-cache-user")
    post_delete.connect(_player_deleted, sender=Player, dispatch_uid="owner-cache-player-del")
    post_delete.connect(_token_deleted, sender=ApiToken, dispatch_uid="owner-cache-token-del")
