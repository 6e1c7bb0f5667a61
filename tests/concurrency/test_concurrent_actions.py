"""Concurrent writers on PostgreSQL: bursts of actions released together at one game.

Each burst, 32+ threads (one Django test Client and one database connection each) wait on
a barrier and then send, through Django's whole request stack, a mix of: the seat to act's
move, exact duplicates of it (with and without one shared Idempotency-Key, and with the
`If-Match` version), other moves of that seat, jump-ins by seats holding the identical
card (house rules), UNO calls and catches. After every burst the log must be whole:
`seq` gap-free with no duplicates, every event accounted for by exactly one accepted
request, the hash chain and the audit good, and a replay equal to the head row; every
refused request a 4xx problem with a `code`.
"""

from __future__ import annotations

import json
import random
import threading
import time
from dataclasses import dataclass

import pytest
from django.db import connections
from django.test import Client
from security.support import (  # tests/ is on sys.path (pytest rootdir insertion)
    ALL_CODES,
    API,
    NO_TIMERS,
    Table,
    call,
    crawl,
    knowledge_from_log,
    register,
    start_table,
    stored_events,
)

from games import engine
from games.log.audit import audit_game
from games.models import Game, GameEvent
from games.services import game_state, replay_state

pytestmark = pytest.mark.django_db(transaction=True)

THREADS = 36
BURSTS = 10

# House rules (stacking, Seven-O, jump-in). Every card in a hand has its twin in another
# seat's hand (or on top of the discard pile), so that most plays can be jumped in on.
POSITION = {
    "hands": {
        "0": ["red-6", "blue-3", "green-8", "red-2"],
        "1": ["red-6", "yellow-4", "green-8", "blue-2"],
        "2": ["red-5", "blue-3", "yellow-4", "yellow-2"],
        "3": ["red-2", "blue-2", "yellow-2"],
    },
    "discard": ["red-5"],
    "color": "red",
    "to_act": 1,
    "dealer": 0,
    "unplaced": "draw_bottom",
}


@dataclass
class Shot:
    """One request of a burst and what came back."""

    seat: int
    body: dict
    headers: dict
    label: str
    status: int = 0
    reply: dict | None = None
    replayed: bool = False
    content_type: str = ""
    started: float = 0.0
    ended: float = 0.0
    error: str = ""


def legal_bodies(state, seat: int) -> list[dict]:
    return [engine.action_body(a) for a in engine.legal_actions(state, seat)]


def plan_burst(table: Table, rng: random.Random, burst: int) -> list[Shot]:
    """The burst's requests, planned from the state before it: whatever lands first
    changes what the others may do, which is the point. The first burst is a race of
    jump-ins alone (seat 0 holds the twin of the red-6 on top), so that one surely wins."""
    game = Game.objects.get(pk=table.game_id)
    state = game_state(game)
    seats = list(range(state.seat_count))
    to_act = state.to_act
    fillers = [seat for seat in seats if burst or seat != to_act]  # burst 0: jump-ins win
    hands = {seat: {c.code for c in state.hands[seat]} for seat in seats}
    turn_moves = legal_bodies(state, to_act)
    plays = [b for b in turn_moves if b["type"] == "play"]
    main = rng.choice(plays or turn_moves)
    if burst == 0:
        top = {"type": "play", "card": state.top_card.code}
        jumpers = [seat for seat in seats if seat != to_act and top in legal_bodies(state, seat)]
        assert jumpers, "the game no longer sets up a jump-in"
        to_act, main, turn_moves, plays = jumpers[0], top, [top], [top]
    # The seat to act: its move, sent as exact duplicates (plain, under one shared
    # Idempotency-Key, and conditional on the version), and other moves of its own.
    shots = [Shot(to_act, main, {}, "turn") for _ in range(4)]
    key = f"burst-{burst}-{rng.random()}"
    shots += [Shot(to_act, main, {"HTTP_IDEMPOTENCY_KEY": key}, "same_key") for _ in range(4)]
    if_match = {"HTTP_IF_MATCH": f'"{game.version}"'}
    shots += [Shot(to_act, main, if_match, "if_match") for _ in range(2)]
    others = [b for b in plays if b != main] or [b for b in turn_moves if b != main]
    shots += [Shot(to_act, rng.choice(others), {}, "other_move") for _ in range(2) if others]
    # Jump-ins: on the card on top now, and on the cards this burst's moves may put there.
    coming = {state.top_card.code} if state.top_card else set()
    coming |= {b["card"] for b in [main, *others] if b["type"] == "play"}
    for code in sorted(coming):
        for seat in seats:
            if code in hands[seat] and not code.startswith("wild"):
                body = {"type": "play", "card": code}
                if code.endswith("-7") and len(hands[seat]) > 1:  # Seven-O: a target
                    body["target"] = rng.choice([t for t in seats if t != seat])
                shots += [Shot(seat, body, {}, "jump_in") for _ in range(2)]
    # UNO: seats on one or two cards call, everyone else tries to catch them.
    windows = {w.seat for w in state.uno_windows}
    low = {seat for seat in seats if len(state.hands[seat]) <= 2} | windows
    for seat in sorted(low):
        if seat not in state.uno_called:
            shots += [Shot(seat, {"type": "call_uno"}, {}, "call_uno") for _ in range(2)]
        for catcher in seats:
            if catcher != seat:
                shots.append(Shot(catcher, {"type": "catch_uno", "target": seat}, {}, "catch"))
    if not low:  # a catch with nothing to catch
        catcher = rng.choice(seats)
        target = rng.choice([t for t in seats if t != catcher])
        shots.append(Shot(catcher, {"type": "catch_uno", "target": target}, {}, "catch"))
    # Fill up with plays of cards the seats hold: turn moves or jump-ins if they land
    # when the card fits, refusals otherwise.
    while len(shots) < THREADS:
        seat = rng.choice(fillers)
        code = rng.choice(sorted(hands[seat]))
        body = {"type": "play", "card": code}
        if code.startswith("wild"):
            body["color"] = rng.choice(["red", "yellow", "green", "blue"])
        if code in ("wild-swap",) or (code.endswith("-7") and len(hands[seat]) > 1):
            body["target"] = rng.choice([t for t in seats if t != seat])
        shots.append(Shot(seat, body, {}, "random"))
    rng.shuffle(shots)
    return shots


