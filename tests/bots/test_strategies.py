"""Bot strategies in the pure engine: they decide from their seat's view alone, send
only legal commands, and greedy plays the way it says it does."""

from __future__ import annotations

import random

import pytest

from games.engine import (
    CallUno,
    CatchUno,
    PlayCard,
    StartGame,
    Status,
    card,
    legal_actions,
    rule_set_from,
    step,
)
from games.engine.state import GameState, Timers
from games.engine.strategies import GREEDY, RANDOM, STRATEGIES, bot_decision, greedy_choice
from tests.engine.builders import position_game

PRESETS = ("classic", "modern-swap", "modern-shuffle", "house", "ozby", "flip")


def bot_game(preset: str, seats: int, seed: int) -> GameState:
    rules = rule_set_from(preset, {"target_score": 50})
    start = StartGame(seats, rules, timers=Timers(bot_delay_ms=0), bot_seats=tuple(range(seats)))
    return step(GameState(), start, random.Random(seed)).state


def with_hidden_cards_exchanged(state: GameState, seat: int) -> GameState:
    """The same table as `seat` sees it, other hands made of other cards: each other
    hand swapped, card for card, with the top of the draw pile."""
    other = state.copy()
    pile = list(other.draw_pile)
    hands = list(other.hands)
    for holder, hand in enumerate(hands):
        if holder == seat or len(pile) < len(hand):
            continue
        taken, pile = pile[: len(hand)], pile[len(hand) :]
        pile += list(hand)
        hands[holder] = tuple(taken)
    other.hands, other.draw_pile = tuple(hands), tuple(pile)
    return other


def states_of_a_bot_game(preset: str, seats: int, seed: int, limit: int = 400):
    rng = random.Random(seed)
    state = bot_game(preset, seats, seed)
    for _ in range(limit):
        if state.status is not Status.ACTIVE:
            return
        yield state
        command = bot_decision(state, state.to_act, GREEDY, rng)
        state = step(state, command, rng).state


@pytest.mark.parametrize("strategy", sorted(STRATEGIES))
@pytest.mark.parametrize("preset", PRESETS)
def test_a_strategy_decides_the_same_when_only_hidden_cards_differ(strategy, preset):
    compared = 0
    for state in states_of_a_bot_game(preset, 3, seed=7):
        seat = state.to_act
        other = with_hidden_cards_exchanged(state, seat)
        if other.hands == state.hands:
            continue
        first = bot_decision(state, seat, strategy, random.Random(1))
        second = bot_decision(other, seat, strategy, random.Random(1))
        assert first == second
        compared += 1
    assert compared > 20


@pytest.mark.parametrize("strategy", sorted(STRATEGIES))
@pytest.mark.parametrize("preset", PRESETS)
def test_a_strategy_sends_only_commands_the_engine_accepts(strategy, preset):
    rng = random.Random(3)
    for seats in (2, 4):
        state = bot_game(preset, seats, seed=seats)
        for _ in range(50_000):
            if state.status is not Status.ACTIVE:
                break
            command = bot_decision(state, state.to_act, strategy, rng)
            state = step(state, command, rng).state  # a refusal raises RuleViolation
        assert state.status is Status.FINISHED


def test_greedy_says_uno_when_its_play_leaves_one_card():
    state = position_game(seats=2, hands={0: "R5 B9"}, top="R3", to_act=0).state
    command = bot_decision(state, 0, GREEDY, random.Random(0))
    assert command == PlayCard(0, card("red-5"), uno=True)


def test_greedy_keeps_a_wild_while_a_colored_card_plays():
    state = position_game(seats=2, hands={0: "W R1 B9 Y2"}, top="R3", to_act=0).state
    command = bot_decision(state, 0, GREEDY, random.Random(0))
    assert command.card == card("red-1")


def test_greedy_sheds_the_card_worth_most_points():
    state = position_game(seats=2, hands={0: "R1 Rskip R8 B9"}, top="R3", to_act=0).state
    command = bot_decision(state, 0, GREEDY, random.Random(0))
    assert command.card == card("red-skip")


def test_greedy_catches_an_uno_it_can_catch_before_it_plays():
    view = {
        "you": {"seat": 1, "hand": ["red-1", "blue-2"]},
        "seats": [
            {"seat": 0, "cards": 1, "state": "playing"},
            {"seat": 1, "cards": 2, "state": "bot"},
        ],
        "to_act": 1,
        "phase": "play",
    }
    actions = [PlayCard(1, card("red-1")), CatchUno(1, 0)]
    assert greedy_choice(view, actions, random.Random(0)) == CatchUno(1, 0)


def test_greedy_calls_its_own_uno_out_of_turn():
    view = {
        "you": {"seat": 1, "hand": ["red-1"]},
        "seats": [
            {"seat": 0, "cards": 5, "state": "playing"},
            {"seat": 1, "cards": 1, "state": "bot"},
        ],
        "to_act": 0,
        "phase": "play",
    }
    assert greedy_choice(view, [CallUno(1)], random.Random(0)) == CallUno(1)


def test_random_chooses_among_the_legal_commands_only():
    state = position_game(seats=2, hands={0: "R1 Rskip W B9 W+4"}, top="R3", to_act=0).state
    legal = legal_actions(state, 0)
    chosen = {bot_decision(state, 0, RANDOM, random.Random(seed)) for seed in range(200)}
    assert chosen <= set(legal)
    assert len(chosen) > 3


def _share_greedy_wins(opponent, matches: int = 60) -> float:
    """Greedy's share of `matches` seeded two-seat matches to 50, in seat 0 or 1 in
    turn; `opponent(state, seat, rng)` gives the other seat's commands."""
    won = 0
    for seed in range(matches):
        rng = random.Random(seed)
        state = bot_game("classic", 2, seed)
        greedy = seed % 2
        while state.status is Status.ACTIVE:
            seat = state.to_act
            if seat == greedy:
                command = bot_decision(state, seat, GREEDY, rng)
            else:
                command = opponent(state, seat, rng)
            state = step(state, command, rng).state
        won += state.winner == greedy
    return won / matches


def _random(state, seat: int, rng: random.Random):
    return bot_decision(state, seat, RANDOM, rng)


def _random_plays(state, seat: int, rng: random.Random):
    """A stronger yardstick than `random`: a card play whenever it has one (RLCard's
    random agent), its other commands only without."""
    actions = legal_actions(state, seat)
    return rng.choice([a for a in actions if type(a) is PlayCard] or actions)


def test_greedy_beats_random_more_often_than_not():
    assert _share_greedy_wins(_random) >= 0.6


def test_greedy_beats_a_random_player_that_always_plays_a_card_it_can():
    assert _share_greedy_wins(_random_plays) >= 0.6
