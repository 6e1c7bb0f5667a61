"""The `expert` bot: determinized Monte Carlo search over what its seat has seen.

At each decision with more than one sensible command it builds its seat's `Belief`
(belief.py: its view and the events it was shown, nothing else), then repeatedly deals a
world consistent with it and plays every candidate command out in that world with the
engine itself (`step_in_place` on a copy) and a fast greedy-like policy for every seat,
for `PLAYOUT_DEPTH` commands or to the end of the round if sooner. A playout is worth 1
when its side (a partner's win counts under teams) won the round, a little less than 0
when another seat did, and a chance guessed from hand sizes when the round is still open
(`_estimate`). Every candidate is played out in the same worlds with the same random
stream, so candidates are compared by their paired differences: the playout policy's
own choice stands unless another candidate beats it by more than `_MARGIN` standard
errors (facing a Wild Draw Four, the choice that stands is the one the dealt worlds'
share of bluffs favours, not the policy's guess from a hand size).

The budget comes in as an argument (`Budget`): a number of worlds, or seconds read from
a clock the caller passes (the engine reads no clock of its own, and stops at
`Budget.max_worlds` worlds however much time is left), or both, whichever runs out
first. Randomness comes from the random source it is given.
"""

from __future__ import annotations

import dataclasses
import math
from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass

from . import events as ev
from .belief import Belief, Inconsistent
from .cards import COLORS, DARK_COLORS, DRAW_COUNTS, SKIP_EVERYONE, Card
from .commands import (
    Accept,
    CallUno,
    CatchUno,
    Challenge,
    ChooseColor,
    ChooseTarget,
    DrawCard,
    KeepCard,
    Pass,
    PlayCard,
)
from .decide import step_in_place
from .errors import RuleViolation
from .legal import legal_actions
from .shuffle import Rng
from .state import DARK, GameState, Phase, SeatStatus, Status, Timers

#: How many commands a playout runs before it is scored by hand sizes (`_estimate`).
#: Shorter playouts cost about half as much and are less noisy than playing the round
#: out: at the same CPU budget they measured stronger (bench/bots.py --expert).
PLAYOUT_DEPTH = 16


@dataclass(frozen=True, slots=True)
class Budget:
    """How long one decision may search: `worlds` sampled worlds (each plays out every
    candidate still in the running once), and/or `seconds` measured by `clock` (a
    callable returning seconds, given by the caller). At least `min_worlds` worlds are
    searched whatever the clock, and no more than `max_worlds` when only seconds are
    given. More worlds kept measuring stronger up to what 200 ms of CPU allows (two
    seats against greedy, 1,000 rounds each: 58.3% at 16 worlds, 60.9% at 64, 62.2% at
    128), so the cap only ends a search on a machine fast enough to deal more."""

    worlds: int | None = None
    seconds: float | None = None
    clock: Callable[[], float] | None = None
    min_worlds: int = 2
    max_worlds: int = 1024

    def __post_init__(self):
        if self.worlds is None and (self.seconds is None or self.clock is None):
            raise ValueError("a budget needs a number of worlds or seconds and a clock")


#: The budget when a caller gives none: deterministic, and quick.
DEFAULT_BUDGET = Budget(worlds=24)


def expert_choice(
    view: dict,
    actions: list,
    rng: Rng,
    *,
    seen: Iterable[Mapping] = (),
    budget: Budget | None = None,
):
    """The expert's command, or None (out of turn, when nothing is worth sending). Its
    sources are `view`, the seat's `actions` and `seen` (the seat's redacted events);
    raises `Inconsistent` when those do not fold into a round."""
    me = view["you"]["seat"]
    for kind in (CatchUno, CallUno):
        found = next((a for a in actions if type(a) is kind), None)
        if found is not None:
            return found
    candidates = _candidates(view, actions, me)
    if len(candidates) <= 1:
        return candidates[0] if candidates else None
    belief = Belief.of(view, seen)
    search_rng = Stream(rng.getrandbits(64))
    return _search(belief, view, candidates, search_rng, budget or DEFAULT_BUDGET)


