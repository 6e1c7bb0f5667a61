"""Games no person plays are swept on the bots queue, apart from people's deadlines: the
head row says which games those are, each sweep takes only its own, and the timed sweeps
of a game of bots alone are published to UNO_BOTS_QUEUE (seen as Celery publishes them)."""

from __future__ import annotations

import uuid
from datetime import timedelta

import pytest
from celery.signals import before_task_publish
from django.contrib.auth import get_user_model

from games import services
from games.models import Game
from games.tasks import sweep_bot_deadlines, sweep_deadlines
from players.services import player_for_user, player_register
from unoservice.celery import app

pytestmark = pytest.mark.django_db

PEOPLE_TIMERS = {"turn_seconds": 1, "response_seconds": 1}


def bots_alone(think_ms: int = 200) -> Game:
    host = player_register(name="host")[0]
    game = services.game_create(
        host=host,
        seats=2,
        rules={"preset": "classic"},
        bots=[{"strategy": "greedy"}] * 2,
        seat_host=False,
        bot_think_ms=think_ms,
    )
    services.game_start(game_id=game.id, player=host)
    return Game.objects.get(pk=game.pk)


def people_game(bots: int = 0) -> tuple[Game, list]:
    players = [player_register(name=f"p{i}")[0] for i in range(2)]
    game = services.game_create(
        host=players[0],
        seats=2 + bots,
        rules={"preset": "classic"},
        timers=PEOPLE_TIMERS,
        bots=[{"strategy": "greedy"}] * bots,
        bot_think_ms=200,
    )
    services.game_join(game_id=game.id, player=players[1])
    services.game_start(game_id=game.id, player=players[0])
    return Game.objects.get(pk=game.pk), players


def test_a_game_of_bots_alone_is_marked_and_a_game_people_play_is_not(clock):
    assert bots_alone().bots_only
    assert not people_game()[0].bots_only
    assert not people_game(bots=1)[0].bots_only  # people wait for its bot: their queue


def test_a_game_becomes_bots_only_when_its_last_person_is_taken_over_by_a_bot(clock):
    ann = player_register(name="ann")[0]
    timers = {**PEOPLE_TIMERS, "abandon_after": 1, "on_abandon": "bot"}
    game = services.game_create(
        host=ann,
        seats=2,
        rules={"preset": "classic"},
        timers=timers,
        bots=[{"strategy": "greedy"}],
        bot_think_ms=200,
    )
    services.game_start(game_id=game.id, player=ann)
    assert not Game.objects.get(pk=game.pk).bots_only
    for _ in range(20):
        clock.advance(2)
        services.game_deadlines_enforce(game_id=game.id)
        game = Game.objects.get(pk=game.pk)
        if game.bots_only or game.status != "active":
            break
    assert game.bots_only


def test_fast_bots_left_alone_by_the_last_person_slow_to_the_bots_alone_pace(clock):
    ann = player_register(name="ann")[0]
    timers = {**PEOPLE_TIMERS, "abandon_after": 1, "on_abandon": "bot"}
    game = services.game_create(
        host=ann,
        seats=3,
        rules={"preset": "classic"},
        timers=timers,
        bots=[{"strategy": "greedy"}] * 2,
        bot_think_ms=0,
    )
    services.game_start(game_id=game.id, player=ann)
    for _ in range(40):
        clock.advance(2)
        services.game_deadlines_enforce(game_id=game.id)
        game = Game.objects.get(pk=game.pk)
        if game.bots_only or game.status != "active":
            break
    assert game.bots_only
    assert game.next_due_at >= clock.now + timedelta(milliseconds=200)
    bots = [d for d in game.open_deadlines.values() if d["kind"] == "bot"]
    assert bots and all(d["closes_at"] == d["due_at"] for d in bots)


