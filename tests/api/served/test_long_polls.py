"""The long-poll `GET /games/{id}/events?wait=` as the web server serves it: through
unoservice.asgi's application, where a waiting request awaits on the event loop and holds
no thread, and counts toward the player's open streams (429 `too_many_streams`).

Requests go through httpx's ASGI transport (or a raw ASGI call, to disconnect), so the
whole server-side path runs: the routing, Django's ASGI handler and middleware, DRF's
authentication, throttles and exception handler, the shared thread pool. The set-up
(players, games) uses Django's test client. Moves made while polls wait need PostgreSQL:
SQLite's shared in-memory test database locks a table for a whole write.
"""

from __future__ import annotations

import asyncio
import threading
import time

import httpx
import pytest
from django.db import connection
from rest_framework.throttling import ScopedRateThrottle

from .asgi import (
    API,
    PLAY_POSITION,
    bearer,
    comparable,
    request_then_leave,
    served,
    slots_held,
    wait_until,
)

pytestmark = pytest.mark.django_db(transaction=True)

#: Seat 0 (staff) cannot play on red-3 and draws blue-8: a private draw.
DRAW_POSITION = {
    "hands": {"0": ["green-3", "yellow-4"], "1": ["green-5", "yellow-9"]},
    "discard": ["red-3"],
    "draw": ["blue-8", "blue-9"],
    "to_act": 0,
}


def events_path(game_id, after: int, wait: int) -> str:
    return f"{API}/games/{game_id}/events?after={after}&wait={wait}"


# --- waking, timing out, redaction ------------------------------------------------------


def test_a_waiting_long_poll_answers_as_soon_as_a_move_is_recorded(
    app, postgres, staff, players, started_game
):
    ann = players[0]
    game = started_game(staff, [ann], position=PLAY_POSITION)

    async def scenario():
        async with served(app) as client:
            poll = asyncio.create_task(
                client.get(events_path(game["id"], game["version"], 20), headers=bearer(ann))
            )
            await wait_until(lambda: slots_held(ann) == 1)
            moved = time.monotonic()
            play = {"type": "play", "card": "red-5"}
            act = await client.post(
                f"{API}/games/{game['id']}/actions", json=play, headers=bearer(staff)
            )
            assert act.status_code == 200, act.text
            answer = await poll
            return answer, time.monotonic() - moved

    answer, took = asyncio.run(scenario())

    assert answer.status_code == 200, answer.text
    assert answer.json()["events"][0]["type"] == "card_played"
    assert answer.json()["version"] > game["version"]
    assert took < 3, f"the poll answered {took:.1f}s after the move"
    assert slots_held(ann) == 0


def test_a_long_poll_with_nothing_new_answers_empty_when_its_time_is_up(app, players, create_game):
    ann = players[0]
    game = create_game(ann)

    async def scenario():
        async with served(app) as client:
            started = time.monotonic()
            answer = await client.get(
                events_path(game["id"], game["version"], 1), headers=bearer(ann)
            )
            return answer, time.monotonic() - started

    answer, took = asyncio.run(scenario())

    assert answer.status_code == 200, answer.text
    assert answer.json() == {
        "version": game["version"],
        "head_hash": answer.json()["head_hash"],
        "events": [],
    }
    assert 0.9 <= took < 5
    assert slots_held(ann) == 0


def test_each_waiting_caller_gets_the_draw_redacted_for_them(
    app, postgres, staff, players, started_game
):
    ann, spectator = players[0], players[1]
    game = started_game(staff, [ann], position=DRAW_POSITION)
    path = events_path(game["id"], game["version"], 20)

    async def scenario():
        async with served(app) as client:
            polls = [
                asyncio.create_task(client.get(path, headers=bearer(caller)))
                for caller in (staff, ann, spectator)
            ]
            await wait_until(lambda: slots_held(spectator) == 1 and slots_held(ann) == 1)
            drawn = await client.post(
                f"{API}/games/{game['id']}/actions", json={"type": "draw"}, headers=bearer(staff)
            )
            assert drawn.status_code == 200, drawn.text
            return [await poll for poll in polls]

    as_staff, as_ann, as_spectator = asyncio.run(scenario())

    def drawn(answer) -> dict:
        assert answer.status_code == 200, answer.text
        return next(e for e in answer.json()["events"] if e["type"] == "cards_drawn")

    assert "blue-8" in drawn(as_staff)["private"]["cards"]
    for answer in (as_ann, as_spectator):
        assert drawn(answer)["private"] is None
        assert "blue-8" not in answer.text
        assert drawn(answer)["private_digest"] == drawn(as_staff)["private_digest"]


