"""`manage.py repack_events` (games.log.repack): pg_repack rewrites each partition of the
events table in the order of (game, seq), online, so that a game's rows lie together;
every event is kept as it was (id, partition, columns), the exports and audits are the
same, and the table keeps its trigger and grants. The service role's refusals after a
repack are in tests/security/test_database_roles.py."""

from __future__ import annotations

import hashlib
import random
import uuid

import pytest
from django.core.management import CommandError, call_command
from django.db import connection

from games import selectors, services
from games.engine import PlayCard, Status, legal_actions
from games.log import partitioning
from games.log.audit import audit_game
from games.log.repack import connection_args, settings_from_url
from games.models import Game
from players.services import player_for_user

pytestmark = pytest.mark.django_db(transaction=True)
COLUMNS = "id, game_id, seq, type, public, private, private_digest, actor, recorded_at, hash"


@pytest.fixture
def staff(django_user_model, postgres):
    django_user_model.objects.create_user("host", is_staff=True)
    return player_for_user(username="host")


def partition_of(game_id) -> str:
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT DISTINCT tableoid::regclass::text FROM games_gameevent WHERE game_id = %s",
            [game_id],
        )
        [(name,)] = cursor.fetchall()
        return name


def games_played_at_once(django_user_model, count: int = 2, moves: int = 60) -> list[Game]:
    """`count` games of two people in one partition, a move of each in turn, so that
    their rows are interleaved on the partition's pages as games played at once are."""
    by_partition: dict[str, list] = {}
    for _ in range(200):
        players = []
        for seat in ("host", "guest"):
            name = f"{seat}-{uuid.uuid4().hex[:12]}"
            django_user_model.objects.create_user(name)
            players.append(player_for_user(username=name))
        game = services.game_create(
            host=players[0], seats=2, rules={"preset": "classic", "options": {}}
        )
        services.game_join(game_id=game.id, player=players[1])
        state = services.game_start(game_id=game.id, player=players[0]).state
        together = by_partition.setdefault(partition_of(game.id), [])
        together.append([game.id, state, players])
        if len(together) == count:
            break
    rng = random.Random(34)
    for _ in range(moves):
        for playing in together:
            game_id, state, players = playing
            if state.status is not Status.ACTIVE:
                continue
            options = legal_actions(state, state.to_act)
            plays = [a for a in options if type(a) is PlayCard]
            playing[1] = services.game_act(
                game_id=game_id, player=players[state.to_act], command=rng.choice(plays or options)
            ).state
    return [Game.objects.get(pk=game_id) for game_id, _, _ in together]


def physical_order(table: str) -> list[tuple]:
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT game_id, seq FROM {table} ORDER BY ctid")
        return cursor.fetchall()


def switches(order: list[tuple]) -> int:
    """How often the rows, in the order they lie on disk, go from one game to another."""
    return sum(1 for one, two in zip(order, order[1:], strict=False) if one[0] != two[0])


def events_of(game_ids) -> list[tuple]:
    with connection.cursor() as cursor:
        cursor.execute(
            f"SELECT {COLUMNS}, tableoid::regclass::text FROM games_gameevent "
            "WHERE game_id = ANY(%s) ORDER BY id",
            [list(game_ids)],
        )
        return cursor.fetchall()


def table_facts(table: str) -> tuple:
    """What a rewrite must not change: the partition's oid, its grants, its triggers."""
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT c.oid, c.relacl::text, array_agg(t.tgname ORDER BY t.tgname) "
            "FROM pg_class c LEFT JOIN pg_trigger t ON t.tgrelid = c.oid "
            "WHERE c.oid = %s::regclass GROUP BY c.oid, c.relacl",
            [table],
        )
        return cursor.fetchone()


def export_digest(game: Game, staff) -> str:
    digest = hashlib.sha256()
    for line in selectors.export_lines(game=game, player=staff):
        digest.update(line.encode())
    return digest.hexdigest()


def test_a_repack_lays_each_games_rows_together_and_keeps_every_event_as_it_was(
    staff, django_user_model
):
    games = games_played_at_once(django_user_model)
    home = partition_of(games[0].id)
    before = physical_order(home)
    assert before != sorted(before), "the games' rows were not interleaved to begin with"
    events = events_of(g.id for g in games)
    exports = {g.id: export_digest(g, staff) for g in games}
    facts = table_facts(home)

    call_command("repack_events", "--partition", home, verbosity=0)

    after = physical_order(home)
    assert sorted(after) == sorted(before)  # nothing lost or added
    # Each game's rows lie together, in the order of (game, seq): pg_repack inserts them
    # so; a row that does not fit where the last went may take the room left on an
    # earlier page, a few such rows at most against every other row interleaved.
    assert switches(before) > 50
    assert switches(after) <= switches(before) // 10
    assert events_of(g.id for g in games) == events  # ids, columns and partitions
    assert table_facts(home) == facts
    for game in games:
        game = Game.objects.get(pk=game.pk)
        assert export_digest(game, staff) == exports[game.id]
        assert audit_game(game)["ok"]
    # the partition still takes moves: a new game's rows go in after the repack
    assert games_played_at_once(django_user_model, count=1, moves=3)


def test_every_partition_is_repacked_when_none_is_named(staff, capsys):
    call_command("repack_events")
    said = capsys.readouterr().out
    with connection.cursor() as cursor:
        names = partitioning.partitions(cursor)
    assert len(names) == partitioning.PARTITIONS
    assert all(f"{name}: " in said for name in names)
    assert f"{partitioning.PARTITIONS} repacked in the order of (game, seq)" in said


def test_a_table_that_is_no_partition_of_the_events_table_is_refused(staff):
    with pytest.raises(CommandError, match="not a partition of games_gameevent: games_game"):
        call_command("repack_events", "--partition", "games_game")


def test_pg_repack_connects_as_the_url_given():
    settings = settings_from_url("postgres://admin:s%40cret@db.example:5439/uno")
    args, env = connection_args(settings)
    assert args == [
        "--dbname", "uno", "--host", "db.example", "--port", "5439", "--username", "admin",
    ]  # fmt: skip
    assert env == {"PGPASSWORD": "s@cret"}
