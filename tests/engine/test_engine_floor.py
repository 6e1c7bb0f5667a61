"""bench/engine_floor.py's models are yardsticks for the engine's speed: they must play the
game the engine plays under the benchmark's policy (rounds as long, every card kept) and
the recorded one must check a command before it changes anything."""

from __future__ import annotations

import statistics
from collections import Counter

import pytest

from games.management.commands.bench_engine import play_engine_round
from games.randomness import SeededRandom

from .conftest import bench_script

ROUNDS = 400


@pytest.fixture(scope="module")
def floor(repo_dir):
    with bench_script(repo_dir, "engine_floor.py") as module:
        yield module


@pytest.fixture(scope="module")
def engine_round_length() -> float:
    return statistics.mean(play_engine_round("classic", 4, seed) for seed in range(ROUNDS))


@pytest.mark.parametrize("model", ["play_direct_round", "play_recorded_round"])
def test_a_models_rounds_are_as_long_as_the_engines(floor, engine_round_length, model):
    """A model that plays other rules (a colored 4 taken for a Wild Draw Four made them
    half as long again) measures something else."""
    rng = SeededRandom(11)
    length = statistics.mean(getattr(floor, model)(rng) for _ in range(ROUNDS))
    assert abs(length - engine_round_length) < 0.06 * engine_round_length, (
        length,
        engine_round_length,
    )


def test_the_recorded_model_keeps_every_card_and_ends_with_an_empty_hand(floor):
    rng = SeededRandom(5)
    for _ in range(50):
        state = floor.new_recorded_round(rng)
        floor.finish_recorded_round(state, rng)
        held = [card for hand in state.hands for card in hand]
        assert Counter(map(id, held + [*state.draw_pile, *state.discard_pile])) == Counter(
            map(id, floor.DECK)
        )
        assert not state.hands[state.last_player]


def test_the_recorded_model_refuses_a_card_not_held_and_changes_nothing(floor):
    state = floor.new_recorded_round(SeededRandom(3))
    seat = state.to_act
    not_held = next(c for c in floor.DECK if all(c is not h for h in state.hands[seat]))
    before = (state.hands, state.discard_pile, state.to_act, state.phase)

    with pytest.raises(floor.Refused):
        floor.step(state, floor.command("play", seat, not_held, None), SeededRandom(1))

    assert (state.hands, state.discard_pile, state.to_act, state.phase) == before
