"""Lists page by cursor (`results`, `next_cursor`, `limit` 1-100), the lobby's filters,
and the headers every client may rely on: `RateLimit-*` on throttled endpoints, and
`Location` on a 201."""

from __future__ import annotations

import base64
import json
from datetime import UTC, datetime, timedelta

import pytest
from hypothesis import HealthCheck, example, given
from hypothesis import settings as hypothesis_settings
from hypothesis import strategies as st

from games.models import Game

from .conftest import NO_TIMERS, assert_problem, clear_throttles

GAMES = "/api/v1/games"
TOKENS = "/api/v1/players/me/tokens"


def lobby_pages(player, **query) -> list[list[str]]:
    """Every page of the lobby, followed by cursor, as lists of game ids."""
    pages, cursor = [], None
    while True:
        params = {**query, **({"cursor": cursor} if cursor else {})}
        body = player.get(GAMES, data=params).json()
        pages.append([game["id"] for game in body["results"]])
        cursor = body["next_cursor"]
        if cursor is None:
            return pages


def test_the_lobby_pages_by_cursor_with_every_game_once_most_recently_active_first(
    ann, create_game
):
    made = [create_game(ann)["id"] for _ in range(7)]
    Game.objects.filter(id=made[2]).update(updated_at=datetime.now(UTC) + timedelta(minutes=1))

    pages = lobby_pages(ann, limit=3)

    assert [len(page) for page in pages] == [3, 3, 1]
    listed = [game for page in pages for game in page]
    assert listed == [made[2], *reversed([g for g in made if g != made[2]])]


def test_a_page_holds_at_most_limit_games_and_50_by_default(ann, create_game):
    for _ in range(3):
        create_game(ann)

    one = ann.get(GAMES, data={"limit": 1}).json()
    every = ann.get(GAMES).json()

    assert len(one["results"]) == 1 and one["next_cursor"]
    assert len(every["results"]) == 3 and every["next_cursor"] is None


def test_games_added_while_paging_neither_repeat_nor_shift_the_pages(ann, create_game):
    older = [create_game(ann)["id"] for _ in range(4)]
    first = ann.get(GAMES, data={"limit": 2}).json()
    create_game(ann)

    second = ann.get(GAMES, data={"limit": 2, "cursor": first["next_cursor"]}).json()

    seen = [g["id"] for g in first["results"] + second["results"]]
    assert seen == list(reversed(older))


@pytest.mark.parametrize("limit", ["0", "101", "-1", "ten", "1.5", "²", "٣", "0050"])
def test_a_limit_outside_1_to_100_is_400_invalid_request(ann, limit):
    problem = assert_problem(ann.get(GAMES, data={"limit": limit}), 400, "invalid_request")
    assert "limit" in problem["errors"]


@pytest.mark.parametrize("cursor", ["", "nonsense!", "e30", "WyJ4Il0", "WyJ4IiwieSJd"])
def test_a_cursor_the_list_did_not_give_is_400_invalid_request(ann, create_game, cursor):
    create_game(ann)
    problem = assert_problem(ann.get(GAMES, data={"cursor": cursor}), 400, "invalid_request")
    assert "cursor" in problem["errors"]


def cursor_of(values) -> str:
    """A cursor as the lists make them: URL-safe base64 of JSON, unpadded."""
    text = json.dumps(values, separators=(",", ":"))
    return base64.urlsafe_b64encode(text.encode()).rstrip(b"=").decode("ascii")


def every_list(ann) -> list[str]:
    return [
        GAMES,
        TOKENS,
        f"/api/v1/players/{ann.id}/games",
        f"/api/v1/players/{ann.id}/ratings",
        "/api/v1/leaderboards/classic",
    ]


@pytest.mark.parametrize("path", [GAMES, "/api/v1/leaderboards/classic"])
def test_a_cursor_of_nulls_is_400_invalid_request_naming_cursor(ann, create_game, path):
    create_game(ann)
    tampered = "W251bGwsbnVsbF0"  # [null,null]
    assert cursor_of([None, None]) == tampered
    problem = assert_problem(ann.get(path, data={"cursor": tampered}), 400, "invalid_request")
    assert "cursor" in problem["errors"]


@pytest.fixture
def a_game(ann, create_game):
    return create_game(ann)


#: Any JSON value, the odd ones included (NaN, huge numbers, NUL, deep nesting).
JSON_VALUES = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.integers(min_value=-(10**40), max_value=10**40)
    | st.floats()
    | st.text()
    | st.datetimes().map(lambda t: t.isoformat())
    | st.uuids().map(str),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(), inner, max_size=3),
    max_leaves=8,
)


