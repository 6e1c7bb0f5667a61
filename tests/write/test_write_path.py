"""The write path (games/write.py) at the service level, without HTTP: every kind of
write goes through it and leaves the head row, its state cache and the deadlines in step
with the log; a refusal changes nothing; deadlines are facts of the events that open
them; a retried request applies once; and a plain play costs a fixed set of statements."""

from __future__ import annotations

import uuid
from datetime import UTC, datetime, timedelta

import pytest
from django.core.serializers.json import DjangoJSONEncoder
from django.db import connection
from django.test.utils import CaptureQueriesContext
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.test import APIClient, APIRequestFactory

from games import services
from games.engine import DrawCard, PlayCard, Timeout, card
from games.engine.snapshot import FORMAT
from games.errors import GameConflict, NotSeated, StaleVersion
from games.http.idempotency import idempotent
from games.log import store
from games.log.audit import audit_game
from games.models import Game, GameEvent, IdempotencyRecord
from games.timers.deadlines import parse_time
from games.write import load_state, replay_state
from players.services import player_register

pytestmark = pytest.mark.django_db

#: Seat 0 to play on a red 3; seat 1 holds a red 9.
POSITION = {
    "hands": {"0": ["red-5", "red-6", "blue-7"], "1": ["green-3", "yellow-4", "red-9"]},
    "discard": ["red-3"],
    "draw": ["blue-1", "blue-2"],
    "to_act": 0,
}
TIMERS = {"turn_seconds": 30, "response_seconds": 15, "uno_window_seconds": 5}


class Clock:
    def __init__(self):
        self.now = datetime(2026, 11, 30, 12, 0, 0, tzinfo=UTC)

    def __call__(self):
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += timedelta(seconds=seconds)


@pytest.fixture
def clock(monkeypatch, settings):
    fake = Clock()
    monkeypatch.setattr("unoservice.clock.now", fake)
    settings.UNO_SCHEDULE_DEADLINE_TASKS = False
    return fake


@pytest.fixture
def table(clock):
    """A started two-seat game from POSITION: (game, ann in seat 0, bob in seat 1)."""
    ann, _ = player_register(name="ann")
    bob, _ = player_register(name="bob")
    game = services.game_create(
        host=ann, seats=2, rules={"preset": "classic"}, timers=TIMERS, setup={"position": POSITION}
    )
    services.game_join(game_id=game.id, player=bob)
    services.game_start(game_id=game.id, player=ann)
    return Game.objects.get(pk=game.id), ann, bob


def head(game_id) -> dict:
    """What a write may change, as stored."""
    game = Game.objects.get(pk=game_id)
    return {
        "version": game.version,
        "head_hash": game.head_hash,
        "status": game.status,
        "to_act": game.to_act,
        "phase": game.phase,
        "state": game.state,
        "open_deadlines": game.open_deadlines,
        "deadline_at": game.deadline_at,
        "next_due_at": game.next_due_at,
        "events": GameEvent.objects.filter(game=game).count(),
    }


def assert_in_step_with_its_log(game_id) -> None:
    game = Game.objects.get(pk=game_id)
    assert audit_game(game)["ok"], audit_game(game)
    assert game.state["version"] == game.version and game.state_format == FORMAT
    assert load_state(game) == replay_state(game)
    state = load_state(game)
    assert set(game.open_deadlines) <= state.open_deadline_tokens()
    due = [parse_time(d["due_at"]) for d in game.open_deadlines.values()]
    assert game.next_due_at == min(due, default=None)


def test_every_kind_of_write_leaves_the_head_row_and_cache_in_step_with_the_log(table, clock):
    game, ann, bob = table
    assert_in_step_with_its_log(game.id)  # created, joined, started

    services.game_act(game_id=game.id, player=ann, command=PlayCard(None, card("red-5")))
    assert_in_step_with_its_log(game.id)

    clock.advance(31)  # bob's turn times out: draw and pass
    assert services.game_deadlines_enforce(game_id=game.id) == 1
    assert_in_step_with_its_log(game.id)
    assert GameEvent.objects.filter(game=game, type="timed_out").count() == 1

    services.game_leave(game_id=game.id, player=bob)  # two seats: the last one wins
    assert_in_step_with_its_log(game.id)
    game.refresh_from_db()
    assert game.status == "finished" and game.winner == 0
    assert game.open_deadlines == {} and game.next_due_at is None


