"""Random legal play for property tests and the seeded loop, with the invariants every
step must keep."""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Iterator

from games.engine import (
    CallUno,
    CatchUno,
    GameState,
    PlayCard,
    RuleViolation,
    StartGame,
    Status,
    Timeout,
    Viewer,
    legal_actions,
    redact_for,
    rule_set_from,
    step,
    view_for,
)
from games.engine.cards import build_deck, oriented
from games.engine.events import Event
from games.engine.snapshot import state_from_json, state_to_json
from games.engine.state import Timers

OUT_OF_TURN = (CallUno, CatchUno, PlayCard)
GROWING = ("wild-custom", "wild-downpour1", "wild-downpour2")


def deck_of(state: GameState) -> Counter:
    """The game's deck (UNO FLIP!: as its faces were paired for this game, light up)."""
    return Counter(state.deck or build_deck(state.rules.cards, state.rules.downpour))


def cards_in_play(state: GameState) -> Counter:
    """Every card in the state, counted light face up (each double-faced card once,
    whichever side is up)."""
    placed = Counter(oriented(state.draw_pile, False))
    placed.update(oriented(state.discard_pile, False))
    placed.update(oriented(state.out_of_play, False))
    for hand in state.hands:
        placed.update(oriented(hand, False))
    return placed


def check_side(state: GameState) -> None:
    """UNO FLIP!: every card lies with the side up face up, in hands and piles alike."""
    dark = state.side == "dark"
    everywhere = state.draw_pile + state.discard_pile + state.out_of_play
    assert all(c.dark_up is dark for c in everywhere + sum(state.hands, ())), "one side up"


def check_invariants(state: GameState, deck: Counter, new_events: tuple[Event, ...]) -> None:
    assert cards_in_play(state) == deck, "every card of the deck is in exactly one place"
    if state.deck:
        check_side(state)
    cached = json.loads(json.dumps(state_to_json(state)))
    assert state_from_json(cached) == state, "the JSON state cache gives back the state"
    if state.status != Status.ACTIVE:
        assert all(not legal_actions(state, s) for s in range(state.seat_count))
        return
    assert state.in_play(state.to_act)
    assert legal_actions(state, state.to_act), "the seat to act always has an action"
    top = state.top_card
    for seat in range(state.seat_count):
        if seat == state.to_act:
            continue
        for action in legal_actions(state, seat):
            assert isinstance(action, OUT_OF_TURN), f"seat {seat} offered {action} out of turn"
            if isinstance(action, PlayCard):
                assert action.card is top, "out of turn, only an identical card (jump-in)"
    for seat in range(state.seat_count):
        _check_seat_sees_only_its_own(state, seat, new_events)


def _check_seat_sees_only_its_own(state: GameState, seat: int, new_events) -> None:
    view = view_for(state, Viewer.of_seat(seat))
    assert view["you"]["hand"] == [c.code for c in state.hands[seat]]
    assert "draw_pile_cards" not in view
    assert all("hand" not in entry for entry in view["seats"])
    if state.deck:  # UNO FLIP!: of the others' hands, only the faces facing away
        for entry in view["seats"]:
            hand = state.hands[entry["seat"]]
            assert entry["backs"] == sorted(c.flipped.face for c in hand)
    for event in new_events:
        redacted = redact_for(event, Viewer.of_seat(seat))
        if redacted["private"] is not None:
            assert seat in event.audience


class RandomPlayer:
    """Picks among every seat's legal actions, out-of-turn ones included; prefers card
    plays on turn so rounds end in a reasonable number of steps."""

    def __init__(self, rng: random.Random):
        self.rng = rng

    def choose(self, state: GameState):
        rng = self.rng
        if rng.random() < 0.03:
            tokens = [w.token for w in state.uno_windows] + [state.turn_token]
            return Timeout(rng.choice(tokens))
        seat = state.to_act
        if rng.random() < 0.15:
            others = [s for s in range(state.seat_count) if s != seat and legal_actions(state, s)]
            if others:
                seat = rng.choice(others)
        options = legal_actions(state, seat)
        plays = [a for a in options if isinstance(a, PlayCard)]
        if plays and rng.random() < 0.9:
            # Cards that make every other seat draw can keep a big table going for ever
            # under random play: mostly pick something else when there is something.
            calmer = [a for a in plays if a.card.rank not in GROWING]
            return rng.choice(calmer if calmer and rng.random() < 0.9 else plays)
        return rng.choice(options)


