"""Each kind of deadline, enforced through the service with a hand-moved clock."""

from __future__ import annotations

import threading
from datetime import timedelta
from types import SimpleNamespace

import pytest

from games import services
from games.engine import Phase
from games.models import Game, GameEvent
from games.services import game_deadlines_enforce, game_state
from games.timers.deadlines import parse_time

pytestmark = pytest.mark.django_db


def act(game, player, command_of):
    return services.game_act(game_id=game.id, player=player, command=(command_of)(None))


def open_deadline(game, kind=None) -> SimpleNamespace:
    """The game's one open deadline (of this kind), as its head row keeps it."""
    deadlines = Game.objects.get(pk=game.pk).open_deadlines
    (token, found), *others = [(t, d) for t, d in deadlines.items() if kind in (None, d["kind"])]
    assert not others, deadlines
    return SimpleNamespace(
        token=token,
        kind=found["kind"],
        seat=found["seat"],
        closes_at=parse_time(found["closes_at"]),
        due_at=parse_time(found["due_at"]),
    )


def no_open_deadlines(game) -> bool:
    game = Game.objects.get(pk=game.pk)
    return game.open_deadlines == {} and game.next_due_at is None


def events_of(game, type_):
    return list(GameEvent.objects.filter(game=game, type=type_).order_by("seq"))


PLAIN_HANDS = {"0": ["red-1", "blue-2"], "1": ["green-3", "red-4"], "2": ["yellow-6", "yellow-7"]}


def position(hands, top="red-5", draw=(), to_act=0, **extra):
    return {
        "position": {
            "hands": hands,
            "discard": [top],
            "draw": list(draw),
            "to_act": to_act,
            "dealer": 2,
            **extra,
        }
    }


def test_turn_deadline_is_written_into_the_event_that_opens_it(started_game, clock):
    hands = {"0": ["red-1", "blue-2"], "1": ["green-3", "red-4"], "2": ["yellow-6", "yellow-7"]}
    game, _ = started_game(setup=position(hands), timers={"turn_seconds": 30})
    opened = events_of(game, "turn_changed")[-1]
    assert opened.public["deadline_at"] == "2026-11-29T12:00:30.000Z"
    deadline = open_deadline(game, "turn")
    assert deadline.due_at == clock.now.replace(second=30)
    assert game.deadline_at == deadline.closes_at


def test_nothing_is_enforced_before_its_time(started_game, clock):
    game, _ = started_game(setup=position(PLAIN_HANDS), timers={"turn_seconds": 30})
    clock.advance(29.999)
    assert game_deadlines_enforce(game_id=game.id) == 0
    assert not events_of(game, "timed_out")


def test_turn_timeout_draws_one_card_and_passes(started_game, clock):
    game, _ = started_game(
        setup=position(
            {"0": ["red-1", "blue-2"], "1": ["green-3", "green-4"], "2": ["yellow-6", "yellow-7"]},
            draw=["blue-9"],
        ),
        timers={"turn_seconds": 10},
    )
    clock.advance(10)
    assert game_deadlines_enforce(game_id=game.id) == 1
    state = game_state(game.__class__.objects.get(pk=game.id))
    assert [c.code for c in state.hands[0]] == ["red-1", "blue-2", "blue-9"]
    assert state.to_act == 1
    timed_out = events_of(game, "timed_out")
    assert [e.public["seat"] for e in timed_out] == [0]


def test_draw4_response_deadline_accepts(started_game, clock):
    game, players = started_game(
        setup=position(
            {
                "0": ["wild-draw4", "blue-2", "blue-3"],
                "1": ["green-3", "green-4"],
                "2": ["yellow-6", "yellow-7"],
            },
            draw=["red-1", "red-2", "red-3", "red-4"],
        ),
        timers={"turn_seconds": 30, "response_seconds": 15},
    )
    from games.engine import Color, PlayCard, card

    act(game, players[0], lambda seat: PlayCard(seat, card("wild-draw4"), Color.BLUE))
    assert open_deadline(game).kind == "response"
    clock.advance(15)
    game_deadlines_enforce(game_id=game.id)
    state = game_state(game.__class__.objects.get(pk=game.id))
    assert len(state.hands[1]) == 6
    assert state.to_act == 2


