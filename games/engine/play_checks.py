"""Who may do what now: the one place each legality rule is written.

Each `*_refusal` function answers None when the rules allow the move and otherwise the
`ErrorCode` that refuses it. `decide` raises that code (with a message from `explain`);
`legal_actions` lists exactly the moves whose refusal is None. So the two cannot
disagree.
"""

from __future__ import annotations

from dataclasses import dataclass

from .cards import COLORS, DARK_COLORS, RESTRICTED_WILDS, Card, Color, oriented
from .commands import PlayCard
from .errors import ErrorCode, RuleViolation
from .state import DARK, IN_PLAY, GameState, Phase
from .table import (
    can_stack,
    draw4_is_legal,
    matching_cards,
    needs_target,
    piles_exhausted,
    possible_targets,
    side_colors,
    targeted_ranks,
)

_PLAY = Phase.PLAY
_PLAY_PHASES = (Phase.PLAY, Phase.DRAWN_CARD, Phase.RESPOND_DRAW4)
_ANSWER_PHASES = (Phase.PLAY, Phase.RESPOND_DRAW4)


@dataclass(slots=True)
class Play:
    """A play the rules accept, with what follows from it. (Not frozen: one is made for
    every card played, and a frozen dataclass takes longer to build; nothing changes it.
    `check_play` fills an empty one's slots, as `events` explains.)"""

    seat: int
    card: Card
    color: Color | None
    target: int | None
    jump_in: bool
    bluff: bool  # a W+4 played while holding a card of the current color (or a match)
    uno: bool


_new = object.__new__


# --- seats and turns -----------------------------------------------------------------


def seat_refusal(state: GameState, seat: int) -> ErrorCode | None:
    if not isinstance(seat, int) or not 0 <= seat < state.seat_count:
        return ErrorCode.NOT_SEATED
    if state.seat_states[seat] not in IN_PLAY:
        return ErrorCode.NOT_SEATED
    return None


# --- playing a card --------------------------------------------------------------------


def play_refusal(state: GameState, seat: int, card: Card) -> ErrorCode | None:
    """May `seat` put `card` down now, on its turn or by jumping in?"""
    if seat != state.to_act or type(seat) is not int:
        return seat_refusal(state, seat) or jump_in_refusal(state, seat, card)
    if state.seat_states[seat] not in IN_PLAY:  # (the seat to act is a seat)
        return ErrorCode.NOT_SEATED
    if state.phase not in _PLAY_PHASES:
        return ErrorCode.WRONG_PHASE
    if card not in state.hands[seat]:
        return ErrorCode.CARD_NOT_IN_HAND
    if playable_cards(state, seat, (card,)):
        return None
    if state.drew_nothing:
        return ErrorCode.WRONG_PHASE
    if state.phase is Phase.DRAWN_CARD and card is not state.drawn_card:
        return ErrorCode.DRAWN_CARD_ONLY
    return ErrorCode.CARD_NOT_PLAYABLE


def jump_in_refusal(state: GameState, seat: int, card: Card) -> ErrorCode | None:
    """Jump-In: a card identical to the colored top card, out of turn, while the window is
    open (after a card, before the next action), on one's own card only if allowed."""
    top = state.top_card
    if not (state.rules.jump_in and top is not None and top.color is not None and card is top):
        return ErrorCode.NOT_YOUR_TURN
    if card not in state.hands[seat]:
        return ErrorCode.CARD_NOT_IN_HAND
    if not state.jump_in_open or state.phase != Phase.PLAY:
        return ErrorCode.WINDOW_CLOSED
    if seat == state.last_player and not state.rules.jump_in_self:
        return ErrorCode.NOT_YOUR_TURN
    return None


def playable_cards(state: GameState, seat: int, cards) -> list[Card]:
    """The cards among `cards` (held by the seat to act) it may play on its turn now: in
    the drawn-card phase only the drawn card, on a pending draw only a card that stacks,
    otherwise a matching card; never after drawing nothing; and a W+4 under strict
    enforcement only when it is legal."""
    phase = state.phase
    if phase is _PLAY and state.pending is None:
        playable = [] if state.drew_nothing else matching_cards(state, cards)
    elif state.drew_nothing or phase not in _PLAY_PHASES:
        return []
    elif phase is Phase.DRAWN_CARD:
        playable = matching_cards(state, [c for c in cards if c is state.drawn_card])
    elif state.pending is not None:
        playable = [c for c in cards if can_stack(state, c)]
    else:  # a Wild Draw Four is answered, not played on
        return []
    if state.rules.wd4_enforcement == "strict" and not draw4_is_legal(state, state.hands[seat]):
        return [c for c in playable if c.rank not in RESTRICTED_WILDS]
    return playable


def color_choices(card: Card) -> tuple[Color | None, ...]:
    """The colors a play of `card` may name: a wild needs one of its side's colors, a
    colored card none."""
    if card.color is not None:
        return (None,)
    return DARK_COLORS if card.dark_up else COLORS


