"""One test per settled open question (RULES.md section 5). Q8 (UNO Flip) is not built."""

from collections import Counter

from games.engine import (
    Accept,
    CallUno,
    CatchUno,
    Challenge,
    ChooseColor,
    ChooseTarget,
    Color,
    DrawCard,
    Pass,
    Phase,
    PlayCard,
    SeatStatus,
)
from games.engine import events as ev

from .builders import StackedRng, c, cs, dealt_game, position_game


def of_type(events, cls):
    return [e for e in events if isinstance(e, cls)]


def codes(text):
    return tuple(x.code for x in cs(text))


def test_Q1_wild_first_card_is_chosen_in_classic():
    table = dealt_game(first="W")
    assert of_type(table.events, ev.FirstCardReturned) == []
    assert table.state.phase == Phase.CHOOSE_COLOR
    assert table.state.to_act == 1
    table.act(ChooseColor(1, Color.BLUE))
    assert table.state.phase == Phase.PLAY and table.state.to_act == 1
    assert table.replays()


def test_Q1_wild_first_card_is_redrawn_in_ozby():
    table = dealt_game(preset="ozby", first="W", rng=StackedRng("", "R3"))
    assert [e.card for e in of_type(table.events, ev.FirstCardReturned)] == [c("W")]
    assert table.state.top_card == c("R3")
    assert table.state.phase == Phase.PLAY
    assert table.state.to_act == 1
    assert table.replays()


def test_Q2_guilty_challenge_does_not_skip_the_challenger():
    table = position_game(hands={1: "W+4 R1 G1", 2: "B7 Y1 Y2"}, top="R5", draw="G6 G7 G8 G9")
    table.act(PlayCard(1, c("W+4"), color=Color.BLUE))
    events = table.act(Challenge(2))
    assert [e.guilty for e in of_type(events, ev.Draw4Challenged)] == [True]
    assert of_type(events, ev.SeatSkipped) == []
    assert table.hand(1) == codes("R1 G1 G6 G7 G8 G9")
    assert table.hand(2) == codes("B7 Y1 Y2")
    assert table.state.to_act == 2
    assert table.state.phase == Phase.PLAY
    assert table.state.color == Color.BLUE  # the called color stays in force
    assert table.state.pending is None
    table.act(PlayCard(2, c("B7")))
    assert table.state.to_act == 3
    assert table.replays()


def test_Q3_wild_swap_first_card_color_then_swap_then_a_normal_turn():
    table = dealt_game(
        preset="modern-swap",
        first="WSwap",
        hands={1: "R1 R2 R3 R4 R6 R7 R8", 2: "W W W W+4 W+4 W+4 W+4"},
    )
    table.act(ChooseColor(1, Color.GREEN))
    assert table.state.phase == Phase.CHOOSE_TARGET
    table.act(ChooseTarget(1, 2))
    assert table.hand(1) == codes("W W W W+4 W+4 W+4 W+4")
    assert table.hand(2) == codes("R1 R2 R3 R4 R6 R7 R8")
    assert table.state.color == Color.GREEN
    assert table.state.to_act == 1
    assert table.state.phase == Phase.PLAY
    table.act(PlayCard(1, c("W"), color=Color.RED))
    assert table.state.to_act == 2
    assert table.replays()


def test_Q4_every_seat_left_with_one_card_by_a_zero_owes_uno():
    table = position_game(
        options={"seven_o": True},
        hands={0: "B1 B2 B3", 1: "R0 G1", 2: "G2 G3", 3: "Y7"},
        top="R5",
        draw="Y1 Y2 Y3",
    )
    table.act(PlayCard(1, c("R0"), uno=True))
    # clockwise rotation: P2 gets [G1], P0 gets [Y7]; both owe a call
    assert table.hand(2) == codes("G1") and table.hand(0) == codes("Y7")
    assert {w.seat for w in table.state.uno_windows} == {0, 2}
    assert table.state.uno_called == frozenset()
    table.act(CatchUno(3, 0))
    assert table.hand(0) == codes("Y7 Y1 Y2")
    table.act(CallUno(2))  # P2 rescues itself before anyone catches it
    assert table.state.uno_windows == ()
    assert table.rejects(CatchUno(3, 2)) == "window_closed"
    assert table.replays()


def test_Q4_a_swap_window_closes_at_the_next_players_first_action():
    table = position_game(options={"seven_o": True}, hands={1: "R7 G1 G2", 3: "B4"}, top="R5")
    table.act(PlayCard(1, c("R7"), target=3, uno=False))
    assert table.hand(1) == codes("B4")
    assert [w.seat for w in table.state.uno_windows] == [1]
    table.act(DrawCard(2))
    assert table.state.uno_windows == ()
    assert table.rejects(CatchUno(0, 1)) == "window_closed"
    assert table.hand(1) == codes("B4")
    assert table.replays()


