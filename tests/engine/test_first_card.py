"""The first card turned up (RULES.md 2.2; CONTRACT.md "Two-player rules"), dealer P0,
first player P1, with 2 and 4 seats."""

import pytest

from games.engine import (
    ChooseColor,
    ChooseTarget,
    Color,
    Phase,
    PlayCard,
    legal_actions,
)
from games.engine import events as ev

from .builders import StackedRng, c, cs, dealt_game

SEATS = pytest.mark.parametrize("seats", [2, 4])


def of_type(events, cls):
    return [e for e in events if isinstance(e, cls)]


def hands_of(table):
    return [table.hand(s) for s in range(table.state.seat_count)]


def assert_nobody_drew(table, seats):
    assert [len(h) for h in hands_of(table)] == [7] * seats
    assert of_type(table.events, ev.CardsDrawn) == []


@SEATS
def test_first_card_number_sets_color_and_first_player_starts(seats):
    table = dealt_game(seats=seats, first="B5")
    assert table.state.top_card == c("B5")
    assert table.state.color == Color.BLUE
    assert table.state.to_act == 1
    assert table.state.phase == Phase.PLAY
    assert table.state.direction == 1
    assert_nobody_drew(table, seats)
    assert table.replays()


def test_first_card_skip_with_four_seats_skips_the_first_player():
    table = dealt_game(seats=4, first="Gskip")
    assert [e.seat for e in of_type(table.events, ev.SeatSkipped)] == [1]
    assert table.state.to_act == 2
    assert table.state.color == Color.GREEN
    assert_nobody_drew(table, 4)
    assert table.replays()


def test_first_card_skip_with_two_seats_gives_the_dealer_the_turn():
    table = dealt_game(seats=2, first="Gskip")
    assert [e.seat for e in of_type(table.events, ev.SeatSkipped)] == [1]
    assert table.state.to_act == 0
    assert_nobody_drew(table, 2)
    assert table.replays()


def test_first_card_reverse_with_four_seats_dealer_starts_and_play_goes_right():
    table = dealt_game(seats=4, first="Yrev", hands={0: "Y1 Y2 Y3 Y4 Y6 Y7 Y8"})
    assert table.state.to_act == 0
    assert table.state.direction == -1
    assert table.state.color == Color.YELLOW
    table.act(PlayCard(0, c("Y1")))
    assert table.state.to_act == 3
    assert table.replays()


def test_first_card_reverse_with_two_seats_dealer_starts():
    table = dealt_game(seats=2, first="Yrev")
    assert table.state.to_act == 0
    assert table.state.color == Color.YELLOW
    assert_nobody_drew(table, 2)
    assert table.replays()


@SEATS
def test_first_card_draw_two_first_player_draws_two_and_is_skipped(seats):
    table = dealt_game(seats=seats, first="R+2", then="R1 R2 R3")
    assert table.hand(1)[-2:] == ("red-1", "red-2")
    assert len(table.hand(1)) == 9
    assert [e.seat for e in of_type(table.events, ev.SeatSkipped)] == [1]
    assert table.state.to_act == (2 if seats == 4 else 0)
    assert table.state.phase == Phase.PLAY
    assert table.state.pending is None
    assert table.state.color == Color.RED
    assert table.state.draw_pile[0] == c("R3")
    assert table.replays()


@SEATS
def test_first_card_wild_first_player_chooses_color_then_takes_a_normal_turn(seats):
    table = dealt_game(seats=seats, first="W", hands={1: "G1 G2 G3 G4 G6 G8 G9"})
    assert table.state.top_card == c("W")
    assert table.state.to_act == 1
    assert table.state.phase == Phase.CHOOSE_COLOR
    assert table.state.color is None
    assert {type(a) for a in legal_actions(table.state, 1)} == {ChooseColor}
    assert table.rejects(PlayCard(1, c("G1"))) == "wrong_phase"
    assert table.rejects(ChooseColor(0, Color.GREEN)) == "not_your_turn"
    table.act(ChooseColor(1, Color.GREEN))
    assert table.state.color == Color.GREEN
    assert table.state.to_act == 1
    assert table.state.phase == Phase.PLAY
    table.act(PlayCard(1, c("G1")))
    assert table.state.to_act == (2 if seats == 4 else 0)
    assert table.replays()


@SEATS
def test_first_card_wild_redraw_returns_it_and_turns_a_new_card(seats):
    table = dealt_game(
        seats=seats, options={"wild_first_card": "redraw"}, first="W", rng=StackedRng("", "R2")
    )
    kinds = [
        type(e)
        for e in table.events
        if isinstance(e, (ev.FirstCardTurned, ev.FirstCardReturned, ev.DeckShuffled))
    ]
    assert kinds == [
        ev.DeckShuffled,
        ev.FirstCardTurned,
        ev.FirstCardReturned,
        ev.DeckShuffled,
        ev.FirstCardTurned,
    ]
    assert [e.card for e in of_type(table.events, ev.FirstCardTurned)] == [c("W"), c("R2")]
    assert table.state.top_card == c("R2")
    assert table.state.discard_pile == (c("R2"),)
    assert table.state.color == Color.RED
    assert table.state.to_act == 1
    assert table.state.phase == Phase.PLAY
    assert c("W") in table.state.draw_pile
    assert len(table.state.draw_pile) == 108 - 7 * seats - 1
    assert table.replays()


