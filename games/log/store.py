"""The event store: the only code that reads or writes `GameEvent` rows.

Writers hold the game's head row lock (`select_for_update` in the service), so `seq`
is assigned from `Game.version` without gaps; the unique (game, seq) constraint turns
any second writer at the same position into an error instead of a fork.
"""

from __future__ import annotations

import secrets
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime, timedelta
from functools import cache

from django.core.exceptions import ValidationError
from django.db import connection, models

from games.engine import event_to_parts
from games.engine.codec import SCHEMA_VERSION, events_from_parts, schema_version_of
from games.engine.events import EVENT_TYPES, Event
from games.engine.upcast import upcast
from games.log.archive import archived_rows
from games.log.hashing import GENESIS_HASH, envelope, event_hash, private_digest
from games.models import Game, GameEvent
from unoservice.clock import format_time
from unoservice.rows import Columns, insert_rows, table

SYSTEM = "system"


@dataclass(frozen=True)
class NewEvent:
    type: str
    public: dict
    private: dict | None
    actor: str
    schema_version: int = SCHEMA_VERSION
    event: Event | None = None  # the engine's event it encodes (lobby events have none)


@dataclass(frozen=True)
class Appended:
    """A stored event with the engine event it encodes, so what was just written is
    redacted from memory, not decoded again."""

    row: GameEvent
    event: Event | None


def new_engine_event(event: Event, actor: str, now: datetime) -> NewEvent:
    """The event's parts; a deadline it opens gets its time, `deadline_at`, beside it
    (`now` + its seconds), so the log says when each deadline falls due."""
    type_, public, private = event_to_parts(event)
    deadline = public.get("deadline")
    if deadline is not None:
        public["deadline_at"] = format_time(now + timedelta(seconds=deadline["seconds"]))
    return NewEvent(type_, public, private, actor, schema_version_of(type_), event)


def append_events(
    game: Game, items: Iterable[NewEvent], *, now: datetime, insert: bool = True
) -> list[Appended]:
    """Append after `game.version`, chaining hashes; updates `version` and `head_hash`
    on the (locked) game object, which the caller saves in the same transaction. With
    `insert` False the rows are made, not written: the caller writes them with the head
    row (`insert_rows_and_update_row`).

    Under hash scheme 2 every private part gets a nonce of its own (128 bits from the
    operating system, never the game's RNG, seeded games included), so its digest, which
    everyone sees, cannot be reversed by trying the few values a private part can hold."""
    recorded_at = format_time(now)
    stamp = datetime.fromisoformat(recorded_at.replace("Z", "+00:00"))
    prev, seq, rows = game.head_hash, game.version, []
    for item in items:
        seq += 1
        private = item.private
        if private is not None and game.hash_scheme >= 2:
            private = {**private, "nonce": secrets.token_hex(16)}
        digest = private_digest(private)
        envelope_ = envelope(
            seq=seq,
            type_=item.type,
            schema_version=item.schema_version,
            recorded_at=recorded_at,
            actor=item.actor,
            public=item.public,
        )
        hash_ = event_hash(prev, envelope_, digest)
        rows.append(
            Appended(
                GameEvent(
                    game=game,
                    seq=seq,
                    type=item.type,
                    schema_version=item.schema_version,
                    public=item.public,
                    private=private,
                    private_digest=digest,
                    actor=item.actor,
                    recorded_at=stamp,
                    prev_hash=prev,
                    hash=hash_,
                ),
                item.event,
            )
        )
        prev = hash_
    if insert:
        insert_rows([appended.row for appended in rows])
    game.version, game.head_hash = seq, prev
    return rows


def load_events(game_id, *, after: int = 0, upto: int | None = None, limit: int | None = None):
    """Rows of the hot events table: a game being played (never archived). For any game,
    ended ones included, `events_of`."""
    rows = GameEvent.objects.filter(game_id=game_id, seq__gt=after).order_by("seq")
    if upto is not None:
        rows = rows.filter(seq__lte=upto)
    return list(rows[:limit] if limit else rows)


def events_of(
    game: Game, *, after: int = 0, upto: int | None = None, limit: int | None = None
) -> list[GameEvent]:
    """The game's events after seq `after` (up to `upto`, at most `limit`), from the hot
    table or, for an archived game, its archive (games.log.archive): the same rows."""
    if not game.archived:
        return load_events(game.id, after=after, upto=upto, limit=limit)
    rows = archived_rows(game.id)
    chosen = rows[after : len(rows) if upto is None else upto]
    return chosen[:limit] if limit else chosen


