"""Deadlines and seats leaving, at the engine level (no clock): CONTRACT.md "Timers" and
the removal rules under it."""

import pytest

from games.engine import (
    Accept,
    CallUno,
    CatchUno,
    Challenge,
    ChooseColor,
    Color,
    DrawCard,
    GameState,
    KeepCard,
    Phase,
    PlayCard,
    Position,
    RemoveSeat,
    SeatStatus,
    StartGame,
    Status,
    Timeout,
    rule_set_from,
)
from games.engine import events as ev
from games.engine.table import most_frequent_color

from .builders import StackedRng, Table, c, cs, dealt_game, position_game

R, Y, G, B = Color.RED, Color.YELLOW, Color.GREEN, Color.BLUE


def of_type(events, cls):
    return [e for e in events if isinstance(e, cls)]


def codes(text):
    return tuple(x.code for x in cs(text))


def timed_game(
    *,
    seats=4,
    options=None,
    hands,
    top="R5",
    draw="",
    to_act=1,
    dealer=0,
    unplaced="draw_bottom",
    timeout_action="draw_and_pass",
    abandon_after=3,
    on_abandon="bot",
    seed=0,
):
    """A position game started with the StartGame timer fields."""
    import random

    position = Position(
        hands={seat: cs(text) for seat, text in hands.items()},
        discard=(c(top),),
        draw=cs(draw),
        color=c(top).color,
        direction=1,
        to_act=to_act,
        dealer=dealer,
        unplaced=unplaced,
    )
    table = Table(GameState(), rng=random.Random(seed))
    table.act(
        StartGame(
            seats,
            rule_set_from("classic", options or {}),
            position=position,
            timeout_action=timeout_action,
            abandon_after=abandon_after,
            on_abandon=on_abandon,
        )
    )
    return table


FOUR = {0: "Y1 B1", 1: "R1 G1 G2", 2: "Y2 B2 G3", 3: "Y3 B3"}


# --- the server's action by phase ------------------------------------------------------------


def test_timeout_in_play_draws_one_and_passes():
    table = position_game(hands={1: "Y1 Y2"}, top="R5", draw="B7 B8")
    token = table.state.turn_token
    events = table.act(Timeout(token))
    assert [(e.seat, e.token, e.count) for e in of_type(events, ev.TimedOut)] == [(1, token, 1)]
    assert table.hand(1) == codes("Y1 Y2 B7")
    assert table.state.to_act == 2
    assert table.state.phase == Phase.PLAY
    assert table.state.turn_token != token
    assert table.replays()


def test_timeout_in_play_passes_even_when_the_drawn_card_is_playable():
    table = position_game(hands={1: "Y1 Y2"}, top="R5", draw="R7")
    table.act(Timeout(table.state.turn_token))
    assert table.hand(1) == codes("Y1 Y2 R7")
    assert table.state.to_act == 2
    assert table.replays()


def test_timeout_with_a_playable_card_in_hand_still_draws_and_passes():
    table = position_game(hands={1: "R1 Y2"}, top="R5", draw="B7")
    table.act(Timeout(table.state.turn_token))
    assert table.hand(1) == codes("R1 Y2 B7")
    assert table.state.top_card == c("R5")
    assert table.state.to_act == 2
    assert table.replays()


def test_timeout_in_drawn_card_keeps_it():
    table = position_game(hands={1: "Y1 Y2"}, top="R5", draw="R7")
    table.act(DrawCard(1))
    assert table.state.phase == Phase.DRAWN_CARD
    table.act(Timeout(table.state.turn_token))
    assert table.hand(1) == codes("Y1 Y2 R7")
    assert table.state.top_card == c("R5")
    assert table.state.to_act == 2
    assert table.state.phase == Phase.PLAY
    assert table.replays()


