"""SCENARIOS.md section I: stacking (ST), under `stacking=same` (+2 on +2, +4 on +4)."""

from games.engine import Accept, CallUno, Challenge, Color, DrawCard, Phase, PlayCard
from games.engine import events as ev

from .builders import c, codes_of, of_type, position_game

STACK = {"stacking": "same"}


def test_ST_01a_a_stacked_draw_two_passes_the_total_on():
    table = position_game(
        options=STACK,
        hands={1: "R+2 Y1", 2: "B+2 Y2", 3: "Y3 G3"},
        top="R5",
        draw="G1 G2 G4 G6",
    )
    table.act(PlayCard(1, c("R+2")))
    assert (table.state.to_act, table.state.pending.total) == (2, 2)
    assert table.hand(2) == codes_of("B+2 Y2")
    table.act(PlayCard(2, c("B+2")))
    assert (table.state.to_act, table.state.pending.total) == (3, 4)
    table.act(DrawCard(3))
    assert table.hand(3) == codes_of("Y3 G3 G1 G2 G4 G6")
    assert 3 in [e.seat for e in of_type(table.events, ev.SeatSkipped)]
    assert table.state.to_act == 0
    assert table.state.color == "blue"
    assert table.state.pending is None
    assert table.replays()


def test_ST_01b_a_chain_of_three_draw_twos_makes_six():
    table = position_game(
        options=STACK,
        hands={1: "R+2 Y1", 2: "B+2 Y2", 3: "B+2 Y3", 0: "Y4 G4"},
        top="R5",
    )
    table.act(PlayCard(1, c("R+2")))
    table.act(PlayCard(2, c("B+2")))
    table.act(PlayCard(3, c("B+2")))
    assert (table.state.to_act, table.state.pending.total) == (0, 6)
    table.act(DrawCard(0))
    assert len(table.hand(0)) == 8
    assert table.state.to_act == 1
    assert table.replays()


def test_ST_02a_no_wild_draw4_on_a_pending_draw_two():
    table = position_game(options=STACK, hands={1: "R+2 Y1", 2: "W+4 Y2"}, top="R5")
    table.act(PlayCard(1, c("R+2")))
    assert table.rejects(PlayCard(2, c("W+4"), color=Color.GREEN)) == "card_not_playable"
    assert table.replays()


def test_ST_02b_no_draw_two_on_a_pending_wild_draw4():
    table = position_game(options=STACK, hands={1: "W+4 Y1", 2: "G+2 Y2"}, top="R5")
    table.act(PlayCard(1, c("W+4"), color=Color.GREEN))
    assert (table.state.to_act, table.state.pending.total) == (2, 4)
    assert table.rejects(PlayCard(2, c("G+2"))) == "card_not_playable"
    assert table.replays()


def test_ST_04a_stacking_is_optional():
    table = position_game(options=STACK, hands={1: "R+2 Y1", 2: "B+2 Y2"}, top="R5", draw="G1 G2")
    table.act(PlayCard(1, c("R+2")))
    table.act(DrawCard(2))
    assert table.hand(2) == codes_of("B+2 Y2 G1 G2")
    assert table.state.pending is None
    assert table.state.to_act == 3
    assert table.replays()


def test_ST_04b_only_one_card_is_stacked_per_turn():
    table = position_game(options=STACK, hands={1: "R+2 Y1", 2: "B+2 G+2 Y2"}, top="R5")
    table.act(PlayCard(1, c("R+2")))
    table.act(PlayCard(2, c("B+2")))
    assert (table.state.to_act, table.state.pending.total) == (3, 4)
    assert table.rejects(PlayCard(2, c("G+2"))) == "not_your_turn"
    assert table.replays()


def test_ST_05_guilty_stacked_draw4_bluffer_draws_the_whole_total():
    table = position_game(options=STACK, hands={1: "W+4 Y1", 2: "G5 W+4", 3: "Y3 B3"}, top="R5")
    table.act(PlayCard(1, c("W+4"), color=Color.GREEN))
    table.act(PlayCard(2, c("W+4"), color=Color.BLUE))
    assert (table.state.to_act, table.state.pending.total) == (3, 8)
    assert table.state.phase == Phase.RESPOND_DRAW4
    table.act(Challenge(3))
    (challenge,) = of_type(table.events, ev.Draw4Challenged)
    assert challenge.guilty
    assert challenge.target == 2
    assert len(table.hand(2)) == 1 + 8
    assert table.hand(3) == codes_of("Y3 B3")
    assert table.state.to_act == 3
    assert table.state.color == "blue"
    assert table.state.pending is None
    assert table.state.phase == Phase.PLAY
    assert table.replays()


def test_ST_05_innocent_stacked_draw4_challenger_draws_total_plus_two():
    table = position_game(options=STACK, hands={1: "W+4 Y1", 2: "W+4 Y5", 3: "Y3 B3"}, top="R5")
    table.act(PlayCard(1, c("W+4"), color=Color.GREEN))
    table.act(PlayCard(2, c("W+4"), color=Color.BLUE))
    table.act(Challenge(3))
    assert len(table.hand(3)) == 2 + 10
    assert table.state.to_act == 0
    assert table.replays()


def test_ST_07_stacking_with_the_last_card_ends_the_round_after_the_draw():
    table = position_game(
        options=STACK,
        hands={0: "Y1 B1", 1: "R+2 R1", 2: "B+2", 3: "Y2 Y+2"},
        top="R5",
        draw="G1 G2 G3 G4",
    )
    table.act(CallUno(2))
    table.act(PlayCard(1, c("R+2")))
    table.act(PlayCard(2, c("B+2")))
    # P3 holds a +2 but gets no chance to stack: the draw is taken and the round scored.
    (ended,) = of_type(table.events, ev.RoundEnded)
    assert ended.winner == 2
    assert [c.code for c in ended.hands[3]] == list(codes_of("Y2 Y+2 G1 G2 G3 G4"))
    assert ended.points == {2: 2 + 1 + 32}
    assert table.state.scores == (0, 0, 35, 0)
    assert table.rejects(Accept(3)) in ("wrong_phase", "not_your_turn")
    assert table.replays()


def test_ST_08_stacking_with_two_players_returns_to_the_last_stacker():
    table = position_game(
        seats=2,
        options=STACK,
        hands={0: "R+2 Y1", 1: "Y+2 B1"},
        top="R5",
        to_act=0,
        draw="G1 G2 G3 G4",
    )
    table.act(PlayCard(0, c("R+2")))
    table.act(PlayCard(1, c("Y+2")))
    assert (table.state.to_act, table.state.pending.total) == (0, 4)
    table.act(DrawCard(0))
    assert table.hand(0) == codes_of("Y1 G1 G2 G3 G4")
    assert table.state.to_act == 1
    assert table.replays()
