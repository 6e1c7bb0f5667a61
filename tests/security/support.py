"""Helpers for the security and concurrency tests: players and staff with tokens, games
set up through the HTTP API, and the hidden-information crawler.

The crawler's notion of what a caller may see is built here from the game's stored log
(every event with its private part, read straight from the database) and from the rules
of DESIGN.md section 4, not from the server's redaction code:

- everyone who may see the game sees the public table: the discard pile laid out by a
  position, every card turned or played, and the hands left at a round's end;
- the shuffles' reveals (every shuffle's order, at a round's end or when a game ends
  mid-round: `round_ended`, `shuffles_revealed`) go to the seats that played that round
  (CONTRACT "Events, hashes and exports"), and to everyone else only once the game has
  ended where finished games are revealed (settings.UNO_REVEAL_FINISHED_GAMES); version
  1 of these events held the reveal in the public part, read here as the engine reads
  it (upcast), so a game recorded then is held to the same rule;
- a seat also sees the cards dealt to it, the cards it drew, the hands it was given by a
  swap or rotation, and the hand shown to it when it challenged a Wild Draw Four; what a
  seat once saw stays allowed (it may still be in the seat's own history);
- once a game has ended, its players see everything when the service opens finished
  games to them (settings.UNO_REVEAL_FINISHED_GAMES);
- staff see everything; an anonymous caller sees nothing at all;
- UNO FLIP! (CONTRACT "What others see"): every card's face that faces away from its
  holder is public: each hand's inactive faces and the draw pile's top back, at every
  moment of the game (what was once shown stays allowed); a caller who may see a card's
  full code may see both its faces. Found by replaying the log, not from the views.

A body leaks when it contains, as a JSON string, a card code (or an UNO FLIP! face) the
caller may not see.
Positions are set up so that every copy of many card kinds sits in one hidden place
(one hand, the draw pile, or out of play), which makes those kinds canaries.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from itertools import count

from django.conf import settings
from django.test import Client

from games.engine import GameState
from games.engine.cards import CARDS_BY_CODE, DARK_FACES, LIGHT_FACES
from games.engine.codec import event_from_parts
from games.engine.evolve import record
from games.engine.upcast import upcast
from games.log.store import is_engine_event
from games.models import Game, GameEvent, GameStatus

API = "/api/v1"
ALL_CODES: frozenset[str] = frozenset(CARDS_BY_CODE)
_LIGHT = frozenset(face.code for face in LIGHT_FACES)
_DARK = frozenset(face.code for face in DARK_FACES)
#: Every UNO FLIP! face, and every code a pair of faces can have.
FLIP_FACES: frozenset[str] = _LIGHT | _DARK
FLIP_CODES: frozenset[str] = frozenset(f"{light}/{dark}" for light in _LIGHT for dark in _DARK)
EVERY_CODE: frozenset[str] = ALL_CODES | FLIP_FACES | FLIP_CODES
_JSON_STRING = re.compile(r'"([a-z0-9/-]+)"')
#: No timers: nothing may move a game between two looks at it.
NO_TIMERS = {"turn_seconds": None, "response_seconds": None, "uno_window_seconds": None}

_names = count(1)


# --- players and requests ------------------------------------------------------------


@dataclass(frozen=True)
class Caller:
    """Someone who calls the API: a name for reports, and a bearer token (None: anonymous)."""

    name: str
    token: str | None
    player_id: str | None = None
    staff: bool = False

    def headers(self) -> dict[str, str]:
        return {"HTTP_AUTHORIZATION": f"Bearer {self.token}"} if self.token else {}


def register(name: str | None = None) -> Caller:
    from players.services import player_register

    name = name or f"player{next(_names)}"
    player, token = player_register(name=name)
    return Caller(name, token, str(player.id))


def staff_caller(username: str | None = None) -> Caller:
    from django.contrib.auth import get_user_model

    from players.services import player_for_user, token_issue

    username = username or f"staff{next(_names)}"
    get_user_model().objects.create_user(username=username, password=None, is_staff=True)
    player = player_for_user(username=username)
    return Caller(username, token_issue(player=player, label="tests"), str(player.id), True)


ANONYMOUS = Caller("anonymous", None)


@dataclass
class Reply:
    status: int
    body: str
    headers: dict

    def json(self):
        return json.loads(self.body)


def call(client: Client, caller: Caller, method: str, path: str, body=None, **headers) -> Reply:
    """One request through Django's whole stack; streaming bodies are read to the end."""
    extra = {**caller.headers(), **headers}
    if method == "GET":
        response = client.get(path, **extra)
    else:
        data = json.dumps(body) if body is not None else ""
        response = client.post(path, data=data, content_type="application/json", **extra)
    if getattr(response, "streaming", False):
        text = b"".join(response.streaming_content).decode("utf-8")
    else:
        text = response.content.decode("utf-8")
    return Reply(response.status_code, text, dict(response.headers))


