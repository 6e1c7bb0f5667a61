"""Responses that repeat nothing: every view carries what its caller may send now
(`legal_actions`), the rule set travels once (`rules` and `timers` in GET, `rules_id`
everywhere), and GET answers honour `If-None-Match` with the answer's `ETag`."""

from __future__ import annotations

import hashlib
import json

import pytest

from .conftest import assert_problem

GAMES = "/api/v1/games"

#: Seat 0 (staff) to play on a red 3 and left with one card after it; seat 1 holds three.
ONE_CARD_LEFT = {
    "hands": {"0": ["red-5", "blue-7"], "1": ["green-3", "yellow-4", "red-9"]},
    "discard": ["red-3"],
    "to_act": 0,
}


def url(game_id, tail: str = "") -> str:
    return f"{GAMES}/{game_id}" + (f"/{tail}" if tail else "")


@pytest.fixture
def game(staff, ann, started_game):
    """Staff in seat 0 (to act), ann in seat 1."""
    return started_game(staff, [ann], position=ONE_CARD_LEFT)


# --- legal_actions ------------------------------------------------------------------------


def test_every_view_carries_the_legal_actions_its_caller_would_be_listed(staff, ann, cid, game):
    gid = game["id"]
    for viewer in (staff, ann, cid):  # the seat to act, the other seat, a spectator
        assert viewer.view(gid)["legal_actions"] == viewer.legal(gid)
    assert {"type": "play", "card": "red-5"} in staff.view(gid)["legal_actions"]
    assert cid.view(gid)["legal_actions"] == []

    moved = staff.act(gid, {"type": "play", "card": "red-5"})  # one card left, no UNO said

    assert moved.status_code == 200, moved.content
    assert moved.json()["game"]["legal_actions"] == staff.legal(gid)
    # Out of turn, staff may still say UNO; ann, to act, may also catch it.
    assert {"type": "call_uno"} in staff.view(gid)["legal_actions"]
    assert {"type": "catch_uno", "target": 0} in ann.view(gid)["legal_actions"]
    for viewer in (staff, ann, cid):
        assert viewer.view(gid)["legal_actions"] == viewer.legal(gid)


def test_a_waiting_game_and_a_replay_list_no_legal_actions(staff, ann, create_game, game):
    waiting = create_game(ann)
    assert ann.view(waiting["id"])["legal_actions"] == [] == ann.legal(waiting["id"])

    replay = staff.get(f"{url(game['id'], 'replay')}?at={game['version']}")

    assert replay.status_code == 200
    assert replay.json()["legal_actions"] == []


# --- the rule set travels once ------------------------------------------------------------


def test_rules_travel_in_get_only_and_rules_id_is_their_digest_in_every_view(
    staff, ann, create_game
):
    created = staff.post(GAMES, {"seats": 2, "rules": {"preset": "house"}})
    assert created.status_code == 201
    gid = created.json()["id"]
    answers = [
        created.json(),
        ann.post(url(gid, "join"), {}).json(),
        staff.post(url(gid, "start")).json(),
    ]
    actions = staff.legal(gid) or ann.legal(gid)
    mover = staff if staff.legal(gid) else ann
    act = mover.act(gid, actions[0]).json()
    answers.append(act["game"])

    full = ann.view(gid)

    assert full["rules"]["preset"] == "house" and full["timers"]["turn_seconds"] == 30
    expected = hashlib.sha256(
        json.dumps(
            {"rules": full["rules"], "timers": full["timers"]},
            sort_keys=True,
            separators=(",", ":"),
            ensure_ascii=False,
        ).encode()
    ).hexdigest()[:16]
    assert full["rules_id"] == expected
    for answer in answers:  # create, join, start, act: POST answers
        assert "rules" not in answer and "timers" not in answer, sorted(answer)
        assert answer["rules_id"] == expected
    assert staff.view(gid)["rules_id"] == expected
    assert staff.get(f"{url(gid, 'replay')}?at=1").json()["rules_id"] == expected