def event_hash_at(game: Game, seq: int) -> str:
    """The hash of event `seq` (the chain's start, 64 zeros, for 0)."""
    if seq == 0:
        return GENESIS_HASH
    if game.archived:
        return archived_rows(game.id)[seq - 1].hash
    return GameEvent.objects.filter(game=game, seq=seq).values_list("hash", flat=True).get()


def round_events(game_id) -> list[Event]:
    """The game's start and its current round's events (the engine's, in their current
    shape): what a seat's view of the round is read from (the `expert` bot's search)."""
    rows = GameEvent.objects.filter(game_id=game_id)
    round_start = (
        rows.filter(type="round_started").order_by("-seq").values_list("seq", flat=True).first()
    )
    if round_start is None:
        return engine_events(rows.order_by("seq"))
    chosen = rows.filter(models.Q(type="game_started") | models.Q(seq__gte=round_start))
    return engine_events(chosen.order_by("seq"))


def head_and_events(
    game_id, after: int, *, with_state: bool = True
) -> tuple[Game, list[GameEvent]] | None:
    """The game's head row and its events after seq `after` up to its version, in one
    statement (the live streams read both after every write); None for no such game.
    The engine state, by far the head row's largest column, comes with the first row
    only, and not at all without `with_state` (the head's `state` is then None)."""
    try:
        key = Game._meta.pk.get_db_prep_value(Game._meta.pk.to_python(game_id), connection)
    except (ValidationError, ValueError, TypeError, AttributeError):
        return None
    with connection.cursor() as cursor:
        cursor.execute(_head_and_events_sql(with_state), [after, key])
        rows = cursor.fetchall()
    if not rows:
        return None
    heads, events = _head_columns(), _event_columns()
    game = heads.build(rows[0][: len(heads)])
    found = (events.build(row[len(heads) :]) for row in rows)
    return game, [event for event in found if event is not None]


@cache
def _head_columns() -> Columns:
    return Columns(Game, "g")


@cache
def _head_and_events_sql(with_state: bool) -> str:
    quote = connection.ops.quote_name
    seq = quote(GameEvent._meta.get_field("seq").column)
    game = quote(GameEvent._meta.get_field("game").column)
    first_row = f"row_number() OVER (ORDER BY e.{seq}) = 1"
    state_column = quote(Game._meta.get_field("state").column)
    state = f"CASE WHEN {first_row} THEN g.{state_column} END" if with_state else "NULL"
    heads = [state if f.name == "state" else f"g.{quote(f.column)}" for f in _head_columns().fields]
    version = quote(Game._meta.get_field("version").column)
    pk = quote(Game._meta.pk.column)
    return (
        f"SELECT {', '.join(heads)}, {_event_columns().sql} FROM {table(Game)} g "
        f"LEFT JOIN {table(GameEvent)} e ON e.{game} = g.{pk} AND e.{seq} > %s "
        f"AND e.{seq} <= g.{version} WHERE g.{pk} = %s ORDER BY e.{seq}"
    )


@cache
def _event_columns() -> Columns:
    return Columns(GameEvent, "e")


# --- reading ------------------------------------------------------------------------


def current_parts(row: GameEvent) -> tuple[dict, dict | None]:
    """The row's public and private parts in the current shape of its type (rows are
    never rewritten: an older shape is upcast as it is read)."""
    if is_upcast(row):
        return upcast(row.type, row.schema_version, row.public, row.private)
    return row.public, row.private


def current_public(type_: str, schema_version: int, public: dict) -> dict:
    """A row's public part in the current shape of its type, from its columns (for a
    reader that fetches those alone, as the records do)."""
    if type_ in EVENT_TYPES and schema_version < schema_version_of(type_):
        return upcast(type_, schema_version, public, None)[0]
    return public


def is_upcast(row: GameEvent) -> bool:
    return is_engine_event(row) and row.schema_version < schema_version_of(row.type)


def current_version(row: GameEvent) -> int:
    """The schema version the row is shown in (an upcast row in its type's current one)."""
    return schema_version_of(row.type) if is_upcast(row) else row.schema_version


def is_engine_event(row: GameEvent) -> bool:
    return row.type in EVENT_TYPES


def engine_events(rows: Iterable[GameEvent]) -> list[Event]:
    """The engine's events among the rows (lobby events are the shell's own), each in
    its type's current shape."""
    return events_from_parts(
        (row.type, row.schema_version, row.public, row.private)
        for row in rows
        if row.type in EVENT_TYPES
    )


def actor_of_seat(seat: int | None) -> str:
    return SYSTEM if seat is None else f"seat:{seat}"


def row_time(row: GameEvent) -> str:
    return format_time(row.recorded_at)