def test_Q4_shuffle_hands_leaving_seats_with_one_card_opens_their_windows():
    table = position_game(
        preset="modern-shuffle", hands={0: "B1", 1: "WShuf R1 R2", 2: "G1", 3: "Y1"}, top="R5"
    )
    table.act(PlayCard(1, c("WShuf"), color=Color.GREEN))
    # 5 cards dealt P2, P3, P0, P1, P2: P3, P0 and P1 hold one card each
    assert [len(table.hand(s)) for s in range(4)] == [1, 1, 2, 1]
    assert {w.seat for w in table.state.uno_windows} == {0, 1, 3}
    table.act(CatchUno(2, 3))
    assert len(table.hand(3)) == 3
    table.act(DrawCard(2))  # the next player's first action closes the others
    assert table.state.uno_windows == ()
    assert table.replays()


def test_Q5_shuffle_hands_as_the_last_card_wins_by_default():
    table = position_game(
        preset="modern-shuffle", hands={0: "R1 B2", 1: "WShuf", 2: "W", 3: "G+2"}, top="R5"
    )
    events = table.act(PlayCard(1, c("WShuf"), color=Color.GREEN))
    assert of_type(events, ev.HandReplaced) == []
    (ended,) = of_type(events, ev.RoundEnded)
    assert ended.winner == 1
    assert ended.points == {1: 3 + 50 + 20}
    assert table.replays()


def test_Q5_shuffle_hands_as_the_last_card_redeals_with_the_option():
    table = position_game(
        preset="modern-shuffle",
        options={"shuffle_hands_last_card": "redeal"},
        hands={0: "R1 B2", 1: "WShuf", 2: "W", 3: "G+2"},
        top="R5",
    )
    events = table.act(PlayCard(1, c("WShuf"), color=Color.GREEN))
    assert of_type(events, ev.RoundEnded) == []
    # 4 cards dealt P2, P3, P0, P1: one each
    assert [len(table.hand(s)) for s in range(4)] == [1, 1, 1, 1]
    assert Counter(sum((table.hand(s) for s in range(4)), ())) == Counter(codes("R1 B2 W G+2"))
    assert table.state.to_act == 2
    assert table.replays()


def test_Q6_all_who_cross_the_target_are_eliminated_together():
    table = position_game(
        options={"scoring": "elimination"},
        hands={0: "B9 Y9 R4 R8", 1: "R1", 2: "Y+2", 3: "G5"},
        top="R5",
        scores={0: 480, 1: 100, 2: 490, 3: 200},
    )
    table.act(PlayCard(1, c("R1")))
    (ended,) = of_type(table.events, ev.RoundEnded)
    assert ended.scores == (510, 100, 510, 205)
    assert ended.eliminated == (0, 2)
    assert table.state.seat_states == (
        SeatStatus.ELIMINATED,
        SeatStatus.PLAYING,
        SeatStatus.ELIMINATED,
        SeatStatus.PLAYING,
    )
    started = of_type(table.events, ev.RoundStarted)[-1]
    assert started.seats_in_play == (1, 3)
    assert started.dealer == 1  # the dealer P0 is out: the next seat in play deals
    assert [e.seat for e in of_type(table.events, ev.CardsDealt)][-2:] == [3, 1]
    assert table.hand(0) == () and table.hand(2) == ()
    assert table.state.status.value == "active"
    assert table.replays()


def test_Q6_the_last_seat_standing_wins_the_elimination_match():
    table = position_game(
        seats=3,
        options={"scoring": "elimination"},
        hands={0: "B9 Y9 R4 R8", 1: "R1", 2: "Y+2"},
        top="R5",
        scores={0: 480, 1: 100, 2: 490},
    )
    table.act(PlayCard(1, c("R1")))
    (ended,) = of_type(table.events, ev.MatchEnded)
    assert ended.winner == 1
    # equal totals: P2 comes before P0 counting from the dealer's (P0's) left
    assert ended.ranking == (1, 2, 0)
    assert table.replays()


def test_Q7_blocked_round_scores_nothing_and_the_next_dealer_deals():
    table = position_game(
        seats=3,
        hands={0: "B1 B2", 1: "G1 G2", 2: "Y1 Y2"},
        top="R5",
        unplaced="out_of_play",
        scores={0: 10, 1: 20, 2: 30},
    )
    table.act(Pass(1))
    table.act(Pass(2))
    assert table.state.round == 1
    table.act(Pass(0))
    (ended,) = of_type(table.events, ev.RoundEnded)
    assert ended.blocked is True
    assert ended.winner is None
    assert ended.points == {}
    assert ended.scores == (10, 20, 30)
    assert table.state.round == 2
    assert table.state.dealer == 1
    assert table.state.scores == (10, 20, 30)
    assert table.replays()