def ok(reply: Reply, status: int = 200):
    assert reply.status == status, f"expected {status}, got {reply.status}: {reply.body[:800]}"
    return reply.json() if reply.body else None


# --- games ---------------------------------------------------------------------------


@dataclass
class Table:
    """A started game: its id, the staff member who set it up, and a caller per seat."""

    game_id: str
    staff: Caller
    seats: list[Caller]

    def path(self, suffix: str = "") -> str:
        return f"{API}/games/{self.game_id}{suffix}"

    def act(self, client: Client, seat: int, body: dict, status: int = 200) -> dict:
        return ok(call(client, self.seats[seat], "POST", self.path("/actions"), body), status)

    def version(self) -> int:
        return Game.objects.get(pk=self.game_id).version


def start_table(
    client: Client,
    *,
    seats: int,
    rules: dict,
    position: dict | None = None,
    visibility: str = "public",
    timers: dict | None = None,
    **staff_fields,
) -> Table:
    """A staff member creates the game (staff-only set-up allowed), players fill every
    seat, the host starts it. Seat 0 is the staff host."""
    staff = staff_caller()
    body = {"seats": seats, "rules": rules, "visibility": visibility}
    body["timers"] = NO_TIMERS if timers is None else timers
    if position is not None:
        body["position"] = position
    body.update(staff_fields)
    created = ok(call(client, staff, "POST", f"{API}/games", body), 201)
    table = Table(created["id"], staff, [staff])
    for _ in range(1, seats):
        player = register()
        join = {"invite_code": created["invite_code"]} if visibility == "invite" else {}
        ok(call(client, player, "POST", table.path("/join"), join))
        table.seats.append(player)
    ok(call(client, staff, "POST", table.path("/start")))
    return table


def stored_events(game_id) -> list[GameEvent]:
    return list(GameEvent.objects.filter(game_id=game_id).order_by("seq"))


# --- what a caller may see -----------------------------------------------------------


@dataclass
class Knowledge:
    """The card codes each seat may see, and those public to every viewer, from the log."""

    public: set[str] = field(default_factory=set)
    seats: dict[int, set[str]] = field(default_factory=dict)
    everything_open_to_players: bool = False

    def for_seat(self, seat: int) -> set[str]:
        if self.everything_open_to_players:
            return set(EVERY_CODE)
        return with_faces(self.public | self.seats.get(seat, set()))

    def for_spectator(self) -> set[str]:
        return with_faces(self.public)


def with_faces(codes: set[str]) -> set[str]:
    """The codes, and both faces of each UNO FLIP! code among them."""
    return codes | {face for code in codes if "/" in code for face in code.split("/")}


def faces_facing_away(rows: list[GameEvent]) -> set[str]:
    """UNO FLIP!: every face that ever faced away from its holder (a hand's inactive
    faces, the draw pile's top back), by replaying the log event by event."""
    state, shown = GameState(), set()
    for row in rows:
        if not is_engine_event(row):
            continue
        record(state, event_from_parts(row.type, row.public, row.private, row.schema_version))
        if not state.deck:
            continue
        for hand in state.hands:
            shown.update(c.flipped.face for c in hand)
        if state.draw_pile:
            shown.add(state.draw_pile[0].flipped.face)
    return shown