def test_the_lobbys_events_are_recorded_in_the_shape_the_shell_wrote_them_in(clock):
    """Seats taken and left and a waiting game's abort are the engine's events now; their
    stored parts (which the hash chain covers) are the dicts the shell wrote before, so
    the logs recorded then and now read, replay and audit alike."""
    ann, _ = player_register(name="ann")
    bob, _ = player_register(name="bob")
    game = services.game_create(
        host=ann, seats=3, rules={"preset": "classic"}, bots=[{"strategy": "greedy"}]
    )
    services.game_join(game_id=game.id, player=bob)
    services.game_leave(game_id=game.id, player=bob)
    services.game_leave(game_id=game.id, player=ann)  # the host leaves: the game is aborted
    rows = list(GameEvent.objects.filter(game=game).order_by("seq"))
    bot = rows[2].public["player"]
    assert [(r.type, r.schema_version, r.actor, r.public, r.private) for r in rows[1:]] == [
        ("seat_taken", 1, f"player:{ann.id}", {"seat": 0, "player": ref(ann)}, None),
        ("seat_taken", 1, "bot:1", {"seat": 1, "player": {**bot, "bot": True}}, None),
        ("seat_taken", 1, f"player:{bob.id}", {"seat": 2, "player": ref(bob)}, None),
        ("seat_left", 1, f"player:{bob.id}", {"seat": 2, "player": str(bob.id)}, None),
        ("seat_left", 1, f"player:{ann.id}", {"seat": 0, "player": str(ann.id)}, None),
        ("game_aborted", 1, "system", {"reason": "host_left"}, None),
    ]
    assert set(bot) == {"id", "name", "bot"}
    game.refresh_from_db()
    assert game.status == "aborted" and audit_game(game)["ok"], audit_game(game)
    assert replay_state(game).status.value == "aborted"


def ref(player) -> dict:
    return {"id": str(player.id), "name": player.name}


def test_a_refused_command_changes_nothing(table):
    game, ann, bob = table
    before = head(game.id)

    with pytest.raises(GameConflict) as not_yours:
        services.game_act(game_id=game.id, player=bob, command=DrawCard(None))
    with pytest.raises(GameConflict) as not_playable:
        services.game_act(game_id=game.id, player=ann, command=PlayCard(None, card("blue-7")))
    with pytest.raises(StaleVersion):
        services.game_act(
            game_id=game.id, player=ann, command=DrawCard(None), if_match=game.version - 1
        )
    stranger, _ = player_register(name="cy")
    with pytest.raises(NotSeated):
        services.game_act(game_id=game.id, player=stranger, command=DrawCard(None))

    assert not_yours.value.code == "not_your_turn"
    assert not_yours.value.extra["version"] == before["version"]
    assert not_playable.value.code == "card_not_playable"
    assert head(game.id) == before


def test_a_late_move_loses_to_its_timeout_and_the_timeout_stays(table, clock):
    game, ann, _ = table
    clock.advance(30.001)

    with pytest.raises(GameConflict) as refused:
        services.game_act(game_id=game.id, player=ann, command=PlayCard(None, card("red-5")))

    assert refused.value.code == "not_your_turn"
    assert GameEvent.objects.filter(game=game, type="timed_out").count() == 1
    assert not GameEvent.objects.filter(game=game, type="card_played").exists()
    assert_in_step_with_its_log(game.id)


def test_a_stale_deadline_token_does_nothing(table):
    game, _, _ = table
    before = head(game.id)
    assert services.game_system_command(game_id=game.id, command=Timeout("turn-0")) is None
    assert head(game.id) == before