def test_timeout_in_respond_draw4_accepts():
    table = position_game(hands={1: "W+4 R1 G1", 2: "Y1 Y2"}, top="R5", draw="B6 B7 B8 B9")
    table.act(PlayCard(1, c("W+4"), color=G))
    events = table.act(Timeout(table.state.turn_token))
    assert of_type(events, ev.Draw4Challenged) == []
    assert table.hand(2) == codes("Y1 Y2 B6 B7 B8 B9")
    assert table.hand(1) == codes("R1 G1")  # the bluff goes unchallenged
    assert table.state.to_act == 3
    assert table.state.color == G
    assert table.replays()


def test_timeout_facing_a_stacked_draw_takes_it():
    table = position_game(
        options={"stacking": "draw2"}, hands={1: "R+2 G1 G2", 2: "B+2 Y2"}, top="R5", draw="B6 B7"
    )
    table.act(PlayCard(1, c("R+2")))
    table.act(Timeout(table.state.turn_token))
    assert table.hand(2) == codes("B+2 Y2 B6 B7")
    assert table.state.to_act == 3
    assert table.state.pending is None
    assert table.replays()


@pytest.mark.parametrize(
    "hand, color",
    [
        ("R1 Y1 Y2 W", Y),  # most frequent
        ("G1 B1 B2 B3", B),
        ("R1 Y1 G1 B1", R),  # ties in the order red, yellow, green, blue
        ("Y1 G1 B1 W W", Y),
        ("G1 B1 G2 B2", G),
        ("W+4 W W W", R),  # no colored card at all
    ],
)
def test_timeout_in_choose_color_picks_the_most_frequent_color(hand, color):
    table = dealt_game(
        first="W", hands={1: hand}, options={"hand_size": len(hand.split())}, rng=StackedRng(seed=3)
    )
    assert table.state.phase == Phase.CHOOSE_COLOR
    table.act(Timeout(table.state.turn_token))
    assert table.state.color == color
    assert table.state.to_act == 1  # the first-card wild: a normal turn follows
    assert table.state.phase == Phase.PLAY
    assert table.replays()


def test_most_frequent_color_ties_go_red_yellow_green_blue():
    assert most_frequent_color(cs("B1 G1")) == G
    assert most_frequent_color(cs("B1 Y1")) == Y
    assert most_frequent_color(cs("B1 R1")) == R
    assert most_frequent_color(cs("B1 B2 R1")) == B
    assert most_frequent_color(()) == R


def test_timeout_for_a_force_played_wild_chooses_the_color():
    table = position_game(options={"force_play": True}, hands={1: "B1 B2 G1"}, top="G4", draw="W")
    table.act(DrawCard(1))
    assert table.state.phase == Phase.CHOOSE_COLOR
    table.act(Timeout(table.state.turn_token))
    assert table.state.color == B
    assert table.state.to_act == 2
    assert table.replays()


def test_timeout_in_choose_target_picks_the_next_seat_in_play():
    table = dealt_game(
        preset="modern-swap",
        first="WSwap",
        hands={1: "R1 R2 R3 R4 R6 R8 R9", 2: "W W W W+4 W+4 W+4 W+4"},
    )
    table.act(ChooseColor(1, R))
    assert table.state.phase == Phase.CHOOSE_TARGET
    table.act(Timeout(table.state.turn_token))
    assert table.hand(1) == codes("W W W W+4 W+4 W+4 W+4")
    assert table.hand(2) == codes("R1 R2 R3 R4 R6 R8 R9")
    assert table.state.to_act == 1
    assert table.state.phase == Phase.PLAY
    assert table.replays()


def test_timeout_in_choose_target_skips_a_removed_seat():
    table = dealt_game(
        preset="modern-swap",
        first="WSwap",
        hands={1: "R1 R2 R3 R4 R6 R8 R9", 3: "W W W W+4 W+4 W+4 W+4"},
    )
    table.act(RemoveSeat(2))
    table.act(ChooseColor(1, R))
    table.act(Timeout(table.state.turn_token))
    assert table.hand(1) == codes("W W W W+4 W+4 W+4 W+4")
    assert table.replays()


