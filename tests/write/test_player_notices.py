"""The player's notices (games.live.notices.changes), derived from two reads of the head rows
of their games: however many writes fall between two reads, the notices say what
happened between them, and nothing that did not."""

from __future__ import annotations

from dataclasses import replace

from games.live.notices import Mark, changes, snapshot

ANN = {"id": "a", "name": "ann"}
BOB = {"id": "b", "name": "bob"}


def waiting(**fields) -> Mark:
    base = {
        "game": "g",
        "status": "waiting",
        "version": 2,
        "phase": "",
        "to_act": None,
        "round": 0,
        "deadline_at": None,
        "winner": None,
        "started": False,
        "next_game": None,
        "my_seat": 0,
        "seats": {0: ANN},
    }
    return Mark(**{**base, **fields})


def active(**fields) -> Mark:
    base = {"status": "active", "phase": "play", "to_act": 1, "round": 1, "started": True}
    return waiting(**{"seats": {0: ANN, 1: BOB}, **base, **fields})


def test_a_game_joined_started_and_turned_to_the_player_between_two_reads_gives_each_notice():
    before = {"g": waiting()}
    after = {"g": active(version=9, to_act=0, deadline_at="2026-12-01T00:00:30.000Z")}

    assert changes(before, after) == [
        ("seat_taken", {"game": "g", "seat": 1, "player": BOB}),
        ("game_started", {"game": "g", "version": 9}),
        (
            "your_turn",
            {"game": "g", "version": 9, "phase": "play", "deadline_at": "2026-12-01T00:00:30.000Z"},
        ),
    ]


def test_a_move_that_leaves_the_turn_elsewhere_gives_no_notice():
    assert changes({"g": active(version=5)}, {"g": active(version=6)}) == []


def test_the_same_turn_read_again_is_not_told_twice_but_a_new_phase_is():
    mine = active(to_act=0, version=5)

    assert changes({"g": mine}, {"g": replace(mine, version=6)}) == []
    drawn = replace(mine, version=7, phase="drawn_card")
    assert changes({"g": mine}, {"g": drawn}) == [("your_turn", drawn.turn)]


def test_a_game_the_player_left_while_waiting_gives_seat_left_for_their_seat():
    assert changes({"g": waiting()}, {}) == [("seat_left", {"game": "g", "seat": 0, "player": ANN})]


def test_an_ended_game_and_its_rematch_are_told_once():
    ended = active(status="finished", version=30, winner=0)
    linked = replace(ended, next_game="n")

    assert changes({"g": active()}, {"g": ended}) == [("game_ended", {"game": "g", "winner": 0})]
    assert changes({"g": ended}, {"g": linked}) == [("rematch", {"game": "g", "next_game": "n"})]
    assert changes({"g": linked}, {"g": linked}) == []


def test_a_waiting_game_aborted_by_its_host_ends_without_starting():
    aborted = waiting(status="aborted", version=4, seats={0: ANN})

    assert changes({"g": waiting()}, {"g": aborted}) == [
        ("game_ended", {"game": "g", "winner": None})
    ]


def test_the_snapshot_lists_the_players_turns_and_games_by_status():
    marks = {
        "w": waiting(game="w"),
        "x": active(game="x", to_act=0, version=7),
        "y": active(game="y"),
        "z": active(game="z", status="finished"),
    }

    assert snapshot(marks) == {
        "your_turn": [{"game": "x", "version": 7, "phase": "play", "deadline_at": None}],
        "waiting": ["w"],
        "active": ["x", "y"],
    }
