"""The dashboard's per-minute figures: counted in memory, added to their table by a flush
(one row per name and minute, counts of several flushes and processes added up), kept
while a flush fails, pruned after the retention, and still there after a restart."""

from __future__ import annotations

import json
import textwrap
from datetime import UTC, datetime, timedelta

import pytest
from django.core.cache import caches
from rest_framework.test import APIClient
from rest_framework.throttling import ScopedRateThrottle

from games import services
from games.tasks import sweep_deadlines
from players.services import player_register
from unoservice.ops import figures
from unoservice.ops.models import FigureBucket

pytestmark = pytest.mark.django_db

AT = datetime(2026, 12, 1, 10, 15, 20, tzinfo=UTC)


def rows() -> dict[tuple[str, datetime], tuple[int, datetime]]:
    return {(b.name, b.minute): (b.count, b.last_at) for b in FigureBucket.objects.all()}


def test_counts_of_one_minute_become_one_row_with_their_sum_and_last_moment(fresh_tally):
    fresh_tally.count("refused:not_your_turn", at=AT)
    fresh_tally.count("refused:not_your_turn", at=AT + timedelta(seconds=30))
    fresh_tally.count("refused:not_your_turn", at=AT + timedelta(seconds=50))
    fresh_tally.count("throttled:actions", n=3, at=AT)

    assert figures.flush() == 3

    minute = AT.replace(second=0)
    assert rows() == {
        ("refused:not_your_turn", minute): (2, AT + timedelta(seconds=30)),
        ("refused:not_your_turn", minute + timedelta(minutes=1)): (1, AT + timedelta(seconds=50)),
        ("throttled:actions", minute): (3, AT),
    }
    assert figures.pending() == 0


def test_a_second_flush_adds_to_the_rows_of_the_same_minute(fresh_tally):
    fresh_tally.count("sweeper_run", at=AT + timedelta(seconds=5))
    figures.flush()
    fresh_tally.count("sweeper_run", n=2, at=AT)  # another process, behind in the minute

    figures.flush()

    assert rows() == {("sweeper_run", AT.replace(second=0)): (3, AT + timedelta(seconds=5))}


def test_nothing_counted_writes_nothing():
    assert figures.flush() == 0
    assert not FigureBucket.objects.exists()


def test_a_failed_flush_keeps_its_counts_for_the_next(fresh_tally, monkeypatch):
    fresh_tally.count("refused:card_not_playable", at=AT)

    def broken(taken):
        raise RuntimeError("database away")

    with monkeypatch.context() as patched:
        patched.setattr(figures, "_upsert", broken)
        with pytest.raises(RuntimeError):
            figures.flush()
    assert figures.pending() == 1
    fresh_tally.count("refused:card_not_playable", at=AT)

    figures.flush()

    assert rows() == {("refused:card_not_playable", AT.replace(second=0)): (2, AT)}


def test_a_forked_process_starts_with_nothing_counted(fresh_tally):
    fresh_tally.count("sweeper_run", at=AT)
    fresh_tally._pid = -1  # as if this process were the child of the one that counted

    assert figures.pending() == 0
    fresh_tally.count("sweeper_run", at=AT)
    assert figures.pending() == 1


def test_buckets_older_than_the_retention_are_pruned(settings, fresh_tally):
    settings.UNO_FIGURES_RETENTION_DAYS = 7
    now = AT
    fresh_tally.count("sweeper_run", at=now - timedelta(days=7, minutes=1))
    fresh_tally.count("sweeper_run", at=now - timedelta(days=6, hours=23))
    fresh_tally.count("sweeper_run", at=now)
    figures.flush()

    assert figures.prune(now) == 1

    assert sorted(minute for _, minute in rows()) == [
        (now - timedelta(days=6, hours=23)).replace(second=0),
        now.replace(second=0),
    ]


def test_the_beat_schedule_prunes_the_figures_hourly(settings):
    entry = settings.CELERY_BEAT_SCHEDULE["prune-figures"]
    assert entry["task"] == "ops.prune_figures"
    assert entry["schedule"] == 3600.0


# --- what is counted -----------------------------------------------------------------------


def seated_client(name: str):
    player, token = player_register(name=name)
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Bearer {token}")
    return player, client


def started_game():
    host, host_client = seated_client("ann")
    guest, guest_client = seated_client("bob")
    game = services.game_create(host=host, seats=2, rules={"preset": "classic"})
    services.game_join(game_id=game.id, player=guest)
    services.game_start(game_id=game.id, player=host)
    game.refresh_from_db()
    clients = {0: host_client, 1: guest_client}
    return game, clients


def clear_throttle_counts() -> None:
    for alias in ("default", "shared"):
        caches[alias].clear()


def counted(prefix: str) -> dict[str, int]:
    figures.flush()
    return {b.name: b.count for b in FigureBucket.objects.filter(name__startswith=prefix)}


