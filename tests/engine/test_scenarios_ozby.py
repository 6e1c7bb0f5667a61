"""SCENARIOS.md section M: the ozby ruleset (OZ), RULES.md section 3."""

from games.engine import Accept, Challenge, Color, DrawCard, Phase, PlayCard, Status
from games.engine import events as ev

from .builders import StackedRng, c, codes_of, dealt_game, of_type, position_game

HANDS4 = {
    1: "R1 R2 R3 R4 R6 R7 R8",
    2: "R1 R2 R3 R4 R6 R7 R8",
    3: "Y1 Y2 Y4 Y5 Y6 Y7 Y8",
    0: "Y1 Y2 Y4 Y5 Y6 Y7 Y8",
}


def test_OZ_01a_a_wild_first_card_is_returned_and_reshuffled():
    table = dealt_game(preset="ozby", first="W", hands=HANDS4, rng=StackedRng("", "G2"))
    assert [e.card for e in of_type(table.events, ev.FirstCardReturned)] == [c("W")]
    assert table.state.top_card == c("G2")
    assert table.state.to_act == 1
    assert table.replays()


def test_OZ_01b_a_skip_first_card_skips_the_first_player():
    table = dealt_game(preset="ozby", first="Rskip", hands=HANDS4)
    assert [e.seat for e in of_type(table.events, ev.SeatSkipped)] == [1]
    assert table.hand(1) == codes_of(HANDS4[1])
    assert table.state.to_act == 2
    assert table.replays()


def test_OZ_01c_a_draw_two_first_card_makes_the_first_player_draw_and_lose_the_turn():
    table = dealt_game(preset="ozby", first="R+2", then="G1 B2", hands=HANDS4)
    assert table.hand(1) == codes_of(HANDS4[1] + " G1 B2")
    assert table.state.pending is None
    assert table.state.to_act == 2
    assert table.replays()


def test_OZ_02_skip_gives_its_player_another_turn():
    table = position_game(preset="ozby", hands={1: "Rskip R4 Y1"}, top="R5")
    table.act(PlayCard(1, c("Rskip")))
    assert table.state.to_act == 1
    assert table.state.direction == 1
    table.act(PlayCard(1, c("R4")))
    assert table.state.to_act == 2
    assert table.replays()


def test_OZ_02_reverse_gives_its_player_another_turn_without_changing_direction():
    table = position_game(preset="ozby", hands={1: "Rrev R4 Y1"}, top="R5")
    table.act(PlayCard(1, c("Rrev")))
    assert table.state.to_act == 1
    assert table.state.direction == 1
    assert table.replays()


def test_OZ_04a_draw_two_returns_play_to_its_player():
    table = position_game(preset="ozby", hands={1: "R+2 Y1", 2: "Y2 B2"}, top="R5", draw="G1 G2")
    table.act(PlayCard(1, c("R+2")))
    table.act(DrawCard(2))
    assert table.hand(2) == codes_of("Y2 B2 G1 G2")
    assert table.state.to_act == 1
    assert table.replays()


def test_OZ_04b_wild_draw4_accepted_returns_play_to_its_player():
    table = position_game(
        preset="ozby", hands={1: "W+4 Y1", 2: "Y2 B2"}, top="R5", draw="G1 G2 G3 G4"
    )
    table.act(PlayCard(1, c("W+4"), color=Color.BLUE))
    table.act(Accept(2))
    assert table.hand(2) == codes_of("Y2 B2 G1 G2 G3 G4")
    assert table.state.to_act == 1
    assert table.state.color == "blue"
    assert table.replays()


def test_OZ_05_a_draw_two_chain_returns_to_the_last_stacker():
    table = position_game(
        preset="ozby",
        hands={1: "R+2 Y1", 2: "B+2 Y2", 3: "Y3 G3"},
        top="R5",
        draw="G1 G2 G4 G6",
    )
    table.act(PlayCard(1, c("R+2")))
    table.act(PlayCard(2, c("B+2")))
    table.act(DrawCard(3))
    assert table.hand(3) == codes_of("Y3 G3 G1 G2 G4 G6")
    assert table.state.to_act == 2
    assert table.replays()


def test_OZ_07a_a_player_may_jump_in_on_their_own_card():
    table = position_game(preset="ozby", hands={1: "G5 G5 Y1"}, top="G3")
    table.act(PlayCard(1, c("G5")))
    table.act(PlayCard(1, c("G5")))
    assert of_type(table.events, ev.CardPlayed)[-1].jump_in
    assert table.state.to_act == 2
    assert table.replays()


def test_OZ_07b_no_wild_jump_ins():
    table = position_game(preset="ozby", hands={1: "W W Y1", 3: "W Y3"}, top="G3")
    table.act(PlayCard(1, c("W"), color=Color.GREEN))
    assert table.rejects(PlayCard(3, c("W"), color=Color.GREEN)) == "not_your_turn"
    assert table.rejects(PlayCard(1, c("W"), color=Color.GREEN)) == "not_your_turn"
    assert table.replays()


def test_OZ_08a_a_same_number_card_makes_wild_draw4_illegal():
    table = position_game(preset="ozby", hands={1: "B7 W+4", 2: "Y2 B2"}, top="R7", draw="G1 G2")
    table.act(PlayCard(1, c("W+4"), color=Color.BLUE))
    table.act(Challenge(2))
    (challenge,) = of_type(table.events, ev.Draw4Challenged)
    assert challenge.guilty
    assert table.hand(1) == codes_of("B7 G1 G2")
    assert table.hand(2) == codes_of("Y2 B2")
    assert table.state.to_act == 2
    assert table.state.phase == Phase.PLAY
    assert table.replays()


def test_OZ_08b_held_wilds_do_not_make_wild_draw4_illegal():
    table = position_game(preset="ozby", hands={1: "B3 W W+4", 2: "Y2 B2"}, top="R7")
    table.act(PlayCard(1, c("W+4"), color=Color.BLUE))
    table.act(Challenge(2))
    (challenge,) = of_type(table.events, ev.Draw4Challenged)
    assert not challenge.guilty
    assert len(table.hand(2)) == 2 + 6
    assert table.state.to_act == 1
    assert table.replays()


def test_OZ_10_first_to_the_target_loses_and_the_lowest_wins():
    table = position_game(
        preset="ozby",
        seats=3,
        hands={1: "G3", 0: "Rskip Bskip", 2: "Y4 Y8"},
        top="G5",
        scores={0: 470, 1: 100, 2: 300},
    )
    table.act(PlayCard(1, c("G3")))
    (ended,) = of_type(table.events, ev.RoundEnded)
    assert ended.winner == 1
    assert ended.points == {0: 40, 2: 12}
    assert table.state.scores == (510, 100, 312)
    (match,) = of_type(table.events, ev.MatchEnded)
    assert match.winner == 1
    assert match.ranking == (1, 2, 0)
    assert table.state.status == Status.FINISHED
    assert table.replays()