def _candidates(view: dict, actions: list, me: int) -> list:
    """The commands worth comparing: each play once per sensible variant (a wild calls
    one of the two colors its hand holds most; UNO said whenever it leaves one card),
    every other command of the turn; out of turn, each jump-in and sending nothing."""
    hand_size = len(view["you"]["hand"])
    if view["to_act"] != me:
        plays = [a for a in actions if type(a) is PlayCard]
        return [*_with_uno(plays, hand_size), None] if plays else []
    colors = _colors_by_count(view)
    can_play = any(type(a) is PlayCard for a in actions)
    kept: list = []
    for action in actions:
        if can_play and type(action) is DrawCard:
            continue  # drawing instead of playing: never better enough to search

        if type(action) is PlayCard and action.color not in (None, *colors[:2]):
            continue
        kept.append(action)
    return _with_uno(kept, hand_size)


def _with_uno(actions: list, hand_size: int) -> list:
    if hand_size != 2:
        return list(dict.fromkeys(actions))
    said = [
        PlayCard(a.seat, a.card, a.color, a.target, True) if type(a) is PlayCard else a
        for a in actions
    ]
    return list(dict.fromkeys(said))


def _colors_by_count(view: dict) -> list:
    dark = view.get("side") == "dark"
    colors = DARK_COLORS if dark else COLORS
    counts: Counter = Counter()
    for code in view["you"]["hand"]:
        for face in _faces_up(code, dark):
            counts[face] += 1
    return sorted(colors, key=lambda color: (-counts[color.value], colors.index(color)))


def _faces_up(code: str, dark: bool) -> list[str]:
    face = code.split("/")[1 if dark else 0] if "/" in code else code
    return [face.split("-")[0]] if "-" in face and not face.startswith("wild") else []


def _search(belief: Belief, view: dict, candidates: list, rng: Stream, budget: Budget):
    """Every candidate played out in the same worlds, each world's playouts sharing one
    random stream (common random numbers: what differs between them is the candidate).
    The policy's own choice (`default_policy` on what the seat knows) stands unless
    another candidate did better by more than the noise of the comparison."""
    me = belief.seat
    teams = belief.state.rules.teams
    baseline = _baseline(belief, view, candidates)
    values: list[list[float]] = [[] for _ in candidates]
    clock = budget.clock if budget.seconds is not None else None
    started = clock() if clock is not None else 0.0
    worlds = bluffs = 0
    running = list(range(len(candidates)))
    kept = {
        baseline,
        *(candidates.index(a) for a in (Challenge(me), Accept(me)) if a in candidates),
    }
    while True:
        world = _quiet(belief.sample(rng, view))
        bluffs += world.draw4 is not None and world.draw4.bluff
        seed = rng.getrandbits(32)
        for index in running:
            values[index].append(_play_out(world, candidates[index], me, teams, Stream(seed)))
        worlds += 1
        if worlds >= RACE_FROM and worlds % RACE_EVERY == 0 and len(running) > 2:
            running = _still_running(values, running, kept)
        if worlds >= (budget.max_worlds if budget.worlds is None else budget.worlds):
            break
        if (
            clock is not None
            and budget.seconds is not None
            and worlds >= budget.min_worlds
            and clock() - started >= budget.seconds
        ):
            break
    for index in range(len(candidates)):
        if index not in running:
            values[index] = []
    if Challenge(me) in candidates and Accept(me) in candidates:
        # A wrong challenge draws 6 cards, accepting 4: it pays when a bluff is likelier
        # than 1 in 3 in the worlds dealt (greedy's guess knows only the hand size). The
        # other answer is not taken on the playouts' word: a few worlds' draws are noise
        # beside what the deals say of the hand (a stacked card may still be chosen).
        challenge = bluffs * 3 > worlds
        baseline = candidates.index(Challenge(me) if challenge else Accept(me))
        values[candidates.index(Accept(me) if challenge else Challenge(me))] = []
    return candidates[_chosen(values, baseline)]


#: Racing: from `RACE_FROM` worlds on, every `RACE_EVERY` worlds, a candidate the leader
#: beats by more than `RACE_SE` standard errors is no longer played out, and the worlds
#: left go to the close ones (about an eighth of a decision's playouts at 128 worlds).
RACE_FROM, RACE_EVERY, RACE_SE = 32, 16, 3.0


def _still_running(values: list[list[float]], running: list[int], kept: set) -> list[int]:
    """The candidates still worth playing out: a candidate that the leader (the best mean
    so far) beats by more than `RACE_SE` standard errors of their paired difference is
    dropped, so the worlds left go to the close ones (the baseline is always kept)."""
    leader = max(running, key=lambda i: sum(values[i]))
    return [
        index
        for index in running
        if index == leader or index in kept or not _beats(values[leader], values[index], RACE_SE)
    ]


