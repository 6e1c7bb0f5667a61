"""A refused command leaves the state exactly as it was.

The write path steps the state it owns in place (`step_in_place`), and after a refusal
it keeps that state: so every handler decides all its refusals before its first event.
In states reached by random legal play under every preset, every command a seat, the
server or staff could send is tried in place, and each one refused must leave the state
equal to a copy taken before it.
"""

from __future__ import annotations

import random

import pytest

from games.engine import (
    GameState,
    Position,
    RemoveSeat,
    RuleViolation,
    StartGame,
    Timeout,
    rule_set_from,
)
from games.engine.decide import step_in_place

from .builders import c, cs
from .test_legal_actions_match_decide import (
    ALL_VARIANTS,
    SEAT_COUNTS,
    every_command,
    sampled_states,
)
from .test_properties import _valid


def other_commands(state: GameState):
    """The server's and staff's commands, the refused ones among them included."""
    seats = range(-1, state.seat_count + 1)
    yield from (Timeout(token) for token in ("turn-0", state.turn_token, "uno-0", "uno-999"))
    yield from (RemoveSeat(target) for target in seats)
    yield StartGame(state.seat_count, state.rules)


def refusals_that_changed_the_state(state: GameState) -> list[str]:
    changed = []
    candidates = [c for seat in range(state.seat_count) for c in every_command(state, seat)]
    rng = random.Random(0)  # one for all: what is drawn never decides a refusal
    for command in candidates + list(other_commands(state)):
        mine = state.copy()
        try:
            step_in_place(mine, command, rng)
        except RuleViolation as refused:
            if mine != state:
                changed.append(f"{command} refused ({refused.code.value}) changed the state")
    return changed


@pytest.mark.parametrize(
    ("index", "preset", "options"),
    [(i, p, o) for i, (p, o) in enumerate(ALL_VARIANTS)],
    ids=[f"{p}-{'-'.join(sorted(o))}" for p, o in ALL_VARIANTS],
)
def test_a_refused_command_leaves_the_state_as_it_was(index, preset, options):
    seats = SEAT_COUNTS[index % len(SEAT_COUNTS)]
    if not _valid(options, seats):
        seats = 4
    found = []
    for state in sampled_states(preset, options, seats, seed=20261201 + 89 * index):
        found += refusals_that_changed_the_state(state)
    assert not found, "\n".join(found[:20])


def _position(**changes) -> Position:
    fields = {
        "hands": {0: cs("R1 R2"), 1: cs("B1 B2")},
        "discard": cs("G5"),
        "draw": (),
        "color": None,
        "direction": 1,
        "to_act": 0,
        "dealer": 0,
    }
    return Position(**{**fields, **changes})


REFUSED_STARTS = {
    "a bot seat off the table": StartGame(2, rule_set_from("classic"), bot_seats=(0, 2)),
    "a dealer off the table": StartGame(2, rule_set_from("classic"), dealer=5),
    "a deck top the deck has not": StartGame(2, rule_set_from("classic"), deck=cs("WSwap")),
    "more of a card than the deck has": StartGame(
        2, rule_set_from("classic"), deck=(c("red-0"), c("red-0"))
    ),
    "a position with an empty hand in play": StartGame(
        2, rule_set_from("classic"), position=_position(hands={0: cs("R1")})
    ),
    "a position holding too many of a card": StartGame(
        2, rule_set_from("classic"), position=_position(discard=cs("R0 R0"))
    ),
}


@pytest.mark.parametrize("command", REFUSED_STARTS.values(), ids=REFUSED_STARTS.keys())
def test_a_refused_start_leaves_the_new_game_as_it_was(command):
    state = GameState()
    with pytest.raises(RuleViolation) as refused:
        step_in_place(state, command, random.Random(0))
    assert refused.value.code.value == "invalid_setup"
    assert state == GameState()