def test_a_refused_move_is_counted_by_its_code():
    game, clients = started_game()
    waiting = clients[1 - game.to_act]

    for _ in range(2):
        response = waiting.post(f"/api/v1/games/{game.id}/actions", {"type": "draw"}, format="json")
        assert response.status_code == 409
    response = waiting.post(
        f"/api/v1/games/{game.id}/actions", {"type": "play", "card": "red-55"}, format="json"
    )
    assert response.status_code == 400

    assert counted("refused:") == {"refused:not_your_turn": 2, "refused:unknown_card": 1}


def test_a_refusal_under_an_idempotency_key_is_counted_too():
    game, clients = started_game()
    response = clients[1 - game.to_act].post(
        f"/api/v1/games/{game.id}/actions",
        {"type": "draw"},
        format="json",
        HTTP_IDEMPOTENCY_KEY="k1",
    )
    assert response.status_code == 409

    assert counted("refused:") == {"refused:not_your_turn": 1}


def test_refusals_elsewhere_are_not_moves_refused():
    _, client = seated_client("cy")
    response = client.get("/api/v1/games/00000000-0000-0000-0000-000000000000")
    assert response.status_code == 404

    assert counted("refused:") == {}


def test_a_throttled_request_is_counted_by_its_scope(monkeypatch):
    rates = {**ScopedRateThrottle.THROTTLE_RATES, "reads": "1/minute"}
    monkeypatch.setattr(ScopedRateThrottle, "THROTTLE_RATES", rates)
    game, clients = started_game()
    clear_throttle_counts()
    try:
        statuses = [clients[0].get(f"/api/v1/games/{game.id}").status_code for _ in range(3)]
    finally:
        clear_throttle_counts()

    assert statuses == [200, 429, 429]
    assert counted("throttled:") == {"throttled:reads": 2}


def test_a_server_error_is_counted_by_its_class_and_endpoint(monkeypatch):
    game, clients = started_game()

    def broken(**kwargs):
        raise KeyError("a bug")

    monkeypatch.setattr("games.selectors.game_view_get", broken)
    clients[0].raise_request_exception = False

    response = clients[0].get(f"/api/v1/games/{game.id}")

    assert response.status_code == 500
    assert counted("server_error:") == {"server_error:KeyError at games:detail": 1}


def test_a_server_error_outside_any_view_is_not_named_after_the_clients_path():
    from django.test import RequestFactory

    from unoservice.ops.signals import count_server_error

    request = RequestFactory().get("/anything/a-client/chose")
    try:
        raise ValueError("in a middleware")
    except ValueError:
        count_server_error(sender=None, request=request)

    assert counted("server_error:") == {"server_error:ValueError at no view": 1}


def test_every_sweep_of_the_deadlines_is_counted():
    sweep_deadlines()
    sweep_deadlines()

    assert counted("sweeper_run") == {"sweeper_run": 2}


# --- across a restart ------------------------------------------------------------------------


@pytest.mark.django_db(transaction=True)
def test_counts_of_a_process_that_stopped_are_in_the_table(
    postgres, manage, child_env, worker_database_url
):
    """A process counts, hands its counts in as it exits (no explicit flush), and what
    it counted is still there for the next process to read: the figures live in the
    table, not in any process."""
    script = textwrap.dedent(
        """
        from unoservice.ops import figures
        figures.count("refused:not_your_turn", 4)
        figures.count("server_error:KeyError at games:detail")
        """
    )
    env = child_env(DATABASE_URL=worker_database_url, UNO_FIGURES_FLUSH_SECONDS="60")
    ran = manage("shell", "-c", script, env=env)
    assert ran.returncode == 0, ran.stderr

    read = manage(
        "shell",
        "-c",
        "from games.admin.dashboard import dashboard_get; from unoservice import clock;"
        "b = dashboard_get(now=clock.now());"
        "import json; print(json.dumps({f.key: f.value for f in b.figures + b.refusals}))",
        env=env,
    )
    assert read.returncode == 0, read.stderr
    shown = json.loads(read.stdout.strip().splitlines()[-1])
    assert shown["refused_last_hour"] == 4
    assert shown["refused:not_your_turn"] == 4
    assert shown["server_errors_last_hour"] == 1


@pytest.mark.django_db(transaction=True)
def test_the_flusher_thread_writes_while_the_process_runs(
    postgres, manage, child_env, worker_database_url
):
    """The counting process never flushes by itself and dies without its exit handlers:
    only the background flusher can have written the row."""
    script = textwrap.dedent(
        """
        import os, time
        from unoservice.ops import figures
        figures.count("throttled:actions", 2)
        time.sleep(1.5)
        os._exit(0)
        """
    )
    env = child_env(DATABASE_URL=worker_database_url, UNO_FIGURES_FLUSH_SECONDS="0.3")
    ran = manage("shell", "-c", script, env=env)
    assert ran.returncode == 0, ran.stderr

    assert {b.name: b.count for b in FigureBucket.objects.all()} == {"throttled:actions": 2}
