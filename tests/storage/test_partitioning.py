"""The hot events table on PostgreSQL is partitioned by hash of the game id (migration
0018, games.log.partitioning): a game's rows live in one partition and its reads and
writes touch that one; the unique (game, seq) and the append-only trigger hold in every
partition; migration 0018 moves a populated table and back without losing or changing an
event. SQLite keeps one table."""

from __future__ import annotations

import json

import pytest
from django.core.management import call_command
from django.db import DatabaseError, IntegrityError, connection, transaction

from games.log import partitioning
from games.log.audit import audit_game
from games.log.cold_storage import archive_game
from games.models import Game, GameEvent
from players.services import player_for_user

from .games import finished_game

pytestmark = pytest.mark.django_db


@pytest.fixture
def staff(django_user_model, postgres):
    django_user_model.objects.create_user("host", is_staff=True)
    return player_for_user(username="host")


def partition_of(game: Game) -> str:
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT DISTINCT tableoid::regclass::text FROM games_gameevent WHERE game_id = %s",
            [game.pk],
        )
        return [name for (name,) in cursor.fetchall()]


def relations_read(sql: str, params) -> list[str]:
    with connection.cursor() as cursor:
        cursor.execute(f"EXPLAIN (FORMAT JSON) {sql}", params)
        found = cursor.fetchone()[0]
    plan = json.loads(found) if isinstance(found, str) else found
    names: list[str] = []

    def walk(node):
        if "Relation Name" in node:
            names.append(node["Relation Name"])
        for sub in node.get("Plans", ()):
            walk(sub)

    walk(plan[0]["Plan"])
    return names


def test_a_games_events_live_in_one_of_sixteen_partitions_and_its_reads_touch_that_one(staff):
    game = finished_game(staff, seats=2)
    with connection.cursor() as cursor:
        assert partitioning.is_partitioned(cursor)
        assert len(partitioning.partitions(cursor)) == partitioning.PARTITIONS == 16
    [home] = partition_of(game)
    rows = GameEvent.objects.filter(game_id=game.pk, seq__gt=0).order_by("seq")
    sql, params = rows.query.sql_with_params()
    events = [name for name in relations_read(sql, params) if name.startswith("games_gameevent")]
    assert events == [home]


def test_a_second_event_at_a_recorded_seq_is_refused(staff):
    game = finished_game(staff, seats=2)
    first = GameEvent.objects.get(game=game, seq=1)
    with pytest.raises(IntegrityError), transaction.atomic(), connection.cursor() as cursor:
        cursor.execute(
            "INSERT INTO games_gameevent (game_id, seq, type, schema_version, public, "
            "private_digest, actor, recorded_at, prev_hash, hash) "
            "VALUES (%s, 1, 'x', 1, '{}', '', 'system', now(), %s, %s)",
            [game.pk, first.prev_hash, first.hash],
        )
    assert GameEvent.objects.filter(game=game).count() == game.version


def test_a_partition_itself_refuses_to_change_or_delete_an_event(staff):
    game = finished_game(staff, seats=2)
    [home] = partition_of(game)
    for statement in (
        f"UPDATE {home} SET actor = 'system' WHERE game_id = %s",
        f"DELETE FROM {home} WHERE game_id = %s",
    ):
        with pytest.raises(DatabaseError), transaction.atomic(), connection.cursor() as cursor:
            cursor.execute(statement, [game.pk])
    assert GameEvent.objects.filter(game=game).count() == game.version
    archive_game(game.id)  # the archive job still removes an archived game's rows
    assert not GameEvent.objects.filter(game=game).exists()
    assert audit_game(Game.objects.get(pk=game.pk))["ok"]


@pytest.mark.django_db(transaction=True)
def test_migration_0018_moves_a_populated_table_and_back_keeping_every_event(staff):
    games = [finished_game(staff, seats=seats) for seats in (2, 3)]

    def recorded():
        return list(GameEvent.objects.order_by("game_id", "seq").values_list("id", "hash"))

    before = recorded()
    try:
        call_command("migrate", "games", "0017", verbosity=0)
        with connection.cursor() as cursor:
            assert not partitioning.is_partitioned(cursor)
        assert recorded() == before
        call_command("migrate", "games", verbosity=0)
    finally:
        call_command("migrate", verbosity=0)
    with connection.cursor() as cursor:
        assert partitioning.is_partitioned(cursor)
    assert recorded() == before
    assert all(audit_game(Game.objects.get(pk=game.pk))["ok"] for game in games)
    later = finished_game(staff, seats=2)  # the id sequence goes on after the copied rows
    assert min(GameEvent.objects.filter(game=later).values_list("id", flat=True)) > max(
        pk for pk, _ in before
    )