def knowledge_from_log(game_id) -> Knowledge:
    game = Game.objects.get(pk=game_id)
    known = Knowledge()

    def seat_saw(seat: int, codes: Iterable[str]) -> None:
        known.seats.setdefault(int(seat), set()).update(codes)

    rows = stored_events(game_id)
    if game.rules["options"].get("cards") == "flip":
        known.public |= faces_facing_away(rows)
    revealed: set[str] = set()  # every shuffle's order revealed so far
    for row in rows:
        public, private = row.public, row.private or {}
        if is_engine_event(row):
            public, private = upcast(row.type, row.schema_version, public, row.private)
            private = private or {}
        kind = row.type
        if kind == "position_loaded":
            known.public.update(public["discard"])
        elif kind in ("first_card_turned", "first_card_returned", "card_played"):
            known.public.add(public["card"])
        elif kind == "turn_changed" and public.get("owed"):
            known.public.add(public["owed"]["card"])  # a card played or turned, owing a choice
        elif kind == "round_ended":
            for hand in public["hands"].values():
                known.public.update(hand)
            orders = {card for shuffle in private["shuffles"] for card in shuffle["order"]}
            revealed |= orders
            for seat in public["hands"]:  # the seats that played the round
                seat_saw(seat, orders)
        elif kind == "shuffles_revealed":  # a game ending mid-round reveals its shuffles
            orders = {card for shuffle in private["shuffles"] for card in shuffle["order"]}
            revealed |= orders
            for seat in public["seats"]:
                seat_saw(seat, orders)
        elif kind in ("cards_dealt", "cards_drawn", "hand_replaced"):
            seat_saw(public["seat"], private["cards"])
        elif kind == "draw4_challenged":
            seat_saw(public["seat"], private["hand"])  # shown to the challenger
    ended = game.status in (GameStatus.FINISHED, GameStatus.ABORTED)
    known.everything_open_to_players = ended and settings.UNO_REVEAL_FINISHED_GAMES
    if known.everything_open_to_players:
        known.public |= revealed
    return known


def codes_in(text: str) -> set[str]:
    """Card codes (and UNO FLIP! faces) appearing in a body as JSON strings."""
    return {found for found in _JSON_STRING.findall(text) if found in EVERY_CODE}


# --- the crawler ---------------------------------------------------------------------


@dataclass(frozen=True)
class Leak:
    caller: str
    path: str
    status: int
    codes: frozenset[str]

    def __str__(self) -> str:
        return f"{self.caller} GET {self.path} ({self.status}) shows {sorted(self.codes)}"


@dataclass
class Crawl:
    leaks: list[Leak] = field(default_factory=list)
    statuses: dict[tuple[str, str], int] = field(default_factory=dict)
    bodies: dict[tuple[str, str], str] = field(default_factory=dict)
    seen: dict[str, set[str]] = field(default_factory=dict)  # caller -> codes in its bodies

    def status_of(self, caller: str, endpoint: str) -> int:
        return self.statuses[(caller, endpoint)]


def endpoints(game_id, version: int, replay_points: Iterable[int], long_poll: bool) -> list:
    """(label, path[, headers]) for every GET a client can make about a game."""
    base = f"{API}/games/{game_id}"
    paths = [
        ("lobby", f"{API}/games"),
        ("lobby_active", f"{API}/games?status=active"),
        ("game", base),
        ("legal_actions", f"{base}/legal-actions"),
        ("events", f"{base}/events?after=0"),
        ("events_tail_wait", f"{base}/events?after={max(0, version - 3)}&wait=1"),
        # Served over WSGI, a stream sends its first batch and closes.
        ("stream", f"{base}/stream?after=0"),
        ("stream_ndjson", f"{base}/stream?after=0", {"HTTP_ACCEPT": "application/x-ndjson"}),
        # The caller's own notices (served over WSGI: the snapshot, then it closes).
        ("player_stream", f"{API}/players/me/stream"),
        ("export", f"{base}/export"),
        ("audit", f"{base}/audit"),
        ("seal", f"{base}/seal"),
        ("keys", f"{API}/keys"),
    ]
    if long_poll:  # nothing new yet: the request waits its second out
        paths.append(("events_long_poll", f"{base}/events?after={version}&wait=1"))
    for at in sorted(set(replay_points)):
        paths.append((f"replay@{at}", f"{base}/replay?at={at}"))
    return paths


