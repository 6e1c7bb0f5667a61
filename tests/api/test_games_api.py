"""The games API over HTTP: every endpoint, and every error code of CONTRACT.md's table
that it can produce. Exact situations come from staff `position` games (the staff
member creates the game and so sits in seat 0)."""

from __future__ import annotations

import json
import re
import threading
import time
import uuid

import pytest
from django.db import connection

from games.log.hashing import GENESIS_HASH, canonical, envelope, event_hash, private_digest
from games.models import GameEvent

from .conftest import NO_TIMERS, assert_problem

pytestmark = pytest.mark.django_db

GAMES = "/api/v1/games"
EVENT_FIELDS = {
    "seq",
    "type",
    "schema_version",
    "recorded_at",
    "actor",
    "public",
    "private",
    "private_digest",
    "prev_hash",
    "hash",
}
MILLIS = re.compile(r"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$")


def url(game_id, tail: str = "") -> str:
    return f"{GAMES}/{game_id}" + (f"/{tail}" if tail else "")


def event_count(game_id) -> int:
    return GameEvent.objects.filter(game_id=game_id).count()


def refused(player, game_id, body, status: int, code: str, **kwargs) -> dict:
    """`player` sends `body`; it is refused with this problem, and nothing changes: the
    version (in the problem, too) and the log stay as they were."""
    before = player.view(game_id)["version"]
    events_before = event_count(game_id)
    problem = assert_problem(player.act(game_id, body, **kwargs), status, code)
    if "version" in problem:
        assert problem["version"] == before
    assert player.view(game_id)["version"] == before
    assert event_count(game_id) == events_before
    return problem


def types(events: list[dict]) -> list[str]:
    return [e["type"] for e in events]


@pytest.fixture
def position_game(staff, started_game):
    """position_game(others, position, rules=None) -> the started game's view for staff
    (seat 0); the others take seats 1, 2, …"""

    def _make(others, position: dict, rules: dict | None = None, **body) -> dict:
        if rules is not None:
            body["rules"] = rules
        return started_game(staff, others, position=position, **body)

    return _make


#: Seat 0 (staff) to play on a red 3; seat 1 holds three cards.
BASIC = {
    "hands": {
        "0": ["red-5", "blue-7", "wild", "wild-draw4", "red-7"],
        "1": ["green-3", "yellow-4", "red-9"],
    },
    "discard": ["red-3"],
    "to_act": 0,
}


# --- creating games --------------------------------------------------------------------


def test_create_returns_201_with_the_view_and_the_host_in_seat_0(ann):
    response = ann.post(GAMES, {"seats": 3, "timers": NO_TIMERS})

    assert response.status_code == 201
    game = response.json()
    assert game["status"] == "waiting"
    assert game["phase"] == "waiting"
    assert game["seat_count"] == 3
    assert game["host"] == ann.id
    assert game["visibility"] == "public"
    assert "invite_code" not in game
    assert game["seats"][0]["player"] == {"id": ann.id, "name": "ann"}
    assert [s["state"] for s in game["seats"]] == ["playing", "open", "open"]
    assert game["you"] == {"seat": 0, "hand": []}
    assert game["version"] == 2  # game_created, seat_taken
    assert response["ETag"] == '"2"'  # the version
    rules = ann.view(game["id"])["rules"]  # the rule set travels in GET, once
    assert rules["preset"] == "classic"
    assert rules["options"]["target_score"] == 500
    assert MILLIS.match(game["created_at"]) and MILLIS.match(game["server_time"])


def test_create_applies_the_preset_then_the_option_overrides(ann):
    body = {"seats": 4, "rules": {"preset": "house", "options": {"target_score": 300}}}

    game = ann.view(ann.post(GAMES, body).json()["id"])

    options = game["rules"]["options"]
    assert game["rules"]["preset"] == "house"
    assert options["target_score"] == 300
    assert options["stacking"] == "same" and options["seven_o"] and options["jump_in"]


def test_create_fills_in_default_timers(ann):
    game = ann.view(ann.post(GAMES, {"seats": 2, "timers": {"turn_seconds": 45}}).json()["id"])

    assert game["timers"]["turn_seconds"] == 45
    assert game["timers"]["response_seconds"] == 15
    assert game["timers"]["timeout_action"] == "draw_and_pass"


def test_create_with_an_unknown_rule_option_is_400_unknown_option_naming_it(ann):
    response = ann.post(GAMES, {"seats": 2, "rules": {"options": {"stackin": "any"}}})

    problem = assert_problem(response, 400, "unknown_option")
    assert problem["option"] == "stackin"
    assert "stackin" in problem["detail"]


def test_create_with_an_unknown_timer_is_400_unknown_option_naming_it(ann):
    response = ann.post(GAMES, {"seats": 2, "timers": {"turn_secs": 10}})

    assert assert_problem(response, 400, "unknown_option")["option"] == "turn_secs"


@pytest.mark.parametrize(
    ("seats", "options", "option"),
    [
        (2, {"target_score": 10}, "target_score"),
        (2, {"stacking": "sometimes"}, "stacking"),
        (2, {"jump_in": "yes"}, "jump_in"),
        (5, {"teams": True}, "teams"),
        (10, {"hand_size": 15}, "hand_size"),
        (4, {"teams": True, "scoring": "lowest"}, "teams"),
    ],
    ids=["out-of-range", "bad-choice", "not-a-bool", "teams-5-seats", "deck-too-small", "combo"],
)
def test_create_with_an_invalid_option_is_400_invalid_option_naming_it(ann, seats, options, option):
    response = ann.post(GAMES, {"seats": seats, "rules": {"options": options}})

    assert assert_problem(response, 400, "invalid_option")["option"] == option


