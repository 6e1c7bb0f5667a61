"""Benchmark: complete random-legal rounds through the full engine against RLCard's UNO
game loop, interleaved in one run. Prints games/s and actions/s for each and the ratio;
the last line is one JSON object.

Then the time to replay a 1,000-event game from its stored parts (the rows once fetched:
upcasting, decoding and evolve included), against the goal of 1.0 ms; and, for scale,
the same for a timed game (the service's default), whose turns each carry a deadline.

One round is one game, as RLCard plays it. Both sides use the same random policy: a
uniform choice among the card plays the acting seat has, and among its other legal
actions only when it has no play (RLCard offers `draw` only then). Ours runs the whole
engine per action: validation, events emitted and applied, legal actions listed.
"""

from __future__ import annotations

import json
import random
import statistics
import time

from django.core.management.base import BaseCommand

from games.engine import (
    GameState,
    PlayCard,
    StartGame,
    Status,
    event_to_parts,
    legal_actions,
    replay,
    rule_set_from,
    step,
    step_in_place,
)
from games.engine.codec import events_from_parts, schema_version_of
from games.engine.state import Timers
from games.randomness import SeededRandom


def play_engine_round(preset: str, seats: int, seed: int) -> int:
    """One round of random legal play; returns the number of actions taken. The state is
    the loop's own, so it is stepped in place, as the write path steps a loaded state."""
    rng = SeededRandom(seed)  # what a seeded game is given
    state = GameState()
    step_in_place(state, StartGame(seats, rule_set_from(preset)), rng)
    actions = 0
    while state.round == 1 and state.status is Status.ACTIVE:  # RLCard's `is_over`
        options = legal_actions(state, state.to_act)
        plays = [a for a in options if type(a) is PlayCard]
        step_in_place(state, rng.choice(plays or options), rng)
        actions += 1
    return actions


REPLAY_GOAL_MS = 1.0

#: The timed game's timers: a turn, a response and an UNO window each open a deadline.
TIMED = Timers(turn_seconds=30, response_seconds=15, uno_window_seconds=5)
UNTIMED = Timers()


def stored_parts_of_a_long_game(
    events: int = 1000, timers: Timers = UNTIMED
) -> list[tuple[str, int, dict, dict | None]]:
    """(type, schema_version, public, private) of the first `events` events of a seeded
    house game, as the store keeps them (private parts with their nonce)."""
    rng = SeededRandom(3)
    rules = rule_set_from("house", {"target_score": 5000})
    outcome = step(GameState(), StartGame(4, rules, timers=timers), rng)
    state, log = outcome.state, list(outcome.events)
    while len(log) < events:
        options = legal_actions(state, state.to_act)
        plays = [a for a in options if type(a) is PlayCard]
        outcome = step(state, rng.choice(plays or options), rng)
        state, log = outcome.state, log + list(outcome.events)
    rows = []
    for event in log[:events]:
        type_, public, private = event_to_parts(event)
        if private is not None:
            private = {**private, "nonce": "0" * 32}
        rows.append((type_, schema_version_of(type_), public, private))
    return rows


def replay_milliseconds(rows, repeats: int = 200) -> float:
    """The median time to replay `rows` into a state."""
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        replay(events_from_parts(rows))
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000


def play_rlcard_round(game, rng: random.Random) -> int:
    game.init_game()
    actions = 0
    while not game.is_over():
        game.step(rng.choice(game.get_legal_actions()))
        actions += 1
    return actions


class Command(BaseCommand):
    help = "Compare the engine's random-legal rounds per second with RLCard's UNO loop."

    def add_arguments(self, parser):
        parser.add_argument(
            "--seconds",
            type=float,
            default=10.0,
            help="time given to each of the three contestants (default 10)",
        )
        parser.add_argument(
            "--slice",
            type=float,
            default=0.5,
            help="seconds per turn of the interleaving (default 0.5)",
        )

    def handle(self, *args, **options):
        import numpy
        from rlcard.games.uno.game import UnoGame

        rlcard_game = UnoGame(allow_step_back=False, num_players=4)
        rlcard_game.np_random = numpy.random.RandomState(7)
        rlcard_rng = random.Random(7)
        seeds = {"classic": iter(range(10**9)), "house": iter(range(10**9))}
        runners = {
            "engine_classic": lambda: play_engine_round("classic", 4, next(seeds["classic"])),
            "engine_house": lambda: play_engine_round("house", 4, next(seeds["house"])),
            "rlcard": lambda: play_rlcard_round(rlcard_game, rlcard_rng),
        }
        totals = {name: [0, 0, 0.0] for name in runners}  # games, actions, seconds
        budget, turn = options["seconds"], options["slice"]
        while any(t[2] < budget for t in totals.values()):
            for name, run in runners.items():
                spent = totals[name]
                start = time.perf_counter()
                while time.perf_counter() - start < turn and spent[2] < budget:
                    spent[1] += run()
                    spent[0] += 1
                    spent[2] = spent[2] + 0  # keep the last round whole
                spent[2] += time.perf_counter() - start
        result = {}
        for name, (games, actions, seconds) in totals.items():
            result[name] = {
                "games": games,
                "actions": actions,
                "seconds": round(seconds, 3),
                "games_per_s": round(games / seconds, 1),
                "actions_per_s": round(actions / seconds, 1),
                "actions_per_game": round(actions / games, 1),
            }
            self.stdout.write(
                f"{name:15} {games / seconds:9.1f} games/s {actions / seconds:10.1f} actions/s "
                f"({actions / games:.1f} actions per game)"
            )
        base = result["rlcard"]["games_per_s"]
        for name in ("engine_classic", "engine_house"):
            ratio = result[name]["games_per_s"] / base
            result[name]["ratio_games_per_s_vs_rlcard"] = round(ratio, 3)
            self.stdout.write(f"{name} / rlcard games/s: {ratio:.2f}x")
        rows = stored_parts_of_a_long_game()
        replay_ms = replay_milliseconds(rows)
        result["replay_1000_events"] = {
            "milliseconds": round(replay_ms, 3),
            "goal_ms": REPLAY_GOAL_MS,
            "met": replay_ms <= REPLAY_GOAL_MS,
        }
        self.stdout.write(
            f"replay of a {len(rows)}-event game: {replay_ms:.2f} ms (goal {REPLAY_GOAL_MS} ms)"
        )
        timed_ms = replay_milliseconds(stored_parts_of_a_long_game(timers=TIMED))
        result["replay_1000_events_timed"] = {"milliseconds": round(timed_ms, 3)}
        self.stdout.write(f"replay of a {len(rows)}-event timed game: {timed_ms:.2f} ms")
        self.stdout.write(json.dumps(result, sort_keys=True))
