"""The shuffles' reveals (every order and salt) give every hand once dealt out, so they
go only to whoever may see every hand of the round: its seats and staff after the round,
everyone else only once the game has ended where finished games are revealed
(UNO_REVEAL_FINISHED_GAMES). A spectator reads everything it can (the view, the feed,
the stream, the export, the replay) at every step, and tries to rebuild the hands from
any verified reveal it finds there."""

from __future__ import annotations

import contextlib
import json
import random
from urllib.parse import urlsplit

import pytest
from rest_framework.throttling import SimpleRateThrottle

from games.engine.shuffle import verify_commitment

from .support import Caller, call, ok, register, start_table, stored_events

pytestmark = pytest.mark.django_db

# Seat 1 goes out at once (round 1 is a staff position), so the match goes on to rounds
# that are really dealt, with small hands so that it ends in a few rounds.
POSITION = {
    "hands": {"0": ["green-4", "green-4"], "1": ["blue-1"]},
    "discard": ["blue-5"],
    "draw": ["red-9", "red-9", "yellow-9", "yellow-9"],
    "color": "blue",
    "to_act": 1,
    "unplaced": "draw_bottom",
    "scores": {"0": 0, "1": 0},
}
RULES = {"preset": "classic", "options": {"target_score": 50, "hand_size": 3}}
MOST_MOVES = 2000


def readable(client, caller: Caller, table, *, replay_rounds_ends: bool = False) -> list[str]:
    """Every body `caller` can read about the game now (its replay as of now and, with
    `replay_rounds_ends`, as of each round's end too)."""
    version = table.version()
    paths = [
        (table.path(), {}),
        (table.path("/events?after=0"), {}),
        (table.path("/stream?after=0"), {}),
        (table.path("/export"), {}),
    ]
    points = {version}
    if replay_rounds_ends:
        points |= {row.seq for row in stored_events(table.game_id) if row.type == "round_ended"}
    paths += [(table.path(f"/replay?at={at}"), {}) for at in sorted(points)]
    replay_url = json.loads(_body(client, caller, table.path(), {}))["replay_url"]
    if replay_url:  # an ended game's replay page: every step with its event
        paths.append((urlsplit(replay_url).path + "steps.json", {}))
    return [_body(client, caller, path, headers) for path, headers in paths]


def _body(client, caller, path, headers) -> str:
    reply = call(client, caller, "GET", path, **headers)
    assert reply.status == 200, (path, reply.status)
    return reply.body


def revealed_orders(bodies: list[str]) -> dict[str, list[str]]:
    """Every shuffle order found in the bodies whose salt verifies it against its
    commitment, by commitment (an event's public and private parts read together)."""
    found: dict[str, list[str]] = {}

    def walk(value) -> None:
        if isinstance(value, dict):
            parts = value
            if isinstance(value.get("public"), dict) and isinstance(value.get("private"), dict):
                parts = {**value, **value["public"], **value["private"]}
            if {"order", "salt", "commitment"} <= parts.keys() and verify_commitment(
                parts["order"], parts["salt"], parts["commitment"]
            ):
                found[parts["commitment"]] = parts["order"]
            for item in value.values():
                walk(item)
        elif isinstance(value, list):
            for item in value:
                walk(item)

    for body in bodies:
        for text in (body, *body.splitlines()):
            text = text.removeprefix("data:").strip()
            with contextlib.suppress(ValueError):
                walk(json.loads(text))
    return found


def dealt_hands(game_id) -> dict[tuple[int, int], list[str]]:
    """(round, seat) -> the cards dealt, as stored (staff's truth)."""
    hands, round_ = {}, 0
    for row in stored_events(game_id):
        if row.type == "round_started":
            round_ = row.public["round"]
        elif row.type == "cards_dealt":
            hands[(round_, row.public["seat"])] = row.private["cards"]
    return hands


def rebuilt_hands(game_id, orders: dict[str, list[str]]) -> dict[tuple[int, int], list[str]]:
    """The hands dealt from every deal whose order is among `orders`: one card at a time
    to the seats in the order their `cards_dealt` events name them."""
    rows = stored_events(game_id)
    hands, round_ = {}, 0
    for index, row in enumerate(rows):
        if row.type == "round_started":
            round_ = row.public["round"]
        if row.type != "deck_shuffled" or row.public["reason"] != "deal":
            continue
        order = orders.get(row.public["commitment"])
        if order is None:
            continue
        dealt = []
        for later in rows[index + 1 :]:
            if later.type != "cards_dealt":
                break
            dealt.append((later.public["seat"], later.public["count"]))
        for place, (seat, size) in enumerate(dealt):
            hands[(round_, seat)] = order[place : size * len(dealt) : len(dealt)]
    return hands


def test_a_spectator_rebuilds_no_hand_during_a_game_nor_after_unless_finished_games_are_revealed(
    client, settings, monkeypatch
):
    # Every body after every move, as staff: more reads a minute than a player may make on
    # a fast machine. The throttles are not what this tests.
    unthrottled = {scope: "100000/minute" for scope in ("anon", "lobby", "reads", "actions")}
    monkeypatch.setattr(SimpleRateThrottle, "THROTTLE_RATES", unthrottled)
    table = start_table(client, seats=2, rules=RULES, position=POSITION)
    spectator = register("watcher")
    rng = random.Random(5)
    rounds_ended = 0
    # Random play and random deals after the first: CI met a match still going at 400.
    for _ in range(MOST_MOVES):
        game = ok(call(client, table.staff, "GET", table.path()))
        if game["status"] != "active":
            break
        orders = revealed_orders(readable(client, spectator, table))
        assert rebuilt_hands(table.game_id, orders) == {}, f"rebuilt at version {table.version()}"
        assert orders == {}, "a spectator found a shuffle's order while the game runs"
        seat = game["to_act"]
        actions = ok(call(client, table.seats[seat], "GET", table.path("/legal-actions")))
        plays = [a for a in actions["actions"] if a["type"] == "play"]
        table.act(client, seat, rng.choice(plays or actions["actions"]))
        rounds_ended = sum(row.type == "round_ended" for row in stored_events(table.game_id))
        if rounds_ended >= 2:  # a dealt round has ended: its seats may rebuild it
            player_orders = revealed_orders(readable(client, table.seats[1], table))
            rebuilt = rebuilt_hands(table.game_id, player_orders)
            actual = dealt_hands(table.game_id)
            assert rebuilt and all(actual[key] == hand for key, hand in rebuilt.items())
    assert game["status"] == "finished", f"the match did not finish in {MOST_MOVES} moves"
    assert rounds_ended >= 2, "no dealt round ended before the match did"
    dealt = dealt_hands(table.game_id)
    real_deals = {key: hand for key, hand in dealt.items() if key[0] >= 2}

    settings.UNO_REVEAL_FINISHED_GAMES = False
    after = revealed_orders(readable(client, spectator, table, replay_rounds_ends=True))
    assert rebuilt_hands(table.game_id, after) == {}

    settings.UNO_REVEAL_FINISHED_GAMES = True
    after = revealed_orders(readable(client, spectator, table, replay_rounds_ends=True))
    rebuilt = rebuilt_hands(table.game_id, after)
    assert rebuilt == real_deals  # the rebuild works: every dealt hand, exactly