@pytest.mark.parametrize(
    "body",
    [
        {},
        {"seats": 1},
        {"seats": 11},
        {"seats": "four"},
        {"seats": 2, "visibility": "secret"},
        {"seats": 2, "rules": {"preset": "wild-west"}},
        {"seats": 2, "rules": {"options": ["stacking"]}},
        {"seats": 2, "timers": {"turn_seconds": 0}},
        {"seats": 2, "timers": {"timeout_action": "panic"}},
        [],
    ],
    ids=[
        "empty",
        "one-seat",
        "eleven-seats",
        "seats-not-int",
        "visibility",
        "preset",
        "options-not-object",
        "timer-range",
        "timer-choice",
        "not-object",
    ],
)
def test_create_with_a_malformed_body_is_400_invalid_request(ann, body):
    assert_problem(ann.post(GAMES, body), 400, "invalid_request")


@pytest.mark.parametrize(
    "field",
    [
        {"deck": ["red-1"]},
        {"position": BASIC},
        {"dealer": 1},
        {"seed": 42},
    ],
    ids=["deck", "position", "dealer", "seed"],
)
def test_staff_only_fields_from_a_player_are_403_staff_only(ann, field):
    response = ann.post(GAMES, {"seats": 2, **field})

    problem = assert_problem(response, 403, "staff_only")
    assert next(iter(field)) in problem["detail"]


@pytest.mark.parametrize(
    "field",
    [
        {"deck": ["red-1", "purple-3"]},
        {"position": {**BASIC, "hands": {"0": ["red-11"], "1": ["red-1"]}}},
        {"position": {**BASIC, "discard": ["blue-joker"]}},
    ],
    ids=["deck", "position-hand", "position-discard"],
)
def test_staff_setup_with_an_unknown_card_code_is_400_unknown_card(staff, field):
    response = staff.post(GAMES, {"seats": 2, **field})

    assert_problem(response, 400, "unknown_card")


@pytest.mark.parametrize(
    ("field", "option"),
    [
        ({"dealer": 5}, "dealer"),
        ({"deck": ["wild-swap"]}, "deck"),
        ({"position": {**BASIC, "to_act": 3}}, "position"),
        ({"position": {**BASIC, "hands": {"0": ["red-1"]}}}, "position"),
        ({"position": {**BASIC, "hands": {"0": ["red-1"] * 3, "1": ["red-2"]}}}, "position"),
    ],
    ids=["dealer-not-a-seat", "card-not-in-deck", "to_act", "seat-without-hand", "too-many"],
)
def test_staff_setup_the_engine_cannot_start_from_is_400_at_creation(staff, field, option):
    response = staff.post(GAMES, {"seats": 2, **field})

    assert assert_problem(response, 400, "invalid_option")["option"] == option


def test_staff_position_with_a_non_seat_key_is_400_invalid_request(staff):
    position = {**BASIC, "hands": {"zero": ["red-1"], "1": ["red-2"]}}

    problem = assert_problem(
        staff.post(GAMES, {"seats": 2, "position": position}), 400, "invalid_request"
    )

    assert "hands" in problem["errors"]["position"]


def test_staff_seed_marks_the_game_not_provably_fair(staff, ann, started_game):
    game = started_game(staff, [ann], seed=7)

    assert game["provably_fair"] is False
    created = staff.get(url(game["id"], "events")).json()["events"][0]
    assert created["public"]["staff_setup"] == ["seed"]


def test_staff_deck_deals_the_given_cards_first(staff, ann, started_game):
    deck = ["red-1", "blue-1", "red-2", "blue-2", "red-3", "blue-3", "red-4", "blue-4"]
    deck += ["red-5", "blue-5", "red-6", "blue-6", "red-7", "blue-7", "green-9"]

    game = started_game(staff, [ann], deck=deck, dealer=1, rules={"preset": "classic"})

    # Dealt one at a time from the seat left of the dealer (seat 0), then the top card.
    assert sorted(game["you"]["hand"]) == sorted(deck[0:14:2])
    assert sorted(game["seats"][1]["hand"]) == sorted(deck[1:14:2])
    assert game["top_card"] == "green-9"
    assert game["provably_fair"] is False


def test_invite_game_shows_its_invite_code_to_the_host(ann):
    game = ann.post(GAMES, {"seats": 2, "visibility": "invite"}).json()

    assert game["visibility"] == "invite"
    assert len(game["invite_code"]) >= 12


# --- the lobby -------------------------------------------------------------------------


def test_lobby_lists_public_games_and_your_invite_games_only(ann, bob, staff, create_game):
    public = create_game(ann)
    anns_invite = create_game(ann, visibility="invite")
    bobs_invite = create_game(bob, visibility="invite")

    seen_by_ann = {g["id"] for g in ann.get(GAMES).json()["results"]}
    seen_by_bob = {g["id"] for g in bob.get(GAMES).json()["results"]}
    seen_by_staff = {g["id"] for g in staff.get(GAMES).json()["results"]}

    assert seen_by_ann == {public["id"], anns_invite["id"]}
    assert seen_by_bob == {public["id"], bobs_invite["id"]}
    assert seen_by_staff == {public["id"], anns_invite["id"], bobs_invite["id"]}


def test_lobby_summary_has_seats_taken_host_and_version(ann, bob, create_game):
    game = create_game(ann, seats=3)
    bob.post(url(game["id"], "join"))

    [summary] = bob.get(GAMES).json()["results"]

    assert summary["id"] == game["id"]
    assert summary["status"] == "waiting"
    assert summary["seat_count"] == 3
    assert summary["seats_taken"] == 2
    assert summary["host"] == {"id": ann.id, "name": "ann"}
    assert summary["version"] == 3
    assert summary["visibility"] == "public"
    assert MILLIS.match(summary["created_at"]), summary["created_at"]
    assert MILLIS.match(summary["updated_at"]), summary["updated_at"]


def test_lobby_status_filter(ann, bob, create_game, started_game):
    waiting = create_game(ann)
    active = started_game(ann, [bob])

    def listed(status):
        return [g["id"] for g in ann.get(GAMES, data={"status": status}).json()["results"]]

    assert listed("waiting") == [waiting["id"]]
    assert listed("active") == [active["id"]]
    assert listed("finished") == []
    assert_problem(ann.get(GAMES, data={"status": "paused"}), 400, "invalid_request")


