"""The hand-written Python layer (clients/python/uno_sdk) over the generated client: its
card codes are the engine's, it sends `Idempotency-Key` and `If-Match` itself and retries
what the service says may be retried with the same key, its streams resume after a cut
with nothing lost or repeated, `play` plays a seat to the end, and the README's game runs
from a wheel installed in a fresh virtual environment."""

from __future__ import annotations

import contextlib
import json
import re
import shutil
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

import httpx
import pytest

from games.engine.cards import CARDS_BY_CODE, DARK_FACES, LIGHT_FACES
from games.models import Game

from .conftest import CLIENTS

README = CLIENTS / "python" / "README.md"
NO_TIMERS = {"turn_seconds": None, "response_seconds": None, "uno_window_seconds": None}
QUICK = {"preset": "classic", "options": {"target_score": 50, "hand_size": 2}}


def test_the_card_types_are_the_engines_codes_for_both_decks(uno_sdk):
    from typing import get_args

    assert set(get_args(uno_sdk.ClassicCard)) == set(CARDS_BY_CODE)
    assert set(get_args(uno_sdk.LightFace)) == {face.code for face in LIGHT_FACES}
    assert set(get_args(uno_sdk.DarkFace)) == {face.code for face in DARK_FACES}
    assert uno_sdk.card("red-7") == "red-7"
    assert uno_sdk.card("red-3/teal-skip-everyone") == "red-3/teal-skip-everyone"
    assert uno_sdk.flip_card("wild", "wild-draw-color") == "wild/wild-draw-color"
    for wrong in ("red-77", "teal-3", "red-3/red-4", "red-3/teal-3/pink-1", "", "wild-draw2"):
        assert not uno_sdk.is_card(wrong)
        with pytest.raises(ValueError):
            uno_sdk.card(wrong)


class Recorder(httpx.BaseTransport):
    """Forwards to the real service, after answering the first `fail` matching requests
    itself with `answers` (status, headers, problem); records every request sent."""

    def __init__(self, answers: list[tuple[int, dict, dict]], when):
        self.answers, self.when = list(answers), when
        self.sent: list[httpx.Request] = []
        self.real = httpx.HTTPTransport()

    def handle_request(self, request: httpx.Request) -> httpx.Response:
        self.sent.append(request)
        if self.answers and self.when(request):
            status, headers, problem = self.answers.pop(0)
            return httpx.Response(
                status,
                headers={"Content-Type": "application/problem+json", **headers},
                json=problem,
            )
        return self.real.handle_request(request)


def two_players(uno_sdk, base_url: str, **game):
    ann, bob = uno_sdk.Uno.register(base_url, "ann"), uno_sdk.Uno.register(base_url, "bob")
    created = ann.create_game(seats=2, rules=QUICK, timers=NO_TIMERS, **game)
    bob.join(created)
    ann.start(created)
    return ann, bob, created


@pytest.mark.django_db(transaction=True)
def test_a_move_carries_if_match_and_a_key_kept_across_the_retries_the_api_allows(
    uno_sdk, served_api
):
    ann, bob, game = two_players(uno_sdk, served_api)
    view = next(p.game(game) for p in (ann, bob) if p.game(game).legal_actions)
    player = ann if view.you.seat == 0 else bob
    waits: list[float] = []
    refusals = [
        (429, {"Retry-After": "2"}, {"status": 429, "code": "throttled"}),
        (503, {}, {"status": 503, "code": "service_unavailable"}),
        (409, {}, {"status": 409, "code": "request_in_progress"}),
    ]
    recorder = Recorder(refusals, when=lambda r: r.method == "POST")
    player = uno_sdk.Uno(served_api, player.token, sleep=waits.append, transport=recorder)

    result = player.act(game, view.legal_actions[0], version=view.version)

    assert result.version > view.version
    posts = [r for r in recorder.sent if r.method == "POST"]
    assert len(posts) == 4
    assert len({r.headers["Idempotency-Key"] for r in posts}) == 1
    assert {r.headers["If-Match"] for r in posts} == {f'"{view.version}"'}
    assert waits[0] == 2.0 and len(waits) == 3  # Retry-After honoured, then pauses
    assert Game.objects.get(id=game.id).version == result.version  # done once

    # A stale version is refused, never applied; an unlisted refusal is not retried.
    with pytest.raises(uno_sdk.ApiError) as refused:
        player.act(game, {"type": "draw"}, version=view.version)
    assert (refused.value.status, refused.value.code) == (412, "stale_version")
    assert Game.objects.get(id=game.id).version == result.version
    recorder.answers = [(429, {}, {"status": 429, "code": "too_many_games"})]
    with pytest.raises(uno_sdk.ApiError) as limited:
        player.create_game(seats=2)
    assert limited.value.code == "too_many_games"  # no Retry-After: not retried


