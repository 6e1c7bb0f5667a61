"""What one seat knows of a round, and worlds consistent with it (for the `expert` bot).

`Belief.of(view, seen)` reads only what the seat may read: its view (`view_for` with the
seat as viewer) and the events of the game it was shown (`redact_for` with the seat as
viewer: GameStarted first, then at least the current round's events). It folds those
events with the engine's own `record`, so every public fact of the state (whose turn,
the phase, a pending draw, an owed choice, UNO windows, the side up...) is exactly what
the engine keeps. Each card the seat has not seen is an *unknown slot*: a placeholder
card of its own that lies where the engine says that card lies (in a hand, the draw
pile), so the placeholders move with the cards through draws, swaps and reshuffles.

What the seat learned about a card it has not seen is kept as a constraint on its slot:

- a card drawn and not offered back cannot be played on the table it was drawn on
  (the engine ends the turn at once then), and a card offered back can be (hard facts);
- a seat that drew instead of playing held no card that matched the table then (soft:
  a player may draw while holding a playable card, so it is dropped when no world
  satisfies it);
- a seat that called a color with a wild held no other color more in the hand it kept
  (soft: a world breaking it is dealt again, up to `_TRIES` times);
- the cards a seat is given by an exchange with this seat, and a hand shown by a Wild
  Draw Four challenge, are known cards (no slot at all);
- cards buried for the "others discard wilds" effect were wilds and left none behind;
- UNO FLIP!: the faces every hand shows everyone (its cards' backs) and the draw pile's
  top back.

`Belief.sample(rng)` deals the unseen cards to the slots at random, respecting the
constraints, and returns a complete `GameState` for the engine to play out.
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from . import events as ev
from .cards import (
    COLORED_ACTIONS,
    DARK_FACES,
    DRAW_COUNTS,
    LIGHT_FACES,
    RESTRICTED_WILDS,
    SKIP_EVERYONE,
    Card,
    Color,
    build_deck,
    card,
    double_faced,
    faces_of,
    oriented,
)
from .codec import event_from_parts
from .events import EVENT_TYPES
from .evolve import record
from .shuffle import Rng
from .state import DARK, Draw4Play, GameState, Phase, SeatStatus
from .table import draw4_is_legal, matches

Constraint = Callable[[Card], bool]

_LIGHT_BY_CODE = {face.code: face for face in LIGHT_FACES}
_DARK_BY_CODE = {face.code: face for face in DARK_FACES}


class Inconsistent(ValueError):
    """What the seat was shown does not fold into a state (a log it cannot follow)."""


def _slot() -> Card:
    """A placeholder for one unseen card (each is a distinct object: cards compare by
    identity)."""
    return Card("?", None, "?", "?")


class Belief:
    """The round as the seat knows it: `state` has every public fact and the seat's own
    cards; unseen cards are slots, with `hard` and `soft` constraints by slot."""

    def __init__(self, seat: int):
        self.seat = seat
        self.state = GameState()
        self.hard: dict[Card, list[Constraint]] = {}
        self.soft: dict[Card, list[Constraint]] = {}
        self._draw4_table: GameState | None = None  # the table a W+4 open to challenge met
        self._exchange_hands: tuple[tuple[Card, ...], ...] | None = None
        self._drawn: tuple[int, Card, GameState] | None = None  # seat, slot, table
        self._timed_out: int | None = None  # the seat the server is acting for
        #: Colors called with a wild by a seat's own choice, with the hand it kept then
        #: (slots and known cards): a player calls the color it holds most (soft).
        self.called: list[tuple[Color, tuple[Card, ...], GameState]] = []
        self._revealed: dict[Card, Card] = {}  # slots since played, and the card each was
        self._tries = _TRIES
        #: Once sampling starts: the unseen cards, and the slots in the order dealt.
        self._pool: tuple[Card, ...] | None = None
        self._slots: list[Card] = []

    # -- building -------------------------------------------------------------------

    @classmethod
    def of(cls, view: Mapping, seen: Iterable[Mapping]) -> Belief:
        """The belief of the viewing seat of `view`, from the events it was shown
        (`{"type", "public", "private"}` as `redact_for` gives them)."""
        belief = cls(view["you"]["seat"])
        try:
            for item in seen:
                private = item["private"]
                if private is None:
                    private = _UNSEEN_PRIVATE.get(item["type"])
                belief._fold(event_from_parts(item["type"], item["public"], private))
        except (ValueError, IndexError, KeyError, TypeError) as error:
            raise Inconsistent(str(error)) from error
        belief._settle(view)
        return belief

    def _fold(self, event: ev.Event) -> None:
        s = self.state
        kind = type(event)
        if kind is not ev.HandReplaced:
            self._exchange_hands = None
        handler = _HANDLERS.get(kind)
        if handler is not None:
            handler(self, event)
        else:
            record(s, event)

    def _fresh(self, count: int) -> tuple[Card, ...]:
        return tuple(_slot() for _ in range(count))

    def _ensure_pile(self, count: int) -> None:
        s = self.state
        if len(s.draw_pile) < count:
            s.draw_pile += self._fresh(count - len(s.draw_pile))

    def _up(self, cards: tuple[Card, ...]) -> tuple[Card, ...]:
        return oriented(cards, True) if self.state.side == DARK else cards

    def _on_round_started(self, event: ev.RoundStarted) -> None:
        self.hard.clear()
        self.soft.clear()
        self.called.clear()
        self._revealed.clear()
        self._draw4_table = self._drawn = None
        record(self.state, event)

    def _on_deck_shuffled(self, event: ev.DeckShuffled) -> None:
        s = self.state
        if event.reason == "pairing":
            record(s, event)
            if not s.deck:  # the pairing is secret: any deck of the Flip cards marks it
                s.deck = build_deck("flip", False)
            return
        if not event.order:
            event.order = self._fresh(event.count)
        record(s, event)

    def _on_cards_dealt(self, event: ev.CardsDealt) -> None:
        s = self.state
        self._ensure_pile(event.count)
        if event.cards:  # the seat's own cards: they were the pile's top cards
            s.draw_pile = self._up(event.cards) + s.draw_pile[event.count :]
        else:
            event.cards = s.draw_pile[: event.count]
        record(s, event)

    def _on_first_card_turned(self, event: ev.FirstCardTurned) -> None:
        s = self.state
        self._ensure_pile(1)
        s.draw_pile = self._up((event.card,)) + s.draw_pile[1:]
        record(s, event)

    def _on_card_played(self, event: ev.CardPlayed) -> None:
        s = self.state
        seat = event.seat
        (played,) = self._up((event.card,))
        hand = s.hands[seat]
        if played not in hand:
            slot = self._slot_for(seat, played)
            at = hand.index(slot)
            self._forget(slot)
            self._revealed[slot] = played
            hands = list(s.hands)
            hands[seat] = hand[:at] + (played,) + hand[at + 1 :]
            s.hands = tuple(hands)
            if s.drawn_card is slot:
                s.drawn_card = played
        if self._sheds_its_best(event):
            table = s.copy()
            urgent = any(len(s.hands[o]) <= 2 for o in s.seats_in_play() if o != seat)
            shed = _not_worth_more(table, played, urgent)
            for slot in s.hands[seat]:
                if slot.code == "?":
                    self.soft.setdefault(slot, []).append(shed)
            if played.color is None and event.color is not None:
                kept = list(s.hands[seat])
                kept.remove(played)
                self.called.append((event.color, tuple(kept), table))
        if played.rank in RESTRICTED_WILDS:
            self._draw4_table = s.copy()
        if self._drawn is not None and self._drawn[0] == seat:
            self._drawn = None  # the drawn card was offered back: it was played (or another)
        record(s, event)

    def _sheds_its_best(self, event: ev.CardPlayed) -> bool:
        """Is this a play from the hand on its own turn, chosen by its player (the
        seat's guess: players shed their most valuable playable card and keep wilds)?"""
        s = self.state
        return (
            event.seat != self.seat
            and event.seat == s.to_act
            and event.seat != self._timed_out
            and not event.jump_in
            and not event.forced
            and s.phase is Phase.PLAY
            and s.pending is None
            and s.drawn_card is None
        )

    def _slot_for(self, seat: int, played: Card) -> Card:
        """The slot of `seat`'s hand that `played` was: the card it just drew when it plays
        that, else a slot whose hard constraints allow the card, else any slot."""
        s = self.state
        if s.drawn_card is not None and s.drawn_card in s.hands[seat] and s.to_act == seat:
            drawn = s.drawn_card
            if drawn.code == "?":
                return drawn
        slots = [c for c in s.hands[seat] if c.code == "?"]
        if not slots:
            raise Inconsistent(f"seat {seat} played {played.code}, not in its known hand")
        return max(slots, key=lambda slot: self._fits(slot, played))

    def _fits(self, slot: Card, played: Card) -> tuple[bool, bool, bool]:
        """How well `played` fits `slot`: its hard constraints, its soft ones, and the
        colors called with a wild while the slot was kept (a card of another color would
        have made its player call that one); the first slot fitting best is taken."""
        hard = all(allowed(played) for allowed in self.hard.get(slot, ()))
        soft = all(allowed(played) for allowed in self.soft.get(slot, ()))
        calls = all(
            self._call_may_fit(slot, played, *call) for call in self.called if slot in call[1]
        )
        return hard, soft, calls

    def _call_may_fit(
        self, slot: Card, played: Card, color: Color, kept: tuple[Card, ...], table: GameState
    ) -> bool:
        """Could the hand kept when `color` was called still have held no other color
        more, were `slot` the card `played` (its other unseen cards of the color called)?"""
        counts: Counter = Counter()
        unseen = 0
        for c in kept:
            c = played if c is slot else self._revealed.get(c, c)
            if c.code == "?":
                unseen += 1
            elif (c := _up_on(table, c)).color is not None:
                counts[c.color] += 1
        return all(n <= counts[color] + unseen for n in counts.values())

    def _forget(self, slot: Card) -> None:
        self.hard.pop(slot, None)
        self.soft.pop(slot, None)

    def _on_cards_drawn(self, event: ev.CardsDrawn) -> None:
        s = self.state
        seat = event.seat
        self._ensure_pile(event.count)
        if event.cards:
            s.draw_pile = self._up(event.cards) + s.draw_pile[event.count :]
        elif (
            event.reason == "draw"
            and seat == s.to_act
            and seat != self._timed_out
            and s.phase is Phase.PLAY
            and s.pending is None
            and event.count
        ):
            table = s.copy()
            for slot in s.hands[seat]:
                if slot.code == "?":
                    self.soft.setdefault(slot, []).append(_not_matching(table))
            if not s.rules.draw_to_match:
                self._drawn = (seat, s.draw_pile[event.count - 1], table)
        record(s, event)

    def _on_turn_changed(self, event: ev.TurnChanged) -> None:
        s = self.state
        self._timed_out = None
        if self._drawn is not None:
            seat, slot, table = self._drawn
            self._drawn = None
            if slot.code == "?" and slot in s.hands[seat] and not _restricted_unsure(table):
                offered = event.seat == seat and event.phase is Phase.DRAWN_CARD
                check = _matching(table) if offered else _not_matching(table)
                self.hard.setdefault(slot, []).append(check)
        record(s, event)

    def _on_timed_out(self, event: ev.TimedOut) -> None:
        self._timed_out = event.seat
        record(self.state, event)

    def _on_hand_replaced(self, event: ev.HandReplaced) -> None:
        s = self.state
        if self._exchange_hands is None:
            self._exchange_hands = s.hands
        if event.cards:
            cards = event.cards
        elif event.from_seat is not None:
            cards = self._exchange_hands[event.from_seat]
            if len(cards) != event.count:
                cards = self._fresh(event.count)
        else:
            cards = self._fresh(event.count)
        event.cards = oriented(cards, False) if s.side == DARK else cards
        record(s, event)

    def _on_cards_buried(self, event: ev.CardsBuried) -> None:
        s = self.state
        seat = event.seat
        if not event.cards:
            hand = s.hands[seat]
            slots = [c for c in hand if c.code == "?"][: event.count]
            if len(slots) < event.count:
                raise Inconsistent(f"seat {seat} buried more cards than it may hold")
            if event.reason == "discard_wilds":
                for slot in slots:
                    self.hard.setdefault(slot, []).append(_is_wild)
                for slot in hand:
                    if slot.code == "?" and slot not in slots:
                        self.hard.setdefault(slot, []).append(_is_not_wild)
            event.cards = oriented(tuple(slots), False) if s.side == DARK else tuple(slots)
        record(s, event)

    def _on_draw4_challenged(self, event: ev.Draw4Challenged) -> None:
        s = self.state
        if event.hand and len(event.hand) == len(s.hands[event.target]):
            for slot in s.hands[event.target]:
                self._forget(slot)
            hands = list(s.hands)
            hands[event.target] = self._up(event.hand)
            s.hands = tuple(hands)
        record(s, event)

    def _settle(self, view: Mapping) -> None:
        """Line the folded state up with the view (the seat's own hand, the counts, the
        scores and seat states of earlier rounds), slots added or dropped where a count
        differs (events of a log the seat was not given in full)."""
        s = self.state
        if s.seat_count != len(view["seats"]):
            raise Inconsistent("the events do not start with the game's start")
        if s.rules.cards == "flip" and not s.deck:  # paired in an earlier round's deal
            s.deck = build_deck("flip", False)
        dark = view.get("side") == "dark"
        hands = list(s.hands)
        mine = tuple(card(code) for code in view["you"]["hand"])
        hands[self.seat] = oriented(mine, True) if dark else mine
        for entry in view["seats"]:
            seat = entry["seat"]
            if seat == self.seat:
                continue
            hand = hands[seat]
            want = entry["cards"]
            if len(hand) < want:
                hand += self._fresh(want - len(hand))
            while len(hand) > want:
                slots = [i for i, c in enumerate(hand) if c.code == "?"]
                at = slots[-1] if slots else len(hand) - 1
                hand = hand[:at] + hand[at + 1 :]
            hands[seat] = hand
        s.hands = tuple(hands)
        pile = s.draw_pile
        if len(pile) < view["draw_pile"]:
            pile += self._fresh(view["draw_pile"] - len(pile))
        s.draw_pile = pile[len(pile) - view["draw_pile"] :]
        s.scores = tuple(entry["score"] for entry in view["seats"])
        s.seat_states = tuple(SeatStatus(entry["state"]) for entry in view["seats"])
        drawn = view["you"].get("drawn_card")
        if drawn is not None and s.to_act == self.seat:
            (up,) = oriented((card(drawn),), dark)
            s.drawn_card = up
        if s.draw4 is None:
            self._draw4_table = None

    # -- sampling -------------------------------------------------------------------

    def unknown_slots(self) -> int:
        s = self.state
        return sum(
            1 for pile in (*s.hands, s.draw_pile, s.out_of_play) for c in pile if c.code == "?"
        )

    def sample(self, rng: Rng, view: Mapping) -> GameState:
        """A complete state: every slot dealt an unseen card at random, within the
        constraints (soft ones dropped for a slot none of the cards left satisfies)."""
        s = self.state
        world = s.copy()
        for _ in range(self._tries):
            fill = self._flip_fill(rng, view) if s.deck else self._fill(rng)
            if all(self._calls_fit(fill, *call) for call in self.called):
                break
        else:
            self._tries = 1  # the other constraints leave the call unlikely: stop paying
        world.hands = tuple(tuple(fill.get(c, c) for c in hand) for hand in s.hands)
        world.draw_pile = tuple(fill.get(c, c) for c in s.draw_pile)
        world.out_of_play = tuple(fill.get(c, c) for c in s.out_of_play)
        if s.draw4 is not None:
            held = world.hands[s.draw4.seat]
            table = self._draw4_table or s
            world.draw4 = Draw4Play(s.draw4.seat, not draw4_is_legal(table, held), held)
        return world

    def _calls_fit(
        self, fill: dict, color: Color, kept: tuple[Card, ...], table: GameState
    ) -> bool:
        """Did the hand kept when `color` was called hold no other color more often?"""
        counts: Counter = Counter()
        for c in kept:
            c = self._revealed.get(c, c)
            c = _up_on(table, fill.get(c, c))
            if c.color is not None:
                counts[c.color] += 1
        return all(n <= counts[color] for n in counts.values())

    def _known(self) -> list[Card]:
        s = self.state
        piles = (*s.hands, s.draw_pile, s.out_of_play, s.discard_pile)
        return [c for pile in piles for c in pile if c.code != "?"]

    def _slots_in_order(self) -> list[Card]:
        """The slots, those with constraints first (hard before soft), then the others."""
        s = self.state
        piles = (*s.hands, s.draw_pile, s.out_of_play)
        slots = [c for pile in piles for c in pile if c.code == "?"]
        slots.sort(key=lambda slot: (slot not in self.hard, slot not in self.soft))
        return slots

    def _fill(self, rng: Rng) -> dict[Card, Card]:
        if self._pool is None:
            rules = self.state.rules
            pool_counts = Counter(build_deck(rules.cards, rules.downpour))
            pool_counts.subtract(self._known())
            self._pool = tuple((+pool_counts).elements())
            self._slots = self._slots_in_order()
        pool = list(self._pool)
        rng.shuffle(pool)
        return self._deal(pool, self._slots, rng, None)

    def _deal(self, pool: list, slots: list[Card], rng, make) -> dict[Card, Card]:
        """Each slot the first card of the (shuffled) pool its constraints allow, made
        into the slot's card by `make` (the pool's card itself when `make` is None: a
        slot without constraints then takes the pool's last card); a slot left without
        a card (a pool short of cards) gets any card of the deck."""
        fill: dict[Card, Card] = {}
        for slot in slots:
            hard, soft = self.hard.get(slot, ()), self.soft.get(slot, ())
            if make is None and not (hard or soft):
                fill[slot] = pool.pop() if pool else self._any_card(rng)
                continue
            chosen = None
            if hard or soft:
                for checks in ((*hard, *soft), hard):
                    for index, candidate in enumerate(pool):
                        made = candidate if make is None else make(slot, candidate)
                        if made is not None and all(ok(made) for ok in checks):
                            chosen = index
                            break
                    if chosen is not None:
                        break
            if chosen is None and make is None:
                chosen = 0 if pool else None
            elif chosen is None:
                chosen = next((i for i, c in enumerate(pool) if make(slot, c) is not None), None)
            if chosen is None:
                fill[slot] = self._any_card(rng)
                continue
            candidate = pool[chosen]
            pool[chosen] = pool[-1]
            pool.pop()
            fill[slot] = candidate if make is None else make(slot, candidate)
        return fill

    def _any_card(self, rng: Rng) -> Card:
        s = self.state
        deck = s.deck or build_deck(s.rules.cards, s.rules.downpour)
        return oriented((deck[rng.randrange(len(deck))],), s.side == DARK)[0]

    def _flip_fill(self, rng: Rng, view: Mapping) -> dict[Card, Card]:
        """UNO FLIP!: the unseen faces of each side, paired at random, except that each
        hand's cards and the draw pile's top card show their backs to everyone."""
        s = self.state
        dark = s.side == DARK
        lights, darks = Counter(LIGHT_FACES), Counter(DARK_FACES)
        for known in self._known():
            light, dark_face = faces_of(known)
            lights[light] -= 1
            darks[dark_face] -= 1
        ups = list((+(darks if dark else lights)).elements())
        downs = +(lights if dark else darks)
        by_code = _LIGHT_BY_CODE if dark else _DARK_BY_CODE
        back_of: dict[Card, Card] = {}
        for entry in view["seats"]:
            if entry["seat"] == self.seat:
                continue
            hand = s.hands[entry["seat"]]
            backs = Counter(by_code[code] for code in entry.get("backs", ()) if code in by_code)
            backs.subtract(_back_face(c) for c in hand if c.code != "?")
            slots = [c for c in hand if c.code == "?"]
            back_of.update(zip(slots, _shuffled((+backs).elements(), rng), strict=False))
        top_back = view.get("draw_pile_back")
        if s.draw_pile and s.draw_pile[0].code == "?" and top_back in by_code:
            back_of[s.draw_pile[0]] = by_code[top_back]
        downs.subtract(back_of.values())
        free = _shuffled((+downs).elements(), rng)
        slots = self._slots_in_order()
        for slot in slots:
            if slot not in back_of and free:
                back_of[slot] = free.pop()
        rng.shuffle(ups)

        def make(slot: Card, up: Card) -> Card | None:
            back = back_of.get(slot)
            if back is None:
                return None
            if dark:
                return double_faced(back, up).flipped
            return double_faced(up, back)

        return self._deal(ups, slots, rng, make)


#: Deals tried for one world before one that breaks a called color is kept (once none
#: of them fits, one deal a world: a p99 of 200 ms of CPU at 16 worlds otherwise).
_TRIES = 32


def _back_face(c: Card) -> Card:
    """The face a double-faced card shows everyone (its inactive face), as a face."""
    light, dark = faces_of(c)
    return light if c.dark_up else dark


def _shuffled(items: Iterable, rng: Rng) -> list:
    listed = list(items)
    rng.shuffle(listed)
    return listed


def _up_on(table: GameState, c: Card) -> Card:
    return oriented((c,), table.side == DARK)[0] if c.flipped is not None else c


def _matching(table: GameState) -> Constraint:
    return lambda c: matches(table, _up_on(table, c))


def _not_matching(table: GameState) -> Constraint:
    return lambda c: not matches(table, _up_on(table, c))


def _shed_value(c: Card, urgent: bool) -> int:
    points = c.number if c.number is not None else 20
    return points + 100 if urgent and c.rank in _HURTING else points


_HURTING = frozenset((*COLORED_ACTIONS, *DRAW_COUNTS, SKIP_EVERYONE))


def _not_worth_more(table: GameState, played: Card, urgent: bool) -> Constraint:
    """A card its player kept when it played `played`: not a colored card that matched
    the table and was worth more (any colored match, when it played a wild)."""
    if played.color is None:
        return lambda c: (c := _up_on(table, c)).color is None or not matches(table, c)
    value = _shed_value(played, urgent)

    def kept(c: Card) -> bool:
        c = _up_on(table, c)
        return c.color is None or _shed_value(c, urgent) <= value or not matches(table, c)

    return kept


def _restricted_unsure(table: GameState) -> bool:
    """Under force play or strict enforcement a drawn W+4 is offered only when legal,
    which depends on the hand: the drawn card's playability then says less."""
    rules = table.rules
    return rules.force_play or rules.wd4_enforcement == "strict"


def _is_wild(c: Card) -> bool:
    return c.color is None


def _is_not_wild(c: Card) -> bool:
    return c.color is not None


def _unseen_private(cls: type[ev.Event]) -> dict:
    """A private part standing for one the seat was not shown: no cards, no secret."""
    empty: dict = {}
    for field in dataclasses.fields(cls):
        if field.name in cls.PRIVATE:
            kind = str(field.type)
            empty[field.name] = [] if "tuple" in kind else ("" if kind == "str" else False)
    return empty


#: By event type, the stand-in for a private part the seat was not shown.
_UNSEEN_PRIVATE = {name: _unseen_private(cls) for name, cls in EVENT_TYPES.items() if cls.PRIVATE}


_HANDLERS: dict[type, Callable[[Belief, Any], None]] = {
    ev.RoundStarted: Belief._on_round_started,
    ev.DeckShuffled: Belief._on_deck_shuffled,
    ev.CardsDealt: Belief._on_cards_dealt,
    ev.FirstCardTurned: Belief._on_first_card_turned,
    ev.CardPlayed: Belief._on_card_played,
    ev.CardsDrawn: Belief._on_cards_drawn,
    ev.TurnChanged: Belief._on_turn_changed,
    ev.HandReplaced: Belief._on_hand_replaced,
    ev.CardsBuried: Belief._on_cards_buried,
    ev.Draw4Challenged: Belief._on_draw4_challenged,
    ev.TimedOut: Belief._on_timed_out,
}
