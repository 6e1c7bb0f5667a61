"""Timers end to end: a real Celery worker and a separate beat process, Redis and
PostgreSQL. Polls with a bound; never sleeps a fixed time to wait for an outcome."""

from __future__ import annotations

import signal
import socket
import time
import urllib.error
import urllib.request
import uuid
from collections import Counter

import pytest
from prometheus_client import CollectorRegistry, multiprocess
from prometheus_client.parser import text_string_to_metric_families

from games import services
from games.engine import PlayCard, card
from games.log.audit import audit_game
from games.models import Game, GameEvent
from players.services import player_register

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def wait_until(predicate, timeout: float, describe) -> float:
    started = time.monotonic()
    while not predicate():
        if time.monotonic() - started > timeout:
            raise AssertionError(describe())
        time.sleep(0.1)
    return time.monotonic() - started


def new_game(seats: int, timers: dict, rules=None, setup=None) -> tuple[Game, list]:
    players = [player_register(name=f"p{i}")[0] for i in range(seats)]
    game = services.game_create(
        host=players[0],
        seats=seats,
        rules=rules or {"preset": "classic"},
        timers=timers,
        setup=setup or {},
    )
    for player in players[1:]:
        services.game_join(game_id=game.id, player=player)
    services.game_start(game_id=game.id, player=players[0])
    return Game.objects.get(pk=game.id), players


def logs(*daemons):
    return "\n".join(f"--- {d.kind}\n{d.output()[-4000:]}" for d in daemons)


def test_a_game_nobody_plays_is_driven_to_its_end_by_timeouts_alone(celery_processes):
    worker, beat = celery_processes("worker"), celery_processes("beat")
    game, _ = new_game(3, {"turn_seconds": 1, "abandon_after": 2, "on_abandon": "remove"})

    took = wait_until(
        lambda: Game.objects.get(pk=game.id).status == "finished", 60, lambda: logs(worker, beat)
    )

    game.refresh_from_db()
    removed = GameEvent.objects.filter(game=game, type="seat_status_changed")
    assert [e.public["status"] for e in removed] == ["removed", "removed"]
    assert game.winner is not None
    audit = audit_game(game)
    assert audit["ok"], [check for check in audit["checks"] if not check["ok"]]
    assert took < 60


def test_a_workers_figures_are_served_on_its_metrics_port_and_kept_in_its_folder(
    celery_processes, tmp_path
):
    token = uuid.uuid4().hex
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    folder = tmp_path / "worker-metrics"
    folder.mkdir()
    worker = celery_processes(
        "worker",
        UNO_METRICS_PORT=str(port),
        UNO_METRICS_TOKEN=token,
        PROMETHEUS_MULTIPROC_DIR=str(folder),
    )
    beat = celery_processes("beat")
    # A first card that is a wild makes the first deadline a response (its colour), not a
    # turn: the figures are compared over every kind of deadline.
    timers = {"turn_seconds": 1, "response_seconds": 1, "abandon_after": 1, "on_abandon": "remove"}
    game, _ = new_game(2, timers)
    wait_until(
        lambda: Game.objects.get(pk=game.id).status == "finished", 60, lambda: logs(worker, beat)
    )

    def served(headers):
        request = urllib.request.Request(f"http://127.0.0.1:{port}/metrics", headers=headers)
        try:
            with urllib.request.urlopen(request, timeout=5) as response:
                return response.status, response.read().decode()
        except urllib.error.HTTPError as refused:
            return refused.code, ""

    status, text = served({"Authorization": f"Bearer {token}"})
    registry = CollectorRegistry()
    multiprocess.MultiProcessCollector(registry, path=str(folder))

    assert status == 200
    assert served({})[0] == 401
    families = {f.name: f for f in text_string_to_metric_families(text)}
    enforced = {
        s.labels["kind"]: s.value
        for s in families["uno_deadlines_enforced"].samples
        if s.name == "uno_deadlines_enforced_total"
    }
    assert sum(enforced.values()) >= 1
    in_folder = {
        kind: registry.get_sample_value("uno_deadlines_enforced_total", {"kind": kind})
        for kind in enforced
    }
    assert in_folder == enforced