def test_drawn_card_deadline_keeps_the_card(started_game, clock):
    game, players = started_game(
        setup=position(
            {"0": ["blue-1", "blue-2"], "1": ["green-3", "green-4"], "2": ["yellow-6", "yellow-7"]},
            draw=["red-9"],
        ),
        timers={"response_seconds": 5},
    )
    from games.engine import DrawCard

    act(game, players[0], DrawCard)
    assert game_state(game.__class__.objects.get(pk=game.id)).phase == Phase.DRAWN_CARD
    clock.advance(5)
    game_deadlines_enforce(game_id=game.id)
    state = game_state(game.__class__.objects.get(pk=game.id))
    assert "red-9" in [c.code for c in state.hands[0]]
    assert state.to_act == 1


def test_color_choice_deadline_picks_the_most_frequent_color(started_game, clock):
    game, _ = started_game(
        rules={"preset": "classic"},
        setup={
            "deck": [
                "green-1",
                "blue-1",
                "red-1",
                "green-2",
                "blue-2",
                "red-2",
                "green-3",
                "blue-3",
                "red-3",
                "green-4",
                "blue-4",
                "red-4",
                "green-5",
                "blue-5",
                "red-5",
                "yellow-1",
                "blue-6",
                "red-6",
                "yellow-2",
                "blue-7",
                "red-7",
                "wild",
            ],
            "dealer": 2,
        },
        timers={"response_seconds": 5},
    )
    state = game_state(game)
    assert state.phase == Phase.CHOOSE_COLOR and state.to_act == 0
    clock.advance(5)
    game_deadlines_enforce(game_id=game.id)
    chosen = events_of(game, "color_chosen")[-1]
    assert chosen.public["color"] == "green"


def test_a_stale_token_does_nothing_and_a_duplicate_applies_once(started_game, clock):
    game, _ = started_game(setup=position(PLAIN_HANDS), timers={"turn_seconds": 10})
    token = open_deadline(game).token
    clock.advance(10)
    assert game_deadlines_enforce(game_id=game.id) == 1
    assert game_deadlines_enforce(game_id=game.id) == 0
    from games.engine import Timeout

    assert services.game_system_command(game_id=game.id, command=Timeout(token)) is None
    assert len(events_of(game, "timed_out")) == 1


def test_an_out_of_turn_uno_call_does_not_reset_the_turn_timer(started_game, clock):
    game, players = started_game(
        setup=position(
            {"0": ["red-1", "blue-2"], "1": ["green-3", "red-4"], "2": ["yellow-6", "yellow-7"]}
        ),
        timers={"turn_seconds": 20},
    )
    from games.engine import CallUno, PlayCard, card

    act(game, players[0], lambda seat: PlayCard(seat, card("red-1")))
    turn = open_deadline(game, "turn")
    clock.advance(3)
    act(game, players[0], CallUno)
    assert open_deadline(game, "turn") == turn
    assert open_deadline(game, "turn").due_at == turn.due_at


def test_catch_mode_window_closes_when_its_time_runs_out(started_game, clock):
    game, players = started_game(
        setup=position(
            {"0": ["red-1", "blue-2"], "1": ["green-3", "red-4"], "2": ["yellow-6", "yellow-7"]}
        ),
        timers={"turn_seconds": 60, "uno_window_seconds": 5},
    )
    from games.engine import CatchUno, PlayCard, card

    act(game, players[0], lambda seat: PlayCard(seat, card("red-1")))
    window = open_deadline(game, "uno")
    assert window.seat == 0
    clock.advance(5)
    with pytest.raises(services.GameConflict) as late:
        act(game, players[2], lambda seat: CatchUno(seat, 0))
    assert late.value.code == "window_closed"
    closed = events_of(game, "uno_window_closed")[-1]
    assert closed.public["reason"] == "expired"


def test_auto_mode_penalises_a_seat_that_never_called_after_the_grace(started_game, clock):
    game, players = started_game(
        rules={"preset": "classic", "options": {"uno_penalty": "auto"}},
        setup=position(
            {"0": ["red-1", "blue-2"], "1": ["green-3", "red-4"], "2": ["yellow-6", "yellow-7"]},
            draw=["green-8", "green-9"],
        ),
        timers={"turn_seconds": 60, "uno_window_seconds": 5, "uno_grace_ms": 500},
    )
    from games.engine import PlayCard, card

    act(game, players[0], lambda seat: PlayCard(seat, card("red-1")))
    window = open_deadline(game, "uno")
    assert (window.due_at - window.closes_at).total_seconds() == 0.5
    clock.advance(5.4)
    assert game_deadlines_enforce(game_id=game.id) == 0
    clock.advance(0.1)
    assert game_deadlines_enforce(game_id=game.id) == 1
    state = game_state(game.__class__.objects.get(pk=game.id))
    assert len(state.hands[0]) == 3
    assert events_of(game, "uno_penalty_applied")[0].public["seat"] == 0


