"""The worker round trip: a ping goes through the broker, a worker writes the row."""

import signal
import subprocess
import sys
import time
import uuid
from datetime import timedelta

import pytest
from celery import Celery
from django.core.management import CommandError, call_command
from django.utils import timezone

from unoservice.ops.models import WorkerPing
from unoservice.ops.tasks import PING_TASK, ping


@pytest.mark.django_db
def test_the_ping_task_records_who_handled_it_and_a_repeat_changes_nothing():
    token = str(uuid.uuid4())
    sent = timezone.now()

    ping.apply(kwargs={"token": token, "source": "test", "requested_at": sent.isoformat()})
    ping.apply(kwargs={"token": token, "source": "test", "requested_at": sent.isoformat()})

    row = WorkerPing.objects.get()
    assert str(row.token) == token
    assert row.source == "test"
    assert row.requested_at == sent
    assert row.handled_at >= sent


@pytest.mark.django_db
def test_the_ping_task_forgets_pings_older_than_the_retention(settings):
    settings.UNO_PING_RETENTION_DAYS = 7
    old = WorkerPing.objects.create(
        token=uuid.uuid4(), source="beat", handled_at=timezone.now() - timedelta(days=8)
    )

    ping.apply(kwargs={"source": "beat"})

    assert not WorkerPing.objects.filter(pk=old.pk).exists()
    assert WorkerPing.objects.count() == 1


@pytest.mark.django_db
def test_heartbeat_command_is_green_only_after_a_recent_beat_ping(settings):
    settings.UNO_HEARTBEAT_SECONDS = 60
    with pytest.raises(CommandError, match="no heartbeat"):
        call_command("heartbeat")

    WorkerPing.objects.create(
        token=uuid.uuid4(), source="beat", handled_at=timezone.now() - timedelta(seconds=500)
    )
    with pytest.raises(CommandError, match="last heartbeat"):
        call_command("heartbeat")

    WorkerPing.objects.create(token=uuid.uuid4(), source="beat", handled_at=timezone.now())
    call_command("heartbeat")


@pytest.mark.e2e
@pytest.mark.django_db(transaction=True)
def test_a_real_worker_on_redis_and_postgresql_records_the_ping(
    postgres, redis_url, worker_database_url, child_env, manage, repo_dir, tmp_path, monkeypatch
):
    queue = f"roundtrip-{uuid.uuid4().hex[:12]}"
    env = child_env(
        DATABASE_URL=worker_database_url,
        CELERY_BROKER_URL=redis_url,
        UNO_DATA_DIR=str(tmp_path),
        UNO_MODE=None,
    )
    log = (tmp_path / "worker.log").open("w")
    worker = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "celery",
            "-A",
            "unoservice",
            "worker",
            "--pool",
            "solo",
            "--queues",
            queue,
            "--hostname",
            f"{queue}@%h",
            "--without-gossip",
            "--without-mingle",
            "--loglevel",
            "INFO",
        ],
        cwd=repo_dir,
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    try:
        # The operators' command: sends through Redis, waits for the row in PostgreSQL.
        result = manage("worker_ping", "--queue", queue, "--timeout", "60", env=env)
        assert result.returncode == 0, result.stderr + (tmp_path / "worker.log").read_text()
        assert "pong from" in result.stdout

        # And a plain Celery client, knowing nothing of Django, gets the same service.
        token = uuid.uuid4()
        monkeypatch.delenv("CELERY_BROKER_URL", raising=False)  # Celery prefers it to broker=
        client = Celery("client", broker=redis_url)
        client.send_task(PING_TASK, kwargs={"token": str(token), "source": "test"}, queue=queue)
        deadline = time.monotonic() + 60
        while not WorkerPing.objects.filter(token=token).exists():
            assert time.monotonic() < deadline, (tmp_path / "worker.log").read_text()
            time.sleep(0.2)
        row = WorkerPing.objects.get(token=token)
        assert row.worker.startswith(f"{queue}@")
        assert WorkerPing.objects.filter(source="command").count() == 1
    finally:
        worker.send_signal(signal.SIGTERM)
        try:
            worker.wait(timeout=30)
        except subprocess.TimeoutExpired:
            worker.kill()
            worker.wait()
        log.close()