def test_timeout_with_both_piles_exhausted_passes():
    table = position_game(seats=2, hands={0: "B1", 1: "G1"}, top="R5", unplaced="out_of_play")
    events = table.act(Timeout(table.state.turn_token))
    assert [e.seat for e in of_type(events, ev.TurnPassed)] == [1]
    assert table.state.to_act == 0
    assert table.replays()


def test_timeout_action_auto_play_plays_a_legal_card():
    table = timed_game(hands={**FOUR, 1: "Y1 R1 G1"}, timeout_action="auto_play")
    table.act(Timeout(table.state.turn_token))
    assert table.state.top_card == c("R1")
    assert table.hand(1) == codes("Y1 G1")
    assert table.state.to_act == 2
    assert table.replays()


def test_timeout_action_auto_play_calls_the_most_frequent_color_for_a_wild():
    table = timed_game(hands={**FOUR, 1: "W B1 B2"}, timeout_action="auto_play")
    table.act(Timeout(table.state.turn_token))
    assert table.state.top_card == c("W")
    assert table.state.color == B
    assert table.replays()


def test_timeout_action_auto_play_draws_when_nothing_is_playable():
    table = timed_game(hands={**FOUR, 1: "Y1 G1"}, timeout_action="auto_play", draw="B9")
    table.act(Timeout(table.state.turn_token))
    assert table.hand(1) == codes("Y1 G1 B9")
    assert table.state.to_act == 2
    assert table.replays()


# --- tokens ---------------------------------------------------------------------------------


def test_a_stale_turn_token_is_rejected():
    table = position_game(hands={1: "R1 G1"}, top="R5")
    old = table.state.turn_token
    table.act(PlayCard(1, c("R1")))
    assert table.rejects(Timeout(old)) == "stale_deadline"


def test_an_unknown_token_is_rejected():
    table = position_game(hands={1: "R1 G1"}, top="R5")
    assert table.rejects(Timeout("turn-999")) == "stale_deadline"
    assert table.rejects(Timeout("uno-0")) == "stale_deadline"


def test_a_closed_uno_window_token_is_rejected():
    table = position_game(hands={1: "R1 G1"}, top="R5")
    table.act(PlayCard(1, c("R1")))
    (window,) = table.state.uno_windows
    table.act(DrawCard(2))  # closes the window (catch mode)
    assert table.rejects(Timeout(window.token)) == "stale_deadline"


def test_an_expired_uno_window_in_catch_mode_closes_without_penalty():
    table = position_game(hands={1: "R1 G1"}, top="R5")
    table.act(PlayCard(1, c("R1")))
    (window,) = table.state.uno_windows
    turn = table.state.turn_token
    events = table.act(Timeout(window.token))
    assert [e.reason for e in of_type(events, ev.UnoWindowClosed)] == ["expired"]
    assert table.hand(1) == codes("G1")
    assert table.rejects(CatchUno(3, 1)) == "window_closed"
    assert table.state.turn_token == turn
    assert table.state.timeouts == (0, 0, 0, 0)
    assert table.replays()


def test_out_of_turn_call_uno_does_not_change_the_turn_token():
    table = position_game(hands={1: "R1 G1"}, top="R5")
    table.act(PlayCard(1, c("R1")))
    token = table.state.turn_token
    table.act(CallUno(1))
    assert table.state.turn_token == token
    table.act(Timeout(token))  # the turn deadline still applies
    assert table.state.to_act == 3
    assert table.replays()


def test_catch_uno_does_not_change_the_turn_token():
    table = position_game(hands={1: "R1 G1"}, top="R5")
    table.act(PlayCard(1, c("R1")))
    token = table.state.turn_token
    table.act(CatchUno(3, 1))
    assert table.state.turn_token == token
    assert table.replays()