# --- refusals ---------------------------------------------------------------------------


def test_a_long_poll_without_a_valid_token_is_401(app, players, create_game):
    game = create_game(players[0])
    path = events_path(game["id"], game["version"], 20)

    async def scenario():
        async with served(app) as client:
            return [
                await client.get(path),
                await client.get(path, headers={"Authorization": "Bearer not-a-token"}),
            ]

    for answer in asyncio.run(scenario()):
        assert answer.status_code == 401
        assert answer.headers["content-type"] == "application/problem+json"
        assert answer.headers["www-authenticate"].startswith("Bearer")
        assert answer.json()["code"] == "not_authenticated"


def test_an_outsider_polling_an_invite_game_gets_404(app, players, create_game):
    ann, outsider = players[0], players[1]
    game = create_game(ann, visibility="invite")

    async def scenario():
        async with served(app) as client:
            return await client.get(
                events_path(game["id"], game["version"], 20), headers=bearer(outsider)
            )

    answer = asyncio.run(scenario())

    assert answer.status_code == 404
    assert answer.headers["content-type"] == "application/problem+json"
    assert answer.json()["code"] == "game_not_found"
    assert "version" not in answer.json()
    assert slots_held(outsider) == 0


def test_long_polls_are_throttled_like_every_read(app, players, create_game, monkeypatch):
    ann = players[0]
    game = create_game(ann)
    rates = {**ScopedRateThrottle.THROTTLE_RATES, "reads": "3/minute"}
    monkeypatch.setattr(ScopedRateThrottle, "THROTTLE_RATES", rates)

    async def scenario():
        async with served(app) as client:
            path = events_path(game["id"], game["version"], 0)
            return [await client.get(path, headers=bearer(ann)) for _ in range(4)]

    answers = asyncio.run(scenario())

    assert [a.status_code for a in answers] == [200, 200, 200, 429]
    assert answers[3].json()["code"] == "throttled"
    assert int(answers[3].headers["retry-after"]) >= 1


def test_answers_are_the_same_as_django_gives_over_wsgi(app, players, create_game):
    """Status, headers and body of the feed, its errors and a long-poll that timed out,
    served by the web server's application and by Django's WSGI handler."""
    ann, outsider = players[0], players[1]
    game = create_game(ann, visibility="invite")
    base = f"{API}/games/{game['id']}/events"
    cases = [
        (ann, f"{base}?after=0"),
        (ann, f"{base}?after={game['version']}&wait=1"),
        (ann, f"{base}?wait=31"),
        (outsider, f"{base}?wait=1"),
        (None, f"{base}?wait=1"),
    ]

    same_id = {"X-Request-ID": "r-1"}  # so the echoed X-Request-ID headers match too
    # httpx asks for br and gzip unless told; Django's test client asks for no coding.
    plain = {"Accept-Encoding": "identity"}

    async def over_asgi():
        async with served(app) as client:
            return [
                await client.get(
                    path, headers={**(bearer(caller) if caller else {}), **same_id, **plain}
                )
                for caller, path in cases
            ]

    for (caller, path), answer in zip(cases, asyncio.run(over_asgi()), strict=True):
        client = caller.client if caller else ann.client.__class__()
        expected = client.get(path, HTTP_X_REQUEST_ID=same_id["X-Request-ID"])
        assert answer.status_code == expected.status_code, path
        assert answer.content == expected.content, path
        assert comparable(answer.headers) == comparable(expected.headers), path


# --- the cap on open streams ------------------------------------------------------------