def test_deadlines_are_facts_of_the_events_that_open_them(table, clock):
    game, ann, _ = table
    started = GameEvent.objects.get(game=game, type="game_started")
    assert started.public["timers"] == {
        "turn_seconds": 30,
        "response_seconds": 15,
        "uno_window_seconds": 5,
        "uno_grace_ms": 500,
        "bot_delay_ms": 600,  # the game's bot_think_ms (default)
    }
    clock.advance(2)
    written = services.game_act(game_id=game.id, player=ann, command=PlayCard(None, card("red-5")))

    turn = next(a.row for a in written.appended if a.row.type == "turn_changed")
    assert turn.public["deadline"] == {
        "kind": "turn",
        "token": turn.public["deadline"]["token"],
        "seconds": 30,
        "grace_ms": 0,
    }
    assert turn.public["deadline_at"] == "2026-11-30T12:00:32.000Z"
    game.refresh_from_db()
    assert game.open_deadlines == {
        turn.public["deadline"]["token"]: {
            "kind": "turn",
            "seat": 1,
            "closes_at": "2026-11-30T12:00:32.000Z",
            "due_at": "2026-11-30T12:00:32.000Z",
        }
    }
    assert game.next_due_at == game.deadline_at == datetime(2026, 11, 30, 12, 0, 32, tzinfo=UTC)
    types = [a.row.type for a in written.appended]
    assert types == ["card_played", "turn_changed"], "no events of its own for deadlines"


def test_a_game_cached_before_the_json_cache_is_read_by_replay_and_recached(table):
    game, ann, _ = table
    Game.objects.filter(pk=game.pk).update(state=None, state_format=0)

    services.game_act(game_id=game.id, player=ann, command=PlayCard(None, card("red-5")))

    assert_in_step_with_its_log(game.id)


def test_a_retried_request_applies_once_and_its_response_commits_with_its_events(table):
    game, ann, _ = table
    factory = APIRequestFactory()
    calls = []

    def request():
        raw = factory.post(f"/x/{game.id}", {"type": "play"}, format="json")
        raw.META["HTTP_IDEMPOTENCY_KEY"] = "once"
        wrapped = Request(raw)
        wrapped._full_data = {"type": "play"}
        wrapped.user = ann
        return wrapped

    def run():
        calls.append(1)
        written = services.game_act(
            game_id=game.id, player=ann, command=PlayCard(None, card("red-5"))
        )
        version = written.game.version
        return Response({"version": version}, headers={"ETag": f'"{version}"'})

    first = idempotent(request(), run)
    again = idempotent(request(), run)

    assert len(calls) == 1
    moved_to = game.version + 2  # card_played, turn_changed
    assert first.data == again.data == {"version": moved_to}
    assert again["ETag"] == f'"{moved_to}"' and again["Idempotent-Replayed"] == "true"
    record = IdempotencyRecord.objects.get(key="once")
    assert record.headers == {"ETag": f'"{moved_to}"'}
    assert GameEvent.objects.filter(game=game, type="card_played").count() == 1


@pytest.mark.django_db(transaction=True)
def test_a_plain_play_costs_seven_statements_with_auth_and_idempotency(postgres, table):
    """The statements of `POST /actions` (a plain play, with an Idempotency-Key), in
    order. Each is there for a reason; a new one must earn its place here:

    1  the bearer token with its player and user (authentication; where the throttles
       count in Redis, the token's owner is kept there and this statement goes too:
       tests/security/test_owner_cache.py)
    2  pg_try_advisory_xact_lock: a repeat of a running key is a 409 at once
    3  the Idempotency-Key record: a repeat gets the stored response
    4  the game's head row, locked (FOR UPDATE): writers of one game take turns; it
       carries the seats (who may act), the open deadlines and the state cache
    5  INSERT the events (one statement for the batch) and UPDATE the head row
       (version, hash, status, turn, the open deadlines and the next one due, the
       sweeper's index, the state cache), one statement: `WITH inserted AS (INSERT
       ...) UPDATE ...` (two until 2026-12-07: the round trip cost every move about
       0.1 ms of the web process's CPU)
    6  SELECT pg_notify: the game's new version for the live streams and long-polls of
       every web process; inside the transaction, so PostgreSQL delivers it at commit
       and never for a write rolled back (one per committed move, not one per event)
    7  INSERT the Idempotency-Key record with the response, in the same transaction

    No event is read, no seat or deadline row either, and the response is redacted from
    the events in memory.
    """
    game, ann, _ = table
    token = player_register(name="probe")[1]  # a token of its own, for a clean count
    from players.models import ApiToken

    ApiToken.objects.filter(hint=token[:8]).update(player=ann)
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Bearer {token}")
    client.get(f"/api/v1/games/{game.id}")  # touches the token's last use first

    with CaptureQueriesContext(connection) as queries:
        response = client.post(
            f"/api/v1/games/{game.id}/actions",
            {"type": "play", "card": "red-5"},
            format="json",
            HTTP_IDEMPOTENCY_KEY="count-me",
        )

    assert response.status_code == 200, response.content
    statements = [q["sql"] for q in queries.captured_queries if q["sql"] not in ("BEGIN", "COMMIT")]
    kinds = [_kind(sql) for sql in statements]
    assert kinds == [
        "SELECT players_apitoken",
        "SELECT pg_try_advisory_xact_lock",
        "SELECT games_idempotencyrecord",
        "SELECT games_game FOR UPDATE",
        "INSERT games_gameevent, UPDATE games_game",
        "SELECT pg_notify",
        "INSERT games_idempotencyrecord",
    ], "\n".join(statements)


