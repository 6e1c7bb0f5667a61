"""The pure scoring policy (RULES.md 2.6, 2.10, 2.13, Q6, Q7, Q9; CONTRACT.md `scoring`)."""

import pytest

from games.engine.match import seat_order_from, tally_round
from games.engine.points import card_points, hand_points


def tally(mode, scores, left, winner, *, target=500, dealer=0, in_play=None, teams=False):
    return tally_round(
        mode=mode,
        target=target,
        scores=scores,
        hand_points=left,
        round_winner=winner,
        seats_in_play=tuple(in_play if in_play is not None else range(len(scores))),
        dealer=dealer,
        teams=teams,
    )


# --- card points --------------------------------------------------------------------------


@pytest.mark.parametrize("n", range(10))
def test_number_cards_score_face_value(n):
    for color in ("red", "yellow", "green", "blue"):
        assert card_points(f"{color}-{n}") == n


@pytest.mark.parametrize("rank", ["skip", "reverse", "draw2"])
def test_colored_action_cards_score_twenty(rank):
    assert card_points(f"green-{rank}") == 20


@pytest.mark.parametrize("code", ["wild", "wild-draw4"])
def test_wild_and_wild_draw_four_score_fifty(code):
    assert card_points(code) == 50


@pytest.mark.parametrize("code", ["wild-swap", "wild-shuffle", "wild-custom"])
def test_modern_specials_score_forty(code):
    assert card_points(code) == 40


@pytest.mark.parametrize("code", ["wild-downpour1", "wild-downpour2"])
def test_Q9_downpour_cards_score_fifty(code):
    assert card_points(code) == 50


@pytest.mark.parametrize("code", ["blank", "red-wild", "red-", ""])
def test_unknown_code_has_no_points(code):
    with pytest.raises(ValueError):
        card_points(code)


@pytest.mark.parametrize("code", ["red-10", "purple-5", "pink-skip"])
def test_card_shaped_unknown_code_has_no_points(code):
    # CONTRACT.md "Card codes": these are not cards, so they have no value
    with pytest.raises(ValueError):
        card_points(code)


def test_hand_points_add_up():
    # SC-01's hands
    assert hand_points(["red-7", "blue-skip", "wild"]) == 77
    assert hand_points(["yellow-draw2", "green-0", "green-reverse"]) == 40
    assert hand_points(["wild-draw4", "blue-9"]) == 59
    assert hand_points([]) == 0


def test_seat_order_starts_left_of_the_dealer():
    assert seat_order_from(0, 4) == [1, 2, 3, 0]
    assert seat_order_from(3, 4) == [0, 1, 2, 3]
    assert seat_order_from(1, 3) == [2, 0, 1]


# --- standard -----------------------------------------------------------------------------


def test_standard_winner_scores_every_opponents_hand():
    result = tally("standard", (10, 20, 30, 40), {0: 77, 1: 0, 2: 40, 3: 59}, 1)
    assert result.points == {1: 176}
    assert result.scores == (10, 196, 30, 40)
    assert result.match_over is False
    assert result.winner is None
    assert result.eliminated == ()


def test_standard_reaching_the_target_wins_the_match():
    result = tally("standard", (400, 450, 0), {0: 30, 1: 0, 2: 20}, 1)
    assert result.scores == (400, 500, 0)
    assert result.match_over is True
    assert result.winner == 1
    assert result.ranking == (1, 0, 2)


def test_standard_target_is_configurable():
    assert tally("standard", (0, 0), {0: 60, 1: 0}, 1, target=50).match_over is True
    assert tally("standard", (0, 0), {0: 60, 1: 0}, 1, target=100).match_over is False


def test_standard_ranking_ties_go_to_the_earlier_seat_from_the_dealers_left():
    result = tally("standard", (100, 0, 100, 0), {0: 5, 1: 0, 2: 5, 3: 500}, 1, dealer=1)
    # P1 wins with 510; P0 and P2 tie at 100: from dealer P1's left, P2 comes before P0
    assert result.ranking[:3] == (1, 2, 0)


def test_standard_counts_only_seats_in_play():
    result = tally("standard", (0, 0, 0), {0: 10, 1: 0}, 1, in_play=(0, 1))
    assert result.points == {1: 10}


# --- teams --------------------------------------------------------------------------------


def test_team_scoring_winning_team_scores_both_opposing_hands_not_the_partners():
    result = tally("standard", (0, 0, 0, 0), {0: 59, 1: 23, 2: 0, 3: 24}, 2, teams=True)
    assert result.points == {0: 47, 2: 47}
    assert result.scores == (47, 0, 47, 0)
    assert result.match_over is False


def test_team_scoring_both_partners_win_the_match():
    result = tally("standard", (470, 0, 470, 0), {0: 59, 1: 23, 2: 0, 3: 24}, 2, teams=True)
    assert result.scores == (517, 0, 517, 0)
    assert result.match_over is True
    assert result.winner == (0, 2)


def test_team_scoring_with_six_seats_uses_alternating_teams():
    result = tally("standard", (0,) * 6, {0: 1, 1: 0, 2: 2, 3: 10, 4: 4, 5: 20}, 1, teams=True)
    assert result.points == {1: 7, 3: 7, 5: 7}