def fire(table: Table, shots: list[Shot]) -> None:
    barrier = threading.Barrier(len(shots))
    path = table.path("/actions")

    def run(shot: Shot) -> None:
        client = Client()
        try:
            barrier.wait(timeout=30)
            shot.started = time.perf_counter()
            reply = call(client, table.seats[shot.seat], "POST", path, shot.body, **shot.headers)
            shot.ended = time.perf_counter()
            shot.status = reply.status
            shot.reply = reply.json() if reply.body else None
            shot.replayed = reply.headers.get("Idempotent-Replayed") == "true"
            shot.content_type = reply.headers.get("Content-Type", "")
        except Exception as error:  # reported by the test, with the shot
            shot.error = repr(error)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=run, args=(shot,)) for shot in shots]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    assert not any(thread.is_alive() for thread in threads), "a request never returned"


def most_in_flight(shots: list[Shot]) -> int:
    moments = sorted([(s.started, 1) for s in shots] + [(s.ended, -1) for s in shots])
    level = peak = 0
    for _, change in moments:
        level += change
        peak = max(peak, level)
    return peak


def assert_log_whole(game_id) -> None:
    game = Game.objects.get(pk=game_id)
    seqs = list(GameEvent.objects.filter(game=game).order_by("seq").values_list("seq", flat=True))
    assert seqs == list(range(1, game.version + 1)), "seq has gaps or duplicates"
    result = audit_game(game)
    assert result["ok"], result
    replayed = replay_state(game)
    assert replayed == game_state(game), "replay differs from the head's snapshot"
    active = replayed.status == engine.Status.ACTIVE
    assert game.to_act == (replayed.to_act if active else None)
    assert game.phase == (replayed.phase.value if active else "")
    assert game.round == replayed.round