# --- abandoning -----------------------------------------------------------------------------


def time_out_seat(table, seat):
    """Let the turn deadline pass for `seat`, and let the others draw until it is back."""
    assert table.state.to_act == seat
    table.act(Timeout(table.state.turn_token))
    while table.state.status == Status.ACTIVE and table.state.to_act != seat:
        other = table.state.to_act
        table.act(DrawCard(other))
        if table.state.phase == Phase.DRAWN_CARD:
            table.act(KeepCard(other))


def test_consecutive_timeouts_are_counted():
    table = timed_game(hands=FOUR, draw="Y4 Y6 Y7 Y8 Y9 B4 B6 B7 B8 B9")
    time_out_seat(table, 1)
    assert table.state.timeouts[1] == 1
    time_out_seat(table, 1)
    assert table.state.timeouts[1] == 2
    assert table.state.seat_states[1] == SeatStatus.PLAYING
    assert table.replays()


def test_acting_resets_the_count_of_consecutive_timeouts():
    table = timed_game(hands=FOUR, abandon_after=2, draw="Y4 Y6 Y7 Y8 Y9 B4 B6 B7 B8 B9")
    time_out_seat(table, 1)
    events = table.act(DrawCard(1))
    assert [e.seat for e in of_type(events, ev.TimeoutsReset)] == [1]
    assert table.state.timeouts[1] == 0
    while table.state.to_act != 1:
        table.act(DrawCard(table.state.to_act))
    time_out_seat(table, 1)
    assert table.state.seat_states[1] == SeatStatus.PLAYING
    assert table.replays()


def test_abandon_after_consecutive_timeouts_hands_the_seat_to_a_bot():
    table = timed_game(
        hands=FOUR, abandon_after=2, on_abandon="bot", draw="Y4 Y6 Y7 Y8 Y9 B4 B6 B7 B8 B9"
    )
    time_out_seat(table, 1)
    assert table.state.seat_states[1] == SeatStatus.PLAYING
    table.act(Timeout(table.state.turn_token))
    changed = of_type(table.events, ev.SeatStatusChanged)
    assert [(e.seat, e.status, e.reason) for e in changed] == [(1, SeatStatus.BOT, "abandoned")]
    assert table.state.seat_states[1] == SeatStatus.BOT
    # the server still acted for the seat: it drew and the turn passed
    assert len(table.hand(1)) == 3 + 2
    assert table.state.to_act == 2
    assert table.replays()


def test_abandon_after_consecutive_timeouts_removes_the_seat():
    table = timed_game(
        hands=FOUR, abandon_after=2, on_abandon="remove", draw="Y4 Y6 Y7 Y8 Y9 B4 B6 B7 B8 B9"
    )
    time_out_seat(table, 1)
    held = table.state.hands[1]
    events = table.act(Timeout(table.state.turn_token))
    (buried,) = of_type(events, ev.CardsBuried)
    assert buried.cards == held
    assert table.state.seat_states[1] == SeatStatus.REMOVED
    assert table.hand(1) == ()
    assert table.state.draw_pile[-len(held) :] == held
    assert table.state.to_act == 2
    assert table.replays()


def test_abandon_after_one_timeout():
    table = timed_game(hands=FOUR, abandon_after=1, on_abandon="bot")
    table.act(Timeout(table.state.turn_token))
    assert table.state.seat_states[1] == SeatStatus.BOT
    assert table.replays()


def test_the_game_started_event_records_the_timer_fields():
    table = timed_game(hands=FOUR, timeout_action="auto_play", abandon_after=5, on_abandon="remove")
    (started,) = of_type(table.events, ev.GameStarted)
    assert (started.timeout_action, started.abandon_after, started.on_abandon) == (
        "auto_play",
        5,
        "remove",
    )
    assert table.state.abandon_after == 5