# --- joining ---------------------------------------------------------------------------


def test_join_takes_the_next_free_seat_and_records_it(ann, bob, cid, create_game):
    game = create_game(ann, seats=3)

    joined = bob.post(url(game["id"], "join"))

    assert joined.status_code == 200
    view = joined.json()
    assert view["you"]["seat"] == 1
    assert view["seats"][1]["player"] == {"id": bob.id, "name": "bob"}
    assert joined["ETag"] == f'"{view["version"]}"'
    assert cid.post(url(game["id"], "join")).json()["you"]["seat"] == 2
    last = ann.get(url(game["id"], "events"), data={"after": 2}).json()["events"]
    assert [(e["type"], e["public"]["seat"]) for e in last] == [
        ("seat_taken", 1),
        ("seat_taken", 2),
    ]


def test_joining_twice_keeps_your_seat_and_records_nothing(ann, bob, create_game):
    game = create_game(ann, seats=3)
    first = bob.post(url(game["id"], "join")).json()

    again = bob.post(url(game["id"], "join"))

    assert again.status_code == 200
    assert again.json()["you"]["seat"] == 1
    assert again.json()["version"] == first["version"]


def test_invite_game_needs_its_code_to_join(ann, bob, create_game):
    game = create_game(ann, visibility="invite")

    assert_problem(bob.post(url(game["id"], "join")), 403, "invite_required")
    assert_problem(
        bob.post(url(game["id"], "join"), {"invite_code": "guess"}), 403, "invite_required"
    )
    joined = bob.post(url(game["id"], "join"), {"invite_code": game["invite_code"]})
    assert joined.status_code == 200
    assert joined.json()["invite_code"] == game["invite_code"]


def test_join_a_full_game_is_409_game_full(ann, bob, cid, create_game):
    game = create_game(ann)
    bob.post(url(game["id"], "join"))

    problem = assert_problem(cid.post(url(game["id"], "join")), 409, "game_full")

    assert problem["version"] == 3


def test_join_a_started_game_is_409_game_not_active(ann, bob, cid, started_game):
    game = started_game(ann, [bob])

    assert_problem(cid.post(url(game["id"], "join")), 409, "game_not_active")


def test_join_an_unknown_game_is_404_game_not_found(ann):
    assert_problem(ann.post(url(uuid.uuid4(), "join")), 404, "game_not_found")


# --- leaving ---------------------------------------------------------------------------


def test_leaving_a_waiting_game_frees_the_seat(ann, bob, create_game):
    game = create_game(ann)
    bob.post(url(game["id"], "join"))

    left = bob.post(url(game["id"], "leave"))

    assert left.status_code == 200
    assert left.json()["you"] is None
    view = ann.view(game["id"])
    assert view["seats"][1]["state"] == "open"
    assert view["status"] == "waiting"
    assert types(ann.get(url(game["id"], "events"), data={"after": 3}).json()["events"]) == [
        "seat_left"
    ]


def test_the_host_leaving_a_waiting_game_aborts_it(ann, bob, create_game):
    game = create_game(ann)
    bob.post(url(game["id"], "join"))

    ann.post(url(game["id"], "leave"))

    view = bob.view(game["id"])
    assert view["status"] == "aborted"
    assert view["phase"] == "finished"


def test_leaving_an_active_game_removes_the_seat_and_play_goes_on(
    ann, bob, cid, position_game, staff
):
    position = {
        "hands": {"0": ["red-5", "red-6"], "1": ["blue-1", "blue-2"], "2": ["green-1", "red-2"]},
        "discard": ["red-3"],
        "to_act": 1,
    }
    game = position_game([ann, bob], position)

    left = ann.post(url(game["id"], "leave"))

    assert left.status_code == 200
    view = staff.view(game["id"])
    assert view["status"] == "active"
    assert view["seats"][1]["state"] == "removed"
    assert view["seats"][1]["cards"] == 0
    assert view["to_act"] == 2
    assert_problem(ann.act(game["id"], {"type": "draw"}), 403, "not_seated")
    assert ann.legal(game["id"]) == []


def test_leaving_a_two_seat_game_ends_it_with_the_other_seat_winning(ann, bob, started_game):
    game = started_game(ann, [bob])

    bob.post(url(game["id"], "leave"))

    view = ann.view(game["id"])
    assert view["status"] == "finished"
    assert view["winner"] == 0


def test_leaving_a_game_you_do_not_sit_in_is_403_not_seated(ann, bob, cid, create_game):
    game = create_game(ann)

    assert_problem(cid.post(url(game["id"], "leave")), 403, "not_seated")


def test_leaving_a_finished_game_is_409(ann, bob, started_game):
    game = started_game(ann, [bob])
    bob.post(url(game["id"], "leave"))

    assert_problem(ann.post(url(game["id"], "leave")), 409, "game_not_active")


# --- starting --------------------------------------------------------------------------


def test_start_deals_seven_cards_each_and_shows_only_your_hand(ann, bob, create_game):
    game = create_game(ann)
    bob.post(url(game["id"], "join"))

    started = ann.post(url(game["id"], "start"))

    assert started.status_code == 200
    view = started.json()
    assert view["status"] == "active"
    assert view["round"] == 1
    assert view["phase"] in {"play", "choose_color"}
    assert len(view["you"]["hand"]) == view["seats"][0]["cards"] >= 7
    assert all("hand" not in seat for seat in view["seats"])
    assert all(s["cards"] >= 7 for s in view["seats"])  # a first Draw Two adds two
    assert view["top_card"] is not None
    held = sum(s["cards"] for s in view["seats"])
    assert held + view["draw_pile"] + view["discard_pile"] == 108
    assert view["provably_fair"] is True
    assert started["ETag"] == f'"{view["version"]}"'


