"""SCENARIOS.md section B: basic play (BP)."""

from games.engine import Color, Phase, PlayCard
from games.engine import events as ev

from .builders import c, codes_of, of_type, position_game


def test_BP_01a_same_color_is_playable():
    table = position_game(hands={1: "R9 G2"}, top="R5")
    table.act(PlayCard(1, c("R9")))
    assert table.state.top_card == c("R9")
    assert table.state.color == "red"
    assert table.state.to_act == 2
    assert table.hand(1) == codes_of("G2")
    assert table.replays()


def test_BP_01b_same_number_is_playable_and_changes_the_color():
    table = position_game(hands={1: "B5 G2"}, top="R5")
    table.act(PlayCard(1, c("B5")))
    assert table.state.top_card == c("B5")
    assert table.state.color == "blue"
    assert table.state.to_act == 2
    assert table.replays()


def test_BP_01c_same_symbol_is_playable_and_skips():
    table = position_game(hands={1: "Yskip G2"}, top="Gskip")
    table.act(PlayCard(1, c("Yskip")))
    assert [e.seat for e in of_type(table.events, ev.SeatSkipped)] == [2]
    assert table.state.to_act == 3
    assert table.state.color == "yellow"
    assert table.replays()


def test_BP_02a_a_played_wild_is_matched_by_its_called_color_only():
    table = position_game(hands={1: "R7 B1 W"}, top="W", color="B")
    assert table.rejects(PlayCard(1, c("R7"))) == "card_not_playable"
    assert table.replays()


def test_BP_02b_the_called_color_is_playable_on_a_wild():
    table = position_game(hands={1: "R7 B1 W"}, top="W", color="B")
    table.act(PlayCard(1, c("B1")))
    assert table.state.top_card == c("B1")
    assert table.state.to_act == 2
    assert table.replays()


def test_BP_02c_wild_on_wild_may_call_the_same_color_again():
    table = position_game(hands={1: "R7 B1 W"}, top="W", color="B")
    table.act(PlayCard(1, c("W"), color=Color.BLUE))
    assert table.state.top_card == c("W")
    assert table.state.color == "blue"
    assert table.state.to_act == 2
    assert table.replays()


def test_BP_04a_no_out_of_turn_play_without_jump_in():
    table = position_game(hands={1: "R9 G2", 3: "R5 G3"}, top="R5")
    assert table.rejects(PlayCard(3, c("R5"))) == "not_your_turn"
    assert table.replays()


def test_BP_04b_one_card_per_turn():
    table = position_game(hands={1: "R9 R9 G2"}, top="R5")
    table.act(PlayCard(1, c("R9")))
    assert table.rejects(PlayCard(1, c("R9"))) == "not_your_turn"
    assert table.hand(1) == codes_of("R9 G2")
    assert table.state.to_act == 2
    assert table.replays()


def test_BP_05_wild_may_be_played_while_holding_a_playable_card():
    table = position_game(hands={1: "Y8 W"}, top="Y3")
    table.act(PlayCard(1, c("W"), color=Color.YELLOW))
    assert table.state.color == "yellow"
    assert table.state.to_act == 2
    assert table.state.phase == Phase.PLAY
    assert table.hand(1) == codes_of("Y8")
    assert table.replays()


def test_BP_05_wild_without_a_color_is_rejected():
    table = position_game(hands={1: "Y8 W"}, top="Y3")
    assert table.rejects(PlayCard(1, c("W"))) == "color_required"


def test_BP_07a_reverse_with_four_players_turns_play_counterclockwise():
    table = position_game(hands={1: "Rrev Y1", 0: "R1 G2"}, top="R5")
    table.act(PlayCard(1, c("Rrev")))
    assert table.state.direction == -1
    assert table.state.to_act == 0
    table.act(PlayCard(0, c("R1")))
    assert table.state.to_act == 3
    assert table.replays()


def test_BP_07b_reverse_with_three_players():
    table = position_game(seats=3, hands={1: "Rrev Y1"}, top="R5")
    table.act(PlayCard(1, c("Rrev")))
    assert table.state.direction == -1
    assert table.state.to_act == 0
    assert table.replays()


def test_BP_08a_draw_two_without_stacking_draws_and_skips_at_once():
    table = position_game(hands={1: "R+2 Y1", 2: "B+2 Y2"}, top="R5", draw="G1 G2 G3 G4")
    table.act(PlayCard(1, c("R+2")))
    assert table.hand(2) == codes_of("B+2 Y2 G1 G2")
    assert table.state.to_act == 3
    assert table.state.pending is None
    assert table.rejects(PlayCard(2, c("B+2"))) == "not_your_turn"
    assert table.replays()


def test_BP_08b_draw_two_on_a_paid_draw_two_is_a_symbol_match_not_a_stack():
    table = position_game(
        hands={1: "R+2 Y1", 2: "Y2 B2", 3: "B+2 Y3", 0: "Y4 B4"}, top="R5", draw="G1 G2 G3 G4"
    )
    table.act(PlayCard(1, c("R+2")))
    assert table.state.top_card == c("R+2")
    assert table.state.to_act == 3
    assert table.state.pending is None
    table.act(PlayCard(3, c("B+2")))
    assert table.hand(0) == codes_of("Y4 B4 G3 G4")
    assert table.hand(2) == codes_of("Y2 B2 G1 G2")
    assert table.state.color == "blue"
    assert table.state.to_act == 1
    assert table.replays()