# --- removal --------------------------------------------------------------------------------


def test_remove_seat_puts_the_hand_under_the_draw_pile_and_passes_the_turn():
    table = position_game(hands={1: "R1 G1 G2", 2: "Y2 B2"}, top="R5", draw="B9")
    events = table.act(RemoveSeat(1, "left"))
    assert [(e.seat, e.reason, e.cards) for e in of_type(events, ev.CardsBuried)] == [
        (1, "removed", cs("R1 G1 G2"))
    ]
    assert table.state.draw_pile[0] == c("B9")
    assert table.state.draw_pile[-3:] == cs("R1 G1 G2")
    assert table.state.seat_states[1] == SeatStatus.REMOVED
    assert table.state.to_act == 2
    assert table.state.phase == Phase.PLAY
    assert table.replays()


def test_a_removed_seat_is_skipped_from_then_on():
    table = position_game(hands={0: "R9 Y1", 1: "R1 G1", 2: "Y2 B2", 3: "R3 B3"}, top="R5")
    table.act(RemoveSeat(2))
    assert table.state.to_act == 1
    table.act(PlayCard(1, c("R1")))
    assert table.state.to_act == 3
    assert table.rejects(DrawCard(2)) == "not_seated"
    assert table.rejects(RemoveSeat(2)) == "not_seated"
    assert table.replays()


def test_remove_seat_drops_a_pending_wild_draw_four_against_it():
    table = position_game(hands={1: "W+4 R1 G1", 2: "Y2 B2"}, top="R5")
    table.act(PlayCard(1, c("W+4"), color=B))
    assert table.state.to_act == 2 and table.state.pending.total == 4
    before = [table.hand(s) for s in (0, 1, 3)]
    table.act(RemoveSeat(2))
    assert table.state.to_act == 3
    assert table.state.phase == Phase.PLAY
    assert table.state.pending is None
    assert [table.hand(s) for s in (0, 1, 3)] == before
    assert table.state.color == B
    assert table.replays()


def test_remove_seat_drops_a_pending_stack_against_it():
    table = position_game(
        options={"stacking": "draw2"}, hands={1: "R+2 G1 G2", 2: "Y2 B2"}, top="R5"
    )
    table.act(PlayCard(1, c("R+2")))
    table.act(RemoveSeat(2))
    assert table.state.to_act == 3
    assert table.state.pending is None
    assert table.state.phase == Phase.PLAY
    assert table.replays()


def test_removing_the_wild_draw_four_player_leaves_nothing_to_challenge():
    table = position_game(hands={1: "W+4 R1 G1", 2: "Y2 B2"}, top="R5", draw="B6 B7 B8 B9")
    table.act(PlayCard(1, c("W+4"), color=B))
    table.act(RemoveSeat(1))
    assert table.state.to_act == 2
    assert table.rejects(Challenge(2)) == "nothing_to_challenge"
    table.act(Accept(2))
    assert table.hand(2) == codes("Y2 B2 B6 B7 B8 B9")
    assert table.state.to_act == 3
    assert table.replays()


def test_removing_a_seat_that_is_not_acting_leaves_the_turn():
    table = position_game(hands={1: "R1 G1"}, top="R5")
    token = table.state.turn_token
    table.act(RemoveSeat(3))
    assert table.state.to_act == 1
    assert table.state.phase == Phase.PLAY
    assert table.state.turn_token == token  # the acting seat's deadline still stands
    assert table.hand(3) == ()
    assert table.replays()


def test_two_player_rules_apply_after_a_removal():
    table = position_game(seats=3, hands={0: "Y1 B1", 1: "Rrev G1 G2", 2: "Y2 B2"}, top="R5")
    table.act(RemoveSeat(2))
    table.act(PlayCard(1, c("Rrev")))
    assert table.state.to_act == 1  # Reverse acts as Skip with two seats in play
    assert table.replays()


