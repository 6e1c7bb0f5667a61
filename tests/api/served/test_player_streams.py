"""`GET /players/me/stream` as the web server serves it: a snapshot of the caller's games,
then a notice for each thing that happens to them (seats taken and left while waiting,
the start, their turns, the end, a rematch), in either framing; a reconnect's snapshot is
in sync; a write in another process reaches the stream; tickets and the cap as for any
stream. Writes made while the stream is open need PostgreSQL.
"""

from __future__ import annotations

import asyncio
import textwrap
import time

import pytest

from games.live import frames as live
from games.live import watch as watch_module

from .asgi import API, StreamClient, bearer, served, slots_held, wait_until

pytestmark = pytest.mark.django_db(transaction=True)

ME_STREAM = f"{API}/players/me/stream"
NO_TIMERS = {"turn_seconds": None, "response_seconds": None, "uno_window_seconds": None}
#: Staff (seat 0) plays red-5 calling UNO, ann red-9, staff red-7 and wins the match:
#: ann is left with 100 points, over the target of 50.
SHORT_MATCH = {
    "rules": {"preset": "classic", "options": {"target_score": 50}},
    "position": {
        "hands": {"0": ["red-5", "red-7"], "1": ["red-9", "wild-draw4", "wild"]},
        "discard": ["red-3"],
        "to_act": 0,
    },
}


def me_stream(app, player, **kwargs) -> StreamClient:
    return StreamClient(app, path=ME_STREAM, token=player.token, **kwargs)


def ref(player) -> dict:
    return {"id": player.id, "name": player.player.name}


async def call(client, player, method, path, body=None):
    answer = await client.request(method, f"{API}{path}", json=body, headers=bearer(player))
    assert answer.status_code in (200, 201), answer.text
    return answer.json()


@pytest.mark.parametrize("ndjson", [False, True], ids=["sse", "ndjson"])
def test_the_players_stream_starts_with_a_snapshot_of_their_games(
    app, postgres, staff, players, started_game, create_game, ndjson
):
    ann, bob = players[0], players[1]
    playing = started_game(staff, [ann], **SHORT_MATCH)
    waiting = create_game(staff, seats=3)
    create_game(bob)  # not staff's: not in the snapshot

    async def scenario():
        async with me_stream(app, staff, ndjson=ndjson) as stream:
            return stream, await stream.next()

    stream, snapshot = asyncio.run(scenario())

    expected_type = "application/x-ndjson" if ndjson else "text/event-stream"
    assert stream.status == 200 and stream.content_type.startswith(expected_type)
    assert (snapshot.kind, snapshot.id) == ("snapshot", 1)
    assert snapshot.data == {
        "your_turn": [
            {
                "game": playing["id"],
                "version": playing["version"],
                "phase": "play",
                "deadline_at": None,
            }
        ],
        "waiting": [waiting["id"]],
        "active": [playing["id"]],
    }
    assert slots_held(staff) == 0


def test_the_players_stream_sends_each_notice_of_a_game_from_join_to_rematch(
    app, postgres, staff, players
):
    """Staff follows their own stream while a game is created, joined, started, played
    to its end and rematched; each notice arrives with exactly its body."""
    ann = players[0]

    async def scenario():
        received = []

        async def expect(kind):
            frame = await stream.next()
            while frame.kind == "keepalive":
                frame = await stream.next()
            received.append(frame)
            assert frame.kind == kind, received
            return frame.data

        async with served(app) as client, me_stream(app, staff) as stream:
            assert (await stream.next()).data == {"your_turn": [], "waiting": [], "active": []}
            body = {**SHORT_MATCH, "seats": 2, "timers": NO_TIMERS}
            game = await call(client, staff, "POST", "/games", body)
            gid = game["id"]
            assert await expect("seat_taken") == {"game": gid, "seat": 0, "player": ref(staff)}
            await call(client, ann, "POST", f"/games/{gid}/join", {})
            assert await expect("seat_taken") == {"game": gid, "seat": 1, "player": ref(ann)}

            started = await call(client, staff, "POST", f"/games/{gid}/start")
            version = started["version"]
            assert await expect("game_started") == {"game": gid, "version": version}
            turn = {"game": gid, "version": version, "phase": "play", "deadline_at": None}
            assert await expect("your_turn") == turn

            play = {"type": "play", "card": "red-5", "uno": True}
            await call(client, staff, "POST", f"/games/{gid}/actions", play)
            answered = await call(
                client, ann, "POST", f"/games/{gid}/actions", {"type": "play", "card": "red-9"}
            )
            turn = {"game": gid, "version": answered["version"], "phase": "play"}
            assert await expect("your_turn") == {**turn, "deadline_at": None}

            final = await call(
                client, staff, "POST", f"/games/{gid}/actions", {"type": "play", "card": "red-7"}
            )
            assert final["game"]["status"] == "finished"
            winner = final["game"]["winner"]
            assert await expect("game_ended") == {"game": gid, "winner": winner}

            rematch = await call(client, ann, "POST", f"/games/{gid}/rematch")
            nid = rematch["id"]
            assert await expect("rematch") == {"game": gid, "next_game": nid}
            await call(client, staff, "POST", f"/games/{gid}/rematch")
            assert await expect("seat_taken") == {"game": nid, "seat": 1, "player": ref(staff)}
            await call(client, staff, "POST", f"/games/{nid}/leave")
            assert await expect("seat_left") == {"game": nid, "seat": 1, "player": ref(staff)}
            return received, winner

    received, winner = asyncio.run(scenario())

    assert winner == 0
    assert [f.id for f in received] == list(range(2, 2 + len(received)))
    assert slots_held(staff) == 0


