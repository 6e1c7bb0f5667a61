"""A backup taken with pg_dump while the service runs, restored into a fresh database as
the operators' guide (docs/operating.md) says: every game audits ok with the same event
counts and head hashes, and the service pointed at the restored database goes on where
the backup left off (a running game is played to its end, a waiting game takes a seat)."""

from __future__ import annotations

import random

import pytest

from .support import (
    NO_TIMERS,
    Player,
    assert_audit_ok,
    assert_nothing_lost,
    new_game,
    play,
)

pytestmark = [pytest.mark.faults, pytest.mark.e2e]

GAME_FACTS = """
SELECT g.id::text, g.status, g.version, g.head_hash, count(e.id), coalesce(max(e.seq), 0)
FROM games_game g LEFT JOIN games_gameevent e ON e.game_id = g.id
GROUP BY g.id ORDER BY g.id
"""


def game_facts(postgres, database: str) -> dict[str, tuple]:
    """Each game's status, version and head hash, and how many events it has (the last seq)."""
    return {row[0]: row[1:] for row in postgres.query(database, GAME_FACTS)}


def test_every_game_audits_ok_and_goes_on_after_a_dump_is_restored_into_a_fresh_database(
    redis, postgres, database, staff_token, start_service, manage, child_env, tmp_path
):
    data_dir = tmp_path / "data"  # the secret key and any signing key: backed up too
    live = start_service(
        database_url=postgres.url(database),
        broker_url=redis.url(),
        name="live",
        data_dir=data_dir,
        celery=False,
    )
    ann = Player(live.base, staff_token)
    bob, cid = Player.register(live.base, "bob"), Player.register(live.base, "cid")
    rng = random.Random(4)
    for seated, seed in (([ann, bob], 11), ([ann, cid], 12)):
        ended = new_game(seated[0], seated[1:], timers=NO_TIMERS, seed=seed)
        play(seated, ended, rng)
    running = new_game(ann, [cid], timers=NO_TIMERS, seed=13)
    accepted = play([ann, cid], running, rng, moves=3)
    waiting = ann.ok("POST", "/api/v1/games", {"seats": 3, "timers": NO_TIMERS}, status=201)
    before = game_facts(postgres, database)
    assert sorted(status for status, *_ in before.values()) == [
        "active",
        "finished",
        "finished",
        "waiting",
    ]

    backup = tmp_path / "uno.dump"
    postgres.dump(database, backup)  # while the service runs
    live.stop()
    restored = postgres.create_database(f"{database}_restored")
    postgres.restore(backup, restored)

    assert game_facts(postgres, restored) == before
    audit = manage(
        "audit_games",
        "--all",
        env=child_env(DATABASE_URL=postgres.url(restored), UNO_DATA_DIR=str(data_dir)),
    )
    assert audit.returncode == 0, audit.stdout + audit.stderr
    assert f"{len(before)} audited, 0 failed" in audit.stdout, audit.stdout

    service = start_service(
        database_url=postgres.url(restored),
        broker_url=redis.url(),
        name="restored",
        data_dir=data_dir,
        celery=False,
    )
    ann, cid = Player(service.base, ann.token), Player(service.base, cid.token)
    accepted += play([ann, cid], running, rng)
    assert ann.ok("GET", f"/api/v1/games/{running}")["status"] == "finished"
    assert_nothing_lost(cid, running, accepted)
    Player(service.base, bob.token).ok("POST", f"/api/v1/games/{waiting['id']}/join")
    for game in before:
        assert_audit_ok(ann, game)