@hypothesis_settings(
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(values=JSON_VALUES | st.lists(JSON_VALUES, min_size=1, max_size=3))
@example(values=[1.5, float("inf")])  # a rating, then an id no integer can hold
@example(values=[float("nan"), float("-inf")])
def test_no_cursor_of_any_json_makes_any_list_fail(ann, a_game, values):
    cursor = cursor_of(values)
    for path in every_list(ann):
        clear_throttles()
        response = ann.get(path, data={"cursor": cursor})
        if response.status_code == 200:
            continue
        problem = assert_problem(response, 400, "invalid_request")
        assert "cursor" in problem["errors"], (path, values, problem)


def test_the_lobby_filters_by_preset_visibility_player_and_mine(ann, bob, cid, create_game):
    classic = create_game(ann)["id"]
    house = create_game(ann, rules={"preset": "house", "options": {}})["id"]
    with_bob = create_game(bob)["id"]
    cid.post(f"{GAMES}/{with_bob}/join")
    anns_invite = create_game(ann, visibility="invite")["id"]

    def listed(caller, **query):
        return {g["id"] for g in caller.get(GAMES, data=query).json()["results"]}

    assert listed(ann, preset="house") == {house}
    assert listed(ann, visibility="invite") == {anns_invite}
    assert listed(ann, player=cid.id) == {with_bob}
    assert listed(ann, mine="true") == {classic, house, anns_invite}
    assert listed(bob, mine="true") == {with_bob}
    assert listed(bob, player=ann.id) == {classic, house}  # not ann's invite game


def test_the_lobby_filters_by_updated_after(ann, create_game):
    stale = create_game(ann)["id"]
    fresh = create_game(ann)["id"]
    cut = datetime.now(UTC)
    Game.objects.filter(id=stale).update(updated_at=cut - timedelta(hours=1))
    Game.objects.filter(id=fresh).update(updated_at=cut + timedelta(seconds=1))

    body = ann.get(GAMES, data={"updated_after": cut.isoformat()}).json()

    assert [g["id"] for g in body["results"]] == [fresh]
    bad = ann.get(GAMES, data={"updated_after": "yesterday"})
    assert "updated_after" in assert_problem(bad, 400, "invalid_request")["errors"]


@pytest.mark.parametrize(
    "query", [{"preset": "poker"}, {"player": "ann"}, {"mine": "maybe"}, {"status": ""}]
)
def test_a_filter_the_lobby_does_not_know_is_400_naming_it(ann, query):
    problem = assert_problem(ann.get(GAMES, data=query), 400, "invalid_request")
    assert set(query) <= set(problem["errors"])


def test_tokens_page_like_every_list(ann):
    for n in range(3):
        ann.post(TOKENS, {"label": f"device {n}"})

    first = ann.get(TOKENS, data={"limit": 2}).json()
    rest = ann.get(TOKENS, data={"limit": 2, "cursor": first["next_cursor"]}).json()

    labels = [t["label"] for t in first["results"] + rest["results"]]
    assert rest["next_cursor"] is None
    assert sorted(labels) == sorted(["registration", "device 0", "device 1", "device 2"])
    assert len(set(t["id"] for t in first["results"] + rest["results"])) == 4


def test_throttled_responses_carry_ratelimit_headers_that_count_down(ann):
    first = ann.get(GAMES)
    second = ann.get(GAMES)

    limit = int(first["RateLimit-Limit"])
    assert limit == 1200  # the reads rate, 1200/minute
    assert int(first["RateLimit-Remaining"]) == limit - 1
    assert int(second["RateLimit-Remaining"]) == limit - 2
    assert 0 < int(second["RateLimit-Reset"]) <= 60


def test_a_429_says_when_to_come_back_in_retry_after_and_ratelimit_reset(api_client):
    address = {"REMOTE_ADDR": "198.51.100.9"}
    responses = [
        api_client.post("/api/v1/players", {"name": ""}, format="json", **address)
        for _ in range(31)
    ]

    last = responses[-1]
    assert_problem(last, 429, "throttled")
    assert last["RateLimit-Remaining"] == "0"
    assert int(last["Retry-After"]) >= 1
    assert int(last["RateLimit-Reset"]) == int(last["Retry-After"])
    assert responses[0]["RateLimit-Limit"] == "30"


def test_a_201_carries_an_absolute_location(ann, api_client):
    created = ann.post(GAMES, {"seats": 2, "timers": NO_TIMERS})
    token = ann.post(TOKENS, {"label": "laptop"})
    registered = api_client.post("/api/v1/players", {"name": "zoe"}, format="json")

    assert created.status_code == 201
    assert created["Location"] == f"http://testserver{GAMES}/{created.json()['id']}"
    assert token.status_code == 201
    assert token["Location"] == f"http://testserver{TOKENS}/{token.json()['id']}"
    assert ann.get(token["Location"]).json()["label"] == "laptop"
    assert registered.status_code == 201
    assert registered["Location"] == f"http://testserver/api/v1/players/{registered.json()['id']}"
    assert ann.get(registered["Location"]).json()["name"] == "zoe"
