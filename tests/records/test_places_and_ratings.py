"""Finishing places, who is rated on which board, and the rating update itself, read
from hand-written logs (no database)."""

from __future__ import annotations

import pytest
from openskill.models import PlackettLuce

from scoring.ratings import Skill, new_skill, rate_match
from scoring.records import game_outcome


def log(*players, staff_setup=(), teams=False, end=()):
    entries = [
        (
            "game_created",
            {
                "rules": {"preset": "classic", "options": {"teams": teams}},
                "staff_setup": list(staff_setup),
            },
        ),
    ]
    entries += [("seat_taken", {"seat": i, "player": p}) for i, p in enumerate(players)]
    entries += [("game_started", {"rules": {"preset": "classic", "options": {"teams": teams}}})]
    return entries + list(end)


def person(name):
    return {"id": name, "name": name}


def bot(name):
    return {"id": name, "name": name, "bot": True}


def ended(ranking, winner, scores):
    return (
        "match_ended",
        {"ranking": ranking, "winner": winner, "scores": scores, "reason": "score"},
    )


def removed(seat, status="removed", reason="left"):
    return ("seat_status_changed", {"seat": seat, "status": status, "reason": reason})


def places(outcome):
    return {seat: record.place for seat, record in outcome.seats.items()}


def test_places_follow_the_final_standing():
    outcome = game_outcome(log(*map(person, "abcd"), end=[ended([2, 0, 3, 1], 2, [60, 20, 0, 5])]))
    assert places(outcome) == {2: 1, 0: 2, 3: 3, 1: 4}
    assert outcome.sides == [[2], [0], [3], [1]]
    assert [s for s, r in outcome.seats.items() if r.won] == [2]
    assert outcome.board == "players"


def test_removed_and_abandoned_seats_place_below_those_playing_earlier_departures_lower():
    outcome = game_outcome(
        log(
            *map(person, "abcd"),
            end=[
                removed(0),
                removed(3, "bot", "abandoned"),
                ended([0, 1, 3, 2], 1, [90, 50, 0, 0]),
            ],
        )
    )
    assert places(outcome) == {1: 1, 2: 2, 3: 3, 0: 4}


def test_server_bots_seated_at_the_start_are_not_departures():
    outcome = game_outcome(
        log(
            *map(bot, "ab"),
            end=[
                removed(0, "bot", "seated"),
                removed(1, "bot", "seated"),
                ended([1, 0], 1, [0, 50]),
            ],
        )
    )
    assert places(outcome) == {1: 1, 0: 2}
    assert outcome.board == "bots"


def test_teams_place_as_teams():
    outcome = game_outcome(
        log(*map(person, "abcd"), teams=True, end=[ended([1, 3, 0, 2], [1, 3], [10, 60, 10, 60])])
    )
    assert outcome.sides == [[1, 3], [0, 2]]
    assert places(outcome) == {0: 2, 1: 1, 2: 2, 3: 1}


@pytest.mark.parametrize(
    ("players", "setup", "end", "board"),
    [
        ("people", ["seed"], [ended([0, 1], 0, [50, 0])], None),
        ("people", ["deck"], [ended([0, 1], 0, [50, 0])], None),
        ("people", ["position"], [ended([0, 1], 0, [50, 0])], None),
        ("people", ["dealer"], [ended([0, 1], 0, [50, 0])], "players"),
        ("mixed", [], [ended([0, 1], 0, [50, 0])], None),
        ("people", [], [("game_aborted", {"reason": "stuck"})], None),
    ],
)
def test_what_is_not_rated(players, setup, end, board):
    seated = [person("a"), person("b")] if players == "people" else [person("a"), bot("b")]
    assert game_outcome(log(*seated, staff_setup=setup, end=end)).board == board


def test_figures_come_from_the_log():
    outcome = game_outcome(
        log(
            *map(person, "abc"),
            end=[
                ("round_started", {"round": 1, "dealer": 0, "seats_in_play": [0, 1, 2]}),
                ("uno_called", {"seat": 1}),
                ("uno_caught", {"seat": 0, "target": 2}),
                ("uno_penalty_applied", {"seat": 2}),
                ("timed_out", {"seat": 2, "token": "t", "count": 1}),
                (
                    "round_ended",
                    {"round": 1, "winner": 1, "points": {"1": 42}, "scores": [0, 42, 0]},
                ),
                ended([1, 0, 2], 1, [0, 42, 0]),
            ],
        )
    )
    a, b, c = (outcome.seats[s] for s in range(3))
    assert (b.rounds, b.rounds_won, b.points, b.uno_calls, b.score) == (1, 1, 42, 1, 42)
    assert (a.catches, c.times_caught, c.timeouts, a.rounds) == (1, 2, 1, 1)


def test_a_four_player_update_is_openskills_own():
    """Checked by hand against openskill 6.2.0: a new player is mu 25, sigma 25/3;
    ranks 1-4 give mu 27.795, 26.553, 24.689, 20.962 and sigma 8.264, 8.180, 8.084, 8.084."""
    before = [Skill(25.0, 25 / 3), Skill(30.0, 6.0), Skill(22.0, 7.5), new_skill()]
    after = rate_match([[s] for s in before], [1, 2, 3, 4])

    model = PlackettLuce()
    expected = model.rate(
        [[model.rating(mu=s.mu, sigma=s.sigma)] for s in before], ranks=[1, 2, 3, 4]
    )
    assert [side[0].mu for side in after] == [side[0].mu for side in expected]
    assert [side[0].sigma for side in after] == [side[0].sigma for side in expected]
    assert [side[0].rating for side in after] == [side[0].ordinal() for side in expected]

    fresh = rate_match([[new_skill()] for _ in range(4)], [1, 2, 3, 4])
    assert [round(side[0].mu, 3) for side in fresh] == [27.795, 26.553, 24.689, 20.962]
    assert [round(side[0].sigma, 3) for side in fresh] == [8.264, 8.180, 8.084, 8.084]
    assert new_skill().rating == pytest.approx(0.0)
