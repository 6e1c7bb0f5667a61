"""Rematch: POST /games/{id}/rematch turns an ended game into the next one. The first of
its players to ask creates it (201) and hosts it; every later call answers the same game
(200) and seats its caller if they played the ended game; the ended game's log and seal
stay exactly as they were, and its view points at the new game."""

from __future__ import annotations

import pytest

from games.log.audit import audit_game
from games.models import Game, GameEvent
from games.write import rematch_created

from .conftest import NO_TIMERS, assert_problem

pytestmark = pytest.mark.django_db

GAMES = "/api/v1/games"


def url(game_id, tail: str = "") -> str:
    return f"{GAMES}/{game_id}" + (f"/{tail}" if tail else "")


def rematch(player, game_id, **kwargs):
    return player.post(url(game_id, "rematch"), **kwargs)


@pytest.fixture
def ended_game(started_game):
    """ended_game(host, others, **body) -> the id of a finished game: everyone but the
    host leaves, so the host wins."""

    def _end(host, others, **body) -> str:
        game = started_game(host, others, **body)
        for other in others:
            left = other.post(url(game["id"], "leave"))
            assert left.status_code == 200, left.content
        assert host.view(game["id"])["status"] == "finished"
        return game["id"]

    return _end


def test_the_first_rematch_is_201_with_a_new_game_like_the_ended_one_hosted_by_the_caller(
    ann, bob, ended_game
):
    rules = {"preset": "house", "options": {"target_score": 300}}
    timers = {**NO_TIMERS, "uno_grace_ms": 800, "abandon_after": 5}
    old_id = ended_game(ann, [bob], rules=rules, timers=timers)
    old = ann.view(old_id)

    response = rematch(bob, old_id)

    assert response.status_code == 201, response.content
    new = response.json()
    assert new["id"] != old_id
    assert response["Location"].endswith(f"{GAMES}/{new['id']}")
    assert response["ETag"] == f'"{new["version"]}"'
    assert new["status"] == "waiting"
    assert new["host"] == bob.id
    assert new["you"] == {"seat": 0, "hand": []}
    assert new["seats"][0]["player"] == {"id": bob.id, "name": "bob"}
    assert [s["state"] for s in new["seats"]] == ["playing", "open"]
    assert new["seat_count"] == old["seat_count"] == 2
    assert new["rules_id"] == old["rules_id"]
    full = bob.view(new["id"])  # the rule set travels in GET, once
    assert full["rules"] == old["rules"]
    assert full["rules"]["options"]["target_score"] == 300
    assert full["timers"] == old["timers"]
    assert full["timers"]["uno_grace_ms"] == 800
    assert new["visibility"] == "public"
    assert new["next_game_id"] is None


def test_asking_twice_answers_the_same_new_game_with_200(ann, bob, ended_game):
    old_id = ended_game(ann, [bob])
    first = rematch(ann, old_id)

    second = rematch(ann, old_id)

    assert first.status_code == 201
    assert second.status_code == 200, second.content
    assert second.json()["id"] == first.json()["id"]
    assert second.json()["version"] == first.json()["version"]  # nothing was recorded
    assert "Location" not in second
    assert Game.objects.count() == 2


def test_each_player_of_the_ended_game_who_asks_is_seated_in_the_order_they_ask(
    ann, bob, cid, ended_game
):
    old_id = ended_game(ann, [bob, cid])

    new_id = rematch(cid, old_id).json()["id"]
    by_ann = rematch(ann, old_id)
    by_bob = rematch(bob, old_id)
    again = rematch(ann, old_id)

    assert by_ann.status_code == by_bob.status_code == again.status_code == 200
    assert by_ann.json()["id"] == by_bob.json()["id"] == again.json()["id"] == new_id
    assert by_ann.json()["you"]["seat"] == 1
    assert by_bob.json()["you"]["seat"] == 2
    assert again.json()["you"]["seat"] == 1
    seated = [s["player"]["id"] for s in cid.view(new_id)["seats"]]
    assert seated == [cid.id, ann.id, bob.id]
    assert cid.post(url(new_id, "start")).status_code == 200


