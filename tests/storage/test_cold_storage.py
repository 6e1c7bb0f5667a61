"""Cold storage: an ended, sealed game's log moved out of the hot events table reads the
same everywhere (export byte for byte, feed, replay, audit, records), the move refuses
what it must, and the database refuses to change an archive or to drop a log that was
not archived first."""

from __future__ import annotations

import pytest
from django.core.management import call_command
from django.db import DatabaseError, connection, transaction

from games import selectors, services
from games.log.archive import decode, encode
from games.log.audit import audit_game
from games.log.cold_storage import ArchiveRefused, archive_game
from games.log.storage_guard import allow_event_log_rewrite
from games.models import ArchivedLog, Game, GameEvent
from players.services import player_for_user
from scoring.models import GameRecord
from scoring.projections import records_rebuild

from .games import finished_game

pytestmark = pytest.mark.django_db


@pytest.fixture
def staff(django_user_model):
    django_user_model.objects.create_user("host", is_staff=True)
    return player_for_user(username="host")


def everything_read(game: Game, player) -> dict:
    game = Game.objects.get(pk=game.pk)
    replays = [selectors.game_replay_get(game=game, player=player, at=at) for at in (0, 7)]
    for replay in replays:  # the moment it was read, and a link signed at that moment
        del replay["server_time"], replay["replay_url"]
    return {
        "export": "".join(selectors.export_lines(game=game, player=player)).encode(),
        "feed": selectors.event_feed(game=game, player=player, after=3),
        "replay": replays,
        "audit": audit_game(game),
    }


@pytest.mark.parametrize("preset", ["classic", "flip"])
def test_an_archived_game_reads_the_same_everywhere(staff, preset):
    game = finished_game(staff, preset)
    before = everything_read(game, staff)
    assert before["audit"]["ok"]

    archive = archive_game(game.id)

    assert not GameEvent.objects.filter(game=game).exists()
    assert Game.objects.get(pk=game.pk).archived
    assert archive.events == game.version and archive.head_hash == game.head_hash
    assert everything_read(game, staff) == before
    assert records_rebuild() >= 1
    assert GameRecord.objects.filter(game_id=game.id).exists()


def test_an_archive_takes_a_tenth_of_the_rows_bytes(staff):
    game = finished_game(staff, seats=4)
    rows = list(GameEvent.objects.filter(game=game).order_by("seq"))
    raw = sum(len(str(r.public)) + len(str(r.private or "")) + 64 * 3 + 60 for r in rows)
    assert len(encode(rows)) * 10 < raw


def test_archiving_refuses_a_game_that_has_not_ended_and_changes_nothing(staff):
    game = services.game_create(
        host=staff,
        seats=2,
        rules={"preset": "classic"},
        bots=[{"strategy": "greedy"}] * 2,
        seat_host=False,
        bot_think_ms=0,
    )
    services.game_start(game_id=game.id, player=staff)
    with pytest.raises(ArchiveRefused, match="has not ended"):
        archive_game(game.id)
    assert GameEvent.objects.filter(game=game).count() == Game.objects.get(pk=game.pk).version
    assert not ArchivedLog.objects.exists()


def test_archiving_refuses_a_log_that_does_not_verify(staff):
    game = finished_game(staff)
    with allow_event_log_rewrite(), connection.cursor() as cursor:
        cursor.execute(
            "UPDATE games_gameevent SET actor = 'system' WHERE game_id = %s AND seq = 5",
            [game.pk.hex if connection.vendor == "sqlite" else game.pk],
        )
    with pytest.raises(ArchiveRefused, match="audit fails"):
        archive_game(game.id)
    assert GameEvent.objects.filter(game=game).count() == game.version


def test_a_rewritten_archive_fails_the_audit(staff):
    game = finished_game(staff)
    archive_game(game.id)
    rows = decode(game.id, ArchivedLog.objects.get(game=game).data)
    rows[4].actor = "system"
    with allow_event_log_rewrite(), connection.cursor() as cursor:
        cursor.execute(
            "UPDATE games_archivedlog SET data = %s WHERE game_id = %s",
            [encode(rows), game.pk.hex if connection.vendor == "sqlite" else game.pk],
        )
    from games.log import archive

    archive._decoded.clear()
    report = audit_game(Game.objects.get(pk=game.pk))
    failed = {check["name"] for check in report["checks"] if not check["ok"]}
    assert "hash_chain" in failed and "seal" in failed


def test_the_database_refuses_to_change_or_drop_an_archive(staff):
    game = finished_game(staff, seats=2)
    archive_game(game.id)
    key = game.pk.hex if connection.vendor == "sqlite" else game.pk
    for statement in (
        "UPDATE games_archivedlog SET events = 1 WHERE game_id = %s",
        "DELETE FROM games_archivedlog WHERE game_id = %s",
    ):
        with pytest.raises(DatabaseError), transaction.atomic(), connection.cursor() as cursor:
            cursor.execute(statement, [key])
    assert ArchivedLog.objects.filter(game=game).exists()


def test_the_events_of_a_game_not_archived_still_cannot_be_deleted(staff):
    game = finished_game(staff, seats=2)
    key = game.pk.hex if connection.vendor == "sqlite" else game.pk
    with pytest.raises(DatabaseError), transaction.atomic(), connection.cursor() as cursor:
        cursor.execute("DELETE FROM games_gameevent WHERE game_id = %s", [key])
    assert GameEvent.objects.filter(game=game).count() == game.version


def test_archive_games_moves_the_games_it_is_given_and_says_how_many(staff, capsys):
    game = finished_game(staff, seats=2)
    call_command("archive_games", "--game", str(game.id))
    out = capsys.readouterr().out
    assert out.startswith("1 archived (") and "bytes an event" in out
    assert Game.objects.get(pk=game.pk).archived