def target_choices(state: GameState, seat: int, card: Card) -> tuple[int | None, ...]:
    """The targets a play of `card` by `seat` may name (None: naming none). A card going
    out exchanges nothing; an optional 7 may name none."""
    if not needs_target(state, card) or len(state.hands[seat]) == 1:
        return (None,)
    targets = possible_targets(state, seat)
    if card.rank == "7" and state.rules.seven_optional:
        return (None,) + targets
    return targets


def check_play(state: GameState, command: PlayCard) -> Play:
    """The play, validated, or the RuleViolation that refuses it."""
    seat, card = command.seat, command.card
    if state.side is DARK:  # a code names a double-faced card light face up
        (card,) = oriented((card,), True)
    refusal = play_refusal(state, seat, card)
    if refusal is not None:
        raise RuleViolation(refusal, explain(refusal, state, seat, card))
    rank = card.rank
    bluff = rank in RESTRICTED_WILDS and not draw4_is_legal(state, state.hands[seat])
    color, target = command.color, command.target
    if color is not None or card.color is None:
        color = _checked_color(card, color)
    if target is not None or rank in targeted_ranks(state.rules):
        target = _checked_target(state, seat, card, target)
    play = _new(Play)
    play.seat = seat
    play.card = card
    play.color = color
    play.target = target
    play.jump_in = seat != state.to_act
    play.bluff = bluff
    play.uno = command.uno
    return play


def _checked_color(card: Card, color: Color | None) -> Color | None:
    choices = color_choices(card)
    if color not in choices:
        if color is None:
            raise RuleViolation(ErrorCode.COLOR_REQUIRED, f"{card.code} needs a color")
        if card.color is None:  # a color of the other side (UNO FLIP!)
            names = ", ".join(map(str, choices))
            raise RuleViolation(ErrorCode.COLOR_REQUIRED, f"{card.code} calls one of {names}")
        raise RuleViolation(ErrorCode.UNEXPECTED_FIELD, f"{card.code} takes no color")
    return color


def _checked_target(state: GameState, seat: int, card: Card, target: int | None) -> int | None:
    """The target the play exchanges with. Leaving out the only possible target names it;
    a target named on a card going out is accepted and exchanges nothing."""
    if not needs_target(state, card):
        if target is not None:
            raise RuleViolation(ErrorCode.UNEXPECTED_FIELD, f"{card.code} takes no target")
        return None
    choices = target_choices(state, seat, card)
    going_out = len(state.hands[seat]) == 1
    if target is None:
        if None in choices:
            return None
        if len(choices) == 1:
            return choices[0]
        raise RuleViolation(ErrorCode.TARGET_REQUIRED, f"{card.code} needs a target seat")
    if target not in possible_targets(state, seat):
        raise RuleViolation(ErrorCode.INVALID_TARGET, f"seat {target} cannot be the target")
    return None if going_out else target


# --- the other turn commands -----------------------------------------------------------
#
# Each `*_rule` is the rule itself for the seat to act; each `*_refusal` adds that it is
# the seat's turn. `legal_actions` asks the rules directly for the seat to act.


def on_turn_refusal(state: GameState, seat: int) -> ErrorCode | None:
    if seat == state.to_act and type(seat) is int:  # the seat to act is a seat
        return None if state.seat_states[seat] in IN_PLAY else ErrorCode.NOT_SEATED
    return seat_refusal(state, seat) or ErrorCode.NOT_YOUR_TURN


def draw_rule(state: GameState) -> ErrorCode | None:
    """A draw on one's turn; on a pending draw it means taking it (see `accept_rule`)."""
    if state.phase not in _ANSWER_PHASES:
        return ErrorCode.WRONG_PHASE
    if state.pending is not None:
        return None
    if state.phase is not Phase.PLAY:
        return ErrorCode.WRONG_PHASE
    if state.drew_nothing:
        return ErrorCode.NOTHING_TO_DRAW
    return None


def pass_rule(state: GameState) -> ErrorCode | None:
    """Passing is allowed only when nothing can be drawn and no draw is pending."""
    if state.phase is not Phase.PLAY:
        return ErrorCode.WRONG_PHASE
    if state.pending is not None or not piles_exhausted(state):
        return ErrorCode.CANNOT_PASS
    return None


def keep_rule(state: GameState) -> ErrorCode | None:
    return None if state.phase is Phase.DRAWN_CARD else ErrorCode.WRONG_PHASE


def accept_rule(state: GameState) -> ErrorCode | None:
    if state.phase not in _ANSWER_PHASES or state.pending is None:
        return ErrorCode.WRONG_PHASE
    return None


def challenge_rule(state: GameState) -> ErrorCode | None:
    if state.phase not in _ANSWER_PHASES:
        return ErrorCode.WRONG_PHASE
    if state.phase is not Phase.RESPOND_DRAW4 or state.draw4 is None:
        return ErrorCode.NOTHING_TO_CHALLENGE
    return None


def choose_color_rule(state: GameState, color: object) -> ErrorCode | None:
    if state.phase is not Phase.CHOOSE_COLOR:
        return ErrorCode.WRONG_PHASE
    return None if color in side_colors(state) else ErrorCode.COLOR_REQUIRED


