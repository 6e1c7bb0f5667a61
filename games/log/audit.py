"""The audit of one game: the hash chain is intact, replaying the log reproduces the head
row and its state cache field by field, every shuffle matches its commitment, and an
ended game's seal is a valid signature of where its log ends. Each check names the first
event at fault (and the replay check the first differing field)."""

from __future__ import annotations

import dataclasses
from collections import Counter
from dataclasses import dataclass

from games import engine
from games.engine.cards import build_deck
from games.engine.shuffle import verify_commitment
from games.engine.snapshot import FORMAT, state_from_json
from games.log.hashing import GENESIS_HASH, envelope, event_hash, private_digest
from games.log.seals import seal_fault
from games.log.signing_keys import public_keys
from games.log.store import current_parts, engine_events, events_of
from games.models import Game, GameEvent, GameStatus
from unoservice.clock import format_time


@dataclass(frozen=True)
class Check:
    name: str
    ok: bool
    detail: str
    seq: int | None = None

    def as_dict(self) -> dict:
        return {"name": self.name, "ok": self.ok, "detail": self.detail, "seq": self.seq}


def audit_game(game: Game) -> dict:
    return audit_rows(game, events_of(game))


def audit_rows(game: Game, rows: list[GameEvent]) -> dict:
    """The audit of these rows as the game's log (an archived copy is checked with it
    before the game's events leave the hot table: games.log.cold_storage)."""
    checks = [_hash_chain(game, rows), _replay(game, rows), _shuffles(rows), _seal(game, rows)]
    return {"ok": all(c.ok for c in checks), "checks": [c.as_dict() for c in checks]}


def log_fault(game: Game) -> str | None:
    """What is wrong with the game's log (its chain or its replay), or None."""
    rows = events_of(game)
    for check in (_hash_chain(game, rows), _replay(game, rows)):
        if not check.ok:
            return f"{check.name}: {check.detail} (seq {check.seq})"
    return None


def _hash_chain(game: Game, rows: list[GameEvent]) -> Check:
    prev = GENESIS_HASH
    for expected_seq, row in enumerate(rows, start=1):
        if row.seq != expected_seq:
            return Check("hash_chain", False, f"event {expected_seq} is missing", expected_seq)
        digest = private_digest(row.private)
        if digest != row.private_digest:
            return Check("hash_chain", False, "the private part does not match its digest", row.seq)
        envelope_ = envelope(
            seq=row.seq,
            type_=row.type,
            schema_version=row.schema_version,
            recorded_at=format_time(row.recorded_at),
            actor=row.actor,
            public=row.public,
        )
        if row.prev_hash != prev or event_hash(prev, envelope_, digest) != row.hash:
            return Check(
                "hash_chain", False, "the event does not hash to its recorded hash", row.seq
            )
        prev = row.hash
    if prev != game.head_hash or len(rows) != game.version:
        return Check("hash_chain", False, "the head row does not point at the last event", None)
    return Check("hash_chain", True, f"{len(rows)} events chain to {prev[:12]}…")


def _replay(game: Game, rows: list[GameEvent]) -> Check:
    try:
        state = engine.replay(engine_events(rows))
    except Exception as error:  # a log the engine cannot fold is exactly what we report
        return Check("replay", False, f"the log does not replay: {error!r}", None)
    if not state.seat_count:
        ok = game.status in (GameStatus.WAITING, GameStatus.ABORTED)
        return Check("replay", ok, "the game never started" if ok else "no game_started event")
    active = state.status == engine.Status.ACTIVE
    expected = {
        "status": {"active": "active", "finished": "finished", "aborted": "aborted"}[state.status],
        "to_act": state.to_act if active else None,
        "phase": state.phase.value if active else "",
        "round": state.round,
        "winner": list(state.winner) if isinstance(state.winner, tuple) else state.winner,
    }
    for field, value in expected.items():
        if getattr(game, field) != value:
            return Check(
                "replay",
                False,
                f"head row {field}={getattr(game, field)!r}, replay gives {value!r}",
                game.version,
            )
    differs = _cache_differs(game, state)
    if differs:
        return Check("replay", False, differs, game.version)
    return Check("replay", True, f"replaying {len(rows)} events reproduces the head row")