def test_two_games_with_other_rules_have_other_rules_ids(ann, create_game):
    classic = create_game(ann, rules={"preset": "classic"})
    house = create_game(ann, rules={"preset": "house"})
    other_timer = create_game(ann, rules={"preset": "classic"}, timers={"turn_seconds": 31})

    ids = {ann.view(g["id"])["rules_id"] for g in (classic, house, other_timer)}

    assert len(ids) == 3
    assert ann.view(create_game(ann, rules={"preset": "classic"})["id"])["rules_id"] in ids


# --- If-None-Match ------------------------------------------------------------------------


def test_if_none_match_gives_304_without_a_body_until_the_view_changes(staff, ann, game):
    gid = game["id"]
    first = ann.get(url(gid))
    etag = first["ETag"]

    again = ann.get(url(gid), HTTP_IF_NONE_MATCH=etag)

    assert again.status_code == 304
    assert again.content == b""
    assert again["ETag"] == etag
    assert ann.get(url(gid), HTTP_IF_NONE_MATCH=f'"0", W/{etag}').status_code == 304

    moved = staff.act(gid, {"type": "play", "card": "red-5"})
    assert moved.status_code == 200

    after = ann.get(url(gid), HTTP_IF_NONE_MATCH=etag)
    assert after.status_code == 200
    assert after.json()["version"] == moved.json()["version"]
    assert after["ETag"] != etag


def test_a_post_answer_has_the_etag_a_get_would_have(staff, ann, game):
    moved = staff.act(game["id"], {"type": "play", "card": "red-5"})

    again = staff.get(url(game["id"]), HTTP_IF_NONE_MATCH=moved["ETag"])

    assert again.status_code == 304


def test_an_ended_game_linked_to_its_rematch_is_never_answered_304(staff, ann, started_game):
    """`next_game_id` changes no version (the ended log takes no event): a client's copy
    from before the rematch must not be confirmed."""
    game = started_game(staff, [ann], position=ONE_CARD_LEFT)
    assert staff.post(url(game["id"], "abort"), {"reason": "test"}).status_code == 200
    ended = ann.get(url(game["id"]))
    assert ended.json()["next_game_id"] is None
    assert ann.get(url(game["id"]), HTTP_IF_NONE_MATCH=ended["ETag"]).status_code == 304

    assert ann.post(url(game["id"], "rematch")).status_code == 201

    response = ann.get(url(game["id"]), HTTP_IF_NONE_MATCH=ended["ETag"])
    assert response.status_code == 200
    assert response.json()["next_game_id"] is not None
    assert response.json()["version"] == ended.json()["version"]


def test_the_views_etag_is_its_version_and_is_taken_in_if_match(staff, ann, game):
    etag = staff.get(url(game["id"]))["ETag"]
    assert etag == f'"{game["version"]}"'
    moved = staff.act(game["id"], {"type": "play", "card": "red-5"}, HTTP_IF_MATCH=etag)
    assert moved.status_code == 200, moved.content

    stale = ann.act(game["id"], {"type": "draw"}, HTTP_IF_MATCH=etag)

    assert_problem(stale, 412, "stale_version")


def test_the_event_feed_and_legal_actions_honour_if_none_match(staff, ann, game):
    gid = game["id"]
    feed = ann.get(f"{url(gid, 'events')}?after=0")
    legal = staff.get(url(gid, "legal-actions"))

    assert (
        ann.get(f"{url(gid, 'events')}?after=0", HTTP_IF_NONE_MATCH=feed["ETag"]).status_code == 304
    )
    assert staff.get(url(gid, "legal-actions"), HTTP_IF_NONE_MATCH=legal["ETag"]).status_code == 304
    assert staff.act(gid, {"type": "play", "card": "red-5"}).status_code == 200
    newer = ann.get(f"{url(gid, 'events')}?after=0", HTTP_IF_NONE_MATCH=feed["ETag"])
    assert newer.status_code == 200 and len(newer.json()["events"]) > len(feed.json()["events"])
    assert staff.get(url(gid, "legal-actions"), HTTP_IF_NONE_MATCH=legal["ETag"]).status_code == 200