class CuttingProxy:
    """A TCP proxy to `target` that cuts a connection once it has passed `cut_after`
    bytes of a stream's answer (a `GET …/stream`), as a proxy's timeout or a network
    failure would, `most` times; everything else passes whole. Counts the cuts. A
    gzipped stream (a client that asks for it, as Node's fetch does) carries the same
    frames in a few times fewer bytes: it is cut after a third of `cut_after`."""

    def __init__(self, target: str, cut_after: int, most: int):
        host, port = target.removeprefix("http://").split(":")
        self.target, self.cut_after, self.cuts = (host, int(port)), cut_after, 0
        self.most = most
        self.server = socket.create_server(("127.0.0.1", 0))
        self.url = f"http://127.0.0.1:{self.server.getsockname()[1]}"
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self):
        while True:
            try:
                client, _ = self.server.accept()
            except OSError:
                return
            threading.Thread(target=self._serve, args=(client,), daemon=True).start()

    def _serve(self, client: socket.socket):
        upstream = socket.create_connection(self.target)
        streaming = threading.Event()  # the connection carries a stream now (its last use)
        threading.Thread(target=self._requests, args=(client, upstream, streaming)).start()
        passed, cut_after = 0, self.cut_after
        try:
            while data := upstream.recv(4096):
                if streaming.is_set() and not passed and b"content-encoding: gzip" in data.lower():
                    cut_after = self.cut_after // 3  # the answer's head comes first
                cutting = streaming.is_set() and self.cuts < self.most
                if cutting and passed + len(data) > cut_after:
                    client.sendall(data[: cut_after - passed])
                    self.cuts += 1
                    break
                passed += len(data) if streaming.is_set() else 0
                client.sendall(data)
        except OSError:
            pass
        for end in (client, upstream):  # shutdown: the other thread's recv returns too
            with contextlib.suppress(OSError):
                end.shutdown(socket.SHUT_RDWR)
            end.close()

    @staticmethod
    def _requests(client: socket.socket, upstream: socket.socket, streaming):
        try:
            while data := client.recv(65536):
                if re.match(rb"GET \S*/stream[ ?]", data):
                    streaming.set()
                upstream.sendall(data)
        except OSError:
            pass

    def close(self):
        self.server.close()


@pytest.mark.django_db(transaction=True)
def test_play_ends_the_game_and_streams_cut_midway_resume_with_nothing_lost(uno_sdk, served_api):
    proxy = CuttingProxy(served_api, cut_after=6000, most=8)
    try:
        ann, bob, game = two_players(uno_sdk, proxy.url)
        seen: list = []
        watch = threading.Thread(target=lambda: seen.extend(bob.follow(game)), daemon=True)
        watch.start()
        results = {}

        def seat(player, name):
            results[name] = player.play(game, plays_first)

        players = [threading.Thread(target=seat, args=(p, n)) for p, n in ((ann, 0), (bob, 1))]
        for thread in players:
            thread.start()
        for thread in [*players, watch]:
            thread.join(timeout=60)
        assert not any(t.is_alive() for t in [*players, watch]), "the game did not end"
    finally:
        proxy.close()

    final = Game.objects.get(id=game.id)
    assert final.status == "finished"
    assert results[0].status == results[1].status == "finished"
    assert proxy.cuts >= 3  # the watcher's and both players' streams were cut, and resumed
    events = [f.id for f in seen if f.kind == "event"]
    assert events == list(range(seen[0].id + 1, final.version + 1))  # none lost or repeated
    assert (seen[-2].kind, seen[-1].kind) == ("view", "end")
    assert seen[-1].id == seen[-2].data.version == final.version


def plays_first(view, actions):
    """A quick player: a play when it has one."""
    return next((a for a in actions if a.type_ == "play"), actions[0])


def readme_game(readme: Path, fence: str, base_url: str) -> str:
    """The README's game (its first `fence` block), pointed at `base_url`."""
    pattern = rf"## A game against a bot\n.*?```{fence}\n(.*?)```"
    (block,) = re.findall(pattern, readme.read_text(), re.S)
    assert "http://127.0.0.1:8000" in block
    return block.replace("http://127.0.0.1:8000", base_url)


def uv() -> list[str]:
    """uv, as the project's scripts find it (bin/uv-env.sh)."""
    found = shutil.which("uv")
    return [found] if found else ["python3", "-m", "uv"]


@pytest.mark.django_db(transaction=True)
def test_the_readme_game_runs_from_a_wheel_in_a_fresh_environment(served_with_bots, tmp_path):
    started = time.monotonic()
    built = subprocess.run(
        [*uv(), "build", "--wheel", "--out-dir", str(tmp_path / "dist"), str(CLIENTS / "python")],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert built.returncode == 0, built.stdout + built.stderr
    (wheel,) = (tmp_path / "dist").glob("uno_client-*.whl")
    venv = tmp_path / "venv"
    for step in (
        [*uv(), "venv", "--quiet", "--python", sys.executable, str(venv)],
        # As a user would: from the index (uv's cache serves the wheels the project's sync
        # fetched, but a sync from the lock leaves no index pages in it, so --offline
        # resolves nothing on a fresh machine).
        [*uv(), "pip", "install", "--quiet", "--python", str(venv), str(wheel)],
    ):
        done = subprocess.run(step, capture_output=True, text=True, timeout=120)
        assert done.returncode == 0, done.stdout + done.stderr
    installed = time.monotonic()

    game = tmp_path / "game.py"
    game.write_text(readme_game(README, "python", served_with_bots))
    played = subprocess.run(
        [str(venv / "bin" / "python"), str(game)],
        cwd=tmp_path,  # nothing of the repository on the path
        capture_output=True,
        text=True,
        timeout=120,
    )
    finished = time.monotonic()

    assert played.returncode == 0, played.stdout + played.stderr
    winner = json.loads(played.stdout.strip().splitlines()[-1])
    game_row = Game.objects.get()
    assert game_row.status == "finished" and winner in (0, 1)
    print(
        f"python README game: build+install {installed - started:.1f}s, "
        f"game {finished - installed:.1f}s ({game_row.version} events)"
    )