def test_a_game_of_fast_bots_staff_made_keeps_its_pace(clock):
    get_user_model().objects.create_user("admin", is_staff=True)
    staff = player_for_user(username="admin")
    game = services.game_create(
        host=staff,
        seats=2,
        rules={"preset": "classic"},
        bots=[{"strategy": "greedy"}] * 2,
        seat_host=False,
        bot_think_ms=0,
    )
    services.game_start(game_id=game.id, player=staff)
    game = Game.objects.get(pk=game.pk)
    assert game.bots_only
    assert game.next_due_at == clock.now


def test_each_sweep_enforces_only_the_games_of_its_queue(clock):
    bots, (people, _) = bots_alone(), people_game()
    clock.advance(5)

    assert sweep_deadlines() == 1
    assert Game.objects.get(pk=bots.pk).version == bots.version
    assert Game.objects.get(pk=people.pk).version > people.version

    assert sweep_bot_deadlines() >= 1
    assert Game.objects.get(pk=bots.pk).version > bots.version


def test_the_bots_sweeps_give_way_while_a_persons_deadline_is_overdue(clock, settings):
    settings.UNO_BOTS_YIELD_MS, settings.UNO_BOTS_PAUSE_MS = 75, 500
    bots, _ = bots_alone(), people_game()
    clock.advance(5)  # both overdue, the person's by far more than 75 ms

    assert sweep_bot_deadlines() == 0
    assert Game.objects.get(pk=bots.pk).version == bots.version

    assert sweep_deadlines() == 1  # people's worker catches up
    clock.advance(0.4)
    assert sweep_bot_deadlines() == 0  # still within the pause
    assert Game.objects.get(pk=bots.pk).version == bots.version

    clock.advance(0.2)  # the pause is over, the person's next deadline not yet due
    assert sweep_bot_deadlines() >= 1
    assert Game.objects.get(pk=bots.pk).version > bots.version


def test_the_bots_sweeps_play_on_while_people_are_only_just_due(clock, settings):
    settings.UNO_BOTS_YIELD_MS = 75
    bots, (people, _) = bots_alone(), people_game()
    clock.now = Game.objects.get(pk=people.pk).next_due_at + timedelta(milliseconds=50)
    assert Game.objects.get(pk=bots.pk).next_due_at <= clock.now

    assert sweep_bot_deadlines() >= 1
    assert Game.objects.get(pk=bots.pk).version > bots.version


@pytest.fixture
def published(settings):
    """The (task, routing key) of each task this process publishes, to queues of this
    test's own (emptied afterwards)."""
    run = uuid.uuid4().hex[:12]
    settings.UNO_BOTS_QUEUE = f"test-bots-{run}"
    settings.UNO_SCHEDULE_DEADLINE_TASKS = True
    default = f"test-default-{run}"
    seen: list[tuple[str, str]] = []

    def record(sender=None, routing_key=None, **kwargs):
        seen.append((sender, routing_key))

    before_task_publish.connect(record, weak=False)
    old_default = app.conf.task_default_queue
    app.conf.task_default_queue = default
    try:
        yield seen
    finally:
        app.conf.task_default_queue = old_default
        before_task_publish.disconnect(record)
        with app.connection_for_write() as connection:
            for queue in (default, settings.UNO_BOTS_QUEUE):
                app.amqp.queues[queue](connection.default_channel).purge()


@pytest.mark.django_db(transaction=True)
def test_the_timed_sweeps_of_a_game_of_bots_alone_go_to_the_bots_queue(published, settings):
    bots_alone()
    sweeps = [key for task, key in published if task.startswith("games.sweep")]
    assert ("games.sweep_bot_deadlines", settings.UNO_BOTS_QUEUE) in published
    assert set(sweeps) == {settings.UNO_BOTS_QUEUE}


@pytest.mark.django_db(transaction=True)
def test_the_timed_sweeps_of_a_game_people_play_stay_on_the_default_queue(published, settings):
    people_game(bots=1)
    sweeps = {(task, key) for task, key in published if task.startswith("games.sweep")}
    assert sweeps == {("games.sweep_deadlines", app.conf.task_default_queue)}