def test_seats_taken_and_left_by_others_are_told_while_the_game_waits(app, postgres, players):
    ann, bob, cid = players[0], players[1], players[2]

    async def scenario():
        async with served(app) as client:
            game = await call(client, ann, "POST", "/games", {"seats": 3, "timers": NO_TIMERS})
            gid = game["id"]
            async with me_stream(app, ann) as stream:
                await stream.next()
                await call(client, bob, "POST", f"/games/{gid}/join", {})
                taken = await stream.until("seat_taken")
                await call(client, bob, "POST", f"/games/{gid}/leave")
                left = await stream.until("seat_left")
                await call(client, cid, "POST", f"/games/{gid}/join", {})
                again = await stream.until("seat_taken")
            return gid, taken[-1].data, left[-1].data, again[-1].data

    gid, taken, left, again = asyncio.run(scenario())

    assert taken == {"game": gid, "seat": 1, "player": ref(bob)}
    assert left == {"game": gid, "seat": 1, "player": ref(bob)}
    assert again == {"game": gid, "seat": 1, "player": ref(cid)}


def test_a_reconnect_starts_with_a_snapshot_in_sync_with_the_games(
    app, postgres, staff, players, started_game
):
    ann = players[0]
    game = started_game(staff, [ann], **SHORT_MATCH)

    async def scenario():
        async with served(app) as client:
            async with me_stream(app, ann) as first:
                before = (await first.next()).data
            await call(client, staff, "POST", f"/games/{game['id']}/actions", SHORT_PLAY)
            async with me_stream(app, ann) as second:
                after = (await second.next()).data
            view = await call(client, ann, "GET", f"/games/{game['id']}")
            return before, after, view

    before, after, view = asyncio.run(scenario())

    assert before == {"your_turn": [], "waiting": [], "active": [game["id"]]}
    assert after == {
        "your_turn": [
            {
                "game": game["id"],
                "version": view["version"],
                "phase": view["phase"],
                "deadline_at": view["deadline_at"],
            }
        ],
        "waiting": [],
        "active": [game["id"]],
    }


SHORT_PLAY = {"type": "play", "card": "red-5", "uno": True}


def test_a_game_created_in_another_process_reaches_the_players_stream_here(
    app, postgres, players, monkeypatch, manage, child_env, worker_database_url
):
    """The other process seats ann in a new game; its commit names her on the channel,
    and her stream here wakes on it (every fallback is put far out of reach)."""
    ann = players[0]
    monkeypatch.setattr(watch_module, "FALLBACK_POLL_SECONDS", 120.0)
    monkeypatch.setattr(live, "RESCAN_SECONDS", {"postgresql": 120.0})
    create = textwrap.dedent(
        f"""
        from games import services
        from players.models import Player
        ann = Player.objects.get(pk="{ann.id}")
        game = services.game_create(host=ann, seats=2, rules={{"preset": "classic"}})
        print(game.id)
        """
    )

    async def scenario():
        async with me_stream(app, ann) as stream:
            await stream.next()
            await asyncio.sleep(0.5)  # the listener is up
            done = await asyncio.to_thread(
                manage, "shell", "-c", create, env=child_env(DATABASE_URL=worker_database_url)
            )
            assert done.returncode == 0, done.stderr
            committed = time.monotonic()
            frames = await stream.until("seat_taken", timeout=30)
            return done.stdout.split()[-1], frames[-1], time.monotonic() - committed

    gid, notice, took = asyncio.run(scenario())

    assert notice.data == {"game": gid, "seat": 0, "player": ref(ann)}
    assert took < 5, f"the notice came {took:.1f}s after the other process committed"


