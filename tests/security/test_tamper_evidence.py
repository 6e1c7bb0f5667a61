"""The event log is append-only, and any edit made behind the service's back is caught.

Triggers reject UPDATE and DELETE on `games_gameevent`, even from raw SQL, on PostgreSQL
and SQLite. With the guard lifted on purpose (`allow_event_log_rewrite`, as a database
owner could), an edited, deleted or re-chained row is caught by `games.log.audit.audit_game`,
naming the check and the first event at fault; `manage.py audit_games` exits non-zero for
such a game. The model's own refusal (`AppendOnlyError`) holds on every database.
"""

from __future__ import annotations

import json
import random

import pytest
from django.core.management import CommandError, call_command
from django.db import DatabaseError, connection, transaction

from games.log.audit import audit_game
from games.log.hashing import envelope, event_hash
from games.log.storage_guard import allow_event_log_rewrite
from games.models import AppendOnlyError, Game, GameEvent
from unoservice.clock import format_time

from .support import call, ok, staff_caller, start_table, stored_events

TRIGGER = "games_gameevent_append_only"
SQLITE_TRIGGERS = {
    "games_gameevent_append_only_update",
    "games_gameevent_append_only_delete",
    "games_gameevent_append_only_insert",
}


def played_game(client, moves: int = 12) -> Game:
    """A 2-seat classic game, dealt at random, with at least `moves` random legal moves
    played (plays preferred), at least one of them a card played."""
    table = start_table(client, seats=2, rules={"preset": "classic", "options": {}})
    rng = random.Random(11)
    played = 0
    while (
        played < moves
        or not GameEvent.objects.filter(game_id=table.game_id, type="card_played").exists()
    ):
        game = ok(call(client, table.staff, "GET", table.path()))
        seat = game["to_act"]
        actions = ok(call(client, table.seats[seat], "GET", table.path("/legal-actions")))
        plays = [a for a in actions["actions"] if a["type"] == "play"]
        table.act(client, seat, rng.choice(plays or actions["actions"]))
        played += 1
    return Game.objects.get(pk=table.game_id)


def event(game: Game, type_: str) -> GameEvent:
    return next(row for row in stored_events(game.id) if row.type == type_)


def failing(result: dict) -> dict[str, int | None]:
    """{check name: seq} for every failing check."""
    return {check["name"]: check["seq"] for check in result["checks"] if not check["ok"]}


def raw_set(row_id: int, **columns) -> None:
    """UPDATE one event row with raw SQL, bypassing the ORM."""
    cast = "::jsonb" if connection.vendor == "postgresql" else ""
    assignments, values = [], []
    for column, value in columns.items():
        if isinstance(value, dict):
            assignments.append(f"{column} = %s{cast}")
            values.append(json.dumps(value))
        else:
            assignments.append(f"{column} = %s")
            values.append(value)
    with connection.cursor() as cursor:
        cursor.execute(
            f"UPDATE games_gameevent SET {', '.join(assignments)} WHERE id = %s",
            [*values, row_id],
        )
        assert cursor.rowcount == 1


def raw_delete(row_id: int) -> None:
    with connection.cursor() as cursor:
        cursor.execute("DELETE FROM games_gameevent WHERE id = %s", [row_id])
        assert cursor.rowcount == 1


# --- the ORM refuses (every database) --------------------------------------------------


@pytest.mark.django_db
def test_saving_an_existing_event_again_raises_append_only_error(client):
    game = played_game(client, moves=2)
    row = event(game, "cards_dealt")
    row.public = {**row.public, "count": 99}
    with pytest.raises(AppendOnlyError):
        row.save()
    with pytest.raises(AppendOnlyError):
        row.save(update_fields=["public"])
    assert GameEvent.objects.get(pk=row.pk).public["count"] != 99


@pytest.mark.django_db
def test_deleting_an_event_through_the_model_raises_append_only_error(client):
    game = played_game(client, moves=2)
    row = event(game, "deck_shuffled")
    with pytest.raises(AppendOnlyError):
        row.delete()
    assert GameEvent.objects.filter(pk=row.pk).exists()
    assert audit_game(game)["ok"]