def test_only_the_host_may_start_403_not_host(ann, bob, create_game):
    game = create_game(ann)
    bob.post(url(game["id"], "join"))

    problem = assert_problem(bob.post(url(game["id"], "start")), 403, "not_host")

    assert problem["version"] == 3
    assert ann.view(game["id"])["status"] == "waiting"


def test_start_with_open_seats_is_409_game_not_full(ann, create_game):
    game = create_game(ann, seats=3)

    assert_problem(ann.post(url(game["id"], "start")), 409, "game_not_full")


def test_starting_twice_is_409_game_not_active(ann, bob, started_game):
    game = started_game(ann, [bob])

    assert_problem(ann.post(url(game["id"], "start")), 409, "game_not_active")


# --- reading a game --------------------------------------------------------------------


def test_detail_etag_is_the_quoted_version(ann, bob, started_game):
    game = started_game(ann, [bob])

    response = ann.get(url(game["id"]))

    assert response["ETag"] == f'"{response.json()["version"]}"'
    assert response.json()["version"] == event_count(game["id"])


def test_detail_of_an_unknown_game_is_404_game_not_found(ann):
    assert_problem(ann.get(url(uuid.uuid4())), 404, "game_not_found")


def test_a_path_that_is_not_a_game_id_is_a_problem_404(ann):
    response = ann.get(f"{GAMES}/not-a-uuid")

    assert_problem(response, 404, "not_found")


def test_invite_games_are_404_to_outsiders_and_visible_to_staff(ann, bob, staff, create_game):
    game = create_game(ann, visibility="invite")

    assert_problem(bob.get(url(game["id"])), 404, "game_not_found")
    assert_problem(bob.get(url(game["id"], "events")), 404, "game_not_found")
    assert_problem(bob.get(url(game["id"], "export")), 404, "game_not_found")
    assert staff.get(url(game["id"])).status_code == 200


def test_a_spectator_of_a_public_game_sees_no_hand(ann, bob, cid, started_game):
    game = started_game(ann, [bob])

    view = cid.view(game["id"])

    assert view["you"] is None
    assert all("hand" not in seat for seat in view["seats"])
    assert "draw_pile_cards" not in view
    assert cid.legal(game["id"]) == []


def test_staff_see_every_hand(staff, ann, bob, started_game):
    game = started_game(ann, [bob])

    view = staff.view(game["id"])

    assert [len(seat["hand"]) for seat in view["seats"]] == [s["cards"] for s in view["seats"]]
    assert all(seat["cards"] >= 7 for seat in view["seats"])
    assert view["you"] is None
    assert len(view["draw_pile_cards"]) == view["draw_pile"]


def test_no_payload_shows_a_player_the_other_hand(ann, bob, started_game):
    game = started_game(ann, [bob])
    bobs_hand = set(bob.view(game["id"])["you"]["hand"])
    anns_hand = set(ann.view(game["id"])["you"]["hand"])

    payloads = [
        ann.get(url(game["id"])).json(),
        ann.get(url(game["id"], "events")).json(),
        ann.get(url(game["id"], "legal-actions")).json(),
        ann.get(url(game["id"], "replay"), data={"at": 99}).json(),
    ]
    export = b"".join(ann.get(url(game["id"], "export")).streaming_content).decode()

    # Cards the other hand holds may also be in ann's hand or on the table: compare the
    # private parts instead, which must all be null for bob's cards.
    for event in payloads[1]["events"]:
        if event["type"] == "cards_dealt" and event["public"]["seat"] == 1:
            assert event["private"] is None
            assert event["private_digest"]
    for line in export.splitlines()[1:]:
        event = json.loads(line)
        if event["type"] in ("cards_dealt", "deck_shuffled") and event["public"].get("seat") != 0:
            assert event["private"] is None
    assert all("hand" not in seat for seat in payloads[0]["seats"])
    assert all("hand" not in seat for seat in payloads[3]["seats"])
    only_bobs = bobs_hand - anns_hand
    # Whole strings, not substrings: "wild" is part of "wild-draw4".
    shown = set(_strings(payloads[0]["seats"])) | set(_strings(payloads[2]))
    assert not shown & only_bobs


def _strings(value):
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from _strings(item)
    elif isinstance(value, list):
        for item in value:
            yield from _strings(item)


# --- legal actions ---------------------------------------------------------------------


def test_legal_actions_list_ready_to_send_bodies_for_the_seat_to_act(staff, ann, position_game):
    game = position_game([ann], BASIC)

    actions = staff.legal(game["id"])

    plays = [a for a in actions if a["type"] == "play"]
    assert {a["card"] for a in plays} == {"red-5", "red-7", "wild", "wild-draw4"}
    assert {a["color"] for a in plays if a["card"] == "wild"} == {"red", "yellow", "green", "blue"}
    assert {"type": "draw"} in actions
    assert ann.legal(game["id"]) == []
    response = staff.get(url(game["id"], "legal-actions"))
    assert response["ETag"] == f'"{game["version"]}"'


def test_every_listed_legal_action_is_accepted(staff, ann, position_game, settings):
    settings.UNO_OPEN_GAMES_PER_PLAYER = 20  # a game for each action, all left open
    listed = staff.legal(position_game([ann], BASIC)["id"])
    assert len(listed) == 11  # red-5, red-7, wild and W+4 in four colors each, draw

    for action in listed:
        game = position_game([ann], BASIC)
        response = staff.act(game["id"], action)
        assert response.status_code == 200, (action, response.content)


def test_legal_actions_of_a_waiting_game_are_empty(ann, create_game):
    game = create_game(ann)

    assert ann.legal(game["id"]) == []


# --- actions ---------------------------------------------------------------------------