def test_the_grace_protects_a_late_call_in_auto_mode(started_game, clock):
    game, players = started_game(
        rules={"preset": "classic", "options": {"uno_penalty": "auto"}},
        setup=position(
            {"0": ["red-1", "blue-2"], "1": ["green-3", "red-4"], "2": ["yellow-6", "yellow-7"]}
        ),
        timers={"turn_seconds": 60, "uno_window_seconds": 5, "uno_grace_ms": 500},
    )
    from games.engine import CallUno, PlayCard, card

    act(game, players[0], lambda seat: PlayCard(seat, card("red-1")))
    clock.advance(5.3)  # after closes_at, inside the grace
    act(game, players[0], CallUno)
    clock.advance(10)
    game_deadlines_enforce(game_id=game.id)
    assert not events_of(game, "uno_penalty_applied")


def test_a_move_after_the_deadline_loses_to_the_timeout(started_game, clock):
    game, players = started_game(
        setup=position(
            {"0": ["red-1", "blue-2"], "1": ["green-3", "red-4"], "2": ["yellow-6", "yellow-7"]},
            draw=["blue-9"],
        ),
        timers={"turn_seconds": 10},
    )
    from games.engine import PlayCard, card

    clock.advance(10.001)
    with pytest.raises(services.GameConflict) as refused:
        act(game, players[0], lambda seat: PlayCard(seat, card("red-1")))
    assert refused.value.code == "not_your_turn"
    assert len(events_of(game, "timed_out")) == 1
    assert not events_of(game, "card_played")