def _beats(these: list[float], those: list[float], margin: float) -> bool:
    """Do `these` values beat `those` (paired, world by world) by more than `margin`
    standard errors of their difference?"""
    diffs = [a - b for a, b in zip(these, those, strict=True)]
    n = len(diffs)
    if n < 2:
        return False
    mean = sum(diffs) / n
    variance = sum((d - mean) ** 2 for d in diffs) / (n - 1)
    return mean > 0 and mean * mean * n > margin * margin * variance


def _chosen(values: list[list[float]], baseline: int) -> int:
    """The best candidate by mean value, if its paired advantage over the baseline is
    more than `_MARGIN` standard errors; else the baseline. A candidate without values
    is out of the running."""
    best = max(
        (i for i in range(len(values)) if values[i]),
        key=lambda i: (sum(values[i]) / len(values[i]), i == baseline),
    )
    if best != baseline and _beats(values[best], values[baseline], _MARGIN):
        return best
    return baseline


#: How many standard errors a candidate must beat the policy's own choice by.
_MARGIN = 1.0


def _baseline(belief: Belief, view: dict, candidates: list) -> int:
    """The index of the candidate the playout policy would choose (0 if none is)."""
    if view["to_act"] != belief.seat:
        return candidates.index(None) if None in candidates else 0
    choice = default_policy(belief.state, belief.seat)
    for index, candidate in enumerate(candidates):
        if candidate == choice:
            return index
    if type(choice) is PlayCard:
        for index, candidate in enumerate(candidates):
            if type(candidate) is PlayCard and candidate.card is choice.card:
                return index
    return 0


def _quiet(world: GameState) -> GameState:
    """The world without timers: playouts need no deadlines (bots' included); and with
    a target score of 0, so a round that ends in a playout ends the match there instead
    of dealing (and shuffling) the next round for nothing."""
    world.timers = _NO_TIMERS
    world.rules = dataclasses.replace(world.rules, target_score=0)
    if SeatStatus.BOT in world.seat_states:
        world.seat_states = tuple(
            SeatStatus.PLAYING if status is SeatStatus.BOT else status
            for status in world.seat_states
        )
    return world


_NO_TIMERS = Timers(None, None, None, 0, 0)


def _play_out(world: GameState, candidate, me: int, teams: bool, rng: Stream) -> float:
    """The candidate's value in this world: 1 when the round is won by `me`'s side, else
    a little less than 0 the more cards `me` is left holding."""
    state = world.copy()
    try:
        if candidate is not None:
            ended = _round_end(step_in_place(state, candidate, rng))
            if ended is not None:
                return _value(ended, me, teams)
        for _ in range(PLAYOUT_DEPTH):
            if state.status is not Status.ACTIVE:
                return 0.0
            command = default_policy(state, state.to_act)
            if command is None:
                return 0.0
            ended = _round_end(step_in_place(state, command, rng))
            if ended is not None:
                return _value(ended, me, teams)
    except RuleViolation:  # a world the candidate does not fit: it scores nothing there
        return 0.0
    return _estimate(state, me, teams)


def _estimate(state: GameState, me: int, teams: bool) -> float:
    """A round still open after `PLAYOUT_DEPTH` commands: its side's chance guessed
    from hand sizes (its fewest cards against the others' fewest)."""
    mine = theirs = 99
    for seat in state.seats_in_play():
        size = len(state.hands[seat])
        if seat == me or (teams and seat % 2 == me % 2):
            mine = min(mine, size)
        else:
            theirs = min(theirs, size)
    return 1.0 / (1.0 + math.exp(-_SLOPE * (theirs - mine)))


_SLOPE = 0.4


def _round_end(events: Iterable[ev.Event]) -> ev.RoundEnded | None:
    for event in events:
        if type(event) is ev.RoundEnded:
            return event
    return None


def _value(ended: ev.RoundEnded, me: int, teams: bool) -> float:
    winner = ended.winner
    if winner is not None and (winner == me or (teams and winner % 2 == me % 2)):
        return 1.0
    left = ended.hands.get(me, ())
    return -min(len(left), 20) / 200