def test_a_play_answers_version_events_and_the_new_view(staff, ann, position_game):
    game = position_game([ann], BASIC)

    response = staff.act(game["id"], {"type": "play", "card": "red-5"})

    assert response.status_code == 200
    body = response.json()
    assert body["version"] > game["version"]
    assert response["ETag"] == f'"{body["version"]}"'
    assert [e["seq"] for e in body["events"]] == list(
        range(game["version"] + 1, body["version"] + 1)
    )
    assert body["events"][0]["type"] == "card_played"
    assert body["events"][0]["public"]["card"] == "red-5"
    assert all(set(e) == EVENT_FIELDS for e in body["events"])
    assert body["game"]["top_card"] == "red-5"
    assert body["game"]["to_act"] == 1
    assert "red-5" not in body["game"]["you"]["hand"]
    assert body["game"]["version"] == body["version"]


def test_playing_out_of_turn_is_409_not_your_turn(ann, position_game):
    game = position_game([ann], BASIC)

    refused(ann, game["id"], {"type": "play", "card": "red-9"}, 409, "not_your_turn")
    refused(ann, game["id"], {"type": "draw"}, 409, "not_your_turn")


def test_playing_a_card_you_do_not_hold_is_409_card_not_in_hand(staff, ann, position_game):
    game = position_game([ann], BASIC)

    refused(staff, game["id"], {"type": "play", "card": "red-9"}, 409, "card_not_in_hand")


def test_playing_a_card_that_does_not_match_is_409_card_not_playable(staff, ann, position_game):
    game = position_game([ann], BASIC)

    refused(staff, game["id"], {"type": "play", "card": "blue-7"}, 409, "card_not_playable")


def test_a_wild_without_a_color_is_409_color_required(staff, ann, position_game):
    game = position_game([ann], BASIC)

    refused(staff, game["id"], {"type": "play", "card": "wild"}, 409, "color_required")


def test_a_seven_under_seven_o_with_three_seats_needs_a_target(staff, ann, bob, position_game):
    position = {
        "hands": {"0": ["red-7", "blue-1"], "1": ["green-1", "green-2"], "2": ["yellow-1"] * 2},
        "discard": ["red-3"],
        "to_act": 0,
    }
    game = position_game([ann, bob], position, rules={"options": {"seven_o": True}})

    refused(staff, game["id"], {"type": "play", "card": "red-7"}, 409, "target_required")
    swapped = staff.act(game["id"], {"type": "play", "card": "red-7", "target": 2})

    assert swapped.status_code == 200
    assert swapped.json()["game"]["you"]["hand"] == ["yellow-1", "yellow-1"]
    assert sorted(bob.view(game["id"])["you"]["hand"]) == ["blue-1"]


def test_catching_a_seat_without_an_open_window_is_409_window_closed(staff, ann, position_game):
    game = position_game([ann], BASIC)

    refused(staff, game["id"], {"type": "catch_uno", "target": 1}, 409, "window_closed")


def test_challenging_without_a_wild_draw_four_is_409_nothing_to_challenge(
    staff, ann, position_game
):
    game = position_game([ann], BASIC)

    refused(staff, game["id"], {"type": "challenge"}, 409, "nothing_to_challenge")


def test_acting_in_a_waiting_game_is_409_game_not_active(ann, create_game):
    game = create_game(ann)

    refused(ann, game["id"], {"type": "draw"}, 409, "game_not_active")


def test_acting_from_outside_the_game_is_403_not_seated(cid, ann, position_game):
    game = position_game([ann], BASIC)

    refused(cid, game["id"], {"type": "draw"}, 403, "not_seated")


def test_a_stale_if_match_is_412_with_the_current_version(staff, ann, position_game):
    game = position_game([ann], BASIC)
    version = game["version"]

    problem = refused(
        staff,
        game["id"],
        {"type": "play", "card": "red-5"},
        412,
        "stale_version",
        HTTP_IF_MATCH=f'"{version - 1}"',
    )

    assert problem["version"] == version
    current = staff.act(game["id"], {"type": "play", "card": "red-5"}, HTTP_IF_MATCH=f'"{version}"')
    assert current.status_code == 200


def test_a_malformed_if_match_is_400_invalid_request(staff, ann, position_game):
    game = position_game([ann], BASIC)

    refused(
        staff,
        game["id"],
        {"type": "play", "card": "red-5"},
        400,
        "invalid_request",
        HTTP_IF_MATCH="yesterday",
    )


def test_an_unknown_card_code_is_400_unknown_card(staff, ann, position_game):
    game = position_game([ann], BASIC)

    problem = refused(staff, game["id"], {"type": "play", "card": "purple-5"}, 400, "unknown_card")

    assert "purple-5" in problem["detail"]


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"card": "red-5"}, "type"),
        ({"type": "dance"}, "type"),
        ({"type": ["play"]}, "type"),
        ({"type": None}, "type"),
        ({"type": "play"}, "card"),
        ({"type": "play", "card": 5}, "card"),
        ({"type": "play", "card": "wild", "color": "magenta"}, "color"),
        ({"type": "play", "card": "red-5", "uno": "maybe"}, "uno"),
        ({"type": "catch_uno"}, "target"),
        ({"type": "catch_uno", "target": -1}, "target"),
        ({"type": "choose_target", "target": "left"}, "target"),
        ({"type": "choose_color", "color": 3}, "color"),
        (["play", "red-5"], ""),
        ("draw", ""),
        (7, ""),
    ],
    ids=[
        "missing-type",
        "unknown-type",
        "type-list",
        "type-null",
        "missing-card",
        "card-not-string",
        "bad-color",
        "uno-not-bool",
        "missing-target",
        "negative-target",
        "target-not-int",
        "color-not-string",
        "list-body",
        "string-body",
        "number-body",
    ],
)
def test_a_malformed_action_is_400_invalid_request_naming_the_field(
    staff, ann, position_game, body, field
):
    game = position_game([ann], BASIC)

    problem = refused(staff, game["id"], body, 400, "invalid_request")

    assert field in problem["errors"], problem


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"type": "draw", "card": "red-5"}, "card"),
        ({"type": "play", "card": "red-5", "colour": "red"}, "colour"),
    ],
    ids=["field-of-another-action", "unknown-field"],
)
def test_a_member_the_action_does_not_take_is_400_unknown_field(
    staff, ann, position_game, body, field
):
    game = position_game([ann], BASIC)

    problem = refused(staff, game["id"], body, 400, "unknown_field")

    assert problem["field"] == field


