"""The floor under `manage.py bench_engine`'s goal: how fast plain Python plays the classic
preset's rounds, changing its state directly, and written the way the service's engine
must be (every change an event recorded by its type's recorder, commands listed as
objects and the one chosen validated).

    uv run python bench/engine_floor.py [--seconds 5] [--slice 0.5]

Four contestants take turns in one process, as in `bench_engine` (four seats, the same
random policy: a uniform choice among the card plays, and among the other moves only
when there is none), and it prints each one's games/s against RLCard's:

- `direct`: a model of the classic preset as our engine plays it (a Wild Draw Four may
  be bluffed and challenged, a seat left with one card that did not call UNO may be
  caught, a playable drawn card is offered, then played or kept), its state changed in
  place: the "naive engine" the issue's goal is measured against.
- `recorded`: the same model with what the engine's design adds: each change is an event
  (a slotted object) that a recorder picked by its type writes into the state, hands and
  piles are tuples, the legal moves are command objects and the command chosen is
  checked into a `Play` before anything is emitted, and each turn computes its deadline
  (none in this untimed game) and the jump-in window.
- `engine`: `bench_engine`'s classic round through the whole engine.
- `rlcard`: RLCard's `UnoGame` loop.

The models are yardsticks, not the service's rules: they leave out everything the
classic preset never reaches in these rounds (house rules, UNO FLIP!, timers, seat
changes, scoring), the provably fair shuffle and the errors' codes. They play the same
game as the engine: tests/engine/test_engine_floor.py holds both models' rounds to the
engine's length, and the recorded one to every card of the deck and to refusing before it
changes anything. docs/performance.md says what the figures mean.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

SEATS = 4
COLORS = ("red", "yellow", "green", "blue")
WILD, WILD_DRAW4, SKIP, REVERSE, DRAW2 = "wild", "wild-draw4", "skip", "reverse", "draw2"
_COLORED_RANKS = ("0", *[str(n) for n in range(1, 10)] * 2, *[SKIP, REVERSE, DRAW2] * 2)


class Card:
    __slots__ = ("color", "rank")

    def __init__(self, color: str | None, rank: str):
        self.color, self.rank = color, rank


DECK = (
    *(Card(color, rank) for color in COLORS for rank in _COLORED_RANKS),
    *(Card(None, WILD) for _ in range(4)),
    *(Card(None, WILD_DRAW4) for _ in range(4)),
)


def matches(card: Card, color: str | None, top: Card) -> bool:
    """A wild, a card of the color in play, or one of the top card's rank (a wild on top
    is matched by its color alone)."""
    return bool(matching([card], color, top))


def matching(cards, color: str | None, top: Card) -> list[Card]:
    """The cards of `cards` that match, each once (the engine lists a card once)."""
    rank = top.rank if top.color is not None else None
    found = [c for c in cards if c.color is None or c.color == color or c.rank == rank]
    return list(dict.fromkeys(found)) if len(set(found)) < len(found) else found


def _deal(rng: random.Random) -> tuple[list[Card], list[list[Card]], Card]:
    """Shuffle, deal seven each, turn the first card (a Wild Draw Four goes back under)."""
    deck = list(DECK)
    rng.shuffle(deck)
    hands = [deck[seat * 7 : seat * 7 + 7] for seat in range(SEATS)]
    rest = deck[SEATS * 7 :]
    while rest[0].rank == WILD_DRAW4:
        rest.append(rest.pop(0))
    return rest[1:], hands, rest[0]


# --- direct: the state changed in place ------------------------------------------------


def play_direct_round(rng: random.Random) -> int:
    """One round; returns the number of actions taken."""
    draw_pile, hands, top = _deal(rng)
    discard, color, direction, seat = [top], top.color, 1, 1
    phase, drawn, bluffer, bluff = "choose" if top.rank == WILD else "play", None, -1, False
    called: set[int] = set()
    windows: set[int] = set()
    if top.rank in (SKIP, DRAW2, REVERSE):
        seat = _first_card_turn(top, hands, draw_pile)
        direction = -1 if top.rank == REVERSE else 1

    def draw(who: int, count: int) -> None:
        nonlocal draw_pile
        for _ in range(count):
            if not draw_pile:
                if len(discard) <= 1:
                    return
                draw_pile = discard[:-1]
                rng.shuffle(draw_pile)
                del discard[:-1]
            hands[who].append(draw_pile.pop())
        called.discard(who)

    actions = 0
    while True:
        hand = hands[seat]
        if phase == "choose":
            plays, others = [], [("color", c) for c in COLORS]
        elif phase == "answer":
            plays, others = [], [("accept",), ("challenge",)]
        else:
            candidates = [drawn] if phase == "drawn" else hand
            plays = []
            for card in matching(candidates, color, discard[-1]):
                plays += (
                    [("play", card, c) for c in COLORS]
                    if card.color is None
                    else [("play", card, None)]
                )
            others = [("keep",)] if phase == "drawn" else [("draw",)]
            if len(hand) == 1 and seat not in called:
                others.append(("uno",))
            others += [("catch", w) for w in windows if w != seat]
        move = rng.choice(plays or others)
        actions += 1
        kind = move[0]
        if kind in ("play", "draw", "keep", "accept", "challenge"):
            windows.clear()
        if kind == "play":
            card, before = move[1], color
            hand.remove(card)
            discard.append(card)
            color, drawn, phase = move[2] or card.color, None, "play"
            if len(hand) == 1 and seat not in called:
                windows.add(seat)
            if not hand:
                return actions
            following = (seat + direction) % SEATS
            if card.rank == SKIP:
                seat = (following + direction) % SEATS
            elif card.rank == REVERSE:
                direction = -direction
                seat = (seat + direction) % SEATS
            elif card.rank == DRAW2:
                draw(following, 2)
                seat = (following + direction) % SEATS
            elif card.rank == WILD_DRAW4:
                bluffer, bluff = seat, any(c.color == before for c in hand if before is not None)
                phase, seat = "answer", following
            else:
                seat = following
        elif kind == "draw":
            held = len(hand)
            draw(seat, 1)
            card = hand[-1]
            if len(hand) > held and matches(card, color, discard[-1]):
                phase, drawn = "drawn", card
            else:
                seat = (seat + direction) % SEATS
        elif kind == "keep":
            phase, drawn, seat = "play", None, (seat + direction) % SEATS
        elif kind == "color":
            color, phase = move[1], "play"
        elif kind == "uno":
            called.add(seat)
        elif kind == "catch":
            windows.discard(move[1])
            draw(move[1], 2)
        elif kind == "accept":
            draw(seat, 4)
            phase, seat = "play", (seat + direction) % SEATS
        else:  # challenge
            phase = "play"
            if bluff:
                draw(bluffer, 4)
            else:
                draw(seat, 6)
                seat = (seat + direction) % SEATS


def _first_card_turn(top: Card, hands: list[list[Card]], draw_pile: list[Card]) -> int:
    """Who plays first after a Skip, Draw Two or Reverse turned up (the dealer is seat 0)."""
    if top.rank == REVERSE:
        return 0
    if top.rank == DRAW2:
        hands[1] += [draw_pile.pop(), draw_pile.pop()]
    return 2


# --- recorded: every change an event, recorded by its type ------------------------------


class State:
    __slots__ = (
        "hands", "draw_pile", "discard_pile", "color", "direction", "to_act", "phase",
        "drawn_card", "draw4", "uno_called", "uno_windows", "uno_serial", "turn_serial",
        "jump_in_open", "jump_in_rule", "last_player", "owed", "seat_states", "timers", "over",
    )  # fmt: skip


class CardPlayed:
    __slots__ = ("seat", "card", "color", "target", "jump_in", "forced")

    def __init__(self, seat, card, color):
        self.seat, self.card, self.color = seat, card, color
        self.target, self.jump_in, self.forced = None, False, False


class CardsDrawn:
    __slots__ = ("seat", "count", "reason")

    def __init__(self, seat, count, reason):
        self.seat, self.count, self.reason = seat, count, reason


class PileReshuffled:
    __slots__ = ("order",)

    def __init__(self, order):
        self.order = order


class TurnChanged:
    __slots__ = ("seat", "phase", "jump_in", "draw4", "owed", "deadline")

    def __init__(self, seat, phase, jump_in, draw4, deadline):
        self.seat, self.phase, self.jump_in, self.draw4 = seat, phase, jump_in, draw4
        self.owed, self.deadline = None, deadline


class ColorChosen:
    __slots__ = ("color",)

    def __init__(self, color):
        self.color = color


class DirectionReversed:
    __slots__ = ("direction",)

    def __init__(self, direction):
        self.direction = direction


class UnoCalled:
    __slots__ = ("seat",)

    def __init__(self, seat):
        self.seat = seat


class UnoWindowOpened:
    __slots__ = ("seat", "token")

    def __init__(self, seat, token):
        self.seat, self.token = seat, token


class UnoWindowsClosed:
    __slots__ = ()


class UnoCaught:
    __slots__ = ("seat",)

    def __init__(self, seat):
        self.seat = seat


class RoundEnded:
    __slots__ = ("winner",)

    def __init__(self, winner):
        self.winner = winner


def _set_hand(s: State, seat: int, hand: tuple) -> None:
    hands = list(s.hands)
    hands[seat] = hand
    s.hands = tuple(hands)
    if len(hand) != 1 and seat in s.uno_called:
        s.uno_called = s.uno_called - {seat}


def _card_played(s: State, e: CardPlayed) -> None:
    hand = s.hands[e.seat]
    at = hand.index(e.card)
    _set_hand(s, e.seat, hand[:at] + hand[at + 1 :])
    s.discard_pile += (e.card,)
    s.color = e.color or e.card.color
    s.last_player = e.seat
    s.drawn_card = s.owed = s.draw4 = None


def _cards_drawn(s: State, e: CardsDrawn) -> None:
    cards = s.draw_pile[: e.count]
    s.draw_pile = s.draw_pile[e.count :]
    _set_hand(s, e.seat, s.hands[e.seat] + cards)
    if e.reason == "draw":
        s.drawn_card = cards[-1]


def _pile_reshuffled(s: State, e: PileReshuffled) -> None:
    s.draw_pile, s.discard_pile = e.order, s.discard_pile[-1:]


def _turn_changed(s: State, e: TurnChanged) -> None:
    s.to_act, s.phase, s.jump_in_open, s.draw4, s.owed = e.seat, e.phase, e.jump_in, e.draw4, e.owed
    if e.phase != "drawn":
        s.drawn_card = None
    s.turn_serial += 1


def _color_chosen(s: State, e: ColorChosen) -> None:
    s.color = e.color


def _direction_reversed(s: State, e: DirectionReversed) -> None:
    s.direction = e.direction


def _uno_called(s: State, e: UnoCalled) -> None:
    s.uno_called = s.uno_called | {e.seat}


def _uno_window_opened(s: State, e: UnoWindowOpened) -> None:
    s.uno_windows += (e.seat,)
    s.uno_serial += 1


def _uno_windows_closed(s: State, e: UnoWindowsClosed) -> None:
    s.uno_windows = ()


def _uno_caught(s: State, e: UnoCaught) -> None:
    s.uno_windows = tuple(w for w in s.uno_windows if w != e.seat)


def _round_ended(s: State, e: RoundEnded) -> None:
    s.over = True


RECORDERS = {
    CardPlayed: _card_played,
    CardsDrawn: _cards_drawn,
    PileReshuffled: _pile_reshuffled,
    TurnChanged: _turn_changed,
    ColorChosen: _color_chosen,
    DirectionReversed: _direction_reversed,
    UnoCalled: _uno_called,
    UnoWindowOpened: _uno_window_opened,
    UnoWindowsClosed: _uno_windows_closed,
    UnoCaught: _uno_caught,
    RoundEnded: _round_ended,
}


class Command:
    __slots__ = ("kind", "seat", "card", "color", "target")

    def __init__(self, kind, seat, card=None, color=None, target=None):
        self.kind, self.seat, self.card, self.color, self.target = kind, seat, card, color, target


_COMMANDS: dict[tuple, Command] = {}


def command(*fields) -> Command:
    """Commands are values, made once and found again (as the engine's are)."""
    found = _COMMANDS.get(fields)
    if found is None:
        found = _COMMANDS[fields] = Command(*fields)
    return found


class Refused(Exception):
    pass


class Play:
    __slots__ = ("seat", "card", "color", "bluff")


class Step:
    __slots__ = ("state", "events", "rng")

    def emit(self, event) -> None:
        self.events.append(event)
        RECORDERS[type(event)](self.state, event)


#: Each seat's plays of each card, made once (as the engine keeps them).
_PLAYS: list[dict[Card, tuple[Command, ...]]] = [{} for _ in range(SEATS)]


def legal_moves(s: State) -> list[Command]:
    seat, phase = s.to_act, s.phase
    if phase == "choose":
        return [command("color", seat, None, c) for c in COLORS]
    if phase == "answer":
        return [command("accept", seat), command("challenge", seat)]
    hand, top = s.hands[seat], s.discard_pile[-1]
    moves = []
    candidates = (s.drawn_card,) if phase == "drawn" else hand
    plays = _PLAYS[seat]
    for card in matching(candidates, s.color, top):
        found = plays.get(card)
        if found is None:
            colors = COLORS if card.color is None else (None,)
            found = plays[card] = tuple(command("play", seat, card, c) for c in colors)
        moves += found
    moves.append(command("keep", seat) if phase == "drawn" else command("draw", seat))
    if len(hand) == 1 and seat not in s.uno_called:
        moves.append(command("uno", seat))
    moves += [command("catch", seat, None, None, w) for w in s.uno_windows if w != seat]
    return moves


def check_play(s: State, c: Command) -> Play:
    seat, card = c.seat, c.card
    if seat != s.to_act or s.seat_states[seat] != "playing":
        raise Refused("not_your_turn")
    if s.phase not in ("play", "drawn") or card not in s.hands[seat]:
        raise Refused("wrong_phase")
    if (s.phase == "drawn" and card is not s.drawn_card) or not matches(
        card, s.color, s.discard_pile[-1]
    ):
        raise Refused("card_not_playable")
    if (card.color is None) != (c.color is not None):
        raise Refused("color_required")
    play = Play()
    play.seat, play.card, play.color = seat, card, c.color
    play.bluff = card.rank == WILD_DRAW4 and any(x.color == s.color for x in s.hands[seat])
    return play


def step(s: State, c: Command, rng: random.Random) -> tuple:
    """Check the command, emit its events (each recorded at once); return them."""
    st = Step()
    st.state, st.events, st.rng = s, [], rng
    kind, seat = c.kind, c.seat
    if kind in ("draw", "keep", "accept", "challenge", "color") and seat != s.to_act:
        raise Refused("not_your_turn")
    if kind == "play":
        _play(st, check_play(s, c))
    elif kind == "draw":
        _close_windows(st)
        if _draw(st, seat, 1, "draw") and matches(s.drawn_card, s.color, s.discard_pile[-1]):
            _give_turn(st, seat, "drawn")
        else:
            _give_turn(st, _next(s, seat))
    elif kind == "keep":
        _close_windows(st)
        _give_turn(st, _next(s, seat))
    elif kind == "color":
        st.emit(ColorChosen(c.color))
        _give_turn(st, seat)
    elif kind == "uno":
        if len(s.hands[seat]) != 1 or seat in s.uno_called:
            raise Refused("cannot_call_uno")
        st.emit(UnoCalled(seat))
    elif kind == "catch":
        if c.target not in s.uno_windows:
            raise Refused("nothing_to_catch")
        st.emit(UnoCaught(c.target))
        _draw(st, c.target, 2, "uno_penalty")
    elif kind == "accept":
        _close_windows(st)
        _draw(st, seat, 4, "penalty")
        _give_turn(st, _next(s, seat))
    else:  # challenge
        _close_windows(st)
        bluffer, bluff = s.draw4
        if bluff:
            _draw(st, bluffer, 4, "challenge")
            _give_turn(st, seat)
        else:
            _draw(st, seat, 6, "penalty")
            _give_turn(st, _next(s, seat))
    return tuple(st.events)


def _play(st: Step, play: Play) -> None:
    s, seat, card = st.state, play.seat, play.card
    _close_windows(st)
    st.emit(CardPlayed(seat, card, play.color))
    hand = s.hands[seat]
    if len(hand) == 1 and seat not in s.uno_called:
        st.emit(UnoWindowOpened(seat, f"uno-{s.uno_serial}"))
    if not hand:
        st.emit(RoundEnded(seat))
        return
    following, rank = _next(s, seat), card.rank
    if rank == SKIP:
        _give_turn(st, _next(s, following))
    elif rank == REVERSE:
        st.emit(DirectionReversed(-s.direction))
        _give_turn(st, _next(s, seat))
    elif rank == DRAW2:
        _draw(st, following, 2, "penalty")
        _give_turn(st, _next(s, following))
    elif rank == WILD_DRAW4:
        _give_turn(st, following, "answer", (seat, play.bluff))
    else:
        _give_turn(st, following)


def _next(s: State, seat: int) -> int:
    return (seat + s.direction) % SEATS


def _close_windows(st: Step) -> None:
    if st.state.uno_windows:
        st.emit(UnoWindowsClosed())


def _draw(st: Step, seat: int, count: int, reason: str) -> int:
    """Draw up to `count` cards (the discard pile turned over when needed); how many."""
    s, drawn = st.state, 0
    while drawn < count:
        if not s.draw_pile:
            if len(s.discard_pile) <= 1:
                break
            order = list(s.discard_pile[:-1])
            st.rng.shuffle(order)
            st.emit(PileReshuffled(tuple(order)))
        taken = min(count - drawn, len(s.draw_pile))
        st.emit(CardsDrawn(seat, taken, reason))
        drawn += taken
    return drawn


def _give_turn(st: Step, seat: int, phase: str = "play", draw4=None) -> None:
    s = st.state
    jump_in = s.jump_in_rule and phase == "play" and s.discard_pile[-1].color is not None
    st.emit(TurnChanged(seat, phase, jump_in, draw4, _deadline(s, seat, phase)))


def _deadline(s: State, seat: int, phase: str):
    """The turn's deadline, as the engine computes one (none: this game is untimed)."""
    turn_seconds, response_seconds = s.timers
    seconds = turn_seconds if phase == "play" else response_seconds
    if s.seat_states[seat] != "playing" or seconds is None:
        return None
    return ("turn" if phase == "play" else "response", f"turn-{s.turn_serial + 1}", seconds)


def new_recorded_round(rng: random.Random) -> State:
    draw_pile, hands, top = _deal(rng)
    s = State()
    s.direction, s.to_act, s.phase = 1, 1, "choose" if top.rank == WILD else "play"
    if top.rank in (SKIP, DRAW2, REVERSE):
        s.to_act = _first_card_turn(top, hands, draw_pile)
        s.direction = -1 if top.rank == REVERSE else 1
    s.hands, s.draw_pile, s.discard_pile = (
        tuple(map(tuple, hands)),
        tuple(reversed(draw_pile)),
        (top,),
    )
    s.color, s.drawn_card, s.draw4, s.owed, s.last_player = top.color, None, None, None, None
    s.uno_called, s.uno_windows, s.uno_serial, s.turn_serial = frozenset(), (), 0, 0
    s.jump_in_open, s.jump_in_rule, s.over = False, False, False
    s.seat_states, s.timers = ("playing",) * SEATS, (None, None)
    return s


def play_recorded_round(rng: random.Random) -> int:
    return finish_recorded_round(new_recorded_round(rng), rng)


def finish_recorded_round(s: State, rng: random.Random) -> int:
    """Play `s` to the round's end with the benchmark's policy; the actions taken."""
    actions = 0
    while not s.over:
        moves = legal_moves(s)
        plays = [m for m in moves if m.kind == "play"]
        step(s, rng.choice(plays or moves), rng)
        actions += 1
    return actions


# --- the run -----------------------------------------------------------------------------


def contestants() -> dict:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "unoservice.settings")
    import django

    django.setup()
    import numpy
    from rlcard.games.uno.game import UnoGame

    from games.management.commands.bench_engine import play_engine_round, play_rlcard_round

    rlcard_game = UnoGame(allow_step_back=False, num_players=SEATS)
    rlcard_game.np_random = numpy.random.RandomState(7)
    from games.randomness import SeededRandom  # the engine's shuffle: one draw, a sort

    rlcard_rng, direct_rng, recorded_rng = random.Random(7), SeededRandom(1), SeededRandom(2)
    seeds = iter(range(10**9))
    return {
        "direct": lambda: play_direct_round(direct_rng),
        "recorded": lambda: play_recorded_round(recorded_rng),
        "engine": lambda: play_engine_round("classic", SEATS, next(seeds)),
        "rlcard": lambda: play_rlcard_round(rlcard_game, rlcard_rng),
    }