def test_the_ended_game_shows_its_rematch_as_next_game_id(ann, bob, ended_game):
    old_id = ended_game(ann, [bob])
    assert ann.view(old_id)["next_game_id"] is None

    new_id = rematch(ann, old_id).json()["id"]

    assert ann.view(old_id)["next_game_id"] == new_id
    assert bob.view(old_id)["next_game_id"] == new_id


def test_the_ended_log_is_unchanged_and_its_seal_still_verifies(ann, bob, ended_game):
    old_id = ended_game(ann, [bob])
    before = ann.view(old_id)
    events_before = list(GameEvent.objects.filter(game_id=old_id).values_list("seq", "hash"))
    seal_before = ann.get(url(old_id, "seal")).json()

    rematch(bob, old_id)
    rematch(ann, old_id)

    after = ann.view(old_id)
    assert after["version"] == before["version"]
    assert after["head_hash"] == before["head_hash"]
    assert list(GameEvent.objects.filter(game_id=old_id).values_list("seq", "hash")) == (
        events_before
    )
    assert ann.get(url(old_id, "seal")).json() == seal_before
    audit = audit_game(Game.objects.get(pk=old_id))
    assert audit["ok"], audit
    assert {c["name"] for c in audit["checks"] if c["ok"]} >= {"hash_chain", "seal"}


def test_a_rematch_is_announced_once_it_commits_and_only_the_first_time(
    ann, bob, ended_game, django_capture_on_commit_callbacks
):
    old_id = ended_game(ann, [bob])
    heard = []

    def listen(sender, game_id, next_game_id, **kwargs):
        heard.append((str(game_id), str(next_game_id)))

    rematch_created.connect(listen)
    try:
        with django_capture_on_commit_callbacks(execute=False) as callbacks:
            new_id = rematch(ann, old_id).json()["id"]
        assert heard == []  # not before the commit
        for callback in callbacks:
            callback()
        with django_capture_on_commit_callbacks(execute=True):
            rematch(bob, old_id)
    finally:
        rematch_created.disconnect(listen)

    assert heard == [(old_id, new_id)]


def test_the_new_game_names_the_ended_one_in_its_first_event(ann, bob, ended_game):
    old_id = ended_game(ann, [bob])

    new_id = rematch(ann, old_id).json()["id"]

    created = GameEvent.objects.get(game_id=new_id, seq=1)
    assert created.type == "game_created"
    assert created.public["rematch_of"] == old_id
    assert audit_game(Game.objects.get(pk=new_id))["ok"]


def test_staff_set_ups_are_not_copied(staff, ann, started_game):
    position = {"hands": {"0": ["red-5"], "1": ["wild", "wild"]}, "discard": ["red-3"], "to_act": 0}
    game = started_game(
        staff, [ann], position=position, seed=7, rules={"options": {"target_score": 50}}
    )
    staff.act(game["id"], {"type": "play", "card": "red-5"})
    assert staff.view(game["id"])["status"] == "finished"

    new_id = rematch(ann, game["id"]).json()["id"]
    rematch(staff, game["id"])
    started = ann.post(url(new_id, "start"))

    assert Game.objects.get(pk=new_id).setup == {}
    assert GameEvent.objects.get(game_id=new_id, seq=1).public["staff_setup"] == []
    assert started.status_code == 200, started.content
    dealt = GameEvent.objects.filter(game_id=new_id, type="cards_dealt").order_by("seq")
    assert [e.public["count"] for e in dealt] == [7, 7]  # a fresh deal (a first Draw Two adds 2)
    assert started.json()["provably_fair"] is True


def test_an_aborted_game_can_be_rematched_and_a_player_who_left_still_counts(
    staff, ann, bob, cid, create_game
):
    game = create_game(ann, seats=3)
    bob.post(url(game["id"], "join"))
    cid.post(url(game["id"], "join"))
    ann.post(url(game["id"], "start"))
    cid.post(url(game["id"], "leave"))
    assert staff.post(url(game["id"], "abort"), {"reason": "stuck"}).status_code == 200

    response = rematch(cid, game["id"])

    assert response.status_code == 201, response.content
    assert response.json()["seat_count"] == 3


