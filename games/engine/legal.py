"""legal_actions(state, seat): every command that seat may send now, out-of-turn ones
included: exactly the candidates `play_checks` refuses nothing to, so every command
listed succeeds and a command not listed is refused."""

from __future__ import annotations

from functools import cache

from .cards import Card
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
from .play_checks import (
    accept_rule,
    call_uno_refusal,
    challenge_rule,
    color_choices,
    draw_rule,
    jump_in_refusal,
    keep_rule,
    pass_rule,
    playable_cards,
    target_choices,
)
from .rules import MAX_SEATS
from .state import IN_PLAY, GameState, Phase, Status
from .table import possible_targets, side_colors, targeted_ranks


def legal_actions(state: GameState, seat: int) -> list:
    if state.status is not Status.ACTIVE or not 0 <= seat < state.seat_count:
        return []
    if state.seat_states[seat] not in IN_PLAY:
        return []
    if seat == state.to_act:
        actions = _turn_actions(state, seat)
    else:
        top = state.top_card
        if top is not None and jump_in_refusal(state, seat, top) is None:
            actions = list(_play_variants(state, seat, top))
        else:
            actions = []
    if len(state.hands[seat]) == 1 and call_uno_refusal(state, seat) is None:
        actions.append(_command(CallUno, seat))
    if state.uno_windows and state.rules.uno_penalty == "catch":
        actions += [_command(CatchUno, seat, w.seat) for w in state.uno_windows if w.seat != seat]
    return actions


def seats_with_actions(state: GameState) -> list[int]:
    return [seat for seat in range(state.seat_count) if legal_actions(state, seat)]


def _turn_actions(state: GameState, seat: int) -> list:
    phase = state.phase
    if phase is Phase.CHOOSE_COLOR:
        return [_command(ChooseColor, seat, color) for color in side_colors(state)]
    if phase is Phase.CHOOSE_TARGET:
        return [_command(ChooseTarget, seat, target) for target in possible_targets(state, seat)]
    actions: list = []
    playable = playable_cards(state, seat, state.hands[seat])
    if playable:
        plain = _PLAIN_PLAYS[seat]
        targeted = targeted_ranks(state.rules)
        # Each card once, in order; a set finds duplicates for less than the dict that
        # removes them costs, and most hands have none.
        if len(playable) > 1 and len(set(playable)) < len(playable):
            playable = list(dict.fromkeys(playable))
        for card in playable:
            if card.rank in targeted:
                actions += _play_variants(state, seat, card)
            else:
                actions += plain[card]
    for rule, by_seat in _OTHER_MOVES[phase]:
        if rule(state) is None:
            actions.append(by_seat[seat])
    return actions


class _PlainPlays(dict):
    """A seat's plays of each card that names no target: the card alone, or a wild with
    each color it may call (made once per card, then found again)."""

    def __init__(self, seat: int):
        super().__init__()
        self.seat = seat

    def __missing__(self, card: Card) -> tuple[PlayCard, ...]:
        plays = self[card] = _variants(self.seat, card, (None,))
        return plays


_PLAIN_PLAYS = [_PlainPlays(seat) for seat in range(MAX_SEATS)]


def _play_variants(state: GameState, seat: int, card: Card) -> tuple[PlayCard, ...]:
    return _variants(seat, card, target_choices(state, seat, card))


@cache
def _variants(seat: int, card: Card, targets: tuple[int | None, ...]) -> tuple[PlayCard, ...]:
    """The plays of `card` naming each color it may name and each of `targets` (a wild
    has four: listed for every hand holding one, so kept once made)."""
    return tuple(
        _command(PlayCard, seat, card, color, target)
        for color in color_choices(card)
        for target in targets
    )


@cache
def _command(kind: type, *fields):
    """Commands are values: the same command is one shared object (building a frozen
    dataclass costs more than finding it again)."""
    return kind(*fields)


def _for_each_seat(command: type) -> tuple:
    """The command naming each seat, by seat (a list index costs less than the cache)."""
    return tuple(_command(command, seat) for seat in range(MAX_SEATS))


#: The moves besides plays that each phase may allow, each with the rule that says
#: whether it does now and the move for each seat. (On a pending draw in the play phase,
#: `draw` takes it: one move.)
_OTHER_MOVES = {
    Phase.PLAY: ((draw_rule, _for_each_seat(DrawCard)), (pass_rule, _for_each_seat(Pass))),
    Phase.DRAWN_CARD: ((keep_rule, _for_each_seat(KeepCard)),),
    Phase.RESPOND_DRAW4: (
        (accept_rule, _for_each_seat(Accept)),
        (challenge_rule, _for_each_seat(Challenge)),
    ),
}