def main(argv: list[str] | None = None) -> dict:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seconds", type=float, default=5.0, help="for each (default 5)")
    parser.add_argument("--slice", type=float, default=0.5, help="seconds per turn (default 0.5)")
    args = parser.parse_args(argv)
    runners = contestants()
    totals = {name: [0, 0, 0.0] for name in runners}  # games, actions, seconds
    while any(t[2] < args.seconds for t in totals.values()):
        for name, run in runners.items():
            spent, start = totals[name], time.perf_counter()
            while time.perf_counter() - start < args.slice and spent[2] < args.seconds:
                spent[1] += run()
                spent[0] += 1
            spent[2] += time.perf_counter() - start
    rlcard = totals["rlcard"][0] / totals["rlcard"][2]
    result = {}
    for name, (games, actions, seconds) in totals.items():
        rate = games / seconds
        result[name] = {
            "games_per_s": round(rate, 1),
            "actions_per_game": round(actions / games, 1),
            "vs_rlcard": round(rate / rlcard, 2),
        }
        print(
            f"{name:10} {rate:8.1f} games/s  {actions / games:5.1f} actions a game  "
            f"{rate / rlcard:5.2f}x RLCard"
        )
    print(json.dumps(result, sort_keys=True))
    return result


if __name__ == "__main__":
    main()
