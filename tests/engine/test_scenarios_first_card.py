"""SCENARIOS.md section A: setup and the first card turned up (FC)."""

import random
from collections import Counter

import pytest

from games.engine import (
    DrawCard,
    GameState,
    InvalidRules,
    Phase,
    PlayCard,
    StartGame,
    rule_set_from,
    step,
)
from games.engine import events as ev
from games.engine.cards import build_deck

from .builders import StackedRng, Table, c, codes_of, dealt_game, of_type

# Hands that leave every card the scenarios turn up or draw (G1, G2, B2, Y3, B9, W+4)
# in the deck.
HANDS4 = {
    1: "R1 R2 R3 R4 R6 R7 R8",
    2: "R1 R2 R3 R4 R6 R7 R8",
    3: "Y1 Y2 Y4 Y5 Y6 Y7 Y8",
    0: "Y1 Y2 Y4 Y5 Y6 Y7 Y8",
}
HANDS2 = {1: HANDS4[1], 0: HANDS4[0]}


def test_FC_01_number_card_first_sets_its_color_and_P1_starts():
    table = dealt_game(first="R5", hands=HANDS4)
    state = table.state
    assert state.top_card == c("R5")
    assert state.color == "red"
    assert state.direction == 1
    assert state.to_act == 1
    assert state.phase == Phase.PLAY
    assert [len(hand) for hand in state.hands] == [7, 7, 7, 7]
    assert not of_type(table.events, ev.CardsDrawn)
    assert table.replays()


def test_FC_02_skip_first_skips_the_first_player():
    table = dealt_game(first="Gskip", hands=HANDS4)
    state = table.state
    assert [e.seat for e in of_type(table.events, ev.SeatSkipped)] == [1]
    assert table.hand(1) == codes_of(HANDS4[1])
    assert state.to_act == 2
    assert state.color == "green"
    assert state.direction == 1
    assert table.replays()


@pytest.mark.parametrize(
    ("first", "then", "p1_gets"),
    [("Yrev", "", ""), ("Yskip", "", ""), ("Y+2", "G1 B2", "G1 B2")],
    ids=["a_reverse", "b_skip", "c_draw_two"],
)
def test_FC_04_first_action_card_with_two_players_gives_the_dealer_the_turn(first, then, p1_gets):
    table = dealt_game(seats=2, first=first, then=then, hands=HANDS2)
    assert table.state.to_act == 0
    assert table.state.phase == Phase.PLAY
    assert table.state.color == "yellow"
    assert table.hand(1) == codes_of(HANDS2[1] + " " + p1_gets)
    assert table.hand(0) == codes_of(HANDS2[0])
    assert table.replays()


def test_FC_05_draw_two_first_makes_P1_draw_two_and_lose_the_turn():
    table = dealt_game(first="R+2", then="G1 B2 Y3", hands=HANDS4)
    state = table.state
    assert table.hand(1) == codes_of(HANDS4[1] + " G1 B2")
    assert len(state.hands[1]) == 9
    assert state.to_act == 2
    assert state.color == "red"
    assert len(state.draw_pile) == 108 - 28 - 1 - 2
    assert state.draw_pile[0] == c("Y3")
    assert [e.seat for e in of_type(table.events, ev.SeatSkipped)] == [1]
    # P1 drew and cannot then take a turn.
    assert table.rejects(DrawCard(1)) == "not_your_turn"
    assert table.rejects(PlayCard(1, c("R1"))) == "not_your_turn"
    assert table.replays()


@pytest.mark.parametrize(
    ("preset", "options"),
    [("classic", {"wild_first_card": "redraw"}), ("ozby", {})],
    ids=["classic_redraw", "ozby"],
)
def test_FC_07_wild_first_with_redraw_is_returned_and_a_new_card_turned(preset, options):
    table = dealt_game(
        preset=preset, options=options, first="W", hands=HANDS4, rng=StackedRng("", "G2")
    )
    flow = [
        e
        for e in table.events
        if isinstance(e, (ev.FirstCardReturned, ev.FirstCardTurned))
        or (isinstance(e, ev.DeckShuffled) and e.reason != "deal")
    ]
    assert [type(e) for e in flow] == [
        ev.FirstCardTurned,
        ev.FirstCardReturned,
        ev.DeckShuffled,
        ev.FirstCardTurned,
    ]
    assert flow[0].card == c("W")
    assert flow[1].card == c("W")
    assert flow[3].card == c("G2")
    state = table.state
    assert state.top_card == c("G2")
    assert state.color == "green"
    assert state.to_act == 1
    assert state.phase == Phase.PLAY
    assert c("W") in state.draw_pile
    assert table.replays()


@pytest.mark.parametrize(
    ("preset", "options"), [("classic", {}), ("ozby", {})], ids=["classic", "ozby"]
)
def test_FC_08_wild_draw4_first_is_returned_as_often_as_it_comes_up(preset, options):
    table = dealt_game(
        preset=preset,
        options=options,
        first="W+4",
        hands=HANDS4,
        rng=StackedRng("", "W+4", "B9"),
    )
    returned = of_type(table.events, ev.FirstCardReturned)
    assert [e.card for e in returned] == [c("W+4"), c("W+4")]
    redraws = [e for e in of_type(table.events, ev.DeckShuffled) if e.reason == "first_card_redraw"]
    assert len(redraws) == 2
    state = table.state
    assert state.top_card == c("B9")
    assert state.color == "blue"
    assert state.to_act == 1
    assert not of_type(table.events, ev.CardsDrawn)
    assert [len(hand) for hand in state.hands] == [7, 7, 7, 7]
    assert table.replays()


@pytest.mark.parametrize(
    ("preset", "size", "extra"),
    [("classic", 108, {}), ("modern-shuffle", 112, {"wild-shuffle": 1, "wild-custom": 3})],
    ids=["a_classic", "b_modern_shuffle"],
)
def test_FC_10_deck_and_deal_counts(preset, size, extra):
    rules = rule_set_from(preset)
    table = Table(GameState(), rng=random.Random(0))
    table.act(StartGame(4, rules, dealer=0))
    (deal,) = [e for e in of_type(table.events, ev.DeckShuffled) if e.reason == "deal"]
    assert deal.count == size == len(deal.order)
    assert Counter(deal.order) == Counter(build_deck(rules.cards, rules.downpour))
    per_color = Counter(x.color for x in deal.order if x.color is not None)
    assert set(per_color.values()) == {25}
    ranks = Counter(x.rank for x in deal.order if x.color is None)
    assert ranks == Counter({"wild": 4, "wild-draw4": 4, **extra})
    # Seven each, one at a time from the dealer's left.
    dealt = of_type(table.events, ev.CardsDealt)
    assert [e.seat for e in dealt] == [1, 2, 3, 0]
    for index, event in enumerate(dealt):
        assert event.cards == deal.order[index:28:4]
    state = table.state
    assert state.top_card.number is not None  # seed 0 turns a number card: no first-card draw
    assert len(state.draw_pile) == size - 28 - 1
    assert table.replays()


@pytest.mark.parametrize("seats", [11, 1])
def test_FC_10c_eleven_or_one_seats_are_rejected(seats):
    with pytest.raises(InvalidRules) as refused:
        step(GameState(), StartGame(seats, rule_set_from("classic")), random.Random(0))
    assert refused.value.option == "seats"
