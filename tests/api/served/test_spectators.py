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


def test_the_counts_of_streamed_games_are_read_together_off_the_moves_wake_ups(
    app, postgres, staff, players, started_game, monkeypatch
):
    """The thread that hears the moves and wakes every stream reads no spectators' count
    of its own on a move: the counts of the games waited on are read together, in one
    call, between its rounds, and the views the moves bring show them."""
    import threading

    from games.live import spectators as spectators_module
    from games.live.slots import spectator_slots

    ann, bob = players[0], players[1]
    games = [started_game(staff, [ann], visibility="public") for _ in range(2)]
    # Counts a few moves old are stale; the watch's rounds (a second) read them in time.
    monkeypatch.setattr(spectators_module, "FRESH_SECONDS", 2.5)
    monkeypatch.setattr(spectators_module, "REFRESH_SHARE", 0.3)
    store = spectator_slots()
    one_by_one, together = [], []
    holders, holders_many = store.holders, store.holders_many

    def count_one(key):
        one_by_one.append(threading.current_thread().name)
        return holders(key)

    def count_together(keys):
        together.append((threading.current_thread().name, len(keys)))
        return holders_many(keys)

    monkeypatch.setattr(store, "holders", count_one)
    monkeypatch.setattr(store, "holders_many", count_together)
    # The moves' own answers count too, on their threads, and would keep the counts fresh.
    monkeypatch.setattr("games.presentation.spectator_count", lambda game_id: 0)

    async def scenario():
        async with served(app) as client:
            streams = [StreamClient(app, game["id"], token=bob.token) for game in games]
            for stream in streams:
                await stream.__aenter__()
                await stream.until("view")
            views = []
            started = asyncio.get_running_loop().time()
            while asyncio.get_running_loop().time() - started < 3.0:
                for game, stream in zip(games, streams, strict=True):
                    view = await client.get(f"{API}/games/{game['id']}", headers=bearer(ann))
                    mover = staff if view.json()["to_act"] == 0 else ann
                    legal = await client.get(
                        f"{API}/games/{game['id']}/legal-actions", headers=bearer(mover)
                    )
                    action = legal.json()["actions"][0]
                    act = await client.post(
                        f"{API}/games/{game['id']}/actions", json=action, headers=bearer(mover)
                    )
                    assert act.status_code == 200, act.text
                    views.append((await stream.until("view"))[-1].data)
            for stream in streams:
                await stream.leave()
            return views

    views = asyncio.run(scenario())

    assert "uno-version-watch" not in one_by_one
    assert ("uno-version-watch", 2) in together
    assert len(views) >= 4 and all(view["spectators"] == 1 for view in views)


def test_a_writer_finds_the_counts_of_the_games_streamed_elsewhere_read_together(monkeypatch):
    """compose's web processes hold no stream, yet their writes render the frames of the
    games streamed elsewhere, each view with its spectators' count: the counts of the
    games announced are read in one call between the announcements' rounds, so a write
    makes no round trip of its own for them."""
    from games.live import spectators as spectators_module
    from games.live.published import streamed
    from games.live.slots import spectator_slots
    from games.live.watch import version_watch

    game_ids = [uuid.uuid4() for _ in range(3)]
    streamed.heard([str(game_id) for game_id in game_ids])
    store = spectator_slots()
    watching = store.claim(f"spectators:{game_ids[0]}", 30, holder="someone")
    one_by_one, together = [], []
    holders, holders_many = store.holders, store.holders_many
    monkeypatch.setattr(store, "holders", lambda key: one_by_one.append(key) or holders(key))
    monkeypatch.setattr(
        store, "holders_many", lambda keys: together.append(set(keys)) or holders_many(keys)
    )
    try:
        version_watch.streamed_upkeep()  # what hear_announcements runs between its rounds
        counts = [spectators_module.spectator_count(game_id) for game_id in game_ids]
    finally:
        watching.release()

    assert len(together) == 1  # one call (with any other game announced meanwhile)
    assert {f"spectators:{game_id}" for game_id in game_ids} <= together[0]
    assert counts == [1, 0, 0]
    assert one_by_one == []