class Stream:
    """A small seeded random stream (SplitMix64) for the search's own sampling and
    playouts: the engine imports no `random`, and one seed replayed gives every
    candidate the same draws (reshuffles) in one world."""

    __slots__ = ("_state",)

    def __init__(self, seed: int):
        self._state = seed & _MASK

    def _next(self) -> int:
        self._state = state = (self._state + 0x9E3779B97F4A7C15) & _MASK
        z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def getrandbits(self, k: int) -> int:
        bits, have = 0, 0
        while have < k:
            bits = (bits << 64) | self._next()
            have += 64
        return bits >> (have - k)

    def randrange(self, stop: int) -> int:
        if stop <= 0:
            raise ValueError("empty range for randrange()")
        width = stop.bit_length()
        while True:
            value = self._next() >> (64 - width) if width <= 64 else self.getrandbits(width)
            if value < stop:
                return value

    def shuffle(self, x: list) -> None:
        # Fisher-Yates with SplitMix64 inlined and each index drawn by multiply-shift
        # (its bias, below n / 2**64, is nothing beside the search's own noise).
        state = self._state
        for i in range(len(x) - 1, 0, -1):
            state = (state + 0x9E3779B97F4A7C15) & _MASK
            z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
            j = ((z ^ (z >> 31)) * (i + 1)) >> 64
            x[i], x[j] = x[j], x[i]
        self._state = state


_MASK = (1 << 64) - 1


#: Ranks that set the next seat back: played first when someone is close to going out.
_HURTING = frozenset(("skip", "reverse", *DRAW_COUNTS, SKIP_EVERYONE))


def default_policy(state: GameState, seat: int):
    """The playout policy (it reads the whole sampled world, like every seat in it): say
    UNO with the play that leaves one card, play the card worth the most (wilds last;
    action cards first when the next seat is close to out), call the color held most,
    swap with the smallest hand, take a penalty or draw otherwise."""
    phase = state.phase
    hand = state.hands[seat]
    if phase is Phase.CHOOSE_COLOR:
        return ChooseColor(seat, _best_color(state, hand))
    if phase is Phase.CHOOSE_TARGET:
        return ChooseTarget(seat, _smallest_other(state, seat))
    actions = legal_actions(state, seat)
    if not actions:
        return None
    plays = [a for a in actions if type(a) is PlayCard]
    if plays:
        urgent = any(len(h) <= 2 for s, h in enumerate(state.hands) if s != seat and h)
        best = max(plays, key=lambda p: _play_rank(p.card, urgent))
        chosen = best.card
        color = _best_color(state, hand, chosen) if chosen.color is None else None
        target = _smallest_other(state, seat) if best.target is not None else None
        return PlayCard(seat, chosen, color, target, len(hand) == 2)
    if phase is Phase.RESPOND_DRAW4 and _challenges(state):
        return Challenge(seat)
    for kind in (Accept, DrawCard, KeepCard, Pass):
        found = next((a for a in actions if type(a) is kind), None)
        if found is not None:
            return found
    return actions[0]


def _challenges(state: GameState) -> bool:
    """Does the seat challenge the Wild Draw Four it faces? As `greedy` does: when a
    hand the size of its player's was likely enough to hold the color in play (a
    wrong challenge costs 6 cards, accepting 4). Players who never challenge make a
    bluffed W+4 look free, which it is not against them."""
    held = len(state.hands[state.draw4.seat]) if state.draw4 is not None else 0
    return held >= 3 and 0.75**held * 6 < 4


def _play_rank(played: Card, urgent: bool) -> int:
    if played.color is None:
        return 0
    number = played.number
    points = number if number is not None else 20
    if urgent and played.rank in _HURTING:
        points += 100
    return points + 1


def _best_color(state: GameState, hand: tuple[Card, ...], without: Card | None = None):
    counts: Counter = Counter(c.color for c in hand if c.color is not None and c is not without)
    colors = DARK_COLORS if state.side == DARK else COLORS
    return max(colors, key=lambda color: (counts[color], -colors.index(color)))


def _smallest_other(state: GameState, seat: int) -> int:
    others = [s for s in state.seats_in_play() if s != seat]
    return min(others, key=lambda s: (len(state.hands[s]), s))


__all__ = ["DEFAULT_BUDGET", "Budget", "Inconsistent", "default_policy", "expert_choice"]
