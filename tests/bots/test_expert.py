"""The `expert` bot in the pure engine: it knows what its seat was shown and nothing else,
and it follows every preset and option through the engine's own rules."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from games.engine import (
    StartGame,
    Status,
    Viewer,
    redact_for,
    rule_set_from,
    step,
    view_for,
)
from games.engine.belief import Belief
from games.engine.cards import faces_of
from games.engine.commands import Accept, Challenge, PlayCard
from games.engine.events import RoundEnded, RoundStarted
from games.engine.expert import Budget, Stream, _still_running, default_policy
from games.engine.state import GameState, Phase, Timers
from games.engine.strategies import EXPERT, GREEDY, bot_decision
from games.engine.table import matches
from tests.bots.test_strategies import with_hidden_cards_exchanged

#: Rule sets covering every option the expert must follow: stacking, Seven-O and
#: jump-in (house), force play and the Ozby rules, Downpour, UNO FLIP!, teams.
RULES = {
    "classic": ("classic", {}),
    "house": ("house", {}),
    "ozby": ("ozby", {}),
    "flip": ("flip", {}),
    "modern-swap": ("modern-swap", {}),
    "downpour-force-play": ("classic", {"downpour": True, "force_play": True}),
    "draw-to-match-stacking": ("classic", {"draw_to_match": True, "stacking": "any"}),
    "discard-wilds": ("modern-shuffle", {"custom_wild_effect": "others_discard_wilds"}),
    "teams": ("classic", {"teams": True}),
}


A_FEW_WORLDS = Budget(worlds=3)


def started(preset: str, options: dict, seats: int, rng: random.Random):
    rules = rule_set_from(preset, {"target_score": 50, **options})
    start = StartGame(seats, rules, timers=Timers(bot_delay_ms=0), bot_seats=tuple(range(seats)))
    outcome = step(GameState(), start, rng)
    return outcome.state, list(outcome.events)


def played(
    strategies: dict[int, str],
    rng: random.Random,
    preset="classic",
    options=None,
    budget=A_FEW_WORLDS,
    winners: list | None = None,
):
    """(state, seat to act, the events that seat was shown) before each command of a
    match between `strategies` (the expert searching `budget`), until it ends; each
    round's winner is appended to `winners`."""
    seats = len(strategies)
    state, log = started(preset, options or {}, seats, rng)
    seen = {seat: [redact_for(e, Viewer.of_seat(seat)) for e in log] for seat in range(seats)}
    while state.status is Status.ACTIVE:
        seat = state.to_act
        yield state, seat, seen[seat]
        search = {"seen": seen[seat], "budget": budget}
        command = bot_decision(
            state, seat, strategies[seat], rng, **(search if strategies[seat] == EXPERT else {})
        )
        outcome = step(state, command, rng)
        state = outcome.state
        for event in outcome.events:
            if winners is not None and isinstance(event, RoundEnded):
                winners.append(event.winner)
            for watcher, events in seen.items():
                if isinstance(event, RoundStarted):
                    del events[1:]
                events.append(redact_for(event, Viewer.of_seat(watcher)))


