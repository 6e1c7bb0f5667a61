"""SCENARIOS.md section G: scoring and the match (SC).

A round ends inside the command that ends it, and the next round is dealt in the same
command when the match goes on: the result is read from `round_ended` / `match_ended`.
"""

import pytest

from games.engine import PlayCard, Status
from games.engine import events as ev

from .builders import c, codes_of, of_type, position_game


def _round_result(table):
    (ended,) = of_type(table.events, ev.RoundEnded)
    return ended


def test_SC_01_standard_round_score_is_the_opponents_hands():
    table = position_game(hands={0: "R7 Bskip W", 1: "G3", 2: "Y+2 G0 Grev", 3: "W+4 B9"}, top="G5")
    table.act(PlayCard(1, c("G3")))
    ended = _round_result(table)
    assert ended.winner == 1
    assert ended.points == {1: 176}
    assert [c.code for c in ended.hands[0]] == list(codes_of("R7 Bskip W"))
    assert table.state.scores == (0, 176, 0, 0)
    assert not of_type(table.events, ev.MatchEnded)
    assert table.state.round == 2
    assert table.state.dealer == 1
    assert [len(hand) for hand in table.state.hands] == [7, 7, 7, 7]
    assert table.replays()


def test_SC_02_a_last_card_draw_two_is_drawn_before_scoring():
    table = position_game(hands={0: "R3", 1: "R+2", 2: "B4", 3: "W"}, top="R5", draw="G9 Y1")
    table.act(PlayCard(1, c("R+2")))
    ended = _round_result(table)
    assert [c.code for c in ended.hands[2]] == list(codes_of("B4 G9 Y1"))
    assert ended.points == {1: 67}
    assert table.state.scores == (0, 67, 0, 0)
    assert table.replays()


@pytest.mark.parametrize(
    ("preset", "p2"),
    [("modern-shuffle", "WShuf"), ("modern-swap", "WSwap")],
    ids=["m112h", "m112s"],
)
def test_SC_04_112_card_values(preset, p2):
    table = position_game(preset=preset, hands={0: "WCust R2", 1: "G3", 2: p2, 3: "W+4"}, top="G5")
    table.act(PlayCard(1, c("G3")))
    assert _round_result(table).points == {1: 132}
    assert table.state.scores == (0, 132, 0, 0)
    assert table.replays()


def test_SC_05_lowest_scoring_each_adds_their_own_hand_and_the_lowest_wins():
    table = position_game(
        options={"scoring": "lowest"},
        hands={3: "G3", 0: "W Bskip Grev B5", 1: "Rskip R9 R1", 2: "Y4 Y8"},
        top="G5",
        to_act=3,
        scores={0: 410, 1: 120, 2: 300, 3: 260},
    )
    table.act(PlayCard(3, c("G3")))
    ended = _round_result(table)
    assert ended.winner == 3
    assert ended.points == {0: 95, 1: 30, 2: 12}
    assert table.state.scores == (505, 150, 312, 260)
    (match,) = of_type(table.events, ev.MatchEnded)
    assert match.winner == 1
    assert match.ranking == (1, 3, 2, 0)
    assert table.state.status == Status.FINISHED
    assert table.state.winner == 1
    assert table.replays()


def test_SC_07_team_scoring_counts_only_the_opposing_hands():
    table = position_game(
        options={"teams": True},
        hands={2: "G3", 0: "Y9 W", 1: "R3 Bskip", 3: "G+2 G4"},
        top="G5",
        to_act=2,
    )
    table.act(PlayCard(2, c("G3")))
    ended = _round_result(table)
    assert ended.winner == 2
    assert ended.points == {0: 47, 2: 47}
    assert table.state.scores == (47, 0, 47, 0)
    assert not of_type(table.events, ev.MatchEnded)
    assert table.replays()


def test_SC_07_team_reaching_the_target_wins_with_both_partners():
    table = position_game(
        options={"teams": True},
        hands={2: "G3", 0: "Y9 W", 1: "R3 Bskip", 3: "G+2 G4"},
        top="G5",
        to_act=2,
        scores={0: 470, 2: 470},
    )
    table.act(PlayCard(2, c("G3")))
    assert table.state.scores == (517, 0, 517, 0)
    (match,) = of_type(table.events, ev.MatchEnded)
    assert set(match.winner) == {0, 2}
    assert table.state.status == Status.FINISHED
    assert table.replays()