def illegal_play(state: GameState, rng: random.Random) -> PlayCard | None:
    """A card play some seat holds but is not offered, if there is one."""
    seat = rng.randrange(state.seat_count)
    offered = {
        (a.card, a.color, a.target) for a in legal_actions(state, seat) if isinstance(a, PlayCard)
    }
    for card in state.hands[seat]:
        color = rng.choice(("red", "blue")) if card.is_wild else None
        from games.engine import Color

        command = PlayCard(seat, card, Color(color) if color else None)
        if (card, command.color, None) not in offered and not any(
            o[0] is card and o[1] == command.color for o in offered
        ):
            return command
    return None


def play_game(
    preset: str,
    seats: int,
    seed: int,
    *,
    options: dict | None = None,
    until: str = "match",
    max_steps: int = 20_000,
    check: bool = True,
) -> tuple[GameState, list[Event]]:
    """Play random legal actions from the start to the end of the first round or the match."""
    rng = random.Random(seed)
    outcome = _start_random_game(preset, seats, options, rng)
    state, events = outcome.state, list(outcome.events)
    deck = deck_of(state)
    player = RandomPlayer(rng)
    for _ in range(max_steps):
        if state.status != Status.ACTIVE:
            break
        if check and rng.random() < 0.05:
            bad = illegal_play(state, rng)
            if bad is not None:
                try:
                    step(state, bad, rng)
                except RuleViolation:
                    pass
                else:
                    raise AssertionError(f"an unlisted play was accepted: {bad}")
        outcome = step(state, player.choose(state), rng)
        state = outcome.state
        events += outcome.events
        if check:
            check_invariants(state, deck, outcome.events)
        if until == "round" and any(e.TYPE == "round_ended" for e in outcome.events):
            break
    else:
        raise AssertionError("the game did not end")
    return state, events


def states_along_a_game(
    preset: str, seats: int, seed: int, *, options: dict | None = None, max_steps: int = 2_000
) -> Iterator[GameState]:
    """Every active state a random legal game passes through, from the deal to its end."""
    rng = random.Random(seed)
    state = _start_random_game(preset, seats, options, rng).state
    player = RandomPlayer(rng)
    for _ in range(max_steps):
        if state.status != Status.ACTIVE:
            return
        yield state
        state = step(state, player.choose(state), rng).state


def _start_random_game(preset: str, seats: int, options: dict | None, rng: random.Random):
    rules = rule_set_from(preset, options or {})
    return step(
        GameState(),
        StartGame(
            seats,
            rules,
            timeout_action=rng.choice(("draw_and_pass", "auto_play")),
            abandon_after=20,
            timers=Timers(
                turn_seconds=rng.choice((None, 30)),
                response_seconds=rng.choice((None, 15)),
                uno_window_seconds=rng.choice((None, 5)),
                uno_grace_ms=500,
            ),
        ),
        rng,
    )


def start_command(
    seats: int,
    rules,
    *,
    timeout_action: str = "draw_and_pass",
    abandon_after: int = 3,
    on_abandon: str = "bot",
    timed: bool = True,
) -> StartGame:
    """A game start with every kind of deadline timed (or none), as the shell sends it."""
    timers = (
        Timers(turn_seconds=30, response_seconds=15, uno_window_seconds=5, uno_grace_ms=500)
        if timed
        else Timers()
    )
    return StartGame(
        seats,
        rules,
        timeout_action=timeout_action,
        abandon_after=abandon_after,
        on_abandon=on_abandon,
        timers=timers,
    )


def json_round_trip(events: list[Event]) -> list[Event]:
    from games.engine import event_from_parts, event_to_parts

    parts = [json.loads(json.dumps(event_to_parts(e))) for e in events]
    return [event_from_parts(*p) for p in parts]
