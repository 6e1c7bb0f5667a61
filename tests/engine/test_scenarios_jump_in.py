"""SCENARIOS.md section K: Jump-In (JI)."""

import pytest

from games.engine import CallUno, CatchUno, Color, PlayCard, legal_actions
from games.engine import events as ev

from .builders import c, codes_of, of_type, position_game

JUMP = {"jump_in": True}


def test_JI_01_an_identical_card_jumps_in_and_play_continues_from_the_jumper():
    table = position_game(options=JUMP, hands={1: "G5 Y1", 3: "G5 Y3"}, top="G3")
    table.act(PlayCard(1, c("G5")))
    assert table.state.to_act == 2
    p2_before = table.hand(2)
    table.act(PlayCard(3, c("G5")))
    assert of_type(table.events, ev.CardPlayed)[-1].jump_in
    assert table.state.to_act == 0
    assert table.hand(3) == codes_of("Y3")
    assert table.hand(2) == p2_before
    assert table.replays()


@pytest.mark.parametrize("card", ["B5", "G6"])
def test_JI_02a_a_card_that_is_not_identical_cannot_jump_in(card):
    table = position_game(options=JUMP, hands={1: "G5 Y1", 3: "B5 G6 Y3"}, top="G3")
    table.act(PlayCard(1, c("G5")))
    assert table.rejects(PlayCard(3, c(card))) == "not_your_turn"
    assert table.replays()


def test_JI_02b_no_wild_jump_ins():
    table = position_game(options=JUMP, hands={1: "W Y1", 3: "W Y3"}, top="G3")
    table.act(PlayCard(1, c("W"), color=Color.GREEN))
    assert table.rejects(PlayCard(3, c("W"), color=Color.GREEN)) == "not_your_turn"
    assert not [a for a in legal_actions(table.state, 3) if isinstance(a, PlayCard)]
    assert table.replays()


def test_JI_04_a_reverse_jump_in_reverses_again_from_the_jumper():
    table = position_game(options=JUMP, hands={1: "Brev Y1", 2: "Brev Y2"}, top="B3")
    table.act(PlayCard(1, c("Brev")))
    assert (table.state.direction, table.state.to_act) == (-1, 0)
    table.act(PlayCard(2, c("Brev")))
    assert table.state.direction == 1
    assert table.state.to_act == 3
    assert table.replays()


def test_JI_05_jumping_in_on_your_own_card():
    table = position_game(options=JUMP, hands={1: "G5 G5 Y1"}, top="G3")
    table.act(PlayCard(1, c("G5")))
    table.act(PlayCard(1, c("G5")))
    assert of_type(table.events, ev.CardPlayed)[-1].jump_in
    assert table.hand(1) == codes_of("Y1")
    assert table.state.to_act == 2
    assert table.replays()


def test_JI_05_self_jump_in_is_rejected_when_switched_off():
    table = position_game(options={**JUMP, "jump_in_self": False}, hands={1: "G5 G5 Y1"}, top="G3")
    table.act(PlayCard(1, c("G5")))
    assert table.rejects(PlayCard(1, c("G5"))) == "not_your_turn"
    assert table.replays()


def test_JI_07_a_draw_two_jump_in_hits_the_seat_after_the_jumper():
    table = position_game(
        options=JUMP, hands={1: "R+2 Y1 B1", 0: "R+2 Y4"}, top="R5", draw="G1 G2 G3 G4"
    )
    table.act(PlayCard(1, c("R+2")))
    assert table.hand(2)[-2:] == codes_of("G1 G2")
    assert table.state.to_act == 3
    table.act(PlayCard(0, c("R+2")))
    assert table.hand(1) == codes_of("Y1 B1 G3 G4")
    assert of_type(table.events, ev.SeatSkipped)[-1].seat == 1
    assert table.state.to_act == 2
    assert table.replays()


def test_JI_08a_jumping_in_with_the_last_card_wins_the_round():
    table = position_game(options=JUMP, hands={1: "G5 Y1", 3: "G5"}, top="G3")
    table.act(CallUno(3))
    table.act(PlayCard(1, c("G5")))
    table.act(PlayCard(3, c("G5")))
    (ended,) = of_type(table.events, ev.RoundEnded)
    assert ended.winner == 3
    assert table.replays()


def test_JI_08b_jumping_in_to_one_card_without_calling_is_catchable():
    table = position_game(
        options=JUMP, hands={1: "G5 Y1", 3: "G5 B1", 0: "G7 Y4"}, top="G3", draw="G1 G2"
    )
    table.act(PlayCard(1, c("G5")))
    table.act(PlayCard(3, c("G5")))
    assert table.state.to_act == 0
    assert any(w.seat == 3 for w in table.state.uno_windows)
    table.act(CatchUno(1, 3))
    assert table.hand(3) == codes_of("B1 G1 G2")
    assert table.replays()


def test_JI_08b_the_jumpers_window_closes_at_the_next_seats_first_command():
    table = position_game(options=JUMP, hands={1: "G5 Y1", 3: "G5 B1", 0: "G7 Y4"}, top="G3")
    table.act(PlayCard(1, c("G5")))
    table.act(PlayCard(3, c("G5")))
    table.act(PlayCard(0, c("G7")))
    assert table.rejects(CatchUno(1, 3)) == "window_closed"
    assert table.hand(3) == codes_of("B1")
    assert table.replays()
