from games.engine import DrawCard, PlayCard

from .builders import c, cs, dealt_game, position_game


def test_position_game_lays_out_the_given_hands_and_piles():
    table = position_game(hands={1: "R3 G7"}, top="R5", draw="G1 B2")
    assert table.hand(1) == ("red-3", "green-7")
    assert table.state.draw_pile[:2] == (c("G1"), c("B2"))
    assert table.state.to_act == 1
    assert table.replays()


def test_dealt_game_turns_the_given_first_card():
    table = dealt_game(first="R5", hands={1: "R1 R2 R3 R4 R6 R7 R8"})
    assert table.state.top_card == c("R5")
    assert table.hand(1) == tuple(x.code for x in cs("R1 R2 R3 R4 R6 R7 R8"))
    table.act(PlayCard(1, c("R1")))
    table.act(DrawCard(2))
    assert table.replays()