@SEATS
@pytest.mark.parametrize("wild_first_card", ["choose", "redraw"])
def test_first_card_wild_draw_four_is_always_redrawn(seats, wild_first_card):
    table = dealt_game(
        seats=seats,
        options={"wild_first_card": wild_first_card},
        first="W+4",
        rng=StackedRng("", "W+4", "B9"),
    )
    turned = [e.card for e in of_type(table.events, ev.FirstCardTurned)]
    assert turned == [c("W+4"), c("W+4"), c("B9")]
    assert len(of_type(table.events, ev.FirstCardReturned)) == 2
    assert table.state.top_card == c("B9")
    assert table.state.color == Color.BLUE
    assert table.state.to_act == 1
    assert table.state.pending is None
    assert_nobody_drew(table, seats)
    assert table.state.draw_pile.count(c("W+4")) == 4
    assert table.replays()


def test_first_card_wild_swap_owes_color_then_target_then_a_normal_turn():
    table = dealt_game(
        seats=4,
        preset="modern-swap",
        first="WSwap",
        hands={1: "G1 G2 G3 G4 G6 G8 G9", 3: "R1 R2 R3 R4 R6 R8 R9"},
    )
    assert table.state.to_act == 1
    assert table.state.phase == Phase.CHOOSE_COLOR
    assert table.rejects(ChooseTarget(1, 3)) == "wrong_phase"
    table.act(ChooseColor(1, Color.RED))
    assert table.state.color == Color.RED
    assert table.state.to_act == 1
    assert table.state.phase == Phase.CHOOSE_TARGET
    assert {a.target for a in legal_actions(table.state, 1) if isinstance(a, ChooseTarget)} == {
        0,
        2,
        3,
    }
    assert table.rejects(ChooseTarget(1, 1)) == "invalid_target"
    table.act(ChooseTarget(1, 3))
    assert table.hand(1) == tuple(x.code for x in cs("R1 R2 R3 R4 R6 R8 R9"))
    assert table.hand(3) == tuple(x.code for x in cs("G1 G2 G3 G4 G6 G8 G9"))
    assert table.state.to_act == 1
    assert table.state.phase == Phase.PLAY
    table.act(PlayCard(1, c("R1")))
    assert table.state.to_act == 2
    assert table.replays()


def test_first_card_wild_swap_with_two_seats_swaps_with_the_dealer_after_the_color():
    table = dealt_game(
        seats=2,
        preset="modern-swap",
        first="WSwap",
        hands={0: "G1 G2 G3 G4 G6 G8 G9", 1: "R1 R2 R3 R4 R6 R8 R9"},
    )
    table.act(ChooseColor(1, Color.GREEN))
    assert table.hand(1) == tuple(x.code for x in cs("G1 G2 G3 G4 G6 G8 G9"))
    assert table.hand(0) == tuple(x.code for x in cs("R1 R2 R3 R4 R6 R8 R9"))
    assert table.state.to_act == 1
    assert table.state.phase == Phase.PLAY
    assert table.replays()


@SEATS
@pytest.mark.parametrize("preset, first", [("modern-shuffle", "WShuf"), ("modern-swap", "WCust")])
def test_first_card_shuffle_and_custom_act_as_plain_wilds(seats, preset, first):
    table = dealt_game(seats=seats, preset=preset, first=first)
    dealt = hands_of(table)
    assert table.state.to_act == 1
    assert table.state.phase == Phase.CHOOSE_COLOR
    table.act(ChooseColor(1, Color.YELLOW))
    assert hands_of(table) == dealt  # no redeal, no swap
    assert table.state.color == Color.YELLOW
    assert table.state.to_act == 1
    assert table.state.phase == Phase.PLAY
    assert [e.reason for e in of_type(table.events, ev.DeckShuffled)] == ["deal"]
    assert table.replays()


@pytest.mark.parametrize("effect", ["others_draw_two", "others_discard_wilds", "extra_turn"])
def test_first_card_custom_wild_ignores_its_configured_effect(effect):
    table = dealt_game(
        seats=4,
        preset="modern-swap",
        options={"custom_wild_effect": effect},
        first="WCust",
        hands={1: "R1 R2 R3 R4 R6 R7 R8", 2: "W W G1 G2 G3 G4 G6"},
    )
    dealt = hands_of(table)
    table.act(ChooseColor(1, Color.RED))
    assert hands_of(table) == dealt
    assert table.state.to_act == 1
    table.act(PlayCard(1, c("R1")))
    assert table.state.to_act == 2
    assert table.replays()
