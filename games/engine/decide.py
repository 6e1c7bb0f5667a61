"""decide(state, command, rng) -> events: validates a command and settles its outcome.

Each handler checks the command with `play_checks` (a refused command raises
`RuleViolation` with its code and emits nothing), then does what it asks through the
module that owns that part of the rules. Randomness is settled here and written into
the events, which `evolve` records.

A seat acting for itself ends its run of consecutive timeouts (`TimeoutsReset`); the
server acting for a seat (`timeouts`) calls the same rule modules without it.
"""

from __future__ import annotations

from collections.abc import Callable

from . import events as ev
from .choices import choose_color, choose_target
from .commands import (
    AbortGame,
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
    RemoveSeat,
    StartGame,
    Timeout,
)
from .errors import ErrorCode, RuleViolation
from .penalties import challenge, take_pending
from .play_checks import (
    accept_refusal,
    call_uno_refusal,
    catch_refusal,
    challenge_refusal,
    check_play,
    choose_color_refusal,
    choose_target_refusal,
    draw_refusal,
    keep_refusal,
    pass_refusal,
    refuse,
)
from .playing import draw_on_turn, keep, pass_turn, play_card
from .position import check_position, load_position
from .removal import remove_seat
from .rounds import check_deck_top, reveal_shuffles_mid_round, start_round
from .rules import check_seats
from .shuffle import Rng
from .state import GameState, OnAbandon, SeatStatus, Status, TimeoutAction
from .step import Outcome, Step, begin_step
from .timeouts import deadline_passed
from .uno import call_uno, catch, close_windows_on_advance

ENGINE_VERSION = 1


def decide(state: GameState, command, rng: Rng | None = None) -> tuple[ev.Event, ...]:
    return step(state, command, rng).events


def step(state: GameState, command, rng: Rng | None = None) -> Outcome:
    """Decide `command` and return the events with the state they lead to; `state`
    itself is left as it was."""
    changed = state.copy()
    return Outcome(changed, step_in_place(changed, command, rng))


def step_in_place(state: GameState, command, rng: Rng | None = None) -> tuple[ev.Event, ...]:
    """Decide `command` and record its events into `state` itself, a state the caller
    owns (no other part of the program may hold it); return the events.

    Every handler decides all its refusals before its first event, so a refused command
    raises RuleViolation with `state` exactly as it was."""
    handler = _HANDLERS[type(command)]
    if state.status is not Status.ACTIVE and type(command) is not StartGame:
        raise RuleViolation(ErrorCode.GAME_NOT_ACTIVE, "the game is not being played")
    current = begin_step(state, rng)
    handler(current, command)
    return tuple(current.events)


def _acts_itself(step_: Step, seat: int) -> None:
    if step_.state.timeouts[seat]:
        step_.emit(ev.TimeoutsReset(seat))


def _advances(step_: Step, seat: int) -> None:
    """A play, draw, pass, keep, accept or challenge by the seat itself."""
    if step_.state.uno_windows:
        close_windows_on_advance(step_)
    if step_.state.timeouts[seat]:
        step_.emit(ev.TimeoutsReset(seat))


# --- seat commands -------------------------------------------------------------------


def _play(step_: Step, command: PlayCard) -> None:
    s = step_.state
    play = check_play(s, command)
    if s.uno_windows or s.timeouts[play.seat]:
        _advances(step_, play.seat)
    play_card(step_, play)


def _draw(step_: Step, command: DrawCard) -> None:
    s, seat = step_.state, command.seat
    refusal = draw_refusal(s, seat)
    if refusal is not None:
        refuse(refusal, s, seat)
    _advances(step_, seat)
    if s.pending is not None:
        take_pending(step_, seat)
    else:
        draw_on_turn(step_, seat)


def _advancing(refusal: Callable, act: Callable) -> Callable:
    """The handler of a game-advancing move that names only its seat (keep, pass, accept,
    challenge): check it, then close UNO windows and end the seat's timeouts, then act."""

    def handle(step_: Step, command) -> None:
        refused = refusal(step_.state, command.seat)
        if refused is not None:
            refuse(refused, step_.state, command.seat)
        _advances(step_, command.seat)
        act(step_, command.seat)

    return handle


