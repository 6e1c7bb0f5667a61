"""`GET /games/{id}/stream` as the web server serves it (unoservice.asgi's application):
Server-Sent Events or NDJSON, a view first, each appended event redacted for the caller
with a view after each batch, `end` when the game has ended, resuming with
`Last-Event-ID` or `?after=`, stream tickets, and the cap on open streams.

Streams are read through the raw ASGI interface (httpx's ASGI transport buffers a whole
response), so a test sees each frame as it is sent and can disconnect at any point. Moves
go through httpx's ASGI transport. Moves made while streams are open need PostgreSQL.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
import textwrap
import threading
import time
from collections import Counter
from types import SimpleNamespace

import pytest
from asgiref.sync import sync_to_async

from games.live import frames as live
from games.live import watch as watch_module
from unoservice import compression, metrics

from .asgi import API, PLAY_POSITION, StreamClient, bearer, served, slots_held, wait_until

pytestmark = pytest.mark.django_db(transaction=True)


# --- framing ----------------------------------------------------------------------------


@pytest.mark.parametrize("ndjson", [False, True], ids=["sse", "ndjson"])
def test_a_stream_sends_the_view_then_each_move_with_the_view_after_it(
    app, postgres, staff, players, started_game, ndjson
):
    ann = players[0]
    game = started_game(staff, [ann], position=PLAY_POSITION)

    async def scenario():
        async with (
            served(app) as client,
            StreamClient(app, game["id"], token=ann.token, ndjson=ndjson) as stream,
        ):
            first = await stream.next()
            play = {"type": "play", "card": "red-5"}
            act = await client.post(
                f"{API}/games/{game['id']}/actions", json=play, headers=bearer(staff)
            )
            assert act.status_code == 200, act.text
            batch = await stream.until("view")
            return stream, first, batch, act.json()

    stream, first, batch, act = asyncio.run(scenario())

    assert stream.status == 200
    expected_type = "application/x-ndjson" if ndjson else "text/event-stream"
    assert stream.content_type.startswith(expected_type)
    assert (first.kind, first.id) == ("view", game["version"])
    assert first.data["you"]["seat"] == 1 and first.data["version"] == game["version"]
    *events, view = batch
    assert [e.kind for e in events] == ["event"] * len(events)
    assert [e.id for e in events] == [e["seq"] for e in act["events"]]
    assert [e.data["hash"] for e in events] == [e["hash"] for e in act["events"]]
    assert events[0].data["type"] == "card_played"
    assert (view.kind, view.id, view.data["version"]) == ("view", act["version"], act["version"])
    assert sorted(view.data["you"]["hand"]) == ["green-3", "red-9", "yellow-4"]
    assert slots_held(ann) == 0


@pytest.mark.parametrize("ndjson", [False, True], ids=["sse", "ndjson"])
def test_a_stream_is_gzipped_for_a_client_that_accepts_it_each_batch_arriving_whole(
    app, postgres, staff, players, started_game, ndjson
):
    """Each batch is flushed as it is sent: the client decodes the move's frames before
    the stream ends, the same frames a stream without gzip gets, in fewer bytes."""
    ann = players[0]
    game = started_game(staff, [ann], position=PLAY_POSITION)
    gzip_accepted = [(b"accept-encoding", b"br;q=1.0, gzip;q=0.8")]

    async def scenario():
        async with (
            served(app) as client,
            StreamClient(
                app, game["id"], token=ann.token, headers=gzip_accepted, ndjson=ndjson
            ) as gzipped,
            StreamClient(app, game["id"], token=ann.token, ndjson=ndjson) as plain,
        ):
            first = [await gzipped.next(), await plain.next()]
            play = {"type": "play", "card": "red-5"}
            act = await client.post(
                f"{API}/games/{game['id']}/actions", json=play, headers=bearer(staff)
            )
            assert act.status_code == 200, act.text
            batches = [await gzipped.until("view"), await plain.until("view")]
            return gzipped, plain, first, batches

    gzipped, plain, first, batches = asyncio.run(scenario())

    assert (gzipped.content_encoding, plain.content_encoding) == ("gzip", None)
    for stream in (gzipped, plain):  # what a cache between them must tell apart
        assert "Accept-Encoding" in stream.header("vary").split(", ")

    def timeless(frames):  # a view's server_time is when it was rendered
        return [(f.kind, f.id, {**f.data, "server_time": None}) for f in frames]

    assert timeless(first[:1]) == timeless(first[1:]) and first[0].kind == "view"
    assert timeless(batches[0]) == timeless(batches[1])
    assert batches[0][0].data["type"] == "card_played"
    assert gzipped.wire_bytes < plain.wire_bytes / 2
    assert slots_held(ann) == 0


def test_a_stream_is_not_gzipped_where_the_operator_turned_compression_off(
    app, postgres, staff, players, started_game, settings
):
    settings.UNO_COMPRESSION = False
    ann = players[0]
    game = started_game(staff, [ann], position=PLAY_POSITION)

    async def scenario():
        headers = [(b"accept-encoding", b"gzip")]
        async with StreamClient(app, game["id"], token=ann.token, headers=headers) as stream:
            return stream, await stream.next()

    stream, first = asyncio.run(scenario())

    assert stream.content_encoding is None and first.kind == "view"


@pytest.mark.parametrize(
    "accept_encoding, gzipped",
    [
        ("gzip, deflate, br", True),
        ("*", True),
        ("x-gzip", True),
        ("br", False),
        ("gzip;q=0", False),
        ("*;q=0", False),
        ("identity", False),
        ("", False),
    ],
)
def test_a_stream_is_gzipped_only_where_accept_encoding_gives_gzip_a_weight(
    accept_encoding, gzipped
):
    assert compression.accepts_gzip(accept_encoding) is gzipped


def test_a_stream_of_an_ended_game_sends_the_final_view_and_end_then_closes(
    app, postgres, staff, players, started_game
):
    ann = players[0]
    game = started_game(staff, [ann], position=PLAY_POSITION)
    aborted = staff.post(f"{API}/games/{game['id']}/abort", {"reason": "test"})
    assert aborted.status_code == 200, aborted.content
    version = aborted.json()["version"]

    async def scenario():
        async with StreamClient(app, game["id"], token=ann.token) as stream:
            frames = [await stream.next(), await stream.next(), await stream.next()]
            return frames

    view, end, closed = asyncio.run(scenario())

    assert (view.kind, view.id, view.data["status"]) == ("view", version, "aborted")
    assert (end.kind, end.id, end.data) == ("end", version, {"version": version})
    assert closed is None


def test_every_view_on_a_stream_has_replay_url_and_the_last_one_opens_the_callers_replay(
    app, postgres, staff, players, started_game
):
    ann = players[0]
    game = started_game(staff, [ann], position=PLAY_POSITION)

    async def scenario():
        async with (
            served(app) as client,
            StreamClient(app, game["id"], token=ann.token, ndjson=True) as stream,
        ):
            opening = await stream.next()
            aborted = await client.post(
                f"{API}/games/{game['id']}/abort", json={"reason": "test"}, headers=bearer(staff)
            )
            assert aborted.status_code == 200, aborted.text
            frames = await stream.until("end")
            link = frames[-2].data["replay_url"]
            page = await client.get(link)
            return opening, frames, link, page

    opening, frames, link, page = asyncio.run(scenario())

    assert opening.data["replay_url"] is None  # as GET /games/{id} says while it runs
    assert frames[-2].kind == "view" and frames[-2].data["status"] == "aborted"
    assert link.startswith(f"http://testserver/games/{game['id']}/replay/")
    assert page.status_code == 200


def test_a_quiet_stream_sends_keepalives(app, players, create_game, monkeypatch):
    ann = players[0]
    game = create_game(ann)
    monkeypatch.setattr(live, "KEEPALIVE_SECONDS", 0.2)

    async def scenario():
        async with StreamClient(app, game["id"], token=ann.token) as stream:
            return [await stream.next(), await stream.next(), await stream.next()]

    view, *keepalives = asyncio.run(scenario())

    assert view.kind == "view"
    assert [k.kind for k in keepalives] == ["keepalive", "keepalive"]


def test_a_stream_ends_once_its_callers_credentials_no_longer_hold(
    app, players, create_game, monkeypatch
):
    from django.db import connection

    from players.services import player_deactivate

    ann = players[0]
    game = create_game(ann)
    monkeypatch.setattr(live, "KEEPALIVE_SECONDS", 0.2)
    monkeypatch.setattr(live, "RECHECK_SECONDS", 0.0)

    def deactivate_ann():
        try:
            player_deactivate(player=ann.player)
        finally:
            connection.close()  # this thread's: the test database is dropped at the end

    async def scenario():
        async with StreamClient(app, game["id"], token=ann.token) as stream:
            frames = [await stream.next(), await stream.next()]  # the view, a keepalive
            await sync_to_async(deactivate_ann, thread_sensitive=False)()
            give_up = time.monotonic() + 5  # credentials are checked at each keepalive
            while (frame := await stream.next()) is not None:
                frames.append(frame)
                assert time.monotonic() < give_up, "the stream is still open"
            return frames

    frames = asyncio.run(scenario())

    assert [f.kind for f in frames[:2]] == ["view", "keepalive"]
    assert {f.kind for f in frames[2:]} <= {"keepalive"}  # then closed, nothing else


# --- resuming ---------------------------------------------------------------------------


def test_last_event_id_wins_over_after_and_resumes_with_the_events_then_a_view(
    app, postgres, staff, players, started_game
):
    ann = players[0]
    game = started_game(staff, [ann], position=PLAY_POSITION)
    act = staff.act(game["id"], {"type": "play", "card": "red-5"}).json()

    async def scenario():
        async with StreamClient(
            app,
            game["id"],
            token=ann.token,
            query="after=0",
            headers=[(b"last-event-id", str(game["version"]).encode())],
        ) as stream:
            return await stream.until("view")

    *events, view = asyncio.run(scenario())

    assert [e.id for e in events] == [e["seq"] for e in act["events"]]
    assert view.id == act["version"]


def test_a_client_that_drops_and_resumes_at_random_gets_every_event_once_in_order(
    app, postgres, staff, players, started_game, settings
):
    """Seat 1 streams while both seats play random legal moves; it disconnects after a
    random number of frames and reconnects with Last-Event-ID, until the game is aborted.
    It ends with exactly the log's events, in order, once each, as seat 1 may see them.
    Ended games stay closed here: a reconnect that lands after the abort would otherwise
    (rightly) see every hand, and which events it gets that way is down to timing."""
    settings.UNO_REVEAL_FINISHED_GAMES = False
    ann = players[0]
    game = started_game(staff, [ann], rules={"preset": "classic"})
    chooser = random.Random(11)
    moves = 40

    async def play(client):
        for _ in range(moves):
            view = (await client.get(f"{API}/games/{game['id']}", headers=bearer(staff))).json()
            if view["status"] != "active":
                break
            mover = staff if view["to_act"] == 0 else ann
            legal = await client.get(
                f"{API}/games/{game['id']}/legal-actions", headers=bearer(mover)
            )
            actions = legal.json()["actions"]
            if actions:
                body = chooser.choice(actions)
                await client.post(
                    f"{API}/games/{game['id']}/actions", json=body, headers=bearer(mover)
                )
            await asyncio.sleep(chooser.random() * 0.03)
        aborted = await client.post(
            f"{API}/games/{game['id']}/abort", json={"reason": "done"}, headers=bearer(staff)
        )
        assert aborted.status_code in (200, 409), aborted.text

    async def follow():
        received, last, ended = [], 0, False
        while not ended:
            headers = [(b"last-event-id", str(last).encode())]
            async with StreamClient(app, game["id"], token=ann.token, headers=headers) as stream:
                assert stream.status == 200
                for _ in range(chooser.randint(1, 6)):
                    frame = await stream.next(timeout=20)
                    if frame is None or frame.kind == "end":
                        ended = True
                        break
                    if frame.kind == "event":
                        received.append(frame.data)
                    if frame.id is not None:
                        last = frame.id
        return received

    async def scenario():
        async with served(app) as client:
            _, received = await asyncio.gather(play(client), follow())
            return received

    received = asyncio.run(scenario())

    exported = staff.get(f"{API}/games/{game['id']}/export")
    staff_events = [
        json.loads(line) for line in b"".join(exported.streaming_content).splitlines()[1:]
    ]
    assert [e["seq"] for e in received] == [e["seq"] for e in staff_events]
    for mine, full in zip(received, staff_events, strict=True):
        assert mine["hash"] == full["hash"] and mine["public"] == full["public"]
        assert mine["private_digest"] == full["private_digest"]
        assert mine["private"] in (None, full["private"])
        if full["type"] == "cards_drawn" and full["public"].get("seat") == 0:
            assert mine["private"] is None, "seat 1 saw seat 0's cards"
    assert slots_held(ann) == 0


class LossyChannel:
    """Stands in for the version watch's `heard`: each notification (a write's news, a
    hint, a player's name; from the channel or from a write committed here) is dropped,
    delivered twice, held back until after the next one, or delivered, at random."""

    def __init__(self, deliver, seed: int):
        self.deliver = deliver
        self.rng = random.Random(seed)
        self.lock = threading.Lock()
        self.held: list[str] = []
        self.done = Counter()

    def __call__(self, text: str) -> None:
        with self.lock:
            roll = self.rng.random()
            released, self.held = self.held, []
            if roll < 0.2:
                self.done["dropped"] += 1
                out = []
            elif roll < 0.4:
                self.done["repeated"] += 1
                out = [text, text]
            elif roll < 0.6:
                self.done["reordered"] += 1
                self.held.append(text)
                out = []
            else:
                out = [text]
        for payload in out + released:
            self.deliver(payload)


def test_streams_get_every_event_once_in_order_when_notifications_are_lost_repeated_or_reordered(
    app, postgres, staff, players, started_game, django_user_model, monkeypatch, settings
):
    """The seated player, a spectator and a member of staff stream a public game, each
    dropping and resuming at random, while the notifications that carry the moves' news
    are dropped, repeated and reordered. Each ends with exactly the log's events, in
    order, once each, redacted for its audience; most moves still came with their news."""
    from players.services import player_for_user, token_issue

    # The game is aborted at the end; where finished games are open to their players, a
    # stream that resumes after that reads the other hand's draws, as it may. Closed, the
    # seat's stream must never show them, however late it reads.
    settings.UNO_REVEAL_FINISHED_GAMES = False

    django_user_model.objects.create_user("watcher", is_staff=True, is_superuser=True)
    watcher = player_for_user(username="watcher")
    watcher_token = token_issue(player=watcher, label="tests")
    ann, spectator = players[0], players[1]
    game = started_game(staff, [ann], rules={"preset": "classic"}, visibility="public")
    monkeypatch.setattr(watch_module, "FALLBACK_POLL_SECONDS", 0.5)
    lossy = LossyChannel(watch_module.version_watch.heard, seed=5)
    monkeypatch.setattr(watch_module.version_watch, "heard", lossy)
    reads, forwarded = [], []
    read_log, published_chunk = live.read_log, live._published_chunk

    def forwarding(*args):
        chunk, version = published_chunk(*args)
        if chunk is not None:
            forwarded.append(version)
        return chunk, version

    monkeypatch.setattr(live, "read_log", lambda *a: reads.append(a) or read_log(*a))
    monkeypatch.setattr(live, "_published_chunk", forwarding)
    chooser = random.Random(12)
    moves = 40

    async def play(client):
        for _ in range(moves):
            view = (await client.get(f"{API}/games/{game['id']}", headers=bearer(staff))).json()
            if view["status"] != "active":
                break
            mover = staff if view["to_act"] == 0 else ann
            legal = await client.get(
                f"{API}/games/{game['id']}/legal-actions", headers=bearer(mover)
            )
            actions = legal.json()["actions"]
            if actions:
                body = chooser.choice(actions)
                await client.post(
                    f"{API}/games/{game['id']}/actions", json=body, headers=bearer(mover)
                )
            await asyncio.sleep(chooser.random() * 0.05)
        aborted = await client.post(
            f"{API}/games/{game['id']}/abort", json={"reason": "done"}, headers=bearer(staff)
        )
        assert aborted.status_code in (200, 409), aborted.text

    async def follow(token, seed):
        drops = random.Random(seed)
        received, last, ended = [], 0, False
        while not ended:
            headers = [(b"last-event-id", str(last).encode())]
            async with StreamClient(app, game["id"], token=token, headers=headers) as stream:
                assert stream.status == 200
                for _ in range(drops.randint(1, 12)):
                    frame = await stream.next(timeout=20)
                    if frame is None or frame.kind == "end":
                        ended = True
                        break
                    if frame.kind == "event":
                        received.append(frame.data)
                    if frame.id is not None:
                        last = frame.id
        return received

    async def scenario():
        async with served(app) as client:
            _, *received = await asyncio.gather(
                play(client),
                follow(ann.token, 1),
                follow(spectator.token, 2),
                follow(watcher_token, 3),
            )
            return received

    seat_1, spectating, staffs = asyncio.run(scenario())

    exported = staff.get(f"{API}/games/{game['id']}/export")
    log = [json.loads(line) for line in b"".join(exported.streaming_content).splitlines()[1:]]
    assert min(lossy.done["dropped"], lossy.done["repeated"], lossy.done["reordered"]) > 0
    assert len(reads) < len(log) / 2, "the moves' news were not used"
    assert len(forwarded) > 10, "the writers' frames were not forwarded"
    for received in (seat_1, spectating, staffs):
        assert [e["seq"] for e in received] == [e["seq"] for e in log]
        for mine, full in zip(received, log, strict=True):
            assert (mine["hash"], mine["public"]) == (full["hash"], full["public"])
            assert mine["private_digest"] == full["private_digest"]
            assert mine["private"] in (None, full["private"])
    assert [e["private"] for e in staffs] == [e["private"] for e in log]
    drawn = [n for n, e in enumerate(log) if e["type"] == "cards_drawn" and e["private"]]
    assert drawn and all(spectating[n]["private"] is None for n in drawn)
    assert all(seat_1[n]["private"] is None for n in drawn if log[n]["public"].get("seat") == 0), (
        "seat 1 saw seat 0's cards"
    )
    assert slots_held(ann) == 0


# --- wake-ups across processes ----------------------------------------------------------


def test_a_move_committed_in_another_process_reaches_a_stream_held_here(
    app,
    postgres,
    staff,
    players,
    started_game,
    monkeypatch,
    manage,
    child_env,
    worker_database_url,
):
    """The other process's commit notifies; the stream here wakes on the notification
    (the fallback poll is put far out of reach)."""
    ann = players[0]
    game = started_game(staff, [ann], position=PLAY_POSITION)
    monkeypatch.setattr(watch_module, "FALLBACK_POLL_SECONDS", 120.0)
    move = textwrap.dedent(
        f"""
        from games import services
        from games.engine import PlayCard, card
        from players.models import Player
        staff = Player.objects.get(pk="{staff.id}")
        services.game_act(game_id="{game["id"]}", player=staff,
                          command=PlayCard(None, card("red-5")))
        """
    )

    async def scenario():
        async with StreamClient(app, game["id"], token=ann.token) as stream:
            await stream.next()
            await asyncio.sleep(0.5)  # the listener is up
            done = await asyncio.to_thread(
                manage, "shell", "-c", move, env=child_env(DATABASE_URL=worker_database_url)
            )
            assert done.returncode == 0, done.stderr
            committed = time.monotonic()
            batch = await stream.until("view", timeout=30)
            return batch, time.monotonic() - committed

    batch, took = asyncio.run(scenario())

    assert batch[0].data["type"] == "card_played"
    assert took < 5, f"the frame came {took:.1f}s after the other process committed"


# --- tickets, refusals, the cap ---------------------------------------------------------


def test_a_stream_ticket_opens_the_players_streams_without_a_token_in_the_url(
    app, players, create_game
):
    ann = players[0]
    game = create_game(ann)
    issued = ann.post(f"{API}/stream-tickets")
    assert issued.status_code == 200, issued.content
    ticket = issued.json()["ticket"]
    assert ann.token not in ticket and issued.json()["expires_at"].endswith("Z")

    async def scenario():
        async with StreamClient(app, game["id"], query=f"ticket={ticket}") as stream:
            return stream.status, await stream.next()

    status, view = asyncio.run(scenario())

    assert status == 200
    assert view.kind == "view" and view.data["you"]["seat"] == 0


def test_an_expired_or_forged_ticket_is_401(app, players, create_game, monkeypatch):
    import django.core.signing

    ann = players[0]
    game = create_game(ann)
    ticket = ann.post(f"{API}/stream-tickets").json()["ticket"]
    path = f"{API}/games/{game['id']}/stream"

    async def scenario():
        async with served(app) as client:
            forged = await client.get(f"{path}?ticket={ticket}x")
            later = time.time() + 61
            monkeypatch.setattr(django.core.signing.time, "time", lambda: later)
            expired = await client.get(f"{path}?ticket={ticket}")
            return forged, expired

    for answer in asyncio.run(scenario()):
        assert answer.status_code == 401
        assert answer.headers["content-type"] == "application/problem+json"
        assert answer.json()["code"] == "not_authenticated"
        assert "ticket" in answer.json()["detail"]


def test_a_stream_ticket_needs_a_bearer_token(api_client):
    answer = api_client.post(f"{API}/stream-tickets")
    assert answer.status_code == 401
    assert answer.json()["code"] == "not_authenticated"


def test_an_outsider_streaming_an_invite_game_gets_404(app, players, create_game):
    ann, outsider = players[0], players[1]
    game = create_game(ann, visibility="invite")

    async def scenario():
        async with served(app) as client:
            return await client.get(f"{API}/games/{game['id']}/stream", headers=bearer(outsider))

    answer = asyncio.run(scenario())

    assert answer.status_code == 404
    assert answer.json()["code"] == "game_not_found"
    assert slots_held(outsider) == 0


def test_the_21st_open_stream_is_429_and_a_closed_stream_frees_its_slot(app, players, create_game):
    ann = players[0]
    game = create_game(ann)

    async def scenario():
        streams = [StreamClient(app, game["id"], token=ann.token) for _ in range(20)]
        for stream in streams:
            await stream.__aenter__()
            assert (await stream.next()).kind == "view"
        held = slots_held(ann)
        async with served(app) as client:
            refused = await client.get(f"{API}/games/{game['id']}/stream", headers=bearer(ann))
        await streams[0].leave()
        await wait_until(lambda: slots_held(ann) == 19)
        for stream in streams[1:]:
            await stream.leave()
        return held, refused

    held, refused = asyncio.run(scenario())

    assert held == 20
    assert refused.status_code == 429
    assert refused.json()["code"] == "too_many_streams"
    assert int(refused.headers["retry-after"]) >= 1
    assert slots_held(ann) == 0


def test_an_open_streams_slot_outlives_its_first_lease_renewed_by_its_process(
    app, players, create_game, monkeypatch
):
    from games.live import slots as streams
    from games.live import stream_views as serving_live

    ann = players[0]
    game = create_game(ann)
    monkeypatch.setattr(live, "KEEPALIVE_SECONDS", 0.2)
    monkeypatch.setattr(live, "LEASE_SECONDS", 1.0)  # renewed every 0.5 s
    monkeypatch.setattr(serving_live, "LEASE_SECONDS", 1.0)  # as claimed
    monkeypatch.setattr(streams, "LEASE_GRACE_SECONDS", 0.2)

    async def scenario():
        async with StreamClient(app, game["id"], token=ann.token) as stream:
            assert (await stream.next()).kind == "view"
            lapsed_at = time.monotonic() + 1.2  # the claim's lease with its grace
            while time.monotonic() < lapsed_at + 1.5:
                assert (await stream.next()).kind == "keepalive"
            held = slots_held(ann)
            await stream.leave()
        return held

    held = asyncio.run(scenario())

    assert held == 1
    assert slots_held(ann) == 0


# --- the schema -------------------------------------------------------------------------


def test_the_schema_describes_the_streams_media_types_and_the_ticket_endpoint(api_client):
    schema = api_client.get("/api/schema/?format=json").json()

    stream = schema["paths"]["/api/v1/games/{game_id}/stream"]["get"]
    assert {"text/event-stream", "application/x-ndjson"} <= set(
        stream["responses"]["200"]["content"]
    )
    assert "429" in stream["responses"]
    names = {p["name"] for p in stream["parameters"]}
    assert {"after", "Last-Event-ID", "ticket"} <= names
    tickets = schema["paths"]["/api/v1/stream-tickets"]["post"]
    assert set(tickets["responses"]["200"]["content"]["application/json"]["schema"]) >= {"$ref"}


def test_streams_of_a_game_forward_the_writers_frames_and_each_sees_them_redacted_for_itself(
    app, postgres, staff, players, started_game, monkeypatch
):
    ann, spectator, other_spectator = players[0], players[1], players[2]
    game = started_game(staff, [ann], position=PLAY_POSITION, visibility="public")
    reads, batches_made = [], []
    read_log, batch_from = live.read_log, live.batch_from
    monkeypatch.setattr(live, "read_log", lambda *a: reads.append(a) or read_log(*a))
    monkeypatch.setattr(live, "batch_from", lambda *a: batches_made.append(a) or batch_from(*a))

    async def scenario():
        async with (
            served(app) as client,
            StreamClient(app, game["id"], token=staff.token) as host_stream,
            StreamClient(app, game["id"], token=ann.token) as ann_stream,
            StreamClient(app, game["id"], token=spectator.token) as spectator_stream,
            StreamClient(app, game["id"], token=other_spectator.token) as other_stream,
        ):
            streams = (host_stream, ann_stream, spectator_stream, other_stream)
            for stream in streams:
                await stream.until("view")
            moves = [(staff, {"type": "play", "card": "red-5"}), (ann, {"type": "draw"})]
            batches = []
            for mover, action in moves:
                act = await client.post(
                    f"{API}/games/{game['id']}/actions", json=action, headers=bearer(mover)
                )
                assert act.status_code == 200, act.text
                batches.append([await stream.until("view") for stream in streams])
            return batches, act.json()["version"]

    counted = {source: metrics.STREAM_BATCHES.labels(source) for source in ("published", "read")}
    before = {source: child._value.get() for source, child in counted.items()}

    (played, drawn), version = asyncio.run(scenario())

    # The seat's and the spectators' streams forward the frames the writer published
    # (games.live.published); the staff member's, who sees more, reads and renders its own.
    assert len(reads) == 2  # the staff stream's, one a move
    assert len(batches_made) == 2
    sent = {source: child._value.get() - before[source] for source, child in counted.items()}
    assert sent == {"published": 3 * 2, "read": 2}  # what operators see of it (metrics)
    for batch in (played, drawn):
        assert len({tuple(f.id for f in frames) for frames in batch}) == 1  # the same events
    host, ann_frames, spectator_frames, other_frames = drawn
    assert [f.data for f in other_frames] == [f.data for f in spectator_frames]
    assert [f.id for f in host][-1] == version
    (drew,) = [f for f in ann_frames if f.kind == "event" and f.data["type"] == "cards_drawn"]
    assert drew.data["private"] is not None
    for frames in (host, spectator_frames):  # staff see every card
        (seen,) = [f for f in frames if f.kind == "event" and f.data["type"] == "cards_drawn"]
        assert (seen.data["private"] is not None) == (frames is host)
    assert ann_frames[-1].data["you"]["seat"] == 1 and len(ann_frames[-1].data["you"]["hand"]) == 4
    assert spectator_frames[-1].data["you"] is None


def test_a_shared_reading_is_reused_only_while_no_later_version_is_known(monkeypatch):
    watch = watch_module.VersionWatch()
    monkeypatch.setattr(live, "version_watch", watch)
    reads = []

    def read_log(game_id, after):  # a read holds at least what was known when it began
        reads.append(after)
        return live.Reading(SimpleNamespace(version=watch.latest(game_id)), None, after, [])

    monkeypatch.setattr(live, "read_log", read_log)
    shared = live.SharedReads()

    async def scenario():
        watch.seen("g", 5)
        first = await shared.read("g", 4)
        again = await shared.read("g", 4)
        earlier = await shared.read("g", 3)  # needs events the first reading does not hold
        watch.seen("g", 6)
        newer = await shared.read("g", 5)
        return first, again, earlier, newer

    first, again, earlier, newer = asyncio.run(scenario())

    assert again is first
    assert reads == [4, 3, 5]
    assert (earlier.game.version, newer.game.version) == (5, 6)


def test_a_processs_readings_bring_its_kept_state_up_to_date_and_decode_the_head_rows_once(
    staff, players, started_game, monkeypatch
):
    """After the first read of a game, a stream's read leaves out the head row's engine
    state: the state the process kept is brought up to date with the new events, and it
    is the state the head row holds. A log that is not the one the kept state was built
    from (a restored backup) is read in full again."""
    from games.engine.snapshot import state_to_json
    from games.models import Game
    from games.write import load_state

    ann = players[0]
    game = started_game(staff, [ann], visibility="public")
    state_read = []
    head_and_events = live.head_and_events
    monkeypatch.setattr(
        live,
        "head_and_events",
        lambda *a, with_state=True: (
            state_read.append(with_state) or head_and_events(*a, with_state=with_state)
        ),
    )

    def head_state():
        return state_to_json(load_state(Game.objects.get(pk=game["id"])))

    after = game["version"]
    for move in range(8):
        view = staff.view(game["id"])
        mover = staff if view["to_act"] == 0 else ann
        actions = mover.legal(game["id"])
        assert mover.act(game["id"], actions[0]).status_code == 200
        behind = after - 2 if move % 2 else after  # a stream that lags behind the others
        reading = live.read_log(game["id"], behind)
        assert state_to_json(reading.state) == head_state()
        assert [row.seq for row in reading.rows] == list(
            range(behind + 1, reading.game.version + 1)
        )
        after = reading.game.version

    kept = live.kept_states.get(game["id"])
    live.kept_states.forget(game["id"])
    live.kept_states.keep(game["id"], live.KeptState(kept.version, "f" * 64, kept.state))
    reading = live.read_log(game["id"], after - 1)

    assert state_read == [True] + [False] * 7 + [False, True]
    assert state_to_json(reading.state) == head_state()


# --- lean views ---------------------------------------------------------------------------


def test_only_a_connections_first_view_carries_rules_and_timers(
    app, postgres, staff, players, started_game
):
    ann = players[0]
    game = started_game(staff, [ann], position=PLAY_POSITION)

    async def scenario():
        async with (
            served(app) as client,
            StreamClient(app, game["id"], token=ann.token, ndjson=True) as stream,
        ):
            first = await stream.next()
            play = {"type": "play", "card": "red-5"}
            act = await client.post(
                f"{API}/games/{game['id']}/actions", json=play, headers=bearer(staff)
            )
            assert act.status_code == 200, act.text
            *_, later = await stream.until("view")
            return first, later

    first, later = asyncio.run(scenario())

    assert first.data["rules"]["preset"] == "classic" and "turn_seconds" in first.data["timers"]
    assert "rules" not in later.data and "timers" not in later.data
    assert later.data["rules_id"] == first.data["rules_id"] == game["rules_id"]
    assert later.data["legal_actions"] != [] and first.data["legal_actions"] == []


@pytest.mark.parametrize("ndjson", [False, True], ids=["sse", "ndjson"])
def test_views_first_sends_the_first_view_the_events_and_the_final_view_only(
    app, postgres, staff, players, started_game, ndjson
):
    ann = players[0]
    game = started_game(staff, [ann], position=PLAY_POSITION)

    async def scenario():
        async with (
            served(app) as client,
            StreamClient(
                app, game["id"], token=ann.token, query="views=first", ndjson=ndjson
            ) as stream,
        ):
            first = await stream.next()
            play = {"type": "play", "card": "red-5"}
            act = await client.post(
                f"{API}/games/{game['id']}/actions", json=play, headers=bearer(staff)
            )
            assert act.status_code == 200, act.text
            aborted = await client.post(
                f"{API}/games/{game['id']}/abort", json={"reason": "test"}, headers=bearer(staff)
            )
            assert aborted.status_code == 200, aborted.text
            rest = await stream.until("end")
            return first, rest, act.json(), aborted.json()

    first, rest, act, aborted = asyncio.run(scenario())

    assert (first.kind, first.id) == ("view", game["version"]) and "rules" in first.data
    *events, final, end = rest
    assert [e.kind for e in events] == ["event"] * len(events)
    assert [e.id for e in events] == list(range(game["version"] + 1, aborted["version"] + 1))
    assert events[0].data["hash"] == act["events"][0]["hash"]
    assert (final.kind, final.id, final.data["status"]) == ("view", aborted["version"], "aborted")
    assert "rules" not in final.data
    assert (end.kind, end.data) == ("end", {"version": aborted["version"]})


def test_an_unknown_views_value_is_400(app, staff, players, started_game):
    game = started_game(staff, [players[0]], position=PLAY_POSITION)

    response = staff.get(f"{API}/games/{game['id']}/stream?views=some")

    assert response.status_code == 400
    assert response.json()["code"] == "invalid_request"


def test_a_writes_news_decode_to_the_rows_the_table_holds_and_too_big_a_write_sends_a_hint(
    staff, players, started_game
):
    from games.engine import Viewer
    from games.live import wakeups
    from games.log.store import load_events
    from games.models import Game
    from games.presentation import event_document, game_document
    from games.write import load_state

    ann = players[0]
    game = started_game(staff, [ann], position=PLAY_POSITION, visibility="public")
    assert staff.act(game["id"], {"type": "play", "card": "red-5"}).status_code == 200
    head = Game.objects.get(pk=game["id"])
    rows = load_events(head.id, after=game["version"])

    text = wakeups.news_payload(head, rows)
    game_id, version, news = wakeups.parse_news(text)
    decoded, decoded_rows = wakeups.decode_news(news)

    assert (str(game_id), version) == (game["id"], head.version)
    assert len(text.encode()) <= wakeups.PAYLOAD_LIMIT
    viewers = [Viewer(seat=0), Viewer(seat=1), Viewer(), Viewer(staff=True)]
    state = load_state(head)

    def document(game, viewer) -> dict:
        shown = game_document(game, state, viewer)
        del shown["server_time"]  # when it was rendered: the two renderings are not at once
        return shown

    for viewer in viewers:
        assert document(decoded, viewer) == document(head, viewer)
        assert [event_document(r, viewer) for r in decoded_rows] == [
            event_document(r, viewer) for r in rows
        ]
    rows[0].public = {**rows[0].public, "padding": "x" * wakeups.PAYLOAD_LIMIT}
    assert wakeups.news_payload(head, rows) == f"{head.id} {head.version}"
    assert wakeups.parse_news(f"{head.id} {head.version}") == (head.id, head.version, None)


def test_a_process_keeps_a_writes_frames_only_for_a_game_it_holds_a_stream_of():
    """compose's web processes hear their own writes and hold no stream: decoding the
    frames they just published would be work for nobody (a stream that opens later reads
    the table)."""
    import uuid

    import orjson

    from games.live.published import published, streamed
    from games.live.wakeups import FRAMES

    game_id = uuid.uuid4()
    head = {"prev": 4, "seqs": [5], "seats": {}, "aud": {"s": [0, 1]}}
    news = FRAMES + orjson.dumps(head).decode() + '\n{"event": 5}\n{"view": 5}'

    live.take_news(game_id, 5, news)
    assert published.chain(game_id, 4) == []

    streamed.opened(game_id)
    try:
        live.take_news(game_id, 5, news)
        (batch,) = published.chain(game_id, 4)
    finally:
        streamed.closed(game_id)
    assert (batch.version, batch.documents) == (5, {"s": [b'{"event": 5}', b'{"view": 5}']})


def test_a_write_sends_a_hint_once_its_process_knows_the_game_is_streamed_nowhere(
    staff, players, started_game, monkeypatch
):
    """A process that has heard the streams' announcements long enough (compose's web
    processes) knows which games are streamed; the news of any other game would serve no
    reader: its writes send the hint alone. A process that has not, sends the news."""
    from games.live import wakeups
    from games.live.published import KNOWN_AFTER_SECONDS, streamed
    from games.live.watch import version_watch
    from games.log.store import load_events
    from games.models import Game

    ann = players[0]
    game = started_game(staff, [ann], position=PLAY_POSITION, visibility="public")
    assert staff.act(game["id"], {"type": "play", "card": "red-5"}).status_code == 200
    head = Game.objects.get(pk=game["id"])
    rows = load_events(head.id, after=game["version"])
    hint = f"{head.id} {head.version}"

    not_hearing = wakeups.announce_news(head, rows)
    monkeypatch.setattr(version_watch, "_hearing_since", time.monotonic() - 5)
    hearing_briefly = wakeups.announce_news(head, rows)
    monkeypatch.setattr(version_watch, "_hearing_since", time.monotonic() - KNOWN_AFTER_SECONDS)
    streamed_nowhere = wakeups.announce_news(head, rows)
    streamed.heard([str(head.id)])  # a stream of it announced elsewhere
    streamed_elsewhere = wakeups.announce_news(head, rows)

    assert not_hearing == hearing_briefly == streamed_elsewhere == wakeups.news_payload(head, rows)
    assert not_hearing.startswith(hint + " ")
    assert streamed_nowhere == hint


def test_the_announcements_listener_counts_how_long_they_have_been_heard_without_a_break():
    from games.live.watch import version_watch

    async def scenario():
        assert version_watch.heard_announcements_for() == 0.0
        task = asyncio.create_task(watch_module.hear_announcements())
        started = time.monotonic()
        while version_watch.heard_announcements_for() == 0.0:
            assert time.monotonic() - started < 10, "never connected"
            await asyncio.sleep(0.05)
        await asyncio.sleep(0.3)
        heard = version_watch.heard_announcements_for()
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await task
        return heard, version_watch.heard_announcements_for()

    heard, after = asyncio.run(scenario())

    assert heard >= 0.3
    assert after == 0.0  # its connection closed: not heard any more