@pytest.mark.django_db
def test_bulk_updates_and_deletes_through_the_orm_raise_append_only_error(client):
    """QuerySet.update() and .delete() skip the model's save() and delete(): they are
    refused too, so SQLite (which has no trigger) is no weaker through the ORM."""
    game = played_game(client, moves=2)
    events = GameEvent.objects.filter(game=game)
    with pytest.raises(AppendOnlyError):
        events.update(actor="system")
    with pytest.raises(AppendOnlyError):
        events.filter(type="cards_dealt").delete()
    with pytest.raises(AppendOnlyError), transaction.atomic():
        GameEvent.objects.bulk_update(list(events[:2]), ["actor"])
    assert events.count() == game.version
    assert audit_game(game)["ok"]


# --- the triggers refuse raw SQL (every database) --------------------------------------


@pytest.mark.django_db
def test_raw_sql_cannot_update_an_event(client):
    game = played_game(client, moves=2)
    row = event(game, "cards_dealt")
    with pytest.raises(DatabaseError, match="append-only"), transaction.atomic():
        raw_set(row.pk, public={**row.public, "count": 99})
    assert GameEvent.objects.get(pk=row.pk).public == row.public
    assert audit_game(game)["ok"]


@pytest.mark.django_db
def test_raw_sql_cannot_delete_an_event(client):
    game = played_game(client, moves=2)
    row = event(game, "deck_shuffled")
    with pytest.raises(DatabaseError, match="append-only"), transaction.atomic():
        raw_delete(row.pk)
    refused = pytest.raises(DatabaseError, match="append-only")
    with refused, transaction.atomic(), connection.cursor() as cursor:
        game_id = Game._meta.pk.get_db_prep_value(game.pk, connection)
        cursor.execute("DELETE FROM games_gameevent WHERE game_id = %s", [game_id])
    assert GameEvent.objects.filter(game=game).count() == game.version
    assert audit_game(game)["ok"]


@pytest.mark.django_db
def test_the_sqlite_triggers_are_installed():
    if connection.vendor != "sqlite":
        pytest.skip("SQLite's triggers; PostgreSQL's has its own test")
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT name FROM sqlite_master WHERE type = 'trigger' AND tbl_name = %s",
            ["games_gameevent"],
        )
        assert {name for (name,) in cursor.fetchall()} == SQLITE_TRIGGERS


@pytest.mark.django_db
def test_the_trigger_is_installed_and_enabled(postgres):
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT tgenabled FROM pg_trigger WHERE tgname = %s "
            "AND tgrelid = 'games_gameevent'::regclass",
            [TRIGGER],
        )
        assert cursor.fetchall() == [("O",)]  # O: fires in the origin (normal) mode


# --- the audit catches what the trigger was switched off for ---------------------------


def make_unfoldable(client, game: Game, staff) -> GameEvent:
    """Rewrites a card played into one its player did not hold (as a database owner
    could): the engine cannot fold the log from that event on. Returns the event."""
    row = event(game, "card_played")
    path = f"/api/v1/games/{game.id}/replay?at={row.seq - 1}"
    hand = ok(call(client, staff, "GET", path))["seats"][row.public["seat"]]["hand"]
    other = next(c for c in ("red-1", "red-2", "blue-1", "blue-2", "green-3") if c not in hand)
    with allow_event_log_rewrite():
        raw_set(row.pk, public={**row.public, "card": other})
    return row


@pytest.mark.django_db
def test_a_replay_past_an_event_the_engine_cannot_fold_is_409_log_not_foldable_naming_it(
    client,
):
    game = played_game(client)
    staff = staff_caller()
    row = make_unfoldable(client, game, staff)

    before = call(client, staff, "GET", f"/api/v1/games/{game.id}/replay?at={row.seq - 1}")
    answers = [
        call(client, staff, "GET", f"/api/v1/games/{game.id}/replay?at={at}")
        for at in (row.seq, game.version)
    ]

    assert before.status == 200
    for answer in answers:
        assert answer.status == 409, answer.body[:500]
        assert answer.headers["Content-Type"].startswith("application/problem+json")
        problem = answer.json()
        assert problem["code"] == "log_not_foldable"
        assert problem["seq"] == row.seq
        assert f"event {row.seq}" in problem["detail"]


