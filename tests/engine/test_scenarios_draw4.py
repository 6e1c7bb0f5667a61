"""SCENARIOS.md section D: Wild Draw Four and challenges (WD)."""

import pytest

from games.engine import Accept, CallUno, Challenge, Color, Phase, PlayCard, legal_actions
from games.engine import events as ev

from .builders import c, codes_of, of_type, position_game


def test_WD_01_holding_a_same_number_card_is_legal_so_the_challenger_draws_six():
    table = position_game(hands={1: "B7 W W+4"}, top="R7")
    table.act(PlayCard(1, c("W+4"), color=Color.GREEN))
    p2_before = table.hand(2)
    table.act(Challenge(2))
    (challenge,) = of_type(table.events, ev.Draw4Challenged)
    assert not challenge.guilty
    assert len(table.hand(2)) == len(p2_before) + 6
    assert table.hand(1) == codes_of("B7 W")
    assert 2 in [e.seat for e in of_type(table.events, ev.SeatSkipped)]
    assert table.state.to_act == 3
    assert table.state.color == "green"
    assert table.replays()


def test_WD_02_illegal_wild_draw4_challenged_the_bluffer_draws_four():
    table = position_game(hands={1: "R2 B3 W+4"}, top="R7", draw="G1 G2 G3 G4")
    table.act(PlayCard(1, c("W+4"), color=Color.BLUE))
    p2_before = table.hand(2)
    table.act(Challenge(2))
    (challenge,) = of_type(table.events, ev.Draw4Challenged)
    assert challenge.guilty
    assert table.hand(1) == codes_of("R2 B3 G1 G2 G3 G4")
    assert table.hand(2) == p2_before
    assert table.state.to_act == 2
    assert table.state.color == "blue"
    assert table.state.phase == Phase.PLAY
    assert table.state.pending is None
    assert table.replays()


@pytest.mark.parametrize(
    ("hand", "guilty"), [("R5 W+4", False), ("G1 W+4", True)], ids=["a_innocent", "b_guilty"]
)
def test_WD_04_legality_after_a_wild_uses_the_called_color(hand, guilty):
    table = position_game(hands={1: hand}, top="W", color="G")
    table.act(PlayCard(1, c("W+4"), color=Color.RED))
    table.act(Challenge(2))
    (challenge,) = of_type(table.events, ev.Draw4Challenged)
    assert challenge.guilty is guilty
    assert table.state.to_act == (2 if guilty else 3)
    assert table.replays()


def test_WD_05_accepting_draws_four_and_skips_and_reveals_nothing():
    table = position_game(hands={1: "B3 G6 W+4"}, top="R7", draw="G1 G2 G3 G4")
    table.act(PlayCard(1, c("W+4"), color=Color.BLUE))
    assert table.state.phase == Phase.RESPOND_DRAW4
    assert table.state.pending.total == 4
    assert {type(a) for a in legal_actions(table.state, 2)} == {Accept, Challenge}
    assert table.rejects(PlayCard(2, c("Y2"))) == "card_not_playable"
    table.act(Accept(2))
    assert table.hand(2) == codes_of("Y2 B2 G1 G2 G3 G4")
    assert 2 in [e.seat for e in of_type(table.events, ev.SeatSkipped)]
    assert table.state.to_act == 3
    assert table.state.color == "blue"
    assert table.state.pending is None
    assert not of_type(table.events, ev.Draw4Challenged)
    assert table.replays()


@pytest.mark.parametrize(
    ("response", "p2_draws", "points"),
    [(Accept, "Y9 Bskip W R3", 110), (Challenge, "Y9 Bskip W R3 G1 G2", 113)],
    ids=["a_accept", "b_challenge"],
)
def test_WD_07_wild_draw4_as_last_card_the_draw_counts_before_scoring(response, p2_draws, points):
    table = position_game(
        hands={0: "R1 B2", 1: "W+4", 2: "G5", 3: "Y+2"}, top="R3", draw="Y9 Bskip W R3 G1 G2"
    )
    table.act(CallUno(1))
    table.act(PlayCard(1, c("W+4"), color=Color.GREEN))
    table.act(response(2))
    if response is Challenge:
        (challenge,) = of_type(table.events, ev.Draw4Challenged)
        assert not challenge.guilty
    (ended,) = of_type(table.events, ev.RoundEnded)
    assert ended.winner == 1
    assert [c.code for c in ended.hands[2]] == list(codes_of("G5 " + p2_draws))
    assert ended.points == {1: points}
    assert table.state.scores == (0, points, 0, 0)
    assert table.state.round == 2
    assert table.replays()


def test_WD_08_wild_draw4_with_two_players_returns_the_turn():
    table = position_game(seats=2, hands={0: "W+4 Y1"}, top="R5", to_act=0)
    table.act(PlayCard(0, c("W+4"), color=Color.BLUE))
    p1_before = len(table.hand(1))
    table.act(Accept(1))
    assert len(table.hand(1)) == p1_before + 4
    assert table.state.to_act == 0
    assert table.state.color == "blue"
    assert table.replays()