def test_a_lost_wake_up_delays_a_notice_and_never_loses_it(app, postgres, players, monkeypatch):
    """With every wake-up of the player dropped, the stream's own rescan finds the new
    game."""
    ann = players[0]
    monkeypatch.setattr(watch_module.VersionWatch, "poke_players", lambda self, ids: None)
    monkeypatch.setattr(live, "RESCAN_SECONDS", {"postgresql": 0.3})

    async def scenario():
        async with served(app) as client, me_stream(app, ann) as stream:
            await stream.next()
            game = await call(client, ann, "POST", "/games", {"seats": 2, "timers": NO_TIMERS})
            return game["id"], (await stream.until("seat_taken", timeout=10))[-1]

    gid, notice = asyncio.run(scenario())

    assert notice.data == {"game": gid, "seat": 0, "player": ref(ann)}


def test_a_quiet_players_stream_sends_keepalives(app, players, monkeypatch):
    ann = players[0]
    monkeypatch.setattr(live, "KEEPALIVE_SECONDS", 0.2)

    async def scenario():
        async with me_stream(app, ann) as stream:
            return [await stream.next(), await stream.next(), await stream.next()]

    snapshot, *keepalives = asyncio.run(scenario())

    assert snapshot.kind == "snapshot"
    assert [k.kind for k in keepalives] == ["keepalive", "keepalive"]


def test_the_players_stream_opens_with_a_ticket_and_counts_toward_the_cap(app, players, settings):
    ann = players[0]
    settings.UNO_STREAMS_PER_PLAYER = 1
    ticket = ann.post(f"{API}/stream-tickets").json()["ticket"]

    async def scenario():
        async with me_stream(app, ann) as held, served(app) as client:
            await held.next()
            refused = await client.get(f"{ME_STREAM}?ticket={ticket}")
        await wait_until(lambda: slots_held(ann) == 0)
        async with StreamClient(app, path=ME_STREAM, query=f"ticket={ticket}") as stream:
            return refused, stream.status, await stream.next()

    refused, status, snapshot = asyncio.run(scenario())

    assert refused.status_code == 429 and refused.json()["code"] == "too_many_streams"
    assert status == 200 and snapshot.kind == "snapshot"


def test_the_players_stream_needs_credentials(app):
    async def scenario():
        async with served(app) as client:
            return await client.get(ME_STREAM)

    answer = asyncio.run(scenario())

    assert answer.status_code == 401
    assert answer.headers["content-type"] == "application/problem+json"


def test_the_schema_describes_both_streams_frames_and_the_new_view_fields(api_client):
    schema = api_client.get("/api/schema/?format=json").json()
    components = schema["components"]["schemas"]

    def frames_of(path: str) -> dict:
        content = schema["paths"][path]["get"]["responses"]["200"]["content"]
        assert {"text/event-stream", "application/x-ndjson"} <= set(content)
        union = content["application/x-ndjson"]["schema"]["$ref"].rsplit("/", 1)[-1]
        mapping = components[union]["discriminator"]["mapping"]
        assert components[union]["discriminator"]["propertyName"] == "kind"
        return {kind: ref.rsplit("/", 1)[-1] for kind, ref in mapping.items()}

    game = frames_of("/api/v1/games/{game_id}/stream")
    mine = frames_of("/api/v1/players/me/stream")

    assert set(game) == {"view", "event", "end"}
    assert components[game["view"]]["properties"]["data"]["$ref"].endswith("/GameView")
    assert set(mine) == {
        "snapshot",
        "your_turn",
        "game_started",
        "game_ended",
        "seat_taken",
        "seat_left",
        "rematch",
    }
    data = components[mine["your_turn"]]["properties"]["data"]["$ref"].rsplit("/", 1)[-1]
    assert set(components[data]["properties"]) == {"game", "version", "phase", "deadline_at"}
    assert {"spectators", "next_game_id"} <= set(components["GameView"]["properties"])
    operation = schema["paths"]["/api/v1/players/me/stream"]["get"]
    assert "429" in operation["responses"] and "401" in operation["responses"]