def _kind(sql: str) -> str:
    if sql.startswith("WITH inserted AS ("):
        inserted, _, updated = sql.removeprefix("WITH inserted AS (").partition(") UPDATE ")
        return f"{_kind(inserted)}, {_kind('UPDATE ' + updated)}"
    words = sql.replace('"', "").split()
    verb = words[0]
    for function in ("pg_try_advisory_xact_lock", "pg_advisory_xact_lock", "pg_notify"):
        if verb == "SELECT" and function in sql:
            return f"SELECT {function}"
    table = words[words.index("FROM") + 1] if verb in ("SELECT", "DELETE") else words[2]
    if verb == "UPDATE":
        table = words[1]
    return f"{verb} {table}" + (" FOR UPDATE" if sql.rstrip().endswith("FOR UPDATE") else "")


@pytest.mark.django_db(transaction=True)
def test_a_game_ending_play_costs_two_statements_more_for_its_end_number_and_seal(postgres, clock):
    """Sealing adds nothing to an ordinary move (the count above is unchanged). The move
    that ends a game writes its seal in the same UPDATE of the head row, and reads no
    key from the database (the keys are files). It also takes the next number in the
    order games end (the players' records apply ratings in that order): a lock held
    until commit, so numbers are visible in order, and the latest."""
    from games.log.signing_keys import current_key

    ann, _ = player_register(name="ann")
    bob, _ = player_register(name="bob")
    last_card = {
        "hands": {"0": ["red-5"], "1": ["green-3", "yellow-4"]},
        "discard": ["red-3"],
        "draw": ["blue-1", "blue-2"],
        "to_act": 0,
        "scores": {"0": 495, "1": 0},
    }
    game = services.game_create(
        host=ann,
        seats=2,
        rules={"preset": "classic"},
        timers=TIMERS,
        setup={"position": last_card},
    )
    services.game_join(game_id=game.id, player=bob)
    services.game_start(game_id=game.id, player=ann)
    current_key()  # the key file exists and is in the keyring, as in a running service

    with CaptureQueriesContext(connection) as queries:
        services.game_act(game_id=game.id, player=ann, command=PlayCard(None, card("red-5")))

    statements = [q["sql"] for q in queries.captured_queries if q["sql"] not in ("BEGIN", "COMMIT")]
    assert [_kind(sql) for sql in statements] == [
        "SELECT games_game FOR UPDATE",
        "SELECT pg_advisory_xact_lock",
        "SELECT games_game",
        "INSERT games_gameevent, UPDATE games_game",
        "SELECT pg_notify",
    ], "\n".join(statements)
    assert Game.objects.get(pk=game.id).seal["version"] == Game.objects.get(pk=game.id).version


def test_the_streams_one_read_of_head_row_and_events_matches_the_orms(table):
    game, ann, _ = table
    services.game_act(game_id=game.id, player=ann, command=PlayCard(None, card("red-5")))
    game.refresh_from_db()

    def fields(rows, model):
        return [{f.attname: getattr(r, f.attname) for f in model._meta.fields} for r in rows]

    for after in (0, 2, game.version - 1, game.version):
        head, events = store.head_and_events(str(game.id), after)
        assert fields([head], Game) == fields([Game.objects.get(pk=game.id)], Game)
        assert fields(events, GameEvent) == fields(
            store.load_events(game.id, after=after, upto=game.version), GameEvent
        )
    assert store.head_and_events(uuid.uuid4(), 0) is None
    assert store.head_and_events("not a game", 0) is None