def test_an_action_that_is_not_json_is_400(staff, ann, position_game):
    game = position_game([ann], BASIC)

    response = staff.client.post(
        url(game["id"], "actions"), "{type: play", content_type="application/json"
    )

    assert_problem(response, 400, "invalid_request")
    assert staff.view(game["id"])["version"] == game["version"]


def test_an_action_on_an_unknown_game_is_404(staff):
    assert_problem(staff.act(uuid.uuid4(), {"type": "draw"}), 404, "game_not_found")


def test_a_wild_draw_four_bluff_caught_by_a_challenge(staff, ann, position_game):
    game = position_game([ann], BASIC)  # staff holds red cards: a W+4 is a bluff
    staff.act(game["id"], {"type": "play", "card": "wild-draw4", "color": "blue"})

    view = ann.view(game["id"])
    assert view["phase"] == "respond_draw4"
    assert {"type": "challenge"} in ann.legal(game["id"])
    assert {"type": "accept"} in ann.legal(game["id"])
    result = ann.act(game["id"], {"type": "challenge"})

    assert result.status_code == 200
    events = result.json()["events"]
    challenged = next(e for e in events if e["type"] == "draw4_challenged")
    assert challenged["public"]["guilty"] is True
    assert sorted(challenged["private"]["hand"]) == ["blue-7", "red-5", "red-7", "wild"]
    drawn = next(e for e in events if e["type"] == "cards_drawn")
    assert drawn["public"] == {"seat": 0, "count": 4, "reason": "challenge"}
    assert drawn["private"] is None  # ann may not see the cards staff drew
    assert result.json()["game"]["seats"][0]["cards"] == 8


def test_accepting_a_wild_draw_four_draws_four(staff, ann, position_game):
    game = position_game([ann], BASIC)
    staff.act(game["id"], {"type": "play", "card": "wild-draw4", "color": "blue"})

    result = ann.act(game["id"], {"type": "accept"})

    assert result.status_code == 200
    assert len(result.json()["game"]["you"]["hand"]) == 7
    drawn = next(e for e in result.json()["events"] if e["type"] == "cards_drawn")
    assert len(drawn["private"]["cards"]) == 4


def test_an_uno_window_opens_and_another_seat_catches_it(staff, ann, position_game):
    position = {**BASIC, "hands": {"0": ["red-5", "blue-7"], "1": BASIC["hands"]["1"]}}
    game = position_game([ann], position)

    staff.act(game["id"], {"type": "play", "card": "red-5"})
    view = ann.view(game["id"])
    assert view["uno_window"]["seat"] == 0
    assert view["seats"][0]["catchable"] is True
    assert {"type": "catch_uno", "target": 0} in ann.legal(game["id"])
    caught = ann.act(game["id"], {"type": "catch_uno", "target": 0})

    assert caught.status_code == 200
    assert "uno_caught" in types(caught.json()["events"])
    assert caught.json()["game"]["seats"][0]["cards"] == 3
    assert caught.json()["game"]["uno_window"] is None
    refused(ann, game["id"], {"type": "catch_uno", "target": 0}, 409, "window_closed")


def test_saying_uno_with_the_play_opens_no_window(staff, ann, position_game):
    position = {**BASIC, "hands": {"0": ["red-5", "blue-7"], "1": BASIC["hands"]["1"]}}
    game = position_game([ann], position)

    result = staff.act(game["id"], {"type": "play", "card": "red-5", "uno": True})

    assert result.json()["game"]["seats"][0]["uno_called"] is True
    assert result.json()["game"]["uno_window"] is None
    refused(ann, game["id"], {"type": "catch_uno", "target": 0}, 409, "window_closed")


def test_drawing_shows_the_cards_to_the_drawer_only(staff, ann, position_game):
    position = {**BASIC, "draw": ["green-8", "yellow-2"]}
    game = position_game([ann], position)

    result = staff.act(game["id"], {"type": "draw"})

    drawn = next(e for e in result.json()["events"] if e["type"] == "cards_drawn")
    assert drawn["private"]["cards"] == ["green-8"]
    assert set(drawn["private"]) == {"cards", "nonce"}  # hash scheme 2
    feed = ann.get(url(game["id"], "events"), data={"after": game["version"]}).json()
    seen = next(e for e in feed["events"] if e["type"] == "cards_drawn")
    assert seen["private"] is None
    assert seen["private_digest"] == drawn["private_digest"] != ""


def test_a_finished_game_accepts_no_action(staff, ann, finished_game):
    game = finished_game()

    refused(staff, game["id"], {"type": "draw"}, 409, "game_not_active")
    refused(ann, game["id"], {"type": "draw"}, 409, "game_not_active")
    assert ann.legal(game["id"]) == []


@pytest.fixture
def finished_game(staff, ann, position_game):
    """A 2-seat game that staff (seat 0) wins with its last card: ann's two wilds are 100
    points, over the target of 50, so the match ends."""

    def _finish():
        position = {
            "hands": {"0": ["red-5"], "1": ["wild", "wild"]},
            "discard": ["red-3"],
            "to_act": 0,
        }
        game = position_game([ann], position, rules={"options": {"target_score": 50}})
        result = staff.act(game["id"], {"type": "play", "card": "red-5"})
        assert result.status_code == 200, result.content
        assert result.json()["game"]["status"] == "finished"
        return result.json()["game"]

    return _finish