def test_a_game_still_being_played_or_waiting_is_409_game_not_ended(
    ann, bob, create_game, started_game
):
    running = started_game(ann, [bob])
    waiting = create_game(ann)

    problem = assert_problem(rematch(bob, running["id"]), 409, "game_not_ended")
    assert_problem(rematch(ann, waiting["id"]), 409, "game_not_ended")

    assert problem["version"] == running["version"]
    assert ann.view(running["id"])["next_game_id"] is None
    assert Game.objects.count() == 2


def test_an_outsider_of_a_public_game_is_403_and_joins_the_new_game_as_usual(
    ann, bob, cid, ended_game
):
    old_id = ended_game(ann, [bob])
    new_id = rematch(ann, old_id).json()["id"]

    assert_problem(rematch(cid, old_id), 403, "not_seated")
    joined = cid.post(url(new_id, "join"))

    assert joined.status_code == 200, joined.content
    assert joined.json()["you"]["seat"] == 1


def test_an_outsider_cannot_rematch_before_anyone_either(ann, bob, cid, ended_game):
    old_id = ended_game(ann, [bob])

    assert_problem(rematch(cid, old_id), 403, "not_seated")
    assert ann.view(old_id)["next_game_id"] is None


def test_invite_rules_hold_for_outsiders_while_the_old_players_need_no_code(
    ann, bob, cid, dee, ended_game
):
    old_id = ended_game(ann, [bob, cid], visibility="invite")
    old_code = ann.view(old_id)["invite_code"]

    assert_problem(rematch(dee, old_id), 404, "game_not_found")
    created = rematch(bob, old_id).json()
    assert created["visibility"] == "invite"
    assert created["invite_code"] != old_code
    assert_problem(dee.post(url(created["id"], "join")), 403, "invite_required")
    assert_problem(
        dee.post(url(created["id"], "join"), {"invite_code": old_code}), 403, "invite_required"
    )
    by_ann = rematch(ann, old_id)
    by_dee = dee.post(url(created["id"], "join"), {"invite_code": created["invite_code"]})

    assert by_ann.status_code == 200
    assert by_ann.json()["you"]["seat"] == 1
    assert by_dee.status_code == 200, by_dee.content
    assert by_dee.json()["you"]["seat"] == 2


def test_an_old_player_finding_the_new_game_full_is_409_game_full_naming_it(
    ann, bob, cid, ended_game
):
    old_id = ended_game(ann, [bob])
    new_id = rematch(ann, old_id).json()["id"]
    cid.post(url(new_id, "join"))

    problem = assert_problem(rematch(bob, old_id), 409, "game_full")

    assert problem["next_game_id"] == new_id


def test_an_idempotency_key_replays_the_first_answer(ann, bob, ended_game):
    old_id = ended_game(ann, [bob])
    headers = {"HTTP_IDEMPOTENCY_KEY": "rematch-1"}

    first = rematch(ann, old_id, **headers)
    repeat = rematch(ann, old_id, **headers)

    assert first.status_code == repeat.status_code == 201
    assert repeat["Idempotent-Replayed"] == "true"
    assert repeat.json()["id"] == first.json()["id"]
    assert repeat["Location"] == first["Location"]
    assert Game.objects.count() == 2


def test_a_body_is_refused_with_400_unknown_field(ann, bob, ended_game):
    old_id = ended_game(ann, [bob])

    problem = assert_problem(rematch(ann, old_id, data={"seats": 4}), 400, "unknown_field")

    assert problem["field"] == "seats"
    assert Game.objects.count() == 1


def test_an_unknown_game_is_404(ann):
    assert_problem(rematch(ann, "00000000-0000-4000-8000-000000000000"), 404, "game_not_found")


def test_the_rematch_keeps_the_bots_and_their_think_time(staff, ann, create_game):
    game = create_game(
        ann, seats=3, bots=[{"strategy": "greedy"}, {"strategy": "random"}], bot_think_ms=250
    )
    assert ann.post(url(game["id"], "start")).status_code == 200
    assert staff.post(url(game["id"], "abort"), {"reason": "over"}).status_code == 200

    response = rematch(ann, game["id"])

    assert response.status_code == 201, response.content
    new = response.json()
    assert new["bot_think_ms"] == 250
    bots = [s for s in new["seats"] if s["state"] == "bot"]
    assert [s["seat"] for s in bots] == [1, 2]
    old_bots = [s for s in ann.view(game["id"])["seats"] if s["state"] == "bot"]
    assert len(old_bots) == 2