def _as_django_saves(field, instance, add: bool):
    value = field.get_db_prep_save(field.pre_save(instance, add), connection)
    return getattr(value, "obj", value)  # a Jsonb wrapper: the document it carries


@pytest.mark.django_db
def test_the_write_statements_values_are_the_ones_django_would_save(table):
    """unoservice.rows takes a plain field's value as it is (one of its exact type or
    None): the same value `get_db_prep_save(pre_save(...))` gives, without the calls."""
    from unoservice.rows import _saved_value

    game, _, _ = table
    game = Game.head_row(game.id)
    event = GameEvent.objects.filter(game=game).first()
    for instance, add in ((game, False), (event, True)):
        for field in type(instance)._meta.concrete_fields:
            if getattr(field, "auto_now", False) or getattr(field, "auto_now_add", False):
                continue  # stamped with the time of the call
            saved = _saved_value(field, instance, add, connection)
            assert getattr(saved, "obj", saved) == _as_django_saves(field, instance, add), field

    narrow = Game.head_row(game.id, fields=("id", "state"))
    assert "phase" not in narrow.__dict__  # deferred: loaded, not taken for a null
    assert _saved_value(Game._meta.get_field("phase"), narrow, False, connection) == game.phase
    narrow.round = "3"  # not the field's type: converted by the field, as Django would
    assert _saved_value(Game._meta.get_field("round"), narrow, False, connection) == 3


@pytest.mark.parametrize("count", [1, 5])
@pytest.mark.parametrize("beyond_orjson", [False, True], ids=["as_json", "as_columns"])
def test_a_writes_events_and_head_row_are_stored_as_the_orm_would_store_them(
    postgres, table, count, beyond_orjson
):
    """The events and head row's one statement (unoservice.rows) stores each row as the
    ORM's own save would, in one statement text whatever the number of events (psycopg
    keeps its parsing of a statement of up to 50 parameters only); a value orjson cannot
    encode (an integer past 64 bits) goes a parameter per column, as before."""
    from unoservice.rows import insert_rows_and_update_row

    game, _, _ = table
    game = Game.head_row(game.id)
    last = GameEvent.objects.filter(game=game).order_by("seq").last()
    events = [
        GameEvent(
            game_id=game.id,
            seq=last.seq + n,
            type="probe",
            schema_version=1,
            public={"n": n, "big": 2**70 if beyond_orjson else 2**40, "nested": [None, "é"]},
            private=None if n % 2 else {"cards": ["red-5"], "nonce": "\u2603"},
            private_digest="" if n % 2 else "d" * 64,
            actor="seat:0",
            recorded_at=datetime(2026, 12, 7, 20, 0, n, 123456 + n, tzinfo=UTC),
            prev_hash="p" * 64,
            hash=f"{n:064d}",
        )
        for n in range(1, count + 1)
    ]
    game.version = last.seq + count
    with CaptureQueriesContext(connection) as queries:
        insert_rows_and_update_row(events, game, ("version",))

    [statement] = [q["sql"] for q in queries.captured_queries]
    parameters = 3 if not beyond_orjson else 11 * count + 2  # the rows, version, id
    assert statement.endswith(f'"version" = ${parameters - 1} WHERE "id" = ${parameters}')
    stored = GameEvent.objects.filter(game=game, seq__gt=last.seq).order_by("seq")
    fields = [f.attname for f in GameEvent._meta.concrete_fields if f.attname != "id"]
    assert [[getattr(e, f) for f in fields] for e in stored] == [
        [getattr(e, f) for f in fields] for e in events
    ]
    assert [e.private is None for e in stored] == [n % 2 == 1 for n in range(1, count + 1)]
    assert Game.objects.get(pk=game.id).version == last.seq + count


def test_rows_go_as_json_only_with_columns_json_carries_as_postgresql_reads_them():
    """A float's NaN (orjson writes null), bytes, a decimal, a duration or a JSON column
    with an encoder of its own would not arrive as they would a parameter each."""
    from django.db import models

    from unoservice.fields import JSONField
    from unoservice.rows import _carried_by_json, _goes_as_json

    assert _goes_as_json(GameEvent)
    for field in (
        models.FloatField(),
        models.BinaryField(),
        models.DecimalField(max_digits=5, decimal_places=2),
        models.DurationField(),
        JSONField(encoder=DjangoJSONEncoder),
    ):
        assert not _carried_by_json(field), field