def choose_target_rule(state: GameState, target: object) -> ErrorCode | None:
    if state.phase is not Phase.CHOOSE_TARGET:
        return ErrorCode.WRONG_PHASE
    return None if target in possible_targets(state, state.to_act) else ErrorCode.INVALID_TARGET


def draw_refusal(state: GameState, seat: int) -> ErrorCode | None:
    return on_turn_refusal(state, seat) or draw_rule(state)


def pass_refusal(state: GameState, seat: int) -> ErrorCode | None:
    return on_turn_refusal(state, seat) or pass_rule(state)


def keep_refusal(state: GameState, seat: int) -> ErrorCode | None:
    return on_turn_refusal(state, seat) or keep_rule(state)


def accept_refusal(state: GameState, seat: int) -> ErrorCode | None:
    return on_turn_refusal(state, seat) or accept_rule(state)


def challenge_refusal(state: GameState, seat: int) -> ErrorCode | None:
    return on_turn_refusal(state, seat) or challenge_rule(state)


def choose_color_refusal(state: GameState, seat: int, color: object) -> ErrorCode | None:
    return on_turn_refusal(state, seat) or choose_color_rule(state, color)


def choose_target_refusal(state: GameState, seat: int, target: object) -> ErrorCode | None:
    return on_turn_refusal(state, seat) or choose_target_rule(state, target)


# --- UNO ---------------------------------------------------------------------------------


def call_uno_refusal(state: GameState, seat: int) -> ErrorCode | None:
    refusal = seat_refusal(state, seat)
    if refusal is None and (len(state.hands[seat]) != 1 or seat in state.uno_called):
        return ErrorCode.CANNOT_CALL_UNO
    return refusal


def catch_refusal(state: GameState, seat: int, target: object) -> ErrorCode | None:
    """A catch names another seat; it succeeds on an open window and otherwise is a false
    catch, accepted only when false catches are penalised."""
    refusal = seat_refusal(state, seat)
    if refusal is not None:
        return refusal
    if target == seat or not isinstance(target, int) or not 0 <= target < state.seat_count:
        return ErrorCode.INVALID_TARGET
    if state.rules.uno_penalty == "auto":
        return ErrorCode.CATCH_NOT_ALLOWED
    if not state.rules.false_catch_penalty and all(w.seat != target for w in state.uno_windows):
        return ErrorCode.WINDOW_CLOSED
    return None


def refuse(code: ErrorCode | None, state: GameState, seat: int | None = None, **about) -> None:
    """Raise the RuleViolation for a refusal code (nothing when there is none)."""
    if code is not None:
        raise RuleViolation(code, explain(code, state, seat, about.get("card"), **about))


def explain(code: ErrorCode, state: GameState, seat, card=None, **about) -> str:
    """The message for a refusal: what was refused and why, for the player to read."""
    match code:
        case ErrorCode.NOT_SEATED:
            return f"seat {seat} is not in play"
        case ErrorCode.NOT_YOUR_TURN:
            return f"it is seat {state.to_act}'s turn"
        case ErrorCode.WRONG_PHASE:
            return _wrong_phase(state, seat)
        case ErrorCode.CARD_NOT_IN_HAND:
            return f"seat {seat} holds no {card.code if card is not None else 'that'}"
        case ErrorCode.DRAWN_CARD_ONLY:
            drawn = f" ({state.drawn_card.code})" if state.drawn_card else ""
            return f"only the drawn card{drawn} may be played"
        case ErrorCode.CARD_NOT_PLAYABLE:
            return _not_playable(state, card)
        case ErrorCode.WINDOW_CLOSED if card is not None:
            return "the jump-in window has closed"
        case ErrorCode.WINDOW_CLOSED:
            return f"seat {about.get('target')} cannot be caught now"
        case ErrorCode.NOTHING_TO_DRAW:
            return "you drew nothing this turn: pass"
        case ErrorCode.CANNOT_PASS:
            return "pass only when nothing can be drawn"
        case ErrorCode.NOTHING_TO_CHALLENGE:
            return "there is no Wild Draw Four to challenge"
        case ErrorCode.COLOR_REQUIRED:
            return f"{about.get('color')!r} is not a color"
        case ErrorCode.INVALID_TARGET:
            return f"seat {about.get('target')} cannot be the target"
        case ErrorCode.CANNOT_CALL_UNO:
            return "UNO is called holding one card, once"
        case ErrorCode.CATCH_NOT_ALLOWED:
            return "UNO penalties are applied automatically"
    return code.value.replace("_", " ")


def _wrong_phase(state: GameState, seat) -> str:
    if state.drew_nothing:
        return "you drew nothing this turn: only pass is left"
    return f"seat {seat} is asked for {state.phase.value}, not this"


def _not_playable(state: GameState, card: Card | None) -> str:
    if card is None:
        return "that card cannot be played now"
    if card.rank in RESTRICTED_WILDS and state.rules.wd4_enforcement == "strict":
        return f"a {card.rank} is only legal with no matching card"
    if state.pending is not None:
        return f"{card.code} cannot be stacked on the pending draw of {state.pending.total}"
    top = state.top_card
    return f"{card.code} does not match {top.code if top else 'nothing'} ({state.color})"