@pytest.mark.django_db(transaction=True)
def test_a_timeout_racing_a_move_resolves_to_exactly_one_of_them(started_game, clock, postgres):
    """Two writers at once need a real database's row locks (SQLite's in-memory test
    database locks whole tables instead)."""
    game, players = started_game(
        setup=position(
            {"0": ["red-1", "blue-2"], "1": ["green-3", "red-4"], "2": ["yellow-6", "yellow-7"]},
            draw=["blue-9"],
        ),
        timers={"turn_seconds": 10},
    )
    from games.engine import PlayCard, card

    clock.advance(10)
    barrier = threading.Barrier(2)
    outcomes = []

    def move():
        barrier.wait()
        try:
            act(game, players[0], lambda seat: PlayCard(seat, card("red-1")))
            outcomes.append("moved")
        except services.GameConflict as conflict:
            outcomes.append(conflict.code)

    def timeout():
        barrier.wait()
        outcomes.append(f"enforced {game_deadlines_enforce(game_id=game.id)}")

    threads = [threading.Thread(target=move), threading.Thread(target=timeout)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(events_of(game, "timed_out")) == 1
    assert not events_of(game, "card_played")
    assert "not_your_turn" in outcomes


def test_repeated_timeouts_remove_the_seat_and_the_last_seat_wins(started_game, clock):
    game, _ = started_game(timers={"turn_seconds": 1, "abandon_after": 2, "on_abandon": "remove"})
    for _ in range(40):
        clock.advance(1)
        game_deadlines_enforce(game_id=game.id)
        game.refresh_from_db()
        if game.status != "active":
            break
    assert game.status == "finished"
    removed = events_of(game, "seat_status_changed")
    assert [e.public["status"] for e in removed] == ["removed", "removed"]
    state = game_state(game)
    assert state.winner is not None and state.seat_states[state.winner] == "playing"
    assert no_open_deadlines(game)


def test_an_abandoned_seat_is_taken_over_by_the_bot(started_game, clock):
    game, _ = started_game(
        seats=2,
        rules={"preset": "classic", "options": {"target_score": 50}},
        timers={"turn_seconds": 1, "abandon_after": 1, "on_abandon": "bot"},
    )
    for _ in range(3000):
        clock.advance(1)
        game_deadlines_enforce(game_id=game.id)
        game.refresh_from_db()
        if game.status != "active":
            break
    assert game.status == "finished"
    bots = [e for e in events_of(game, "seat_status_changed") if e.public["status"] == "bot"]
    assert bots
    assert GameEvent.objects.filter(game=game, actor__startswith="bot:").exists()


def test_staff_abort_is_an_event_with_its_reason(started_game, clock):
    game, players = started_game()
    from django.contrib.auth import get_user_model

    from players.services import player_for_user

    get_user_model().objects.create_user("admin", is_staff=True)
    staff = player_for_user(username="admin")
    services.game_abort(game_id=game.id, reason="stuck table", staff=staff)
    game.refresh_from_db()
    assert game.status == "aborted"
    assert events_of(game, "game_aborted")[0].public["reason"] == "stuck table"
    assert no_open_deadlines(game)


@pytest.fixture
def sent(monkeypatch, settings):
    """The ETAs of the timed sweeps this process publishes (none pending to begin with)."""
    from games.tasks import sweep_deadlines
    from games.timers import deadlines

    settings.UNO_DEADLINE_BUCKET_MS = 50
    etas = []
    monkeypatch.setattr(sweep_deadlines, "apply_async", lambda *a, **kw: etas.append(kw["eta"]))
    monkeypatch.setattr(deadlines, "_earliest_sent", {})
    return etas


def test_deadlines_due_together_share_one_timed_sweep_never_early(clock, sent):
    """One ETA sweep per moment (UNO_DEADLINE_BUCKET_MS), at or after the deadline."""
    from games.timers import deadlines

    due = clock.now + timedelta(seconds=1, milliseconds=10)
    together = [due, due + timedelta(milliseconds=30)]

    deadlines.schedule_sweeps(together)
    deadlines.schedule_sweeps(together[:1])  # already sent by this process

    assert sent == [clock.now + timedelta(seconds=1, milliseconds=50)]
    assert all(d <= sent[0] < d + timedelta(milliseconds=50) for d in together)


def test_a_later_deadline_sends_no_sweep_while_an_earlier_one_is_pending(clock, sent):
    """The pending sweep, once run, sends the next one (the chain): a move opening a turn
    timer later than it publishes nothing; an earlier deadline still gets its own."""
    from games.timers import deadlines

    deadlines.schedule_sweeps([clock.now + timedelta(seconds=30)])
    deadlines.schedule_sweeps([clock.now + timedelta(seconds=31)])
    deadlines.schedule_sweeps([clock.now + timedelta(seconds=60)])
    deadlines.schedule_sweeps([clock.now + timedelta(seconds=5)])  # earlier: sent
    deadlines.schedule_sweeps([clock.now + timedelta(seconds=6)])

    assert sent == [clock.now + timedelta(seconds=30), clock.now + timedelta(seconds=5)]


def test_a_deadline_opened_when_the_pending_sweep_is_due_gets_a_sweep_of_its_own(clock, sent):
    """A sweep about to run may look for the next deadline before this one commits."""
    from games.timers import deadlines

    start = clock.now
    deadlines.schedule_sweeps([start + timedelta(seconds=1)])
    clock.advance(0.96)  # the pending sweep runs at the next moment
    deadlines.schedule_sweeps([clock.now + timedelta(seconds=30)])

    assert sent == [start + timedelta(seconds=1), start + timedelta(seconds=31)]


def test_a_sweep_that_has_run_sends_the_next_for_the_earliest_deadline_still_due(
    clock, sent, settings, started_game
):
    """The chain's next link: every deadline due after the sweep gets one, however many
    deadlines the processes that opened them left unsent."""
    from games.tasks import sweep_deadlines

    settings.UNO_SCHEDULE_DEADLINE_TASKS = True
    # (A first Wild opens a response deadline for its color: both kinds last 10 s.)
    timers = {"turn_seconds": 10, "response_seconds": 10}
    first, _ = started_game(seats=2, timers=timers)
    clock.advance(4)
    second, _ = started_game(seats=2, timers=timers)
    sent.clear()  # what the starts sent

    clock.advance(6.5)  # the first game's turn is overdue
    assert sweep_deadlines() == 1

    first.refresh_from_db()
    second.refresh_from_db()
    assert first.next_due_at > second.next_due_at > clock.now
    assert sent == [second.next_due_at]  # (a whole moment: the bucket's boundary)