def test_auto_mode_penalises_a_seat_that_never_called_uno(celery_processes):
    worker, beat = celery_processes("worker"), celery_processes("beat")
    setup = {
        "position": {
            "hands": {
                "0": ["red-1", "blue-2"],
                "1": ["green-3", "green-4"],
                "2": ["yellow-6", "yellow-7"],
            },
            "discard": ["red-5"],
            "to_act": 0,
            "dealer": 2,
        }
    }
    game, players = new_game(
        3,
        {"turn_seconds": 60, "uno_window_seconds": 1, "uno_grace_ms": 200},
        rules={"preset": "classic", "options": {"uno_penalty": "auto"}},
        setup=setup,
    )
    services.game_act(game_id=game.id, player=players[0], command=PlayCard(None, card("red-1")))

    wait_until(
        lambda: GameEvent.objects.filter(game=game, type="uno_penalty_applied").exists(),
        30,
        lambda: logs(worker, beat),
    )
    penalty = GameEvent.objects.get(game=game, type="uno_penalty_applied")
    opened = GameEvent.objects.get(game=game, type="uno_window_opened")
    late = (penalty.recorded_at - opened.recorded_at).total_seconds()
    assert late >= 1.2  # never before the window's time plus the grace
    drawn = GameEvent.objects.filter(game=game, type="cards_drawn", seq__gt=penalty.seq).first()
    assert drawn.public == {"seat": 0, "count": 2, "reason": "uno_penalty"}


def test_deadlines_survive_a_killed_worker_and_nothing_is_applied_twice(celery_processes):
    worker, beat = celery_processes("worker"), celery_processes("beat")
    game, _ = new_game(3, {"turn_seconds": 1, "abandon_after": 20, "on_abandon": "remove"})

    def timeouts():
        return GameEvent.objects.filter(game=game, type="timed_out").count()

    # the bound includes both processes' start, which a loaded machine has seen take 5 s
    wait_until(lambda: timeouts() >= 3, 60, lambda: logs(worker, beat))
    worker.kill(signal.SIGKILL)  # ETA tasks it held are gone with it
    before = timeouts()
    time.sleep(3)  # deadlines fall overdue while no worker runs
    assert timeouts() == before
    worker = celery_processes("worker")
    wait_until(lambda: timeouts() >= before + 4, 40, lambda: logs(worker, beat))

    tokens = Counter(
        e.public["token"] for e in GameEvent.objects.filter(game=game, type="timed_out")
    )
    assert all(count == 1 for count in tokens.values()), tokens
    game.refresh_from_db()
    assert audit_game(game)["ok"]


def test_a_bots_queue_worker_plays_bots_alone_and_a_default_queue_worker_keeps_peoples_timers(
    celery_processes,
):
    """Beat and a worker of the default queue only: people's timeouts are enforced, a game
    of bots alone does not move. Then a worker of the bots queue only: it plays it."""
    worker, beat = celery_processes("worker", queues="default"), celery_processes("beat")
    people, _ = new_game(2, {"turn_seconds": 1, "response_seconds": 1, "abandon_after": 20})
    host = player_register(name="host")[0]
    bots = services.game_create(
        host=host,
        seats=2,
        rules={"preset": "classic"},
        bots=[{"strategy": "greedy"}] * 2,
        seat_host=False,
        bot_think_ms=200,
    )
    services.game_start(game_id=bots.id, player=host)
    started = Game.objects.get(pk=bots.id)
    assert started.bots_only

    def timeouts():
        return GameEvent.objects.filter(game=people, type="timed_out").count()

    wait_until(lambda: timeouts() >= 3, 60, lambda: logs(worker, beat))
    assert Game.objects.get(pk=bots.id).version == started.version  # no one swept it

    bots_worker = celery_processes("worker", queues="bots")
    wait_until(
        lambda: Game.objects.get(pk=bots.id).version >= started.version + 10,
        60,
        lambda: logs(worker, bots_worker, beat),
    )
    moves = GameEvent.objects.filter(game_id=bots.id, seq__gt=started.version)
    assert {e.actor for e in moves if e.actor.startswith("bot:")}