@pytest.mark.django_db
def test_a_game_view_that_must_refold_an_unfoldable_log_is_409_log_not_foldable(client):
    game = played_game(client)
    staff = staff_caller()
    row = make_unfoldable(client, game, staff)
    Game.objects.filter(pk=game.pk).update(state=None)  # no cache: the view folds the log

    answer = call(client, staff, "GET", f"/api/v1/games/{game.id}")

    assert answer.status == 409, answer.body[:500]
    assert answer.json()["code"] == "log_not_foldable"
    assert answer.json()["seq"] == row.seq


@pytest.mark.django_db
def test_the_audit_passes_a_game_nobody_touched(client):
    game = played_game(client)
    result = audit_game(game)
    assert result["ok"], result
    assert [c["name"] for c in result["checks"]] == ["hash_chain", "replay", "shuffles", "seal"]


@pytest.mark.django_db
def test_the_audit_catches_an_edited_public_part_at_its_seq(client):
    game = played_game(client)
    row = event(game, "card_played")
    with allow_event_log_rewrite():
        other = "red-1" if row.public["card"] != "red-1" else "red-2"
        raw_set(row.pk, public={**row.public, "card": other})
    assert failing(audit_game(game))["hash_chain"] == row.seq


@pytest.mark.django_db
def test_the_audit_catches_an_edited_private_part_at_its_seq(client):
    game = played_game(client)
    row = event(game, "cards_dealt")
    cards = list(row.private["cards"])
    cards[0] = "wild" if cards[0] != "wild" else "red-1"
    with allow_event_log_rewrite():
        raw_set(row.pk, private={**row.private, "cards": cards})
    result = audit_game(game)
    assert failing(result)["hash_chain"] == row.seq
    detail = next(c["detail"] for c in result["checks"] if c["name"] == "hash_chain")
    assert "digest" in detail