def test_the_21st_concurrent_wait_of_a_player_is_429_and_slots_free_on_completion(
    app, postgres, staff, players, started_game, settings
):
    assert settings.UNO_STREAMS_PER_PLAYER == 20
    ann, bob = players[0], players[1]
    game = started_game(staff, [ann], position=PLAY_POSITION)
    path = events_path(game["id"], game["version"], 20)

    async def scenario():
        async with served(app) as client:
            waiting = [
                asyncio.create_task(client.get(path, headers=bearer(ann))) for _ in range(20)
            ]
            await wait_until(lambda: slots_held(ann) == 20)
            refused = await client.get(path, headers=bearer(ann))
            other_player = asyncio.create_task(client.get(path, headers=bearer(bob)))
            await wait_until(lambda: slots_held(bob) == 1)
            play = {"type": "play", "card": "red-5"}
            act = await client.post(
                f"{API}/games/{game['id']}/actions", json=play, headers=bearer(staff)
            )
            assert act.status_code == 200, act.text
            answered = [await poll for poll in waiting] + [await other_player]
            held_after = slots_held(ann)
            again = await client.get(
                events_path(game["id"], act.json()["version"], 1), headers=bearer(ann)
            )
            return refused, answered, held_after, again

    refused, answered, held_after, again = asyncio.run(scenario())

    body = assert_problem_json(refused, 429, "too_many_streams")
    assert 1 <= int(refused.headers["retry-after"]) <= 21, refused.headers
    assert body["status"] == 429
    assert {a.status_code for a in answered} == {200}
    assert all(a.json()["events"][0]["type"] == "card_played" for a in answered)
    assert held_after == 0
    assert again.status_code == 200 and again.json()["events"] == []


def test_a_slot_is_free_again_when_its_client_goes_away(app, players, create_game):
    ann = players[0]
    game = create_game(ann)
    path = f"{API}/games/{game['id']}/events"
    query = f"after={game['version']}&wait=20"

    async def scenario():
        async with served(app) as client:
            url = f"{path}?{query}"
            waiting = [asyncio.create_task(client.get(url, headers=bearer(ann))) for _ in range(19)]
            gone = asyncio.Event()
            leaving = asyncio.create_task(raw_get(app, path, query, ann.token, gone))
            await wait_until(lambda: slots_held(ann) == 20)
            refused = await client.get(url, headers=bearer(ann))
            gone.set()
            sent = await asyncio.wait_for(leaving, 5)
            await wait_until(lambda: slots_held(ann) == 19)
            taken = asyncio.create_task(client.get(url, headers=bearer(ann)))
            await wait_until(lambda: slots_held(ann) == 20)
            for poll in [*waiting, taken]:
                poll.cancel()
            await asyncio.gather(*waiting, taken, return_exceptions=True)
            return refused, sent

    refused, sent = asyncio.run(scenario())

    assert refused.status_code == 429
    assert not [m for m in sent if m["type"] == "http.response.body" and m.get("body")]
    assert slots_held(ann) == 0


async def raw_get(app, path: str, query: str, token: str, gone: asyncio.Event) -> list[dict]:
    """A GET straight through the ASGI interface whose client disconnects once `gone` is
    set; returns the messages the application sent."""
    sent: list[dict] = []

    async def send(message):
        sent.append(message)

    scope = {
        "type": "http",
        "asgi": {"version": "3.0"},
        "http_version": "1.1",
        "method": "GET",
        "scheme": "http",
        "path": path,
        "raw_path": path.encode(),
        "query_string": query.encode(),
        "root_path": "",
        "headers": [(b"host", b"testserver"), (b"authorization", f"Bearer {token}".encode())],
        "client": ("127.0.0.1", 50000),
        "server": ("testserver", 80),
    }
    await app(scope, request_then_leave(gone), send)
    return sent


def assert_problem_json(answer: httpx.Response, status: int, code: str) -> dict:
    assert answer.status_code == status, answer.text
    assert answer.headers["content-type"] == "application/problem+json"
    body = answer.json()
    assert body["code"] == code and body["type"].endswith(code)
    return body


# --- what waiting costs -----------------------------------------------------------------


