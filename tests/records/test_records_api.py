"""The records endpoints: shapes, pages, and who may read what."""

from __future__ import annotations

import pytest
from django.core.cache import caches
from django.urls import reverse
from rest_framework.test import APIClient

from games import services
from players.services import player_register, token_issue
from scoring.models import PlayerGame
from scoring.projections import records_catch_up

from .play import bots_game, people, people_game, play_to_end

pytestmark = pytest.mark.django_db

STATS = {
    "games",
    "wins",
    "aborted",
    "rounds",
    "rounds_won",
    "points",
    "uno_calls",
    "times_caught",
    "catches",
    "timeouts",
    "average_place",
}


@pytest.fixture(autouse=True)
def _no_throttle_counts():
    for alias in ("default", "shared"):
        caches[alias].clear()


def client_of(player) -> APIClient:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Bearer {token_issue(player=player)}")
    return client


@pytest.fixture
def table(clock):
    """Ann, Bob and Cid: a public game of theirs and an invite game of Ann and Bob,
    finished; one game of Ann's and Cid's aborted; a game of bots alone."""
    ann, bob, cid = people(3, "t")
    staff = player_register(name="staff")[0]
    public = play_to_end(people_game([ann, bob, cid], "classic"), clock)
    private = play_to_end(people_game([ann, bob], "house", visibility="invite"), clock)
    aborted = people_game([ann, cid], "classic")
    services.game_abort(game_id=aborted.id, reason="stuck", staff=staff)
    bots = play_to_end(bots_game(staff, 3, "classic"), clock)
    records_catch_up()
    return {
        "ann": ann,
        "bob": bob,
        "cid": cid,
        "public": public,
        "private": private,
        "aborted": aborted,
        "bots": bots,
    }


def test_a_player_is_shown_with_stats_overall_and_by_preset(table):
    ann = table["ann"]
    response = client_of(table["cid"]).get(reverse("scoring:player", args=[ann.id]))
    assert response.status_code == 200
    body = response.json()
    assert (body["id"], body["name"], body["bot"]) == (str(ann.id), ann.name, False)
    overall, by_preset = body["stats"]["overall"], body["stats"]["by_preset"]
    assert set(overall) == STATS
    assert set(by_preset) == {"custom"}  # target_score 50 overrides each preset
    assert (overall["games"], overall["aborted"]) == (3, 1)
    assert overall == by_preset["custom"]
    seats = PlayerGame.objects.filter(player=ann, status="finished")
    assert overall["wins"] == sum(s.won for s in seats)
    assert overall["average_place"] == pytest.approx(sum(s.place for s in seats) / 2, abs=1e-3)


def test_an_unknown_player_is_404_player_not_found(table):
    response = client_of(table["ann"]).get("/api/v1/players/00000000-0000-0000-0000-000000000000")
    assert response.status_code == 404
    assert response.json()["code"] == "player_not_found"


def test_a_players_games_list_only_the_games_the_caller_may_read(table):
    path = reverse("scoring:player-games", args=[table["ann"].id])
    as_bob = client_of(table["bob"]).get(path).json()
    as_cid = client_of(table["cid"]).get(path).json()
    newest_first = [str(table[name].id) for name in ("aborted", "private", "public")]
    assert [g["game"] for g in as_bob["results"]] == newest_first
    assert [g["game"] for g in as_cid["results"]] == [newest_first[0], newest_first[2]]
    game = as_bob["results"][2]
    assert game["status"] == "finished" and game["rated"] is True
    assert set(game["result"]) == {"place", "won", "score"}
    assert game["links"]["seal"] == f"http://testserver/api/v1/games/{table['public'].id}/seal"
    assert set(game["links"]) == {"view", "replay", "export", "seal"}
    assert as_bob["results"][0]["result"]["place"] is None


def test_a_players_games_page_by_cursor(table):
    client = client_of(table["bob"])
    path = reverse("scoring:player-games", args=[table["ann"].id])
    first = client.get(path, {"limit": 2}).json()
    second = client.get(path, {"limit": 2, "cursor": first["next_cursor"]}).json()
    assert len(first["results"]) == 2 and second["next_cursor"] is None
    assert [g["game"] for g in first["results"] + second["results"]] == [
        str(table[name].id) for name in ("aborted", "private", "public")
    ]
    assert client.get(path, {"limit": 0}).status_code == 400


def test_the_leaderboard_ranks_by_rating_and_pages(table):
    client = client_of(table["ann"])
    board = client.get(reverse("scoring:leaderboard", args=["custom"])).json()
    entries = board["results"]
    assert [e["rank"] for e in entries] == [1, 2, 3]
    assert {e["player"]["id"] for e in entries} == {str(table[n].id) for n in ("ann", "bob", "cid")}
    assert [e["rating"] for e in entries] == sorted((e["rating"] for e in entries), reverse=True)
    assert all(e["provisional"] for e in entries)
    assert {e["games"] for e in entries} <= {1, 2}
    for entry in entries:
        assert entry["rating"] == pytest.approx(entry["mu"] - 3 * entry["sigma"])

    page = client.get(reverse("scoring:leaderboard", args=["custom"]), {"limit": 2}).json()
    rest = client.get(
        reverse("scoring:leaderboard", args=["custom"]), {"limit": 2, "cursor": page["next_cursor"]}
    ).json()
    assert [e["rank"] for e in page["results"] + rest["results"]] == [1, 2, 3]
    assert page["results"] + rest["results"] == entries


def test_bots_alone_rate_on_their_own_board(table):
    client = client_of(table["ann"])
    people_board = client.get("/api/v1/leaderboards/custom").json()["results"]
    bots_board = client.get("/api/v1/leaderboards/custom?bots=true").json()["results"]
    assert len(bots_board) == 3
    assert not {e["player"]["id"] for e in bots_board} & {e["player"]["id"] for e in people_board}
    assert client.get("/api/v1/leaderboards/classic").json() == {"results": [], "next_cursor": None}


def test_an_unknown_preset_has_no_leaderboard(table):
    response = client_of(table["ann"]).get("/api/v1/leaderboards/chess")
    assert response.status_code == 404
    assert response.json()["code"] == "leaderboard_not_found"


def test_the_rating_history_lists_each_rated_game_naming_only_games_the_caller_may_read(table):
    bob = table["bob"]
    path = reverse("scoring:player-ratings", args=[bob.id])
    as_cid = client_of(table["cid"]).get(path).json()["results"]
    as_bob = client_of(bob).get(path).json()["results"]
    assert [c["game"] for c in as_bob] == [str(table["private"].id), str(table["public"].id)]
    assert [c["game"] for c in as_cid] == [None, str(table["public"].id)]  # an invite game
    assert [c["games"] for c in as_bob] == [2, 1]
    assert as_bob[0]["board"] == "players" and as_bob[0]["provisional"]
    assert [c["rating"] for c in as_cid] == [c["rating"] for c in as_bob]
    leaderboard = client_of(bob).get("/api/v1/leaderboards/custom").json()["results"]
    mine = next(e for e in leaderboard if e["player"]["id"] == str(bob.id))
    assert mine["rating"] == as_bob[0]["rating"]


def test_records_need_a_signed_in_caller(table):
    response = APIClient().get(reverse("scoring:player", args=[table["ann"].id]))
    assert response.status_code == 401
