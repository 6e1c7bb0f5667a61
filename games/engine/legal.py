"""legal_actions(state, seat): every command that seat may send now, out-of-turn ones
included. Every command listed succeeds; a card play not listed is refused."""

from __future__ import annotations

from functools import cache

from .cards import COLORS, WILD_DRAW4, Card
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
from .state import GameState, Phase, Status
from .table import (
    can_stack,
    draw4_is_legal,
    matches,
    needs_target,
    piles_exhausted,
    possible_targets,
)


def legal_actions(state: GameState, seat: int) -> list:
    if state.status != Status.ACTIVE or not 0 <= seat < state.seat_count or not state.in_play(seat):
        return []
    actions: list = []
    if seat == state.to_act:
        actions += _turn_actions(state, seat)
    elif _may_jump_in(state, seat):
        actions += _play_variants(state, seat, state.top_card)
    hand = state.hands[seat]
    if len(hand) == 1 and seat not in state.uno_called:
        actions.append(CallUno(seat))
    if state.rules.uno_penalty == "catch":
        actions += [CatchUno(seat, w.seat) for w in state.uno_windows if w.seat != seat]
    return actions


def seats_with_actions(state: GameState) -> list[int]:
    return [seat for seat in range(state.seat_count) if legal_actions(state, seat)]


def _may_jump_in(state: GameState, seat: int) -> bool:
    top = state.top_card
    return (
        state.rules.jump_in
        and state.jump_in_open
        and state.phase == Phase.PLAY
        and top is not None
        and top.color is not None
        and top in state.hands[seat]
        and (state.rules.jump_in_self or seat != state.last_player)
    )


def _turn_actions(state: GameState, seat: int) -> list:
    phase = state.phase
    hand = state.hands[seat]
    if phase == Phase.CHOOSE_COLOR:
        return [ChooseColor(seat, color) for color in COLORS]
    if phase == Phase.CHOOSE_TARGET:
        return [ChooseTarget(seat, target) for target in possible_targets(state, seat)]
    if phase == Phase.DRAWN_CARD:
        return _play_variants(state, seat, state.drawn_card) + [KeepCard(seat)]
    if state.pending_draw:
        actions: list = []
        for card in _distinct(hand):
            if can_stack(state, card) and _draw4_allowed(state, seat, card):
                actions += _play_variants(state, seat, card)
        if phase == Phase.RESPOND_DRAW4:
            actions.append(Accept(seat))
            if state.draw4 is not None:
                actions.append(Challenge(seat))
        else:
            actions.append(DrawCard(seat))
        return actions
    if state.drew_nothing:
        return [Pass(seat)]
    actions = []
    for card in _distinct(hand):
        if matches(state, card) and _draw4_allowed(state, seat, card):
            actions += _play_variants(state, seat, card)
    actions.append(DrawCard(seat))
    if piles_exhausted(state):
        actions.append(Pass(seat))
    return actions


def _draw4_allowed(state: GameState, seat: int, card: Card) -> bool:
    if card.rank != WILD_DRAW4 or state.rules.wd4_enforcement != "strict":
        return True
    rest = list(state.hands[seat])
    rest.remove(card)
    return draw4_is_legal(state, tuple(rest))


def _distinct(hand: tuple[Card, ...]) -> list[Card]:
    return list(dict.fromkeys(hand))


def _play_variants(state: GameState, seat: int, card: Card) -> list[PlayCard]:
    if card.color is not None and not needs_target(state, card):
        return [_plain_play(seat, card)]
    colors = COLORS if card.color is None else (None,)
    targets: tuple = (None,)
    if needs_target(state, card) and len(state.hands[seat]) > 1:
        targets = possible_targets(state, seat)
        if card.rank == "7" and state.rules.seven_optional:
            targets = (None,) + targets
    return [PlayCard(seat, card, color, target) for color in colors for target in targets]


@cache
def _plain_play(seat: int, card: Card) -> PlayCard:
    """Commands are values: the same plain play is one shared object."""
    return PlayCard(seat, card)
