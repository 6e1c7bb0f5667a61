"""Spectators: any signed-in player without a seat reads and streams a public game (`you`
is null), and the view's `spectators` counts the viewers without a seat streaming it
now: not the seated, a viewer once however many streams they hold, nobody once their
streams have closed. The count is not part of the version: a spectator changes neither
the version nor the ETag. An invite game refuses a reader without a seat.
"""

from __future__ import annotations

import asyncio
import uuid

import pytest

from ..conftest import assert_problem
from .asgi import API, PLAY_POSITION, StreamClient, bearer, served

pytestmark = pytest.mark.django_db(transaction=True)


async def read(player, game_id):
    """The game as `player` reads it, through the served application."""
    from unoservice.asgi import application

    async with served(application) as client:
        answer = await client.get(f"{API}/games/{game_id}", headers=bearer(player))
    assert answer.status_code == 200, answer.text
    return answer


async def spectators(player, game_id) -> int:
    return (await read(player, game_id)).json()["spectators"]


def test_a_player_without_a_seat_reads_and_streams_a_public_game_without_a_hand(
    app, postgres, staff, players, started_game
):
    ann, bob = players[0], players[1]
    game = started_game(staff, [ann], position=PLAY_POSITION)

    read = bob.get(f"{API}/games/{game['id']}")
    events = bob.get(f"{API}/games/{game['id']}/events")

    async def scenario():
        async with StreamClient(app, game["id"], token=bob.token) as stream:
            return await stream.next()

    view = asyncio.run(scenario())

    assert read.status_code == 200 and read.json()["you"] is None
    assert all("hand" not in seat for seat in read.json()["seats"])
    assert events.status_code == 200
    assert all(e["private"] is None for e in events.json()["events"])
    assert view.kind == "view" and view.data["you"] is None
    assert view.data["spectators"] == 1  # bob, counted from the first frame


def test_spectators_count_viewers_without_a_seat_across_their_streams_until_they_close(
    app, players, create_game
):
    ann, bob, cid = players[0], players[1], players[2]
    game = create_game(ann, seats=3)
    gid = game["id"]

    async def scenario():
        counts = {"before": await spectators(ann, gid)}
        streams = [
            StreamClient(app, gid, token=ann.token),  # seated: not a spectator
            StreamClient(app, gid, token=bob.token),
            StreamClient(app, gid, token=bob.token),  # bob again: still one viewer
            StreamClient(app, gid, token=cid.token),
        ]
        for stream in streams:
            await stream.__aenter__()
            await stream.next()
        counts["open"] = await spectators(ann, gid)
        await streams[1].leave()
        counts["bob_still_watching"] = await spectators(ann, gid)
        await streams[3].leave()
        counts["cid_left"] = await spectators(ann, gid)
        for stream in (streams[0], streams[2]):
            await stream.leave()
        counts["all_left"] = await spectators(ann, gid)
        return counts

    counts = asyncio.run(scenario())

    assert counts == {
        "before": 0,
        "open": 2,
        "bob_still_watching": 2,
        "cid_left": 1,
        "all_left": 0,
    }


def test_a_spectator_changes_neither_the_version_nor_the_etag(app, players, create_game):
    ann, bob = players[0], players[1]
    game = create_game(ann)

    async def scenario():
        before = await read(ann, game["id"])
        async with StreamClient(app, game["id"], token=bob.token) as stream:
            await stream.next()
            return before, await read(ann, game["id"])

    before, during = asyncio.run(scenario())

    assert (before.json()["spectators"], during.json()["spectators"]) == (0, 1)
    assert during.json()["version"] == before.json()["version"]
    assert during.headers["etag"] == before.headers["etag"]


def test_a_spectator_who_takes_a_seat_is_no_longer_counted(app, postgres, players, create_game):
    ann, bob = players[0], players[1]
    game = create_game(ann, seats=3)
    gid = game["id"]

    async def scenario():
        async with served(app) as client, StreamClient(app, gid, token=bob.token) as stream:
            first = await stream.next()
            joined = await client.post(f"{API}/games/{gid}/join", json={}, headers=bearer(bob))
            assert joined.status_code == 200, joined.text
            after_join = await stream.until("view")
            return first.data["spectators"], after_join[-1].data

    watching, seated_view = asyncio.run(scenario())

    assert watching == 1
    assert seated_view["you"]["seat"] == 1 and seated_view["spectators"] == 0


def test_an_invite_game_refuses_a_reader_without_a_seat(players, create_game):
    ann, bob = players[0], players[1]
    game = create_game(ann, visibility="invite")

    for path in ("", "/events", "/legal-actions", "/stream"):
        assert_problem(bob.get(f"{API}/games/{game['id']}{path}"), 404, "game_not_found")


def test_another_processes_spectator_shows_once_the_count_read_here_is_a_second_old(
    monkeypatch,
):
    """A process reads a game's count at most once a second (every stream's view after a
    move shares it); a spectator who arrives through another process shows after that."""
    from games.live import spectators as spectators_module
    from games.live.slots import spectator_slots

    game_id = uuid.uuid4()
    assert spectators_module.spectator_count(game_id) == 0
    elsewhere = spectator_slots().claim(f"spectators:{game_id}", 30, holder="someone")
    try:
        assert spectators_module.spectator_count(game_id) == 0  # read here just now
        monkeypatch.setattr(spectators_module, "FRESH_SECONDS", 0.0)
        assert spectators_module.spectator_count(game_id) == 1
    finally:
        elsewhere.release()