def test_waiting_long_polls_hold_no_thread_and_no_database_connection(app, players, create_game):
    """60 long-polls of 3 players wait at once: the process gains at most the pool's
    threads and the version watch's one, and so many database connections at most."""
    pollers = players[:3]
    game = create_game(pollers[0])
    path = events_path(game["id"], game["version"], 20)

    async def scenario():
        threads_before, sessions_before = threading.active_count(), other_sessions()
        async with served(app) as client:
            for player in pollers:
                # Each token's first use records it (a write); sixty at once would meet
                # SQLite's shared in-memory test database's table lock.
                assert (await client.get(f"{API}/players/me", headers=bearer(player))).is_success
            waiting = [
                asyncio.create_task(client.get(path, headers=bearer(player)))
                for player in pollers
                for _ in range(20)
            ]
            await wait_until(lambda: sum(slots_held(p) for p in pollers) == 60)
            await asyncio.sleep(0.5)
            threads, sessions = threading.active_count(), other_sessions()
            for poll in waiting:
                poll.cancel()
            await asyncio.gather(*waiting, return_exceptions=True)
        connection.close()  # this task's own (Django's connections are per task here)
        return threads - threads_before, sessions - sessions_before

    threads_added, sessions_added = asyncio.run(scenario())

    # A middleware that cannot run asynchronously would hold a thread per waiting request.
    assert threads_added <= app.threads + 1, "waiting requests hold threads"
    assert sessions_added <= app.threads + 1


def other_sessions() -> int:
    """Connections to the test database other than this task's (0 but on PostgreSQL)."""
    if connection.vendor != "postgresql":
        return 0
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT count(*) FROM pg_stat_activity "
            "WHERE datname = current_database() AND pid <> pg_backend_pid()"
        )
        return cursor.fetchone()[0]


def test_a_player_deactivated_while_waiting_gets_401_account_disabled_not_the_events(
    app, players, create_game
):
    from players.services import player_deactivate

    ann = players[0]
    game = create_game(ann)

    def deactivate_and_disconnect():
        player_deactivate(player=ann.player)
        connection.close()  # this thread's own connection

    async def scenario():
        async with served(app) as client:
            poll = asyncio.create_task(
                client.get(events_path(game["id"], game["version"], 2), headers=bearer(ann))
            )
            await wait_until(lambda: slots_held(ann) == 1)
            await asyncio.to_thread(deactivate_and_disconnect)
            return await poll

    answer = asyncio.run(scenario())

    assert_problem_json(answer, 401, "account_disabled")
    assert slots_held(ann) == 0


@pytest.mark.parametrize("kind", ["long-poll", "stream"])
def test_a_client_gone_while_its_handler_still_runs_gets_its_slot_back(
    app, players, create_game, monkeypatch, kind
):
    """A disconnect cancels the request, not the worker thread running DRF's handler: a
    handler that has just claimed a slot for its wait or stream must still give it back."""
    import games.live.stream_views
    import games.live.waiting

    ann = players[0]
    game = create_game(ann)
    claimed, go_on = threading.Event(), threading.Event()
    store = games.live.waiting.stream_slots()

    class HeldAfterClaiming:
        def claim(self, *args, **kwargs):
            slot = store.claim(*args, **kwargs)
            claimed.set()
            go_on.wait(10)
            return slot

    module = games.live.waiting if kind == "long-poll" else games.live.stream_views
    monkeypatch.setattr(module, "stream_slots", HeldAfterClaiming)
    if kind == "long-poll":
        url = f"{API}/games/{game['id']}/events?after={game['version']}&wait=20"
    else:
        url = f"{API}/games/{game['id']}/stream"

    async def scenario():
        async with served(app) as client:
            request = asyncio.create_task(client.get(url, headers=bearer(ann)))
            await wait_until(claimed.is_set)
            held_while_handling = slots_held(ann)
            request.cancel()
            await asyncio.sleep(0.1)  # the request waits for its handler's thread
            go_on.set()
            await asyncio.gather(request, return_exceptions=True)
            return held_while_handling

    held_while_handling = asyncio.run(scenario())

    assert held_while_handling == 1
    assert slots_held(ann) == 0