def test_bursts_of_concurrent_actions_leave_a_gap_free_verifiable_log(postgres):
    table = start_table(
        Client(), seats=4, rules={"preset": "house", "options": {}}, position=POSITION
    )
    table.act(Client(), 1, {"type": "play", "card": "red-6"})  # opens a jump-in for seat 0
    rng = random.Random(2024)
    labels_accepted: dict[str, int] = {}
    refused_codes: dict[str, int] = {}
    peaks = []
    for burst in range(BURSTS):
        before = Game.objects.get(pk=table.game_id).version
        shots = plan_burst(table, rng, burst)
        assert len(shots) >= 32
        fire(table, shots)
        after = Game.objects.get(pk=table.game_id).version

        assert not [s for s in shots if s.error], [s.error for s in shots if s.error]
        server_errors = [(s.label, s.body, s.reply) for s in shots if s.status >= 500]
        assert not server_errors, server_errors
        refused = [s for s in shots if s.status != 200]
        assert refused, "every request was accepted: there was no contention"
        for shot in refused:
            assert 400 <= shot.status < 500, (shot.status, shot.reply)
            assert shot.content_type.startswith("application/problem+json"), shot.content_type
            assert shot.reply["code"] and shot.reply["status"] == shot.status, shot.reply
            refused_codes[shot.reply["code"]] = refused_codes.get(shot.reply["code"], 0) + 1

        # Every new event belongs to exactly one accepted request (a replayed idempotent
        # response repeats its original's events and adds none).
        accepted = [s for s in shots if s.status == 200 and not s.replayed]
        claimed = [e["seq"] for s in accepted for e in s.reply["events"]]
        assert sorted(claimed) == list(range(before + 1, after + 1)), (before, after, claimed)
        for shot in accepted:
            assert shot.reply["version"] == max(e["seq"] for e in shot.reply["events"])
            labels_accepted[shot.label] = labels_accepted.get(shot.label, 0) + 1
        key_shots = [s for s in shots if s.label == "same_key" and s.status == 200]
        assert len({json.dumps(s.reply["events"], sort_keys=True) for s in key_shots}) <= 1
        assert sum(1 for s in key_shots if not s.replayed) <= 1

        peak = most_in_flight(shots)
        peaks.append(peak)
        assert peak >= 8, f"burst {burst}: at most {peak} requests were in flight at once"
        assert_log_whole(table.game_id)

    assert after > 30, "the bursts hardly moved the game"
    # The duplicates really raced: the rules and the idempotency claim both refused some.
    assert refused_codes.get("not_your_turn") and refused_codes.get("request_in_progress")
    kinds = [(row.type, row.public.get("jump_in")) for row in stored_events(table.game_id)]
    jump_ins = kinds.count(("card_played", True))
    assert jump_ins >= 1, "no jump-in won a race"
    uno = {t: sum(1 for k, _ in kinds if k == t) for t in ("uno_window_opened", "uno_caught")}
    print(f"in flight at once: {peaks}; accepted {labels_accepted}; refused {refused_codes}")
    print(f"jump-ins {jump_ins}; {uno}")


def test_long_polls_waiting_during_a_private_move_get_only_what_their_caller_may_see(
    postgres,
):
    """Every seat and a spectator hold an `events?wait=` long-poll open while a seat draws;
    each poll returns the new events, redacted for its caller."""
    position = {**POSITION, "hands": {**POSITION["hands"], "1": ["green-9", "green-9"]}}
    position["draw"] = ["yellow-7", "yellow-7", "blue-8", "blue-8"]
    table = start_table(
        Client(), seats=4, rules={"preset": "house", "options": {}}, position=position
    )
    spectator = register("long-poller")
    version = Game.objects.get(pk=table.game_id).version
    callers = [*table.seats, spectator]
    replies: dict[str, tuple[int, str, float]] = {}
    barrier = threading.Barrier(len(callers) + 1)
    path = table.path(f"/events?after={version}&wait=10")

    def poll(caller) -> None:
        try:
            barrier.wait(timeout=30)
            started = time.perf_counter()
            reply = call(Client(), caller, "GET", path)
            replies[caller.name] = (reply.status, reply.body, time.perf_counter() - started)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=poll, args=(c,)) for c in callers]
    for thread in threads:
        thread.start()
    barrier.wait(timeout=30)
    time.sleep(0.6)  # the polls are waiting now
    table.act(Client(), 1, {"type": "draw"})  # seat 1 cannot play green-9 on red-5
    for thread in threads:
        thread.join(timeout=30)

    known = knowledge_from_log(table.game_id)
    assert "yellow-7" in known.seats[1]
    for seat, caller in enumerate(table.seats):
        status, body, waited = replies[caller.name]
        assert status == 200, body
        events = json.loads(body)["events"]
        assert "cards_drawn" in [e["type"] for e in events], caller.name
        assert waited >= 0.5, f"{caller.name}'s poll returned before the move"
        shown = {code for code in ALL_CODES if f'"{code}"' in body}
        allowed = ALL_CODES if caller.staff else known.for_seat(seat)
        assert shown <= allowed, (caller.name, shown - allowed)
    status, body, _ = replies[spectator.name]
    assert status == 200 and '"yellow-7"' not in body and '"cards_drawn"' in body
    assert '"yellow-7"' in replies[table.seats[1].name][1]
    assert '"yellow-7"' not in replies[table.seats[2].name][1]
    # And the whole crawl agrees, on PostgreSQL too.
    result = crawl(Client(), table, spectators=[spectator])
    assert not result.leaks, result.leaks
    assert stored_events(table.game_id)[-1].seq == Game.objects.get(pk=table.game_id).version