def test_removal_leaving_one_seat_ends_the_match_with_it_winning():
    table = position_game(seats=3, hands={1: "R1 G1"}, top="R5")
    table.act(RemoveSeat(0))
    assert table.state.status == Status.ACTIVE
    events = table.act(RemoveSeat(1))
    (ended,) = of_type(events, ev.MatchEnded)
    assert ended.winner == 2
    assert ended.reason == "last_seat_standing"
    assert ended.ranking[0] == 2
    assert table.state.status == Status.FINISHED
    assert table.state.winner == 2
    assert table.rejects(DrawCard(2)) == "game_not_active"
    assert table.replays()


def test_removal_leaving_one_team_ends_the_match_with_that_team_winning():
    table = position_game(options={"teams": True}, hands={1: "R1 G1"}, top="R5")
    table.act(RemoveSeat(1))
    assert table.state.status == Status.ACTIVE
    events = table.act(RemoveSeat(3))
    (ended,) = of_type(events, ev.MatchEnded)
    assert ended.winner == (0, 2)
    assert table.state.status == Status.FINISHED
    assert table.replays()


def test_abandon_by_removal_of_the_second_to_last_seat_ends_the_match():
    table = timed_game(
        seats=2, hands={0: "Y1 B1", 1: "G1 G2"}, abandon_after=1, on_abandon="remove"
    )
    table.act(Timeout(table.state.turn_token))
    assert table.state.status == Status.FINISHED
    assert table.state.winner == 0
    assert table.replays()


def test_removing_the_seat_owing_a_first_card_color_passes_a_playable_turn():
    table = dealt_game(first="W", hands={1: "B1 B2 B3 B4 B6 B7 R1"})
    table.act(RemoveSeat(1))
    assert table.state.to_act == 2
    assert table.state.phase == Phase.PLAY
    assert table.state.color is not None
    assert table.replays()


def test_remove_seat_of_an_unknown_seat_is_rejected():
    table = position_game(hands={1: "R1 G1"}, top="R5")
    assert table.rejects(RemoveSeat(7)) == "invalid_target"


def test_removal_passes_the_turn_in_the_direction_of_play():
    table = position_game(hands={1: "R1 G1"}, top="R5", direction=-1)
    table.act(RemoveSeat(1))
    assert table.state.to_act == 0
    assert table.replays()


def test_removing_a_seat_closes_its_uno_window():
    table = position_game(hands={1: "R1 G1"}, top="R5")
    table.act(PlayCard(1, c("R1")))
    assert [w.seat for w in table.state.uno_windows] == [1]
    table.act(RemoveSeat(1))
    assert table.state.uno_windows == ()
    assert table.rejects(CatchUno(3, 1)) == "window_closed"
    assert table.replays()


def test_a_removed_dealer_passes_the_deal_to_the_next_seat_in_play():
    table = position_game(options={"dealer_rotation": False}, hands={1: "R1"}, top="R5", dealer=0)
    table.act(RemoveSeat(0))
    table.act(PlayCard(1, c("R1")))
    started = of_type(table.events, ev.RoundStarted)[-1]
    assert started.round == 2
    assert started.dealer == 1
    assert started.seats_in_play == (1, 2, 3)
    assert table.hand(0) == ()
    assert table.replays()


def test_an_auto_uno_window_is_stale_once_the_round_has_ended():
    table = position_game(
        options={"uno_penalty": "auto"}, hands={1: "R1 W"}, top="R5", draw="Y6 Y7 Y8"
    )
    table.act(PlayCard(1, c("R1")))
    (window,) = table.state.uno_windows
    for seat in (2, 3, 0):
        table.act(DrawCard(seat))
    assert table.state.uno_windows == (window,)
    table.act(PlayCard(1, c("W"), color=Color.RED))
    assert table.state.round == 2
    assert table.rejects(Timeout(window.token)) == "stale_deadline"
    assert table.replays()
