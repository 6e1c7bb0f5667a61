"""The one way game state and events leave the server: every response, feed, replay and
export is built here, through the engine's `view_for` and `redact_for`."""

from __future__ import annotations

from django.conf import settings

from games.engine import (
    GameState,
    Viewer,
    action_body,
    event_from_parts,
    legal_actions,
    redact_for,
    view_for,
)
from games.engine.events import Event
from games.live.spectators import spectator_count
from games.log.hashing import canonical, sha256_hex
from games.log.store import current_parts, current_version, is_engine_event, is_upcast
from players.models import Player
from unoservice import clock
from unoservice.clock import format_time

from .models import DEFAULT_BOT_THINK_MS, Game, GameEvent, GameStatus


def viewer_of(game: Game, player: Player | None, seats: dict[str, int] | None = None) -> Viewer:
    """`seats`: the game's `seats_by_player`, when the caller has it already (a stream's
    reading serves every viewer of the game in its process)."""
    if player is None:
        return Viewer.spectator()
    seats = seats_by_player(game) if seats is None else seats
    return Viewer(seat=seats.get(str(player.id)), staff=player.is_staff)


def seats_by_player(game: Game) -> dict[str, int]:
    """The seat each player who has not left sits in, by player id."""
    return {s.player_id: s.seat for s in reversed(game.seat_rows()) if not s.left}


def reveals_all(game: Game, viewer: Viewer) -> bool:
    """Staff see everything; the game's players see everything once it has ended, if
    the service opens finished games to them (UNO_REVEAL_FINISHED_GAMES)."""
    if viewer.staff:
        return True
    ended = game.status in (GameStatus.FINISHED, GameStatus.ABORTED)
    was_seated = viewer.seat is not None
    return ended and was_seated and settings.UNO_REVEAL_FINISHED_GAMES


#: rules_id by game id: a game's rules and timers are fixed when it is created, and
#: canonical JSON of them took most of a view's added cost (about 70 us a view).
_rules_ids: dict[str, str] = {}
RULES_IDS_KEPT = 4096


def rules_id(game: Game) -> str:
    """The digest of the game's rule set, the same in every view of it: the first 16 hex
    characters of sha256(canonical({"rules": rules, "timers": timers}))."""
    key = str(game.id)
    found = _rules_ids.get(key)
    if found is None:
        if len(_rules_ids) >= RULES_IDS_KEPT:
            _rules_ids.clear()
        found = sha256_hex(canonical({"rules": game.rules, "timers": game.timers}))[:16]
        _rules_ids[key] = found
    return found


def legal_action_bodies(game: Game, state: GameState | None, viewer: Viewer) -> list[dict]:
    """What `viewer` may send now (`GET /legal-actions`, and every view's
    `legal_actions`): nothing without a seat or outside an active game."""
    if viewer.seat is None or game.status != GameStatus.ACTIVE or state is None:
        return []
    return [action_body(a) for a in legal_actions(state, viewer.seat)]


def reveals_shuffles(game: Game) -> bool:
    """Once a game has ended, where finished games are revealed
    (UNO_REVEAL_FINISHED_GAMES), its shuffles' reveals (orders and salts) are open to
    everyone who may read it, spectators included; before, only to the seats that
    played the round and staff."""
    ended = game.status in (GameStatus.FINISHED, GameStatus.ABORTED)
    return ended and settings.UNO_REVEAL_FINISHED_GAMES


