"""SCENARIOS.md section L: the 112-card specials (SP)."""

from collections import Counter

import pytest

from games.engine import CallUno, Color, Phase, PlayCard
from games.engine import events as ev

from .builders import c, codes_of, cs, of_type, position_game


def test_SP_01_wild_swap_swaps_hands_and_ends_the_turn():
    table = position_game(
        preset="modern-swap", hands={1: "WSwap R1 R2", 3: "B1 B2 B3 B4 B5"}, top="G3"
    )
    table.act(PlayCard(1, c("WSwap"), color=Color.YELLOW, target=3))
    assert table.hand(1) == codes_of("B1 B2 B3 B4 B5")
    assert table.hand(3) == codes_of("R1 R2")
    assert table.state.color == "yellow"
    assert table.state.to_act == 2
    assert table.rejects(PlayCard(1, c("B1"))) == "not_your_turn"
    assert table.replays()


def test_SP_01_wild_swap_needs_a_target_and_a_color():
    table = position_game(
        preset="modern-swap", hands={1: "WSwap R1 R2", 3: "B1 B2 B3 B4 B5"}, top="G3"
    )
    assert table.rejects(PlayCard(1, c("WSwap"), color=Color.YELLOW)) == "target_required"
    assert table.rejects(PlayCard(1, c("WSwap"), target=3)) == "color_required"


@pytest.mark.parametrize("target", [None, 3])
def test_SP_02_wild_swap_as_last_card_wins_without_a_swap(target):
    table = position_game(
        preset="modern-swap", hands={1: "WSwap", 0: "Y1 B1", 2: "Y2 B2", 3: "Y4 B4"}, top="G3"
    )
    table.act(CallUno(1))
    table.act(PlayCard(1, c("WSwap"), color=Color.RED, target=target))
    assert not of_type(table.events, ev.HandReplaced)
    (ended,) = of_type(table.events, ev.RoundEnded)
    assert ended.winner == 1
    assert [c.code for c in ended.hands[3]] == list(codes_of("Y4 B4"))
    assert ended.points == {1: 2 + 4 + 8}
    assert table.replays()


def test_SP_04_shuffle_hands_deals_clockwise_from_the_left_and_play_resumes_counterclockwise():
    table = position_game(
        preset="modern-shuffle",
        direction=-1,
        hands={1: "WShuf R1 R2", 0: "G1 G2 G3", 2: "B3 B4", 3: "Y5 Y6"},
        top="G5",
    )
    table.act(PlayCard(1, c("WShuf"), color=Color.GREEN))
    (pooled,) = [e for e in of_type(table.events, ev.DeckShuffled) if e.reason == "hands"]
    assert Counter(pooled.order) == Counter(cs("R1 R2 G1 G2 G3 B3 B4 Y5 Y6"))
    order = pooled.order
    dealt = {e.seat: e for e in of_type(table.events, ev.HandReplaced)}
    assert dealt[2].cards == (order[0], order[4], order[8])
    assert dealt[3].cards == (order[1], order[5])
    assert dealt[0].cards == (order[2], order[6])
    assert dealt[1].cards == (order[3], order[7])
    assert [len(table.state.hands[s]) for s in (2, 3, 0, 1)] == [3, 2, 2, 2]
    for event in dealt.values():
        assert event.audience == frozenset({event.seat})
    assert table.state.direction == -1
    assert table.state.to_act == 0
    assert table.state.color == "green"
    assert table.replays()


def test_SP_05a_shuffle_hands_as_last_card_wins_by_default():
    table = position_game(
        preset="modern-shuffle",
        hands={1: "WShuf", 0: "Y1 B1 G3", 2: "Y2 B2 G4 G6", 3: "Y4 B4"},
        top="G5",
    )
    table.act(CallUno(1))
    table.act(PlayCard(1, c("WShuf"), color=Color.RED))
    assert not of_type(table.events, ev.HandReplaced)
    (ended,) = of_type(table.events, ev.RoundEnded)
    assert ended.winner == 1
    assert ended.points == {1: 5 + 14 + 8}
    assert table.replays()


def test_SP_05b_shuffle_hands_as_last_card_redeals_with_the_redeal_option():
    table = position_game(
        preset="modern-shuffle",
        options={"shuffle_hands_last_card": "redeal"},
        hands={1: "WShuf", 0: "Y1 B1 G3", 2: "Y2 B2 G4 G6", 3: "Y4 B4"},
        top="G5",
    )
    table.act(CallUno(1))
    table.act(PlayCard(1, c("WShuf"), color=Color.RED))
    assert not of_type(table.events, ev.RoundEnded)
    assert [e.seat for e in of_type(table.events, ev.HandReplaced)] == [2, 3, 0, 1]
    assert [len(table.state.hands[s]) for s in (2, 3, 0, 1)] == [3, 2, 2, 2]
    assert table.state.color == "red"
    assert table.state.to_act == 2
    assert table.state.phase == Phase.PLAY
    assert table.state.round == 1
    assert table.replays()
