"""SCENARIOS.md section J: Seven-O (SO)."""

import pytest

from games.engine import (
    CallUno,
    CatchUno,
    ChooseTarget,
    DrawCard,
    Pass,
    Phase,
    PlayCard,
    Viewer,
    redact_for,
)
from games.engine import events as ev

from .builders import c, codes_of, of_type, position_game

SEVEN_O = {"seven_o": True}


def test_SO_01_a_seven_swaps_hands_with_the_chosen_seat():
    table = position_game(options=SEVEN_O, hands={1: "R7 G1 G2", 3: "B4 Y5 Y6 W"}, top="R3")
    table.act(PlayCard(1, c("R7"), target=3))
    assert table.hand(1) == codes_of("B4 Y5 Y6 W")
    assert table.hand(3) == codes_of("G1 G2")
    assert table.state.color == "red"
    assert table.state.to_act == 2
    # Each player sees only their own new hand.
    replaced = of_type(table.events, ev.HandReplaced)
    assert sorted(e.seat for e in replaced) == [1, 3]
    for event in replaced:
        assert event.audience == frozenset({event.seat})
        assert redact_for(event, Viewer.of_seat(event.seat))["private"] is not None
        for other in {0, 1, 2, 3} - {event.seat}:
            assert redact_for(event, Viewer.of_seat(other))["private"] is None
    assert table.replays()


def test_SO_02_a_seven_without_a_target_is_rejected_when_several_seats_are_possible():
    table = position_game(options=SEVEN_O, hands={1: "R7 G1 G2"}, top="R3")
    assert table.rejects(PlayCard(1, c("R7"))) == "target_required"
    assert table.replays()


def test_SO_02_a_seven_may_not_target_its_own_player():
    table = position_game(options=SEVEN_O, hands={1: "R7 G1 G2"}, top="R3")
    assert table.rejects(PlayCard(1, c("R7"), target=1)) == "invalid_target"


def test_SO_02_while_choosing_a_target_pass_and_play_are_rejected():
    table = position_game(
        options={**SEVEN_O, "force_play": True},
        hands={1: "G1 G2", 3: "B4 Y5"},
        top="R3",
        draw="R7",
    )
    table.act(DrawCard(1))
    assert table.state.phase == Phase.CHOOSE_TARGET
    assert table.state.to_act == 1
    assert table.rejects(Pass(1)) == "wrong_phase"
    assert table.rejects(PlayCard(1, c("G1"))) == "wrong_phase"
    assert table.rejects(ChooseTarget(1, 1)) == "invalid_target"
    assert table.state.phase == Phase.CHOOSE_TARGET
    table.act(ChooseTarget(1, 3))
    assert table.hand(1) == codes_of("B4 Y5")
    assert table.hand(3) == codes_of("G1 G2")
    assert table.state.to_act == 2
    assert table.replays()


@pytest.mark.parametrize(
    ("card", "target"),
    [("R7", None), ("R7", 3), ("R0", None)],
    ids=["seven", "seven_with_target", "zero"],
)
def test_SO_04_seven_or_zero_as_last_card_ends_the_round_without_exchange(card, target):
    table = position_game(
        options=SEVEN_O, hands={1: card, 0: "Y1 B1", 2: "Y2 B2 G3", 3: "Y4 B4"}, top="R3"
    )
    table.act(CallUno(1))
    table.act(PlayCard(1, c(card), target=target))
    assert not of_type(table.events, ev.HandReplaced)
    (ended,) = of_type(table.events, ev.RoundEnded)
    assert ended.winner == 1
    assert [c.code for c in ended.hands[0]] == list(codes_of("Y1 B1"))
    assert [c.code for c in ended.hands[3]] == list(codes_of("Y4 B4"))
    assert ended.points == {1: 17}
    assert table.replays()


def test_SO_05_a_swap_that_leaves_one_card_owes_uno():
    table = position_game(options=SEVEN_O, hands={1: "R7 G1 G2", 3: "B4"}, top="R3", draw="G3 G4")
    table.act(PlayCard(1, c("R7"), target=3))
    assert table.hand(1) == codes_of("B4")
    assert table.hand(3) == codes_of("G1 G2")
    assert any(w.seat == 1 for w in table.state.uno_windows)
    table.act(CatchUno(0, 1))
    assert table.hand(1) == codes_of("B4 G3 G4")
    assert table.replays()