def game_document(
    game: Game,
    state: GameState | None,
    viewer: Viewer,
    *,
    spectators: int | None = None,
    with_rules: bool = True,
) -> dict:
    """The game as `viewer` may see it (`GET /games/{id}`); `spectators`: their count,
    when the caller has read it already. `rules_id` always; `rules` and `timers` only
    `with_rules` (a GET, a stream's first view): the rule set travels once."""
    players = {s.seat: s.player for s in game.seat_rows()}
    document = {
        "id": str(game.id),
        "version": game.version,
        "head_hash": game.head_hash,
        "status": game.status,
        "visibility": game.visibility,
        "host": str(game.host_id),
        "seat_count": game.seat_count,
        "rules_id": rules_id(game),
        **({"rules": game.rules, "timers": game.timers} if with_rules else {}),
        "bot_think_ms": game.bots.get("think_ms", DEFAULT_BOT_THINK_MS),
        "created_at": format_time(game.created_at),
        "server_time": format_time(clock.now()),
        "deadline_at": None,
        "next_game_id": str(game.next_game_id) if game.next_game_id else None,
        "spectators": spectator_count(game.id) if spectators is None else spectators,
    }
    if game.invite_code and (viewer.seat is not None or viewer.staff):
        document["invite_code"] = game.invite_code
    if state is None or state.seat_count == 0:
        document.update(_waiting_view(game, players, viewer))
        document["legal_actions"] = []
        return document
    view = view_for(state, viewer, reveal_all=reveals_all(game, viewer))
    deadlines = game.open_deadlines
    closes = {
        w["seat"]: deadlines[w["token"]]["closes_at"] if w["token"] in deadlines else None
        for w in view["uno_windows"]
    }
    for entry in view["seats"]:
        entry["player"] = players.get(entry["seat"])
        entry["catchable_until"] = closes.get(entry["seat"])
    windows = sorted(view.pop("uno_windows"), key=lambda w: closes[w["seat"]] or "~")
    first = windows[0]["seat"] if windows else None
    view["uno_window"] = {"seat": first, "closes_at": closes[first]} if windows else None
    turn = deadlines.get(state.turn_token)
    document["deadline_at"] = turn["closes_at"] if turn else None
    view.pop("status")
    document.update(view)
    document["legal_actions"] = legal_action_bodies(game, state, viewer)
    return document


def _waiting_seat_state(player: dict | None) -> str:
    if player is None:
        return "open"
    return "bot" if player.get("bot") else "playing"


def _waiting_view(game: Game, players: dict, viewer: Viewer) -> dict:
    seats = [
        {
            "seat": seat,
            "player": players.get(seat),
            "cards": 0,
            "uno_called": False,
            "catchable_until": None,
            "score": 0,
            "state": _waiting_seat_state(players.get(seat)),
        }
        for seat in range(game.seat_count)
    ]
    you = {"seat": viewer.seat, "hand": []} if viewer.seat is not None else None
    return {
        "seats": seats,
        "you": you,
        "round": 0,
        "dealer": None,
        "top_card": None,
        "color": None,
        "direction": "clockwise",
        "to_act": None,
        "phase": "finished" if game.status == GameStatus.ABORTED else "waiting",
        "pending_draw": 0,
        "uno_window": None,
        "draw_pile": 0,
        "discard_pile": 0,
        "winner": None,
        "ranking": [],
    }


def event_document(
    row: GameEvent,
    viewer: Viewer,
    *,
    reveal_all: bool = False,
    reveal_shuffles: bool = False,
    event: Event | None = None,
) -> dict:
    """One stored event as `viewer` may see it, in the current shape of its type, with
    `private` only where the engine's `redact_for` allows it; the private digest always.
    `event` is the engine event the row encodes, when the caller has it in memory (what a
    write just appended); otherwise the row is decoded.

    An event recorded in an older shape is shown upcast, and carries `recorded`: its
    `schema_version`, `public` and (where the viewer may see it) `private` exactly as
    stored, which is what the hash chain and the private digest cover. Where the current
    shape moved a recorded public field into the private part (a version 1 round's end
    revealed its shuffles publicly) and the viewer may not see that part, the field is
    left out of `recorded.public` too, and `recorded.withheld` names it: that event's
    hash can then be recomputed only by those who may see it."""
    engine_event = is_engine_event(row)
    public, private = current_parts(row) if engine_event else (row.public, row.private)
    visible = False
    if private is not None and engine_event:
        if event is None:
            event = event_from_parts(row.type, public, private)
        redacted = redact_for(event, viewer, reveal_all=reveal_all, reveal_shuffles=reveal_shuffles)
        visible = redacted["private"] is not None
    elif private is not None:
        visible = viewer.staff or reveal_all
    document = {
        "seq": row.seq,
        "type": row.type,
        "schema_version": current_version(row),
        "recorded_at": format_time(row.recorded_at),
        "actor": row.actor,
        "public": public,
        "private": private if visible else None,
        "private_digest": row.private_digest,
        "prev_hash": row.prev_hash,
        "hash": row.hash,
    }
    if is_upcast(row):
        recorded = {
            "schema_version": row.schema_version,
            "public": row.public,
            "private": row.private if visible else None,
        }
        withheld = sorted(set(private or ()) & set(row.public)) if not visible else []
        if withheld:
            recorded["public"] = {k: v for k, v in row.public.items() if k not in withheld}
            recorded["withheld"] = withheld
        document["recorded"] = recorded
    return document
