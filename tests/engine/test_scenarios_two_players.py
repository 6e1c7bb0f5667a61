"""SCENARIOS.md section H: two players (TP)."""

import pytest

from games.engine import PlayCard

from .builders import c, position_game


@pytest.mark.parametrize("card", ["Rrev", "Rskip"], ids=["a_reverse", "b_skip"])
def test_TP_01_reverse_and_skip_give_another_turn(card):
    table = position_game(seats=2, hands={0: f"{card} Y1"}, top="R5", to_act=0)
    p1_before = table.hand(1)
    table.act(PlayCard(0, c(card)))
    assert table.state.to_act == 0
    assert table.hand(1) == p1_before
    assert table.replays()


def test_TP_02_draw_two_returns_the_turn_to_its_player():
    table = position_game(seats=2, hands={0: "R+2 Y1"}, top="R5", to_act=0)
    p1_before = len(table.hand(1))
    table.act(PlayCard(0, c("R+2")))
    assert len(table.hand(1)) == p1_before + 2
    assert table.state.to_act == 0
    assert table.replays()