# --- lowest and target_loses -------------------------------------------------------------


@pytest.mark.parametrize("mode", ["lowest", "target_loses"])
def test_own_hand_modes_add_each_losers_own_hand(mode):
    result = tally(mode, (10, 20, 30), {0: 5, 1: 0, 2: 7}, 1)
    assert result.points == {0: 5, 2: 7}
    assert result.scores == (15, 20, 37)
    assert result.match_over is False


@pytest.mark.parametrize("mode", ["lowest", "target_loses"])
def test_own_hand_modes_end_when_someone_reaches_the_target_and_lowest_wins(mode):
    # SC-05
    result = tally(mode, (410, 120, 300, 260), {0: 95, 1: 30, 2: 12, 3: 0}, 3)
    assert result.scores == (505, 150, 312, 260)
    assert result.match_over is True
    assert result.winner == 1
    assert result.ranking == (1, 3, 2, 0)


@pytest.mark.parametrize("mode", ["lowest", "target_loses"])
def test_Q6_own_hand_modes_several_cross_the_lowest_total_wins(mode):
    result = tally(mode, (490, 495, 100), {0: 20, 1: 30, 2: 0}, 2)
    assert result.match_over is True
    assert result.winner == 2
    assert result.ranking == (2, 0, 1)


@pytest.mark.parametrize("mode", ["lowest", "target_loses"])
def test_Q6_own_hand_modes_tie_for_lowest_goes_to_the_earlier_seat_from_the_dealers_left(mode):
    result = tally(mode, (100, 100, 100, 495), {0: 0, 1: 10, 2: 10, 3: 10}, 0, dealer=1)
    # P1 and P2 tie at 110 and P0 is lowest with 100
    assert result.ranking[0] == 0
    # now a tie for the lowest: P1 and P3 at 100, dealer P2, so P3 comes first
    result = tally(mode, (100, 90, 200, 100), {0: 10, 1: 10, 2: 300, 3: 0}, 3, dealer=2)
    assert result.scores == (110, 100, 500, 100)
    assert result.winner == 3
    assert result.ranking == (3, 1, 0, 2)


# --- elimination ------------------------------------------------------------------------


def test_elimination_below_the_target_nobody_goes_out():
    result = tally("elimination", (10, 20, 30), {0: 5, 1: 0, 2: 7}, 1)
    assert result.eliminated == ()
    assert result.match_over is False
    assert result.scores == (15, 20, 37)


def test_elimination_a_seat_reaching_the_target_is_eliminated():
    result = tally("elimination", (480, 20, 30, 40), {0: 20, 1: 0, 2: 7, 3: 1}, 1)
    assert result.eliminated == (0,)
    assert result.match_over is False


def test_Q6_elimination_all_who_cross_are_eliminated_together():
    result = tally("elimination", (480, 20, 490, 40), {0: 20, 1: 0, 2: 10, 3: 1}, 1)
    assert result.eliminated == (0, 2)
    assert result.match_over is False


def test_elimination_the_last_seat_left_wins():
    result = tally("elimination", (480, 20, 490), {0: 20, 1: 0, 2: 10}, 1)
    assert result.eliminated == (0, 2)
    assert result.match_over is True
    assert result.winner == 1
    assert result.ranking[0] == 1


def test_elimination_head_to_head_the_one_who_reaches_the_target_loses():
    result = tally("elimination", (600, 450, 300), {1: 60, 2: 0}, 2, in_play=(1, 2))
    assert result.eliminated == (1,)
    assert result.match_over is True
    assert result.winner == 2


def test_Q6_elimination_if_none_would_remain_the_lowest_total_survives():
    # every seat in play crosses (the round winner was already at the target)
    result = tally("elimination", (500, 495, 490), {0: 0, 1: 30, 2: 20}, 0)
    assert result.scores == (500, 525, 510)
    assert result.eliminated == (1, 2)
    assert result.winner == 0
    assert result.match_over is True


def test_Q6_elimination_if_none_would_remain_a_tie_goes_to_the_earlier_seat_from_the_dealers_left():
    result = tally(
        "elimination", (510, 480, 480), {0: 0, 1: 30, 2: 30}, 0, dealer=0, in_play=(0, 1, 2)
    )
    assert result.scores == (510, 510, 510)
    # all three at 510: from dealer P0's left, P1 comes first and survives
    assert result.eliminated == (0, 2)
    assert result.winner == 1
    result = tally("elimination", (510, 480, 480), {0: 0, 1: 30, 2: 30}, 0, dealer=1)
    assert result.winner == 2


# --- blocked rounds -----------------------------------------------------------------------


@pytest.mark.parametrize("mode", ["standard", "lowest", "elimination", "target_loses"])
def test_Q7_blocked_round_scores_nothing(mode):
    result = tally(mode, (499, 10, 498), {0: 50, 1: 60, 2: 70}, None)
    assert result.points == {}
    assert result.scores == (499, 10, 498)
    assert result.eliminated == ()
    assert result.match_over is False
    assert result.winner is None