def _cache_differs(game: Game, state) -> str | None:
    """How the head row's state cache differs from the replayed state, naming the first
    differing field; None when it is absent (it is then rebuilt by replay) or equal."""
    cache = game.state
    if cache is None or game.state_format != FORMAT:
        return None
    if cache.get("version") != game.version:
        return f"the state cache is of version {cache.get('version')!r}, not {game.version}"
    try:
        cached = state_from_json(cache["state"])
    except Exception as error:  # a cache that does not even decode is what we report
        return f"the state cache does not decode: {error!r}"
    for field in dataclasses.fields(state):
        if getattr(cached, field.name) != getattr(state, field.name):
            return f"the state cache's {field.name} differs from the replayed state"
    return None


def _shuffles(rows: list[GameEvent]) -> Check:
    committed: dict[str, tuple[int, list[str], str]] = {}
    checked = 0
    deck = None
    for row in rows:
        if row.type == "game_started":
            rules = engine.rules.rules_from_dict(row.public["rules"])
            deck = Counter(c.code for c in build_deck(rules.cards, rules.downpour))
        if row.type == "deck_shuffled":
            public, private = row.public, row.private or {}
            order, salt = private.get("order"), private.get("salt")
            if order is None or not verify_commitment(order, salt, public["commitment"]):
                return Check(
                    "shuffles", False, "the shuffle does not match its commitment", row.seq
                )
            if public["reason"] == "pairing":  # UNO FLIP!: the game's deck, its faces paired
                if _faces(order) != _faces(deck.elements()):
                    return Check("shuffles", False, "the paired faces are not the deck's", row.seq)
                deck = Counter(order)
            if public["reason"] == "deal" and deck is not None and Counter(order) != deck:
                return Check("shuffles", False, "the dealt deck is not the game's deck", row.seq)
            committed[public["commitment"]] = (row.seq, order, salt)
            checked += 1
        if row.type in ("round_ended", "shuffles_revealed"):
            # in the private part from version 2 on; upcast reads version 1's public one
            for revealed in (current_parts(row)[1] or {}).get("shuffles", ()):
                seq, order, salt = committed.get(revealed["commitment"], (None, None, None))
                if (
                    order != revealed["order"]
                    or salt != revealed["salt"]
                    or not verify_commitment(
                        revealed["order"], revealed["salt"], revealed["commitment"]
                    )
                ):
                    return Check(
                        "shuffles", False, "a revealed shuffle differs from its commitment", row.seq
                    )
    return Check("shuffles", True, f"{checked} shuffles match their commitments")


def _faces(codes) -> Counter:
    """Each face of double-faced card codes (`light/dark`), counted."""
    return Counter(face for code in codes for face in code.split("/"))


def _seal(game: Game, rows: list[GameEvent]) -> Check:
    """The seal signs the log as it ends now (its last event's hash, not the head row's,
    which a rewrite would change along with the chain)."""
    if game.status not in (GameStatus.FINISHED, GameStatus.ABORTED):
        return Check("seal", True, "the game has not ended; it is sealed when it ends")
    if game.seal is None:
        return Check(
            "seal",
            False,
            "the game ended before seals existed and is not sealed yet "
            "(`manage.py seal_games` seals it)",
        )
    last_hash = rows[-1].hash if rows else GENESIS_HASH
    fault = seal_fault(
        game.seal, game_id=str(game.id), head_hash=last_hash, version=len(rows), keys=public_keys()
    )
    if fault:
        return Check("seal", False, fault, len(rows))
    return Check("seal", True, f"signed by key {game.seal['key_id']} at version {len(rows)}")