def crawl(
    client: Client,
    table: Table,
    *,
    spectators: Iterable[Caller] = (),
    replay_points: int = 5,
    long_poll: bool = False,
    include_staff: bool = False,
) -> Crawl:
    """Call every GET endpoint of the game as every seat, each spectator, and an anonymous
    caller; report each body holding a card code its caller may not see now."""
    version = table.version()
    known = knowledge_from_log(table.game_id)
    points = {0, version, max(0, version - 1)}
    points |= {version * k // replay_points for k in range(1, replay_points)}
    paths = endpoints(table.game_id, version, points, long_poll)
    callers: list[tuple[Caller, set[str]]] = []
    for seat, caller in enumerate(table.seats):
        callers.append((caller, set(EVERY_CODE) if caller.staff else known.for_seat(seat)))
    callers += [(spectator, known.for_spectator()) for spectator in spectators]
    callers.append((ANONYMOUS, set()))
    if include_staff:
        callers.append((table.staff, set(EVERY_CODE)))
    result = Crawl()
    for caller, allowed in callers:
        label = caller.name
        if caller is table.staff and table.seats and table.seats[0] is caller:
            label = f"{caller.name} (staff, seat 0)"
        for name, path, *headers in paths:
            reply = call(client, caller, "GET", path, **(headers[0] if headers else {}))
            result.statuses[(caller.name, name)] = reply.status
            result.bodies[(caller.name, name)] = reply.body
            shown = codes_in(reply.body)
            result.seen.setdefault(caller.name, set()).update(shown)
            forbidden = shown - allowed
            if forbidden:
                result.leaks.append(Leak(label, path, reply.status, frozenset(forbidden)))
    return result


def probe_refusals(client: Client, table: Table, *, per_seat: int = 8) -> list[Leak]:
    """Refused moves must not explain themselves with hidden cards: each seat asks to play
    cards it has never seen (so it cannot hold them); the problem document may echo the
    card asked for, and nothing else the seat may not see."""
    known = knowledge_from_log(table.game_id)
    leaks = []
    for seat, caller in enumerate(table.seats):
        if caller.staff:
            continue
        allowed = known.for_seat(seat)
        for code in sorted(ALL_CODES - allowed)[:per_seat]:
            body = {"type": "play", "card": code}
            if code.startswith("wild"):
                body["color"] = "red"
            reply = call(client, caller, "POST", table.path("/actions"), body)
            assert 400 <= reply.status < 500, (caller.name, code, reply.status, reply.body)
            assert reply.json()["code"], reply.body
            forbidden = codes_in(reply.body) - allowed - {code}
            if forbidden:
                leaks.append(Leak(caller.name, f"POST actions {code}", reply.status, forbidden))
    return leaks


def act_and_check(client: Client, table: Table, seat: int, body: dict) -> list[Leak]:
    """Send a move; the reply (the events it produced and the mover's new view) may show
    the mover only what it may see once the move is made."""
    reply = call(client, table.seats[seat], "POST", table.path("/actions"), body)
    ok(reply)
    if table.seats[seat].staff:
        return []
    allowed = knowledge_from_log(table.game_id).for_seat(seat)
    forbidden = codes_in(reply.body) - allowed
    if not forbidden:
        return []
    return [Leak(table.seats[seat].name, f"POST actions {body}", 200, frozenset(forbidden))]
