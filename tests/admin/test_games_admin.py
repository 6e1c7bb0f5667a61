"""Games in the admin: the list (status, preset, seats, players, version, last event and
its age; filters; search by player name) and a game's own pages: seats, deadlines, the
audit, the export download, abort with a reason and removing a seat, each through the
services (events in the log), never by editing rows."""

from __future__ import annotations

import json
from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from games import services
from games.models import Game, GameEvent, GameSeat, GameStatus
from players.services import player_register
from unoservice import clock

pytestmark = pytest.mark.django_db

GAMES = "/admin/games/game/"
NO_TIMERS = {"turn_seconds": None, "response_seconds": None, "uno_window_seconds": None}


@pytest.fixture
def staff_client():
    client = Client()
    client.force_login(
        get_user_model().objects.create_user("root", is_staff=True, is_superuser=True)
    )
    return client


def game_of(names: list[str], preset: str = "classic", start: bool = True) -> Game:
    players = [player_register(name=name)[0] for name in names]
    game = services.game_create(
        host=players[0], seats=len(players), rules={"preset": preset}, timers=NO_TIMERS
    )
    for player in players[1:]:
        services.game_join(game_id=game.id, player=player)
    if start:
        services.game_start(game_id=game.id, player=players[0])
    game.refresh_from_db()
    return game


def listed(response) -> list[Game]:
    assert response.status_code == 200
    return list(response.context["cl"].result_list)


def test_the_list_shows_preset_players_version_and_the_last_event(staff_client):
    game = game_of(["ann", "bob"], preset="house")

    response = staff_client.get(GAMES)

    [row] = listed(response)
    page = response.content.decode()
    assert row.last_event_type == GameEvent.objects.get(game=game, seq=game.version).type
    for text in ("house", "ann, bob", row.last_event_type, " ago"):
        assert text in page, text
    assert f">{game.version}<" in page


def test_games_are_found_by_a_players_name_and_filtered_by_preset(staff_client):
    with_cy = game_of(["ann", "cy"], preset="house")
    game_of(["bob", "di"], preset="classic")

    found = listed(staff_client.get(GAMES, {"q": "cy"}))
    assert [g.pk for g in found] == [with_cy.pk]
    house = listed(staff_client.get(GAMES, {"preset": "house"}))
    assert [g.pk for g in house] == [with_cy.pk]
    two_seats = listed(staff_client.get(GAMES, {"seat_count__exact": "2"}))
    assert len(two_seats) == 2


def test_a_games_page_shows_its_seats_deadlines_and_tools(staff_client):
    game = game_of(["ann", "bob"])
    due = (clock.now() + timedelta(seconds=20)).isoformat()
    Game.objects.filter(pk=game.pk).update(
        open_deadlines={"tok-1": {"kind": "turn", "seat": 0, "closes_at": due, "due_at": due}}
    )

    page = staff_client.get(f"{GAMES}{game.pk}/change/").content.decode()

    assert "tok-1" in page and "turn" in page
    for tool in ("audit/", "export/", "abort/", "seats/0/remove/", "seats/1/remove/"):
        assert f"{GAMES}{game.pk}/{tool}" in page, tool


def test_the_audit_page_lists_every_check(staff_client):
    game = game_of(["ann", "bob"])

    response = staff_client.get(f"{GAMES}{game.pk}/audit/")

    assert response.status_code == 200
    assert response.context["result"]["ok"] is True
    names = [c["name"] for c in response.context["result"]["checks"]]
    assert names == ["hash_chain", "replay", "shuffles", "seal"]
    assert b"Every check passed." in response.content


def test_the_export_downloads_the_whole_log(staff_client):
    game = game_of(["ann", "bob"])

    response = staff_client.get(f"{GAMES}{game.pk}/export/")

    assert response["Content-Type"] == "application/x-ndjson"
    assert "attachment" in response["Content-Disposition"]
    lines = [json.loads(line) for line in b"".join(response.streaming_content).splitlines()]
    assert lines[0]["format"] == "uno-game-export"
    assert [e["seq"] for e in lines[1:]] == list(range(1, game.version + 1))
    assert all(e["private"] is not None for e in lines[1:] if e["private_digest"])  # staff


def test_aborting_asks_for_a_reason_and_records_it(staff_client):
    game = game_of(["ann", "bob"])
    url = f"{GAMES}{game.pk}/abort/"

    assert staff_client.get(url).status_code == 200
    assert staff_client.post(url, {"reason": ""}).status_code == 200  # the form again
    response = staff_client.post(url, {"reason": "stuck since noon"}, follow=True)

    game.refresh_from_db()
    assert game.status == GameStatus.ABORTED
    last = GameEvent.objects.get(game=game, seq=game.version)
    assert "stuck since noon" in json.dumps(last.public)
    assert last.actor.startswith("player:")
    assert any("aborted" in str(m) for m in response.context["messages"])


def test_removing_a_seat_takes_it_out_of_play_through_an_event(staff_client):
    game = game_of(["ann", "bob", "cy"])
    version = game.version

    response = staff_client.post(
        f"{GAMES}{game.pk}/seats/2/remove/", {"reason": "cheating"}, follow=True
    )

    assert response.status_code == 200
    game.refresh_from_db()
    assert game.status == GameStatus.ACTIVE
    changed = GameEvent.objects.filter(game=game, seq__gt=version, type="seat_status_changed")
    assert [(e.public["seat"], e.public["reason"]) for e in changed] == [(2, "cheating")]
    assert GameSeat.objects.get(game=game, seat=2).left_at is not None
    assert [s.left for s in game.seat_rows()] == [False, False, True]


def test_removing_one_of_two_seats_ends_the_match(staff_client):
    game = game_of(["ann", "bob"])

    staff_client.post(f"{GAMES}{game.pk}/seats/1/remove/", {"reason": "gone"})

    game.refresh_from_db()
    assert game.status == GameStatus.FINISHED


def test_a_waiting_games_seat_is_freed_but_never_the_hosts(staff_client):
    game = game_of(["ann", "bob", "cy"], start=False)
    game_of_three = Game.objects.get(pk=game.pk)
    assert game_of_three.status == GameStatus.WAITING

    staff_client.post(f"{GAMES}{game.pk}/seats/1/remove/", {"reason": "asked to"})
    response = staff_client.post(f"{GAMES}{game.pk}/seats/0/remove/", {"reason": "no"}, follow=True)

    game.refresh_from_db()
    assert [s.seat for s in game.seat_rows()] == [0, 2]
    assert GameEvent.objects.filter(game=game, type="seat_left").count() == 1
    assert any("host" in str(m) for m in response.context["messages"])


def test_removing_a_seat_of_an_ended_game_is_refused_with_a_message(staff_client):
    game = game_of(["ann", "bob"])
    services.game_abort(game_id=game.id, reason="over", staff=game.host)
    version = Game.objects.get(pk=game.pk).version

    response = staff_client.post(
        f"{GAMES}{game.pk}/seats/1/remove/", {"reason": "late"}, follow=True
    )

    assert Game.objects.get(pk=game.pk).version == version
    assert any("over" in str(m) for m in response.context["messages"])