def test_Q9_downpour_skips_nobody():
    table = position_game(
        options={"downpour": True}, hands={1: "WD2 R1 G1"}, top="R5", draw="B1 B2 B3 B4 B6 B7"
    )
    table.act(PlayCard(1, c("WD2"), color=Color.YELLOW))
    assert [len(table.hand(s)) for s in range(4)] == [4, 2, 4, 4]
    assert table.state.to_act == 2
    assert table.state.phase == Phase.PLAY
    assert table.replays()


def test_Q9_downpour_cards_score_fifty():
    table = position_game(
        options={"downpour": True}, hands={0: "WD1", 1: "R1", 2: "WD2", 3: "R2"}, top="R5"
    )
    table.act(PlayCard(1, c("R1")))
    (ended,) = of_type(table.events, ev.RoundEnded)
    assert ended.points == {1: 50 + 50 + 2}
    assert table.replays()


def test_Q_OZ_1_guilty_wild_draw_four_in_ozby_costs_the_bluffer_two():
    table = position_game(
        preset="ozby", hands={1: "W+4 R2 G1", 2: "B7 Y1"}, top="R7", draw="B1 B2 B3 B4"
    )
    table.act(PlayCard(1, c("W+4"), color=Color.BLUE))
    table.act(Challenge(2))
    assert table.hand(1) == codes("R2 G1 B1 B2")
    assert table.hand(2) == codes("B7 Y1")
    assert table.state.to_act == 2
    assert table.state.color == Color.BLUE
    assert table.replays()


def test_Q_OZ_2_ozby_reverse_with_more_than_two_players_goes_again():
    table = position_game(preset="ozby", hands={1: "Rrev R1 G1"}, top="R5")
    events = table.act(PlayCard(1, c("Rrev")))
    assert of_type(events, ev.DirectionReversed) == []
    assert table.state.direction == 1
    assert table.state.to_act == 1
    table.act(PlayCard(1, c("R1")))
    assert table.state.to_act == 2
    assert table.replays()


def test_Q_OZ_3_jump_in_on_a_draw_two_chain_adds_and_retargets():
    table = position_game(
        preset="ozby",
        hands={1: "R+2 G1 G2", 2: "Y1 Y2", 3: "R+2 B1 B2"},
        top="R5",
        draw="G6 G7 G8 G9",
    )
    table.act(PlayCard(1, c("R+2")))
    assert table.state.to_act == 2 and table.state.pending.total == 2
    events = table.act(PlayCard(3, c("R+2")))
    assert [e.jump_in for e in of_type(events, ev.CardPlayed)] == [True]
    assert table.state.to_act == 0  # the player after the jumper faces the chain
    assert table.state.pending.total == 4
    assert table.hand(2) == codes("Y1 Y2")  # the player who faced it is released
    table.act(DrawCard(0))
    assert len(table.hand(0)) == 2 + 4
    assert table.state.to_act == 3  # ozby: play returns to the last stacker
    assert table.replays()


def test_Q_OZ_4_ozby_seven_must_swap():
    table = position_game(preset="ozby", hands={1: "R7 G1 G2", 3: "B1 B2 B3"}, top="R5")
    assert table.rejects(PlayCard(1, c("R7"))) == "target_required"
    table.act(PlayCard(1, c("R7"), target=3))
    assert table.hand(1) == codes("B1 B2 B3")
    assert table.hand(3) == codes("G1 G2")
    assert table.replays()


def test_Q_OZ_5_ozby_stacks_draw_two_on_draw_two_only():
    table = position_game(
        preset="ozby", hands={1: "W+4 B1 B2", 2: "W+4 G+2 Y1"}, top="R5", draw="G6 G7 G8 G9"
    )
    table.act(PlayCard(1, c("W+4"), color=Color.GREEN))
    assert table.state.phase == Phase.RESPOND_DRAW4
    assert table.rejects(PlayCard(2, c("W+4"), color=Color.BLUE)) == "card_not_playable"
    assert table.rejects(PlayCard(2, c("G+2"))) == "card_not_playable"
    table.act(Accept(2))
    assert len(table.hand(2)) == 3 + 4
    assert table.state.to_act == 1
    assert table.replays()


def test_Q_OZ_5_ozby_refuses_wild_draw_four_on_a_draw_two():
    table = position_game(preset="ozby", hands={1: "R+2 B1 B2", 2: "W+4 B+2 Y1"}, top="R5")
    table.act(PlayCard(1, c("R+2")))
    assert table.rejects(PlayCard(2, c("W+4"), color=Color.BLUE)) == "card_not_playable"
    table.act(PlayCard(2, c("B+2")))
    assert table.state.pending.total == 4
    assert table.replays()
