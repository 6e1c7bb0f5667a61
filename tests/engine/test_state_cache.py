"""The state cache: a state written as JSON reads back as the same state, field by field
(the property tests check every state random play reaches; these pin the shape)."""

from __future__ import annotations

import dataclasses
import json

from games.engine import Accept, Color, GameState, PlayCard, Status
from games.engine.snapshot import FORMAT, state_from_json, state_to_json

from .builders import c, position_game
from .play import play_game


def test_the_cache_writes_every_field_of_the_state():
    assert set(state_to_json(GameState())) == {f.name for f in dataclasses.fields(GameState)}


def test_a_finished_team_match_reads_back_equal_from_json_text():
    state, _ = play_game("classic", 4, seed=3, options={"teams": True, "target_score": 50})
    assert isinstance(state.winner, tuple)
    text = json.dumps(state_to_json(state))
    assert state_from_json(json.loads(text)) == state


def test_a_mid_round_house_game_reads_back_equal():
    state, _ = play_game("house", 3, seed=7, until="round")
    assert state_from_json(json.loads(json.dumps(state_to_json(state)))) == state


def test_the_format_is_a_version_number():
    assert isinstance(FORMAT, int) and FORMAT >= 1


def test_a_state_copy_has_every_field_of_the_original():
    from dataclasses import fields

    from games.engine.state import GameState

    original = GameState(**{f.name: object() for f in fields(GameState)})
    copied = original.copy()
    assert copied is not original
    assert all(getattr(copied, f.name) is getattr(original, f.name) for f in fields(GameState))


def test_rule_sets_read_back_from_the_cache_follow_their_options_not_an_earlier_read():
    state, _ = play_game("house", 3, seed=7, until="round")
    data = json.loads(json.dumps(state_to_json(state)))
    first = state_from_json(data)
    data["rules"]["options"]["target_score"] = 250
    data["rules"]["options"] = dict(reversed(list(data["rules"]["options"].items())))
    second = state_from_json(data)
    assert first.rules.target_score == state.rules.target_score != 250
    assert second.rules.target_score == 250
    assert dataclasses.replace(second.rules, target_score=first.rules.target_score) == first.rules


def test_a_match_won_on_a_wild_draw_four_keeps_no_pending_draw():
    """The pending draw is one value that the round's end clears whole: the end once
    reset its total and left its kind and the seat it returned to in the cached state."""
    table = position_game(
        hands={1: "W+4"},
        top="R7",
        draw="G1 G2 G3 G4",
        options={"target_score": 50},
        scores={1: 45},
    )
    table.act(PlayCard(1, c("W+4"), color=Color.BLUE))
    table.act(Accept(2))
    assert table.state.status is Status.FINISHED and table.state.winner == 1
    assert table.state.pending is None
    assert state_to_json(table.state)["pending"] is None
    assert state_from_json(json.loads(json.dumps(state_to_json(table.state)))) == table.state