def test_a_rush_of_joins_and_starts_fills_each_seat_once_and_starts_once(postgres):
    """32 players rush a 4-seat game's last three seats; then the host's start is sent 8
    times at once. Exactly three joins and one start succeed; the rest get 409s."""
    client = Client()
    host = register("host")
    created = call(client, host, "POST", f"{API}/games", {"seats": 4, "timers": NO_TIMERS})
    assert created.status == 201, created.body
    game_id = created.json()["id"]
    path = f"{API}/games/{game_id}"
    rushers = [register(f"rusher{i}") for i in range(32)]

    def rush(callers, suffix):
        barrier = threading.Barrier(len(callers))
        replies = [None] * len(callers)

        def run(i, caller):
            try:
                barrier.wait(timeout=30)
                replies[i] = call(Client(), caller, "POST", path + suffix, {})
            finally:
                connections.close_all()

        threads = [threading.Thread(target=run, args=(i, c)) for i, c in enumerate(callers)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(timeout=60)
        return replies

    joins = rush(rushers, "/join")
    assert sorted(r.status for r in joins) == [200] * 3 + [409] * 29, [r.status for r in joins]
    assert {r.json()["code"] for r in joins if r.status == 409} == {"game_full"}
    seats = Game.objects.get(pk=game_id).seats.order_by("seat")
    assert [s.seat for s in seats] == [0, 1, 2, 3]
    joined = {str(r.json()["you"]["seat"]) for r in joins if r.status == 200}
    assert joined == {"1", "2", "3"}

    starts = rush([host] * 8, "/start")
    assert sorted(r.status for r in starts) == [200] + [409] * 7, [r.status for r in starts]
    assert_log_whole(game_id)
    types = [row.type for row in stored_events(game_id)]
    assert types.count("seat_taken") == 4 and types.count("game_started") == 1


def database_sessions() -> int:
    """Connections to the test database other than this thread's own."""
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT count(*) FROM pg_stat_activity "
            "WHERE datname = current_database() AND pid <> pg_backend_pid()"
        )
        return cursor.fetchone()[0]


def test_waiting_long_polls_hold_no_database_connection(postgres):
    """A long-poll waiting for news must not hold a PostgreSQL connection: with one each,
    as many waiting clients as PostgreSQL allows connections (100 by default) made every
    other request fail with 'too many clients'. 40 polls wait; the database sees a handful
    of connections; a move wakes them all within a second."""
    table = start_table(
        Client(), seats=4, rules={"preset": "house", "options": {}}, position=POSITION
    )
    version = Game.objects.get(pk=table.game_id).version
    path = table.path(f"/events?after={version}&wait=20")
    callers = [register(f"waiter{i}") for i in range(40)]
    before = database_sessions()  # other tests' threads may have left some open
    barrier = threading.Barrier(len(callers) + 1)
    replies: list = []

    def poll(caller) -> None:
        try:
            barrier.wait(timeout=30)
            started = time.perf_counter()
            reply = call(Client(), caller, "GET", path)
            replies.append((reply.status, reply.body, time.perf_counter() - started))
        finally:
            connections.close_all()

    threads = [threading.Thread(target=poll, args=(c,)) for c in callers]
    for thread in threads:
        thread.start()
    barrier.wait(timeout=30)
    # The polls start, find nothing and settle to wait (seconds on a loaded machine);
    # with a connection each, the count would stay at 40 for their whole 20 s wait.
    time.sleep(1.0)
    samples = []
    for _ in range(25):
        samples.append(database_sessions() - before)
        time.sleep(0.2)
    held = min(samples[-10:])
    assert not replies, "a poll returned before anything happened"
    moved = time.perf_counter()
    table.act(Client(), 1, {"type": "play", "card": "red-6"})
    for thread in threads:
        thread.join(timeout=30)
    woke = time.perf_counter() - moved

    assert held <= 5, f"{held} connections held by 40 waiting long-polls"
    assert len(replies) == 40 and {status for status, _, _ in replies} == {200}
    assert all('"card_played"' in body for _, body, _ in replies)
    assert woke < 3, f"the polls took {woke:.1f}s to return after the move"