def test_winning_the_last_round_ends_the_match(staff, ann, finished_game):
    game = finished_game()

    view = ann.view(game["id"])
    assert view["status"] == "finished"
    assert view["phase"] == "finished"
    assert view["winner"] == 0
    assert view["seats"][0]["score"] == 100
    assert view["to_act"] is None
    feed = types(ann.get(url(game["id"], "events")).json()["events"])
    assert feed[-2:] == ["round_ended", "match_ended"]


def test_players_see_every_hand_once_the_game_has_ended(ann, finished_game):
    game = finished_game()

    view = ann.view(game["id"])

    assert view["seats"][1]["hand"] == ["wild", "wild"]


# --- the event feed --------------------------------------------------------------------


def test_events_after_n_returns_only_later_events(staff, ann, position_game):
    game = position_game([ann], BASIC)
    staff.act(game["id"], {"type": "play", "card": "red-5"})

    feed = ann.get(url(game["id"], "events"), data={"after": game["version"]}).json()

    assert feed["version"] == ann.view(game["id"])["version"]
    assert [e["seq"] for e in feed["events"]] == list(
        range(game["version"] + 1, feed["version"] + 1)
    )
    assert feed["events"][0]["type"] == "card_played"
    everything = ann.get(url(game["id"], "events")).json()["events"]
    assert [e["seq"] for e in everything] == list(range(1, feed["version"] + 1))
    assert all(MILLIS.match(e["recorded_at"]) for e in everything)
    empty = ann.get(url(game["id"], "events"), data={"after": feed["version"]}).json()
    assert empty == {"version": feed["version"], "head_hash": feed["head_hash"], "events": []}


@pytest.mark.parametrize(
    "params",
    [{"after": "x"}, {"after": -1}, {"wait": 31}, {"wait": "soon"}],
    ids=["after-not-int", "after-negative", "wait-too-long", "wait-not-int"],
)
def test_bad_event_feed_parameters_are_400(ann, create_game, params):
    game = create_game(ann)

    assert_problem(ann.get(url(game["id"], "events"), data=params), 400, "invalid_request")


def test_a_long_poll_with_nothing_new_returns_empty_after_the_wait(ann, create_game):
    game = create_game(ann)

    started = time.monotonic()
    feed = ann.get(url(game["id"], "events"), data={"after": 2, "wait": 1}).json()

    assert time.monotonic() - started >= 0.9
    assert (feed["version"], feed["events"]) == (2, [])


@pytest.mark.django_db(transaction=True)
def test_a_long_poll_returns_as_soon_as_another_request_records_an_event(
    postgres, staff, ann, position_game
):
    """Needs PostgreSQL: SQLite's shared in-memory test database locks a table for the
    whole of a write, so the polling reader would fail instead of waiting."""
    game = position_game([ann], BASIC)
    errors = []

    def play_soon():
        try:
            time.sleep(0.6)
            response = staff.act(game["id"], {"type": "play", "card": "red-5"})
            assert response.status_code == 200, response.content
        except Exception as error:  # reported by the main thread
            errors.append(error)
        finally:
            connection.close()

    writer = threading.Thread(target=play_soon)
    writer.start()
    started = time.monotonic()
    feed = ann.get(url(game["id"], "events"), data={"after": game["version"], "wait": 20})
    took = time.monotonic() - started
    writer.join()

    assert not errors, errors
    assert feed.status_code == 200
    assert 0.4 < took < 10
    assert feed.json()["events"][0]["type"] == "card_played"


# --- replay ----------------------------------------------------------------------------


def test_replay_at_n_is_the_game_as_of_that_event(staff, ann, position_game):
    game = position_game([ann], BASIC)
    staff.act(game["id"], {"type": "play", "card": "red-5"})

    then = ann.get(url(game["id"], "replay"), data={"at": game["version"]})

    assert then.status_code == 200
    body = then.json()
    assert body["version"] == game["version"]
    assert body["replay_of"] == ann.view(game["id"])["version"]
    assert body["top_card"] == "red-3"
    assert body["to_act"] == 0
    assert body["you"]["hand"] == BASIC["hands"]["1"]
    assert all("hand" not in seat for seat in body["seats"])


def test_replay_before_the_start_shows_the_waiting_game(ann, bob, finished_game):
    game = finished_game()

    body = ann.get(url(game["id"], "replay"), data={"at": 2}).json()

    assert body["status"] == "waiting"
    assert body["phase"] == "waiting"
    assert body["version"] == 2


def test_replay_of_a_finished_game_shows_its_players_every_hand_and_the_status_then(
    ann, finished_game
):
    game = finished_game()
    started_at = game["version"] - 3  # before staff's winning play

    body = ann.get(url(game["id"], "replay"), data={"at": started_at}).json()

    assert body["status"] == "active"
    assert body["seats"][0]["hand"] == ["red-5"]
    assert body["seats"][1]["hand"] == ["wild", "wild"]
    # The same shape as any game view (the revealing replay used to lose these).
    assert body["seats"][1]["player"] == {"id": ann.id, "name": "ann"}
    assert "catchable_until" in body["seats"][1]
    assert "uno_window" in body and "uno_windows" not in body


def test_staff_replay_mid_game_has_every_hand_in_the_usual_shape(staff, ann, position_game):
    game = position_game([ann], BASIC)
    staff.act(game["id"], {"type": "play", "card": "red-5"})

    body = staff.get(url(game["id"], "replay"), data={"at": game["version"]}).json()

    assert body["seats"][1]["hand"] == BASIC["hands"]["1"]
    assert body["seats"][1]["player"]["name"] == "ann"
    assert body["you"]["seat"] == 0
    assert body["status"] == "active"
    assert "uno_windows" not in body


def test_replay_needs_at(ann, create_game):
    game = create_game(ann)

    problem = assert_problem(ann.get(url(game["id"], "replay")), 400, "invalid_request")

    assert "at" in problem["errors"]


# --- export ----------------------------------------------------------------------------