@pytest.mark.django_db
def test_the_audit_catches_a_deleted_event_at_its_seq(client):
    game = played_game(client)
    rows = stored_events(game.id)
    victim = rows[len(rows) // 2]
    with allow_event_log_rewrite():
        raw_delete(victim.pk)
    result = audit_game(game)
    assert failing(result)["hash_chain"] == victim.seq
    detail = next(c["detail"] for c in result["checks"] if c["name"] == "hash_chain")
    assert "missing" in detail


@pytest.mark.django_db
def test_the_audit_catches_the_last_event_deleted_through_the_head_row(client):
    game = played_game(client)
    last = stored_events(game.id)[-1]
    with allow_event_log_rewrite():
        raw_delete(last.pk)
    assert "hash_chain" in failing(audit_game(game))


@pytest.mark.django_db
def test_the_audit_catches_a_wrong_shuffle_commitment_at_its_seq(client):
    game = played_game(client)
    row = event(game, "deck_shuffled")
    wrong = "0" * 64
    with allow_event_log_rewrite():
        raw_set(row.pk, public={**row.public, "commitment": wrong})
    failed = failing(audit_game(game))
    assert failed["shuffles"] == row.seq
    assert failed["hash_chain"] == row.seq


@pytest.mark.django_db
def test_the_audit_catches_a_wrong_commitment_even_when_the_forger_rechains_every_hash(client):
    """A forger who recomputes every later hash and the head row, and drops the state
    cache (which would differ from the forged log), defeats the chain and replay checks; the
    commitment no longer matches the dealt order, and the shuffle check says where."""
    game = played_game(client)
    row = event(game, "deck_shuffled")
    with allow_event_log_rewrite():
        raw_set(row.pk, public={**row.public, "commitment": "f" * 64})
        rechain_from(game, row.seq)
        Game.objects.filter(pk=game.pk).update(state=None)
    game.refresh_from_db()
    failed = failing(audit_game(game))
    assert failed == {"shuffles": row.seq}


@pytest.mark.django_db
def test_the_audit_catches_a_rechained_forgery_that_kept_the_old_state_cache(client):
    game = played_game(client)
    row = event(game, "deck_shuffled")
    with allow_event_log_rewrite():
        raw_set(row.pk, public={**row.public, "commitment": "f" * 64})
    assert "replay" in failing(audit_game(game)) or "hash_chain" in failing(audit_game(game))


@pytest.mark.django_db
def test_the_audit_names_the_first_field_where_the_state_cache_differs_from_a_replay(client):
    game = played_game(client)
    cache = game.state
    cache["state"]["scores"] = [s + 50 for s in cache["state"]["scores"]]
    Game.objects.filter(pk=game.pk).update(state=cache)
    game.refresh_from_db()

    replay = next(c for c in audit_game(game)["checks"] if c["name"] == "replay")

    assert not replay["ok"]
    assert replay["detail"] == "the state cache's scores differs from the replayed state"
    assert replay["seq"] == game.version


# --- manage.py audit_games ------------------------------------------------------------


@pytest.mark.django_db
def test_audit_games_command_fails_on_a_tampered_game_and_passes_a_clean_one(client, capsys):
    clean, tampered = played_game(client, moves=4), played_game(client, moves=4)
    row = event(tampered, "card_played")
    with allow_event_log_rewrite():
        raw_set(row.pk, actor="seat:9")
    call_command("audit_games", str(clean.id))
    assert f"ok    {clean.id}" in capsys.readouterr().out
    with pytest.raises(CommandError, match="1 game"):
        call_command("audit_games", str(clean.id), str(tampered.id))
    assert f"FAIL  {tampered.id}  hash_chain" in capsys.readouterr().out


@pytest.mark.django_db(transaction=True)
def test_manage_py_audit_games_exits_non_zero_for_a_tampered_game(
    client, postgres, worker_database_url, manage, child_env
):
    clean, tampered = played_game(client, moves=4), played_game(client, moves=4)
    row = event(tampered, "deck_shuffled")
    with allow_event_log_rewrite():
        raw_set(row.pk, public={**row.public, "count": row.public["count"] + 1})
    env = child_env(DATABASE_URL=worker_database_url)

    passed = manage("audit_games", str(clean.id), env=env)
    assert passed.returncode == 0, passed.stdout + passed.stderr
    assert "1 audited, 0 failed" in passed.stdout

    failed = manage("audit_games", str(tampered.id), env=env)
    assert failed.returncode != 0, failed.stdout
    assert f"FAIL  {tampered.id}  hash_chain" in failed.stdout
    assert f"(seq {row.seq})" in failed.stdout


# --- the seal catches what a whole-chain rewrite hides ----------------------------------


def ended_game(client) -> Game:
    from games import services

    game = played_game(client, moves=4)
    services.game_abort(game_id=game.id, reason="to seal it", staff=game.host)
    game.refresh_from_db()
    assert game.status == "aborted" and game.seal is not None
    return game


def rechain_from(game: Game, seq: int) -> None:
    """Recompute every hash from event `seq` on and point the head row at the new end:
    what a forger with write access to the database does after an edit."""
    prev = None
    for stored in stored_events(game.id):
        if prev is not None and stored.seq >= seq:
            envelope_ = envelope(
                seq=stored.seq,
                type_=stored.type,
                schema_version=stored.schema_version,
                recorded_at=format_time(stored.recorded_at),
                actor=stored.actor,
                public=stored.public,
            )
            new_hash = event_hash(prev, envelope_, stored.private_digest)
            raw_set(stored.pk, prev_hash=prev, hash=new_hash)
            stored.hash = new_hash
        prev = stored.hash
    Game.objects.filter(pk=game.pk).update(head_hash=prev)


@pytest.mark.django_db
def test_a_whole_chain_rewrite_of_an_ended_game_is_caught_by_the_seal_alone(client):
    """An edit that changes no rule outcome (who acted), re-chained to the head: the
    chain, the replay and the shuffles all pass; the seal does not."""
    game = ended_game(client)
    row = event(game, "card_played")
    with allow_event_log_rewrite():
        raw_set(row.pk, actor="player:forged")
        rechain_from(game, row.seq)
    game.refresh_from_db()
    assert failing(audit_game(game)) == {"seal": game.version}


@pytest.mark.django_db
def test_rewriting_the_seal_to_match_a_rewritten_chain_breaks_its_signature(client):
    game = ended_game(client)
    row = event(game, "card_played")
    with allow_event_log_rewrite():
        raw_set(row.pk, actor="player:forged")
        rechain_from(game, row.seq)
    game.refresh_from_db()
    Game.objects.filter(pk=game.pk).update(seal={**game.seal, "head_hash": game.head_hash})
    game.refresh_from_db()
    result = audit_game(game)
    assert failing(result) == {"seal": game.version}
    assert "signature does not verify" in result["checks"][-1]["detail"]


# --- a key added through the database is not trusted ------------------------------------

#: The table public keys were once listed in (migration 0008; dropped by 0014). Created
#: here when absent: someone with write access to the database can create a table too.
FORGED_KEY_TABLE = (
    "CREATE TABLE IF NOT EXISTS games_signingkey (key_id varchar(16) PRIMARY KEY, "
    "alg varchar(10) NOT NULL, public_key varchar(64) NOT NULL, "
    "created_at timestamp with time zone NOT NULL, retired_at timestamp with time zone NULL)"
)


def reseal_with_a_key_of_ones_own(game: Game) -> str:
    """What a forger with write access to the database (and none to the key files) does
    after re-chaining a sealed game: list an Ed25519 public key of their own among the
    service's keys (marked retired, so that it draws no attention) and sign the new head
    with it. Returns the forged key's id."""
    from cryptography.hazmat.primitives import serialization
    from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

    from games.log.seals import sealed_message
    from games.log.signing_keys import b64url, key_id_of
    from unoservice import clock

    private = Ed25519PrivateKey.generate()
    raw = private.public_key().public_bytes(
        serialization.Encoding.Raw, serialization.PublicFormat.Raw
    )
    key_id = key_id_of(raw)
    at = connection.ops.adapt_datetimefield_value(clock.now())
    with connection.cursor() as cursor:
        cursor.execute(FORGED_KEY_TABLE)
        cursor.execute(
            "INSERT INTO games_signingkey (key_id, alg, public_key, created_at, retired_at) "
            "VALUES (%s, 'Ed25519', %s, %s, %s)",
            [key_id, b64url(raw), at, at],
        )
    game.refresh_from_db()
    signature = private.sign(sealed_message(str(game.id), game.head_hash, game.version))
    forged = {**game.seal, "head_hash": game.head_hash, "key_id": key_id}
    Game.objects.filter(pk=game.pk).update(seal={**forged, "signature": b64url(signature)})
    return key_id


@pytest.mark.django_db
def test_a_key_added_as_a_database_row_is_not_listed_and_a_game_resealed_with_it_fails_the_audit(
    client, capsys
):
    game = ended_game(client)
    row = event(game, "card_played")
    with allow_event_log_rewrite():
        raw_set(row.pk, actor="player:forged")
        rechain_from(game, row.seq)
    forged_key = reseal_with_a_key_of_ones_own(game)
    game.refresh_from_db()

    listed = client.get("/api/v1/keys").json()["keys"]
    assert listed and forged_key not in {key["key_id"] for key in listed}
    result = audit_game(game)
    assert failing(result) == {"seal": game.version}
    assert "not one of the service's keys" in result["checks"][-1]["detail"]
    with pytest.raises(CommandError, match="1 game"):
        call_command("audit_games", "--all")
    assert f"FAIL  {game.id}  seal" in capsys.readouterr().out
