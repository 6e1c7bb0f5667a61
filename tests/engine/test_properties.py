"""Random legal games under every preset: the invariants hold after every step, the log
replays to the state, and a finished match accepts nothing."""

from __future__ import annotations

import os
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.engine import (
    PRESETS,
    DrawCard,
    PlayCard,
    RuleViolation,
    Status,
    card,
    legal_actions,
    replay,
    step,
)

from .play import json_round_trip, play_game

SEAT_COUNTS = (2, 3, 4, 7, 10)
VARIANTS = [(preset, {}) for preset in PRESETS] + [
    ("classic", {"teams": True}),
    ("classic", {"scoring": "elimination"}),
    ("classic", {"scoring": "lowest"}),
    ("classic", {"uno_penalty": "auto", "false_catch_penalty": 2}),
    ("classic", {"draw_to_match": True, "force_play": True, "wd4_enforcement": "strict"}),
    ("modern-swap", {"custom_wild_effect": "others_discard_wilds", "seven_o": True}),
    (
        "modern-shuffle",
        {
            "custom_wild_effect": "others_draw_two",
            "shuffle_hands_last_card": "redeal",
            "downpour": True,
        },
    ),
    ("house", {"stacking": "any", "jump_in_self": False, "seven_optional": True}),
    (
        "house",
        {
            "stacking": "up",
            "challenge_success_skips_challenger": True,
            "custom_wild_effect": "extra_turn",
            "cards": "modern-swap",
        },
    ),
    ("flip", {"stacking": "same", "draw_to_match": True, "scoring": "lowest"}),
    ("flip", {"force_play": True, "wd4_enforcement": "strict", "teams": True}),
]


def _valid(options: dict, seats: int) -> bool:
    if options.get("teams") and (seats % 2 or seats < 4):
        return False
    # With every other seat drawing on so many cards, a big table under random play can
    # cycle the whole deck through the hands for tens of thousands of moves.
    return not (options.get("downpour") and seats > 4)


@settings(deadline=None)
@given(
    variant=st.sampled_from(VARIANTS),
    seats=st.sampled_from(SEAT_COUNTS),
    seed=st.integers(0, 2**32 - 1),
)
def test_random_legal_rounds_keep_every_invariant_and_replay(variant, seats, seed):
    preset, options = variant
    if not _valid(options, seats):
        seats = 4
    state, events = play_game(preset, seats, seed, options=options, until="round")
    assert replay(events) == state
    assert replay(json_round_trip(events)) == state


@settings(deadline=None)
@given(
    variant=st.sampled_from(VARIANTS),
    seats=st.sampled_from((2, 3, 4)),
    seed=st.integers(0, 2**32 - 1),
)
def test_random_matches_end_and_then_accept_nothing(variant, seats, seed):
    preset, options = variant
    if not _valid(options, seats):
        seats = 4
    state, events = play_game(preset, seats, seed, options={**options, "target_score": 50})
    assert state.status == Status.FINISHED
    assert state.winner is not None
    assert replay(events) == state
    for seat in range(seats):
        assert legal_actions(state, seat) == []
        with pytest.raises(RuleViolation) as refused:
            step(state, DrawCard(seat))
        assert refused.value.code == "game_not_active"
    with pytest.raises(RuleViolation):
        step(state, PlayCard(0, card("wild"), None))


def test_seeded_loop_plays_thousands_of_rounds_across_presets():
    """`UNO_SEEDED_ROUNDS` rounds (4,000 in CI), round-robin over presets and seat counts."""
    rounds = int(os.environ.get("UNO_SEEDED_ROUNDS", "600"))
    combos = [(p, o, s) for p, o in VARIANTS for s in SEAT_COUNTS if _valid(o, s)]
    rng = random.Random(20261129)
    for index in range(rounds):
        preset, options, seats = combos[index % len(combos)]
        state, events = play_game(
            preset,
            seats,
            rng.getrandbits(32),
            options=options,
            until="round",
            check=index % 10 == 0,
        )
        if index % 50 == 0:
            assert replay(events) == state
