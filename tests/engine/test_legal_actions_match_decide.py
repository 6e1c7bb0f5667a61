"""`legal_actions` and `step` agree: in states reached by random legal play under every
preset, every seat command that could be sent is tried, and `step` accepts exactly the
ones `legal_actions` lists for that seat.

Two spellings count as listed: a listed play with `uno` added, and a play leaving out a
`target` that only one seat could be. `UNO_LEGAL_STATES` sets how many states each
variant contributes (more under `HYPOTHESIS_PROFILE=ci`).
"""

from __future__ import annotations

import os
import random
from collections.abc import Iterator
from dataclasses import replace

import pytest

from games.engine import (
    Accept,
    CallUno,
    CatchUno,
    Challenge,
    ChooseColor,
    ChooseTarget,
    DrawCard,
    GameState,
    KeepCard,
    Pass,
    PlayCard,
    RuleViolation,
    legal_actions,
    step,
)
from games.engine.cards import COLORS, DARK_COLORS, Color, build_deck, oriented
from games.engine.commands import ACTION_TYPES

from .builders import c, position_game
from .play import states_along_a_game
from .test_properties import VARIANTS, _valid

_DEFAULT_STATES = "8" if os.environ.get("HYPOTHESIS_PROFILE") == "ci" else "3"
STATES_PER_VARIANT = int(os.environ.get("UNO_LEGAL_STATES", _DEFAULT_STATES))
SEAT_COUNTS = (2, 3, 4, 5)
#: Options every preset leaves at their default that change who may do what.
MORE_VARIANTS = [
    ("classic", {"false_catch_penalty": 2}),
    ("classic", {"draw_returns_to_player": True, "stacking": "draw2"}),
    ("classic", {"skip_plays_again": True, "wd4_legal_when": "no_other_playable"}),
    ("classic", {"force_play": True, "seven_o": True, "cards": "modern-swap"}),
    ("house", {"wd4_enforcement": "strict", "stacking": "up", "jump_in_self": False}),
]
ALL_VARIANTS = VARIANTS + MORE_VARIANTS


def test_the_candidates_cover_every_seat_command_type():
    state = position_game().state
    assert {type(command) for command in every_command(state, 0)} == set(ACTION_TYPES.values())


def every_command(state: GameState, seat: int) -> Iterator:
    """Every seat command `seat` could send: each card code of the deck in use with each
    color (or none), each target seat (or none, or one off the table), UNO on and off.
    UNO FLIP!: each card of the game's deck lying as the side up, the side's colors and
    one of the other side's."""
    seats = range(-1, state.seat_count + 1)
    deck = build_deck(state.rules.cards, state.rules.downpour)
    colors = COLORS
    if state.deck:
        dark = state.side == "dark"
        deck = oriented(state.deck, dark)
        colors = (DARK_COLORS + (Color.RED,)) if dark else (COLORS + (Color.PINK,))
    for card in dict.fromkeys(deck):
        for color in (None, *colors):
            for target in (None, *seats):
                yield PlayCard(seat, card, color, target)
                yield PlayCard(seat, card, color, target, uno=True)
    yield from (DrawCard(seat), Pass(seat), KeepCard(seat), CallUno(seat))
    yield from (Challenge(seat), Accept(seat))
    yield from (ChooseColor(seat, color) for color in colors)
    yield from (ChooseTarget(seat, target) for target in seats)
    yield from (CatchUno(seat, target) for target in seats)


def counts_as_listed(state: GameState, command, listed: set, only: int | None) -> bool:
    """`only`: the one other seat in play, when there is one (a target left out names it)."""
    if _known_unlisted(state, command, listed):
        return True
    if not isinstance(command, PlayCard):
        return command in listed
    plain = replace(command, uno=False) if command.uno else command
    if plain in listed:
        return True
    return command.target is None and only is not None and replace(plain, target=only) in listed


def _known_unlisted(state: GameState, command, listed: set) -> bool:
    """Commands `step` accepts by design that `legal_actions` does not list, and why.

    - `draw` and `accept` are two names for taking a pending draw: the list offers the
      one the phase names (`draw` in `play`, `accept` in `respond_draw4`), and the
      other one is accepted as the same answer.
    - A false catch (no UNO window on the target) is a command the rules allow when
      `false_catch_penalty` is set: it costs the catcher cards, so it is never offered.
    """
    seat = command.seat
    if isinstance(command, DrawCard | Accept) and state.pending is not None:
        return (DrawCard(seat) in listed) or (Accept(seat) in listed)
    if isinstance(command, CatchUno) and _false_catches_allowed(state):
        return _is_false_catch(state, command)
    return False


def _false_catches_allowed(state: GameState) -> bool:
    return state.rules.uno_penalty == "catch" and state.rules.false_catch_penalty > 0


def _is_false_catch(state: GameState, command: CatchUno) -> bool:
    caught = {window.seat for window in state.uno_windows}
    on_the_table = 0 <= command.target < state.seat_count
    return on_the_table and command.target != command.seat and command.target not in caught


def _only_other_seat(state: GameState, seat: int) -> int | None:
    others = [s for s in range(state.seat_count) if s != seat and state.in_play(s)]
    return others[0] if len(others) == 1 else None


def accepted(state: GameState, command, rng: random.Random) -> bool:
    try:
        step(state, command, rng)
    except RuleViolation:
        return False
    return True


def disagreements(state: GameState) -> list[str]:
    found = []
    rng = random.Random(0)  # one for all: what is drawn never decides a refusal
    for seat in range(state.seat_count):
        listed = set(legal_actions(state, seat))
        only = _only_other_seat(state, seat)
        tried = 0
        for command in every_command(state, seat):
            tried += command in listed
            was_accepted = accepted(state, command, rng)
            if was_accepted != counts_as_listed(state, command, listed, only):
                verdict = "accepts" if was_accepted else "refuses"
                found.append(f"step {verdict} {command}; listed: {sorted(map(repr, listed))}")
        assert tried == len(listed), f"seat {seat} is offered a command no candidate spells"
    return found


def sampled_states(preset: str, options: dict, seats: int, seed: int) -> list[GameState]:
    states = list(states_along_a_game(preset, seats, seed, options=options))
    rng = random.Random(seed)
    return rng.sample(states, min(STATES_PER_VARIANT, len(states)))


@pytest.mark.parametrize(
    ("index", "preset", "options"),
    [(i, p, o) for i, (p, o) in enumerate(ALL_VARIANTS)],
    ids=[f"{p}-{'-'.join(sorted(o))}" for p, o in ALL_VARIANTS],
)
def test_step_accepts_exactly_the_listed_commands(index, preset, options):
    found = []
    for game in range(2):
        seats = SEAT_COUNTS[(index + game) % len(SEAT_COUNTS)]
        if not _valid(options, seats):
            seats = 4
        for state in sampled_states(preset, options, seats, seed=20261130 + 97 * index + game):
            found += disagreements(state)
    assert not found, "\n".join(found[:20])


def test_a_stacked_wild_draw4_that_strict_enforcement_refuses_is_not_offered():
    table = position_game(
        seats=2,
        preset="house",
        options={"stacking": "up", "wd4_enforcement": "strict"},
        hands={0: "R+2 B1 B2", 1: "W+4 R3 G1"},
        to_act=0,
    )
    table.act(PlayCard(0, c("R+2")))
    stacked = PlayCard(1, c("W+4"), COLORS[0])
    assert table.rejects(stacked) == "card_not_playable"
    assert not [a for a in legal_actions(table.state, 1) if isinstance(a, PlayCard)]
    assert legal_actions(table.state, 1) == [DrawCard(1)]