def _choose_color(step_: Step, command: ChooseColor) -> None:
    s, seat = step_.state, command.seat
    refuse(choose_color_refusal(s, seat, command.color), s, seat, color=command.color)
    _acts_itself(step_, seat)
    choose_color(step_, seat, command.color)


def _choose_target(step_: Step, command: ChooseTarget) -> None:
    s, seat = step_.state, command.seat
    refuse(choose_target_refusal(s, seat, command.target), s, seat, target=command.target)
    _acts_itself(step_, seat)
    choose_target(step_, seat, command.target)


def _call_uno(step_: Step, command: CallUno) -> None:
    refuse(call_uno_refusal(step_.state, command.seat), step_.state, command.seat)
    _acts_itself(step_, command.seat)
    call_uno(step_, command.seat)


def _catch_uno(step_: Step, command: CatchUno) -> None:
    s = step_.state
    refuse(catch_refusal(s, command.seat, command.target), s, command.seat, target=command.target)
    catch(step_, command.seat, command.target)


# --- system and staff commands -----------------------------------------------------------


def _start_game(step_: Step, command: StartGame) -> None:
    if step_.state.status != Status.NOT_STARTED:
        raise RuleViolation(ErrorCode.ALREADY_STARTED, "the game has already started")
    _check_setup(command)
    fair = command.provably_fair and command.deck is None and command.position is None
    step_.emit(
        ev.GameStarted(
            ENGINE_VERSION,
            command.seats,
            command.rules,
            fair,
            TimeoutAction(command.timeout_action),  # the shell may name them by value
            command.abandon_after,
            OnAbandon(command.on_abandon),
            command.timers,
        )
    )
    for seat in command.bot_seats:
        step_.emit(ev.SeatStatusChanged(seat, SeatStatus.BOT, "seated"))
    if command.position is not None:
        load_position(step_, command.position)
        return
    dealer = command.dealer
    if dealer is None:
        dealer = step_.need_rng().randrange(command.seats)
    start_round(step_, 1, dealer, fixed_top=command.deck or ())


def _check_setup(command: StartGame) -> None:
    """Refuse a setup the game cannot start from, before anything is recorded."""
    check_seats(command.rules, command.seats)
    for seat in command.bot_seats:
        if not 0 <= seat < command.seats:
            raise RuleViolation(ErrorCode.INVALID_SETUP, f"bot seat {seat} is not a seat")
    if command.position is not None:
        check_position(command.position, command.seats, command.rules)
        return
    dealer = command.dealer
    if dealer is not None and not 0 <= dealer < command.seats:
        raise RuleViolation(ErrorCode.INVALID_SETUP, f"dealer {dealer} is not a seat")
    check_deck_top(command.rules, command.deck or ())


def _timeout(step_: Step, command: Timeout) -> None:
    deadline_passed(step_, command.token)


def _remove(step_: Step, command: RemoveSeat) -> None:
    s, target = step_.state, command.target
    if not isinstance(target, int) or not 0 <= target < s.seat_count:
        raise RuleViolation(ErrorCode.INVALID_TARGET, f"seat {target} does not exist")
    if not s.in_play(target):
        raise RuleViolation(ErrorCode.NOT_SEATED, f"seat {target} is not in play")
    remove_seat(step_, target, command.reason)


def _abort(step_: Step, command: AbortGame) -> None:
    reveal_shuffles_mid_round(step_)
    step_.emit(ev.GameAborted(command.reason))


_HANDLERS: dict[type, Callable] = {
    StartGame: _start_game,
    PlayCard: _play,
    DrawCard: _draw,
    Pass: _advancing(pass_refusal, pass_turn),
    KeepCard: _advancing(keep_refusal, keep),
    ChooseColor: _choose_color,
    ChooseTarget: _choose_target,
    CallUno: _call_uno,
    CatchUno: _catch_uno,
    Challenge: _advancing(challenge_refusal, challenge),
    Accept: _advancing(accept_refusal, take_pending),
    Timeout: _timeout,
    RemoveSeat: _remove,
    AbortGame: _abort,
}
