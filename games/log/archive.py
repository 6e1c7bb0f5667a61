"""Cold storage: an ended, sealed game's log moved out of the hot events table into one
compressed row (ArchivedLog), from which every reader gets the very same rows back.

What is stored is what cannot be recomputed, column by column: each event's type,
schema version, actor, time (microseconds after the previous event's), public and private
parts, as one JSON document compressed with xz (Python's lzma). What follows from those (`seq`, the
private digests, `prev_hash` and `hash`) is recomputed on reading, with the hash chain
the API documents (games.log.hashing): so a rewritten archive no longer ends at the
sealed head hash, and the audit (chain, replay, seal) catches it as it catches a
rewritten events table.

games.log.cold_storage moves a log in; games.log.store reads either kind of game.
"""

from __future__ import annotations

import json
import lzma
from collections import OrderedDict
from datetime import UTC, datetime, timedelta
from threading import Lock

from games.log.hashing import GENESIS_HASH, envelope, event_hash, private_digest
from games.models import ArchivedLog, GameEvent
from unoservice.clock import format_time

CODEC = 1
#: xz's preset 6: on these logs a little smaller than zstd's level 19 (15.6 against 15.9
#: bytes an event) and zlib's best (about 17), in Python itself; about 35 ms a game.
PRESET = 6
_EPOCH = datetime(1970, 1, 1, tzinfo=UTC)
#: Decoded archives kept per process: an archived log never changes.
_CACHE_SIZE = 32


def encode(rows: list[GameEvent]) -> bytes:
    previous = 0
    deltas = []
    for row in rows:
        at = _micros(row.recorded_at)
        deltas.append(at - previous)
        previous = at
    columns = {
        "type": [row.type for row in rows],
        "schema_version": [row.schema_version for row in rows],
        "actor": [row.actor for row in rows],
        "recorded_at_us": deltas,
        "public": [row.public for row in rows],
        "private": [row.private for row in rows],
    }
    text = json.dumps(columns, separators=(",", ":"), ensure_ascii=False)
    return lzma.compress(text.encode("utf-8"), preset=PRESET)


def decode(game_id, data: bytes) -> list[GameEvent]:
    """The archived log's rows, as the events table held them (not saved: never saved)."""
    columns = json.loads(lzma.decompress(bytes(data)))
    rows, prev, at = [], GENESIS_HASH, 0
    for index, type_ in enumerate(columns["type"]):
        at += columns["recorded_at_us"][index]
        recorded_at = _EPOCH + timedelta(microseconds=at)
        public, private = columns["public"][index], columns["private"][index]
        seq, actor = index + 1, columns["actor"][index]
        version = columns["schema_version"][index]
        digest = private_digest(private)
        hash_ = event_hash(
            prev,
            envelope(
                seq=seq,
                type_=type_,
                schema_version=version,
                recorded_at=format_time(recorded_at),
                actor=actor,
                public=public,
            ),
            digest,
        )
        row = GameEvent(
            game_id=game_id,
            seq=seq,
            type=type_,
            schema_version=version,
            public=public,
            private=private,
            private_digest=digest,
            actor=actor,
            recorded_at=recorded_at,
            prev_hash=prev,
            hash=hash_,
        )
        row._state.adding = False
        rows.append(row)
        prev = hash_
    return rows


_decoded: OrderedDict = OrderedDict()
_decoded_lock = Lock()


def archived_rows(game_id) -> list[GameEvent]:
    """The archived game's rows, decoded once per process (the most recent few kept)."""
    key = str(game_id)
    with _decoded_lock:
        if key in _decoded:
            _decoded.move_to_end(key)
            return _decoded[key]
    archive = ArchivedLog.objects.get(game_id=game_id)
    rows = decode(archive.game_id, archive.data)
    with _decoded_lock:
        _decoded[key] = rows
        while len(_decoded) > _CACHE_SIZE:
            _decoded.popitem(last=False)
    return rows


def _micros(moment: datetime) -> int:
    delta = moment - _EPOCH
    return (delta.days * 86400 + delta.seconds) * 1_000_000 + delta.microseconds