def test_the_expert_wins_more_two_seat_rounds_than_greedy():
    """A seeded match series, the expert in each seat in turn, searching a fixed number
    of worlds (not seconds: the outcome is the same on every machine). On this seed it
    wins 69 of 120 rounds; 60 rounds were too few (32 of 60, then 29 of 60 once its
    guesses of hands changed). Its margin is still thin for a test: seeds 2 and 3 gave
    59 and 72 of 120, since it wins only about 57% of rounds against greedy (400-round
    runs); a sure margin needs several hundred rounds, more than CI's time allows.
    bench/bots.py --expert measures it over more rounds."""
    rng = random.Random(1)
    won = played_rounds = 0
    for expert_seat in (0, 1):
        strategies = {expert_seat: EXPERT, 1 - expert_seat: GREEDY}
        winners: list = []
        while len(winners) < EXPERT_ROUNDS // 2:
            for _ in played(strategies, rng, budget=EXPERT_BUDGET, winners=winners):
                pass
        decided = [w for w in winners[: EXPERT_ROUNDS // 2] if w is not None]
        won += decided.count(expert_seat)
        played_rounds += len(decided)
    assert won > played_rounds / 2, (won, played_rounds)


EXPERT_ROUNDS, EXPERT_BUDGET = 120, Budget(worlds=16)


def hidden_cards_exchanged(state: GameState, seat: int) -> GameState:
    """The same table as `seat` sees it, other hands and the draw pile made of other
    cards. In UNO FLIP! everyone sees the backs of the cards in hands and of the pile's
    top card: each hidden card is then swapped for a card under the pile's top with the
    same back, and the rest of the pile reversed."""
    if not state.deck:
        return with_hidden_cards_exchanged(state, seat)
    other = state.copy()
    top, pile = other.draw_pile[:1], list(other.draw_pile[1:])
    hands = [list(hand) for hand in other.hands]
    for holder, hand in enumerate(hands):
        if holder == seat:
            continue
        for at, held in enumerate(hand):
            swap = next((i for i, c in enumerate(pile) if c.back == held.back and c != held), None)
            if swap is not None:
                hand[at], pile[swap] = pile[swap], held
    other.hands = tuple(tuple(hand) for hand in hands)
    other.draw_pile = tuple(top) + tuple(reversed(pile))
    return other


@pytest.mark.parametrize("name", ["classic", "house", "flip", "ozby"])
def test_the_expert_decides_the_same_when_only_hidden_cards_differ(name):
    preset, options = RULES[name]
    compared = 0
    for state, seat, seen in played({0: EXPERT, 1: GREEDY, 2: GREEDY}, random.Random(5), preset):
        if seat != 0 or compared >= 12:
            continue
        other = hidden_cards_exchanged(state, seat)
        if other.hands == state.hands:
            continue
        budget = Budget(worlds=3)
        first = bot_decision(state, seat, EXPERT, random.Random(9), seen=seen, budget=budget)
        second = bot_decision(other, seat, EXPERT, random.Random(9), seen=seen, budget=budget)
        assert first == second
        compared += 1
    assert compared >= 8


@pytest.mark.parametrize("name", sorted(RULES))
def test_the_expert_follows_the_round_from_what_its_seat_was_shown(name):
    """At each of its decisions the seat's belief has the table exactly as the engine
    keeps it, every card it claims to know where the engine has it, and each world it
    deals holds the game's own cards, the hidden ones in the hidden places."""
    preset, options = RULES[name]
    seats = 4 if options.get("teams") else 3
    strategies = {seat: (EXPERT if seat % 2 == 0 else GREEDY) for seat in range(seats)}
    rng = random.Random(21)
    checked = 0
    rounds = 0
    for state, seat, seen in played(strategies, rng, preset, options):
        if state.round > 2:
            break
        rounds = state.round
        view = view_for(state, Viewer.of_seat(seat))
        belief = Belief.of(view, seen)
        known = belief.state
        for field in ("to_act", "phase", "color", "direction", "pending", "side", "owed"):
            assert getattr(known, field) == getattr(state, field), field
        assert known.discard_pile == state.discard_pile
        assert known.uno_windows == state.uno_windows
        for holder, hand in enumerate(known.hands):
            claimed = Counter(c for c in hand if c.code != "?")
            assert not claimed - Counter(state.hands[holder]), holder
        world = belief.sample(random.Random(checked), view)
        assert world.hands[seat] == state.hands[seat]
        assert [len(h) for h in world.hands] == [len(h) for h in state.hands]
        assert len(world.draw_pile) == len(state.draw_pile)
        every = (*world.hands, world.draw_pile, world.discard_pile, world.out_of_play)
        real = (*state.hands, state.draw_pile, state.discard_pile, state.out_of_play)
        assert cards_of(every, state) == cards_of(real, state)
        if state.deck:  # UNO FLIP!: the pairing is secret; the backs are not
            assert [sorted(c.back for c in h) for h in world.hands] == [
                sorted(c.back for c in h) for h in state.hands
            ]
        checked += 1
    assert checked > 15 and rounds >= 1


def cards_of(piles, state: GameState) -> Counter:
    """The cards in `piles`; in UNO FLIP! their faces (the deck pairs them in secret)."""
    if state.deck:
        return Counter(face.code for pile in piles for c in pile for face in faces_of(c))
    return Counter(c.code for pile in piles for c in pile)


def test_the_playout_policy_challenges_a_wild_draw_four_when_greedy_would():
    """Playouts where nobody challenges make a bluffed Wild Draw Four look free: the
    expert then bluffed them against greedy, which challenges, and won fewer four-seat
    rounds than greedy itself (15% over 200 rounds, 34% once its playouts challenge)."""
    rng = random.Random(3)
    faced = challenged = 0
    while faced < 12:
        for state, seat, _seen in played({seat: GREEDY for seat in range(4)}, rng):
            if state.phase is not Phase.RESPOND_DRAW4:
                continue
            greedy = bot_decision(state, seat, GREEDY, random.Random(1))
            assert default_policy(state, seat) == greedy
            faced += 1
            challenged += type(greedy) is Challenge
    assert 0 < challenged < faced


def test_the_expert_deals_a_player_no_better_card_than_the_one_it_chose_to_shed():
    """A player that played a card on its turn was probably holding no colored card that
    matched the table and was worth more (no colored match at all when it played a
    wild): the worlds the expert deals keep to that, and so guess hands far better."""
    rng = random.Random(8)
    checked = broken = 0
    while checked < 40:
        last = None
        for state, seat, seen in played({0: GREEDY, 1: GREEDY, 2: GREEDY}, rng):
            if seat == 0 and last is not None:
                table, player, shed = last
                view = view_for(state, Viewer.of_seat(0))
                world = Belief.of(view, seen).sample(random.Random(checked), view)
                urgent = any(len(table.hands[s]) <= 2 for s in range(3) if s != player)
                broken += any(better(table, c, shed, urgent) for c in world.hands[player])
                checked += 1
            last = None
            if seat != 0 and state.phase is Phase.PLAY and state.pending is None:
                command = bot_decision(state, seat, GREEDY, random.Random(1))
                if type(command) is PlayCard and command.card.color is not None:
                    last = (state.copy(), seat, command.card)
    assert checked >= 40 and broken <= 1, (checked, broken)


def better(table: GameState, held, shed, urgent: bool) -> bool:
    def value(c):
        points = c.number if c.number is not None else 20
        return points + (100 if urgent and c.number is None else 0)

    return held.color is not None and matches(table, held) and value(held) > value(shed)


def test_the_expert_deals_a_player_that_called_a_color_no_other_color_held_more():
    """A player that played a wild calls the color it holds most (greedy does, and so
    do most people): in the worlds the expert deals right after, that player's hand holds
    no other color more often than the one it called."""
    rng = random.Random(12)
    checked = broken = 0
    while checked < 30:
        called = None
        for state, seat, seen in played({0: GREEDY, 1: GREEDY}, rng):
            if seat == 0 and called is not None:
                view = view_for(state, Viewer.of_seat(0))
                world = Belief.of(view, seen).sample(random.Random(checked), view)
                colors = Counter(c.color for c in world.hands[1] if c.color is not None)
                broken += any(n > colors[called] for n in colors.values())
                checked += 1
            called = None
            if seat == 1 and state.phase is Phase.PLAY:
                command = bot_decision(state, seat, GREEDY, random.Random(1))
                if type(command) is PlayCard and command.card.color is None:
                    called = command.color
    assert checked >= 30 and broken <= 1, (checked, broken)


def test_the_expert_places_a_played_card_in_a_slot_it_could_have_been():
    """When a player plays a card the seat has not seen, the belief takes it from a slot
    of that hand it fits: not one that a color called since says held another color, nor
    one its player's earlier choices say held no such card. While it weighed only the hard
    facts, the other hand as it truly is broke a called color in 30 of this series' 616
    decisions, and the dealing then gave up on every called color for the decision.
    Greedy against greedy: every call the belief keeps fits the true hands."""
    rng = random.Random(5)
    checked = broken = 0
    while checked < 600:
        for state, seat, seen in played({0: GREEDY, 1: GREEDY}, rng):
            if seat != 0:
                continue
            belief = Belief.of(view_for(state, Viewer.of_seat(0)), seen)
            if not belief.called:
                continue
            truth = {
                slot: true
                for slots, hand in zip(belief.state.hands, state.hands, strict=True)
                for slot, true in zip(slots, hand, strict=True)
                if slot.code == "?"
            }
            broken += not all(belief._calls_fit(truth, *call) for call in belief.called)
            checked += 1
    assert broken <= checked // 100, (checked, broken)


def test_the_expert_accepts_a_wild_draw_four_its_worlds_say_was_no_bluff():
    """Greedy plays a Wild Draw Four only when no colored card of its hand plays, so it
    never bluffs; but it holds several cards, where greedy's own rule challenges. The
    expert's worlds keep to what the play said of that hand: it accepts."""
    rng = random.Random(6)
    faced = accepted = 0
    while faced < 10:
        for state, seat, seen in played({0: GREEDY, 1: GREEDY}, rng):
            if seat != 0 or state.phase is not Phase.RESPOND_DRAW4:
                continue
            if type(bot_decision(state, 0, GREEDY, random.Random(1))) is not Challenge:
                continue
            command = bot_decision(
                state, 0, EXPERT, random.Random(faced), seen=seen, budget=A_FEW_WORLDS
            )
            faced += 1
            accepted += type(command) is Accept
    assert accepted == faced, (accepted, faced)


def test_a_candidate_far_behind_the_leader_stops_being_played_out_but_the_baseline_never():
    """Racing: the worlds left go to the close candidates. Candidate 2 loses every world
    the leader wins; candidate 1 is level with the leader on average; candidate 3, the
    baseline, is as far behind as 2 and is still kept (a choice may only beat it)."""
    worlds = 32
    leader = [1.0, 0.0] * (worlds // 2)
    level = [0.0, 1.0] * (worlds // 2)
    far_behind = [0.0] * worlds
    values = [leader, level, list(far_behind), list(far_behind)]
    assert _still_running(values, [0, 1, 2, 3], kept={3}) == [0, 1, 3]


def test_the_search_shuffles_every_order_alike():
    """The deals' shuffle (SplitMix64, an index per position by multiply-shift) leaves
    each card in each place about equally often: a card stays where it was a fifth of
    the time among five (a shuffle that always moved it, or favoured an end, would not)."""
    stream = Stream(20261208)
    stayed = Counter()
    shuffles = 20_000
    for _ in range(shuffles):
        cards = list(range(5))
        stream.shuffle(cards)
        assert sorted(cards) == [0, 1, 2, 3, 4]
        stayed.update(place for place, value in enumerate(cards) if place == value)
    for place in range(5):
        assert abs(stayed[place] - shuffles / 5) < 4 * (shuffles * 0.2 * 0.8) ** 0.5, stayed