def read_export(player, game_id) -> tuple[dict, list[dict]]:
    response = player.get(url(game_id, "export"))
    assert response.status_code == 200
    assert response["Content-Type"] == "application/x-ndjson"
    lines = b"".join(response.streaming_content).decode().splitlines()
    header, *events = (json.loads(line) for line in lines)
    return header, events


def verify_chain(header: dict, events: list[dict]) -> None:
    """CONTRACT.md's hash chain, checked from the export alone."""
    prev = GENESIS_HASH
    for expected, event in enumerate(events, start=1):
        assert event["seq"] == expected
        if event["private"] is not None:
            assert private_digest(event["private"]) == event["private_digest"]
        env = envelope(
            seq=event["seq"],
            type_=event["type"],
            schema_version=event["schema_version"],
            recorded_at=event["recorded_at"],
            actor=event["actor"],
            public=event["public"],
        )
        assert event["prev_hash"] == prev
        assert event_hash(prev, env, event["private_digest"]) == event["hash"]
        prev = event["hash"]
    assert header["head_hash"] == prev
    assert header["version"] == len(events)


def test_export_is_ndjson_with_a_header_and_a_verifiable_redacted_chain(staff, ann, position_game):
    game = position_game([ann], BASIC)
    staff.act(game["id"], {"type": "draw"})

    header, events = read_export(ann, game["id"])

    assert header == {
        "format": "uno-game-export",
        "format_version": 1,
        "game": game["id"],
        "version": len(events),
        "head_hash": header["head_hash"],
    }
    assert all(set(e) == EVENT_FIELDS for e in events)
    hidden = [e for e in events if e["private"] is None and e["private_digest"]]
    assert hidden, "staff's dealt hand and draw are hidden from ann"
    verify_chain(header, events)


def test_the_chain_formula_matches_canonical_json_by_hand(ann, create_game):
    game = create_game(ann)
    header, events = read_export(ann, game["id"])
    first = events[0]

    env = {k: first[k] for k in ("seq", "type", "schema_version", "recorded_at", "actor", "public")}
    text = GENESIS_HASH + "\n" + canonical(env) + "\n" + first["private_digest"]

    import hashlib

    assert hashlib.sha256(text.encode()).hexdigest() == first["hash"]
    assert canonical({"b": 1, "a": "é"}) == '{"a":"é","b":1}'


def test_an_edited_export_no_longer_verifies(staff, ann, position_game):
    game = position_game([ann], BASIC)
    header, events = read_export(staff, game["id"])
    verify_chain(header, events)

    dealt = next(e for e in events if e["type"] == "cards_dealt")
    dealt["private"]["cards"][0] = "wild"

    with pytest.raises(AssertionError):
        verify_chain(header, events)


# --- audit -----------------------------------------------------------------------------


def test_staff_may_audit_a_game_at_any_time(staff, ann, position_game):
    game = position_game([ann], BASIC)

    response = staff.get(url(game["id"], "audit"))

    assert response.status_code == 200
    body = response.json()
    assert body["ok"] is True
    assert [c["name"] for c in body["checks"]] == ["hash_chain", "replay", "shuffles", "seal"]
    assert all(c["ok"] and c["seq"] is None for c in body["checks"])


def test_players_may_audit_only_once_the_game_has_ended(staff, ann, cid, finished_game):
    game = finished_game()

    assert ann.get(url(game["id"], "audit")).json()["ok"] is True
    assert_problem(cid.get(url(game["id"], "audit")), 403, "staff_only")


def test_a_player_auditing_a_running_game_is_403_staff_only(ann, position_game):
    game = position_game([ann], BASIC)

    problem = assert_problem(ann.get(url(game["id"], "audit")), 403, "staff_only")

    assert problem["version"] == game["version"]


# --- abort -----------------------------------------------------------------------------


def test_staff_abort_a_running_game(staff, ann, bob, started_game):
    game = started_game(ann, [bob])

    response = staff.post(url(game["id"], "abort"), {"reason": "stuck"})

    assert response.status_code == 200
    assert response.json()["status"] == "aborted"
    last = ann.get(url(game["id"], "events")).json()["events"][-1]
    assert last["type"] == "game_aborted"
    assert last["public"]["reason"] == "stuck"
    refused(ann, game["id"], {"type": "draw"}, 409, "game_not_active")
    assert_problem(
        staff.post(url(game["id"], "abort"), {"reason": "again"}), 409, "game_not_active"
    )
    assert staff.get(url(game["id"], "audit")).json()["ok"] is True


def test_staff_abort_a_waiting_game(staff, ann, create_game):
    game = create_game(ann)

    response = staff.post(url(game["id"], "abort"), {"reason": "spam"})

    assert response.status_code == 200
    assert response.json()["status"] == "aborted"
    assert staff.get(url(game["id"], "audit")).json()["ok"] is True


def test_players_may_not_abort_403_staff_only(ann, bob, started_game):
    game = started_game(ann, [bob])

    problem = assert_problem(
        ann.post(url(game["id"], "abort"), {"reason": "bored"}), 403, "staff_only"
    )

    assert problem["version"] == game["version"]
    assert ann.view(game["id"])["status"] == "active"


def test_abort_needs_a_reason(staff, ann, create_game):
    game = create_game(ann)

    assert_problem(staff.post(url(game["id"], "abort"), {}), 400, "invalid_request")


def test_views_feeds_and_replays_carry_the_hash_of_their_version(players, started_game):
    ann, bob = players[:2]
    game = started_game(ann, [bob])
    events = ann.get(f"/api/v1/games/{game['id']}/events").json()
    by_seq = {e["seq"]: e["hash"] for e in events["events"]}

    view = ann.view(game["id"])
    assert view["head_hash"] == by_seq[view["version"]] == events["head_hash"]
    replay = ann.get(f"/api/v1/games/{game['id']}/replay?at=3").json()
    assert (replay["version"], replay["head_hash"]) == (3, by_seq[3])
    assert ann.get(f"/api/v1/games/{game['id']}/replay?at=0").json()["head_hash"] == "0" * 64
