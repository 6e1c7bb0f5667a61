"""decide(state, command, rng) -> events: validates a command and settles its outcome.

Checks run in a fixed order (game active, your seat, your turn or a valid out-of-turn
action, card in hand, card playable, rule specifics) and each failure raises
`RuleViolation` with its code; a refused command emits nothing. On success the outcome
is settled here, randomness included, and written into events that `evolve` records.

Internally a `Step` applies each event as it is emitted, so every later decision in the
same command reads the state those events produced: what decide sees is what replay
will see.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from scoring.match import tally_round
from scoring.points import hand_points

from . import events as ev
from .cards import (
    COLORS,
    DRAW2,
    REVERSE,
    SKIP,
    WILD_CUSTOM,
    WILD_DOWNPOUR1,
    WILD_DOWNPOUR2,
    WILD_DRAW4,
    WILD_SHUFFLE,
    WILD_SWAP,
    Card,
    Color,
    build_deck,
)
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
from .evolve import evolve
from .rules import check_seats, rules_to_dict
from .shuffle import Rng, shuffle_cards
from .state import (
    COUNTERCLOCKWISE,
    Draw4Play,
    GameState,
    Phase,
    SeatStatus,
    Status,
)
from .table import (
    can_stack,
    draw4_is_legal,
    matches,
    most_frequent_color,
    needs_target,
    next_seat,
    piles_exhausted,
    possible_targets,
    two_in_play,
)

ENGINE_VERSION = 1


#: Events after which a seat left with one card owes UNO (drawing never leaves one card).
_RESHAPING = (ev.CardPlayed, ev.HandReplaced, ev.CardsBuried)


class Step:
    """The state as it moves through one command, and the events emitted so far."""

    __slots__ = ("state", "events", "rng", "by_server", "reshaped")

    def __init__(self, state: GameState, rng: Rng | None):
        self.state = state
        self.events: list[ev.Event] = []
        self.rng = rng
        self.by_server = False  # the server acts for a seat (timeout): its count stays
        self.reshaped: set[int] = set()  # seats whose hand a play or exchange reshaped

    def emit(self, event: ev.Event) -> None:
        self.events.append(event)
        self.state = evolve(self.state, event)
        if type(event) in _RESHAPING:
            self.reshaped.add(event.seat)

    def need_rng(self) -> Rng:
        if self.rng is None:
            raise ValueError("this command shuffles: decide needs an rng")
        return self.rng


@dataclass(frozen=True, slots=True)
class Outcome:
    state: GameState
    events: tuple[ev.Event, ...]


def decide(state: GameState, command, rng: Rng | None = None) -> tuple[ev.Event, ...]:
    return step(state, command, rng).events


def step(state: GameState, command, rng: Rng | None = None) -> Outcome:
    """Decide `command` and return the events with the state they lead to."""
    handler = _HANDLERS[type(command)]
    current = Step(state, rng)
    if not isinstance(command, StartGame) and state.status != Status.ACTIVE:
        raise RuleViolation(ErrorCode.GAME_NOT_ACTIVE, "the game is not being played")
    handler(current, command)
    return Outcome(current.state, tuple(current.events))


# --- checks shared by the seat commands ---------------------------------------------


def _seated(state: GameState, seat: int) -> None:
    if not isinstance(seat, int) or not 0 <= seat < state.seat_count or not state.in_play(seat):
        raise RuleViolation(ErrorCode.NOT_SEATED, f"seat {seat} is not in play")


def _on_turn(state: GameState, seat: int, *phases: Phase) -> None:
    _seated(state, seat)
    if seat != state.to_act:
        raise RuleViolation(ErrorCode.NOT_YOUR_TURN, f"it is seat {state.to_act}'s turn")
    if state.phase not in phases:
        raise RuleViolation(
            ErrorCode.WRONG_PHASE, f"seat {seat} is asked for {state.phase.value}, not this"
        )


def _begin_advancing(step_: Step, seat: int) -> None:
    """A game-advancing command (a play, draw, pass, keep, accept or challenge) closes
    the open UNO windows in `catch` mode."""
    state = step_.state
    if state.rules.uno_penalty == "catch":
        for window in state.uno_windows:
            step_.emit(ev.UnoWindowClosed(window.seat, window.token, "advanced"))
    _seat_acted(step_, seat)


def _seat_acted(step_: Step, seat: int) -> None:
    """A seat acting for itself ends its run of consecutive timeouts."""
    if not step_.by_server and step_.state.timeouts[seat]:
        step_.emit(ev.TimeoutsReset(seat))


# --- turn bookkeeping -----------------------------------------------------------------


def _turn(
    step_: Step,
    seat: int,
    phase: Phase = Phase.PLAY,
    *,
    pending: int = 0,
    pending_kind: str | None = None,
    returns_to: int | None = None,
    jump_in: bool = False,
    passes: int = 0,
    owed: dict | None = None,
    draw4: Draw4Play | None = None,
) -> None:
    state = step_.state
    step_.emit(
        ev.TurnChanged(
            seat=seat,
            phase=phase,
            pending_draw=pending,
            pending_kind=pending_kind,
            returns_to=returns_to,
            jump_in=jump_in,
            passes=passes,
            owed=owed,
            challengeable=draw4.seat if draw4 else None,
            bluff=draw4.bluff if draw4 else False,
            draw4_hand=draw4.hand if draw4 else (),
            deadline=_turn_deadline(state, seat, phase),
        )
    )


def _turn_deadline(state: GameState, seat: int, phase: Phase) -> dict | None:
    """The deadline the turn about to start opens: a bot's think time, the turn timer
    for a play, the response timer for anything else asked of the seat."""
    timers = state.timers
    if state.seat_states[seat] == SeatStatus.BOT:
        kind, seconds = "bot", timers.bot_delay_ms / 1000
    elif phase == Phase.PLAY:
        kind, seconds = "turn", timers.turn_seconds
    else:
        kind, seconds = "response", timers.response_seconds
    if seconds is None:
        return None
    token = f"turn-{state.turn_serial + 1}"  # the token the TurnChanged gives the turn
    return {"kind": kind, "token": token, "seconds": seconds, "grace_ms": 0}


def _uno_deadline(state: GameState, token: str) -> dict | None:
    """An UNO window stays open `uno_window_seconds`; in `auto` mode the penalty waits
    the network grace (`uno_grace_ms`) on top."""
    seconds = state.timers.uno_window_seconds
    if seconds is None:
        return None
    grace = state.timers.uno_grace_ms if state.rules.uno_penalty == "auto" else 0
    return {"kind": "uno", "token": token, "seconds": seconds, "grace_ms": grace}


def _jump_in_open(state: GameState) -> bool:
    top = state.top_card
    return state.rules.jump_in and top is not None and top.color is not None


def _after_penalty(state: GameState, victim: int, player: int | None) -> int:
    """Who plays after `victim` took a draw card's cards: its player again under
    draw-returns or two-player rules, otherwise the seat after the victim."""
    returns = state.rules.draw_returns_to_player or two_in_play(state)
    if player is not None and state.in_play(player) and returns:
        return player
    return next_seat(state, victim)


# --- drawing ---------------------------------------------------------------------------


def _reshuffle(step_: Step) -> None:
    state = step_.state
    shuffled = shuffle_cards(state.discard_pile[:-1], step_.need_rng())
    step_.emit(
        ev.DeckShuffled(
            "reshuffle", len(shuffled.order), shuffled.commitment, shuffled.order, shuffled.salt
        )
    )


def _draw(step_: Step, seat: int, count: int, reason: str) -> tuple[Card, ...]:
    """Draw `count` cards, reshuffling the discard pile as often as needed; what cannot
    be drawn (both piles exhausted) is forfeited."""
    drawn: tuple[Card, ...] = ()
    while len(drawn) < count:
        if not step_.state.draw_pile:
            if piles_exhausted(step_.state):
                break
            _reshuffle(step_)
        take = step_.state.draw_pile[: count - len(drawn)]
        step_.emit(ev.CardsDrawn(seat, len(take), reason, take))
        drawn += take
    return drawn


def _draw_to_match(step_: Step, seat: int) -> tuple[Card, ...]:
    """Draw one at a time until a playable card (or the cap, or nothing is left)."""
    cap = step_.state.rules.draw_to_match_cap or None
    drawn: tuple[Card, ...] = ()
    while cap is None or len(drawn) < cap:
        state = step_.state
        if not state.draw_pile:
            if piles_exhausted(state):
                break
            _reshuffle(step_)
            state = step_.state
        limit = len(state.draw_pile) if cap is None else min(len(state.draw_pile), cap - len(drawn))
        take = limit
        for index in range(limit):
            if _drawn_card_playable(
                state, seat, state.draw_pile[index], state.hands[seat] + state.draw_pile[:index]
            ):
                take = index + 1
                break
        cards = state.draw_pile[:take]
        step_.emit(ev.CardsDrawn(seat, take, "draw", cards))
        drawn += cards
        if _drawn_card_playable(step_.state, seat, cards[-1], step_.state.hands[seat][:-1]):
            break
    return drawn


def _drawn_card_playable(state: GameState, seat: int, card: Card, rest: tuple[Card, ...]) -> bool:
    """May the drawn card be played now? A W+4 counts only when it would be legal
    (so force play never makes a player bluff)."""
    if card.rank == WILD_DRAW4:
        return draw4_is_legal(state, rest)
    return matches(state, card)


# --- playing a card --------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Play:
    seat: int
    card: Card
    color: Color | None
    target: int | None
    jump_in: bool
    bluff: bool
    hand_after: tuple[Card, ...]


def _check_play(state: GameState, command: PlayCard) -> _Play:
    seat, card = command.seat, command.card
    _seated(state, seat)
    jump_in = _is_jump_in(state, seat, card)
    hand = state.hands[seat]
    if card not in hand:
        raise RuleViolation(ErrorCode.CARD_NOT_IN_HAND, f"seat {seat} holds no {card.code}")
    if not jump_in:
        _check_turn_play(state, seat, card)
    hand_after = list(hand)
    hand_after.remove(card)
    hand_after = tuple(hand_after)
    bluff = card.rank == WILD_DRAW4 and not draw4_is_legal(state, hand_after)
    if bluff and state.rules.wd4_enforcement == "strict":
        raise RuleViolation(
            ErrorCode.CARD_NOT_PLAYABLE, "a Wild Draw Four is only legal with no matching card"
        )
    color = _check_color(card, command.color)
    target = _check_target(state, seat, card, command.target, last_card=not hand_after)
    return _Play(seat, card, color, target, jump_in, bluff, hand_after)


def _is_jump_in(state: GameState, seat: int, card: Card) -> bool:
    """Is this play out of turn? Raises unless it is a valid jump-in."""
    if seat == state.to_act:
        if state.phase in (Phase.PLAY, Phase.DRAWN_CARD, Phase.RESPOND_DRAW4):
            return False
        raise RuleViolation(
            ErrorCode.WRONG_PHASE, f"seat {seat} is asked for {state.phase.value}, not a play"
        )
    top = state.top_card
    identical = top is not None and top.color is not None and card is top
    if not (state.rules.jump_in and identical):
        raise RuleViolation(ErrorCode.NOT_YOUR_TURN, f"it is seat {state.to_act}'s turn")
    if card not in state.hands[seat]:
        raise RuleViolation(ErrorCode.CARD_NOT_IN_HAND, f"seat {seat} holds no {card.code}")
    if not state.jump_in_open or state.phase != Phase.PLAY:
        raise RuleViolation(ErrorCode.WINDOW_CLOSED, "the jump-in window has closed")
    if seat == state.last_player and not state.rules.jump_in_self:
        raise RuleViolation(ErrorCode.NOT_YOUR_TURN, "jumping in on your own card is off")
    return True


def _check_turn_play(state: GameState, seat: int, card: Card) -> None:
    if state.drew_nothing:
        raise RuleViolation(ErrorCode.WRONG_PHASE, "you drew nothing this turn: only pass is left")
    if state.phase == Phase.DRAWN_CARD and card is not state.drawn_card:
        raise RuleViolation(
            ErrorCode.DRAWN_CARD_ONLY,
            f"only the drawn card ({state.drawn_card.code}) may be played",
        )
    if state.pending_draw and state.phase in (Phase.PLAY, Phase.RESPOND_DRAW4):
        if not can_stack(state, card):
            raise RuleViolation(
                ErrorCode.CARD_NOT_PLAYABLE,
                f"{card.code} cannot be stacked on the pending draw of {state.pending_draw}",
            )
        return
    if state.phase == Phase.RESPOND_DRAW4 or not matches(state, card):
        raise RuleViolation(
            ErrorCode.CARD_NOT_PLAYABLE,
            f"{card.code} does not match {state.top_card.code} ({state.color})",
        )


def _check_color(card: Card, color: Color | None) -> Color | None:
    if card.color is None and color is None:
        raise RuleViolation(ErrorCode.COLOR_REQUIRED, f"{card.code} needs a color")
    if card.color is not None and color is not None:
        raise RuleViolation(ErrorCode.UNEXPECTED_FIELD, f"{card.code} takes no color")
    return color


def _check_target(
    state: GameState, seat: int, card: Card, target: int | None, *, last_card: bool
) -> int | None:
    if not needs_target(state, card):
        if target is not None:
            raise RuleViolation(ErrorCode.UNEXPECTED_FIELD, f"{card.code} takes no target")
        return None
    targets = possible_targets(state, seat)
    if target is None:
        if last_card or (card.rank == "7" and state.rules.seven_optional):
            return None
        if len(targets) == 1:
            return targets[0]
        raise RuleViolation(ErrorCode.TARGET_REQUIRED, f"{card.code} needs a target seat")
    if target not in targets:
        raise RuleViolation(ErrorCode.INVALID_TARGET, f"seat {target} cannot be the target")
    return None if last_card else target


def _play(step_: Step, command: PlayCard) -> None:
    play = _check_play(step_.state, command)
    _begin_advancing(step_, play.seat)
    pending = step_.state.pending_draw
    step_.emit(ev.CardPlayed(play.seat, play.card, play.color, play.target, play.jump_in, False))
    _resolve_card(
        step_,
        play.seat,
        play.card,
        play.target,
        command.uno,
        pending=pending,
        bluff=play.bluff,
        hand_at_play=play.hand_after,
    )


def _resolve_card(
    step_: Step,
    seat: int,
    card: Card,
    target: int | None,
    uno: bool,
    *,
    pending: int = 0,
    bluff: bool = False,
    hand_at_play: tuple[Card, ...] = (),
) -> None:
    """Apply a placed card's effect for `seat`: exchanges, UNO, round end or the next turn.

    `pending` is the draw total the card was stacked on (0 when it was not)."""
    went_out = not step_.state.hands[seat]
    step_.reshaped.add(seat)  # also when the card was placed by an earlier command
    _apply_hand_effects(step_, seat, card, target, went_out)
    if uno and len(step_.state.hands[seat]) == 1:
        step_.emit(ev.UnoCalled(seat))
    _open_uno_windows(step_)
    if card.rank in (DRAW2, WILD_DRAW4):
        _resolve_draw_card(step_, seat, card, pending, bluff, hand_at_play)
        return
    if not step_.state.hands[seat]:
        _end_round(step_, seat)
        return
    _pass_turn_after_card(step_, seat, card)


def _apply_hand_effects(step_: Step, seat: int, card: Card, target: int | None, went_out: bool):
    rules = step_.state.rules
    rank = card.rank
    if rank in (WILD_DOWNPOUR1, WILD_DOWNPOUR2):
        for other in possible_targets(step_.state, seat):
            _draw(step_, other, 1 if rank == WILD_DOWNPOUR1 else 2, "others_draw")
    elif rank == WILD_CUSTOM and rules.custom_wild_effect == "others_draw_two":
        for other in possible_targets(step_.state, seat):
            _draw(step_, other, 2, "others_draw")
    if went_out and not (rank == WILD_SHUFFLE and rules.shuffle_hands_last_card == "redeal"):
        return
    if target is not None and (rank == WILD_SWAP or rank == "7"):
        _swap_hands(step_, seat, target)
    elif rank == "0" and rules.seven_o:
        _rotate_hands(step_)
    elif rank == WILD_SHUFFLE:
        _shuffle_hands(step_, seat)
    elif rank == WILD_CUSTOM and rules.custom_wild_effect == "others_discard_wilds":
        for other in possible_targets(step_.state, seat):
            wilds = tuple(c for c in step_.state.hands[other] if c.color is None)
            if wilds:
                step_.emit(ev.CardsBuried(other, len(wilds), "discard_wilds", wilds))


def _swap_hands(step_: Step, seat: int, target: int) -> None:
    hands = step_.state.hands
    mine, theirs = hands[seat], hands[target]
    step_.emit(ev.HandReplaced(seat, target, len(theirs), theirs))
    step_.emit(ev.HandReplaced(target, seat, len(mine), mine))


def _rotate_hands(step_: Step) -> None:
    """Every hand passes to the next seat in the direction of play."""
    state = step_.state
    hands = state.hands
    for seat in state.seats_in_play():
        giver = next_seat(state, seat, -state.direction)
        step_.emit(ev.HandReplaced(seat, giver, len(hands[giver]), hands[giver]))


def _shuffle_hands(step_: Step, seat: int) -> None:
    """Collect every hand, shuffle, deal one at a time clockwise from the player's left."""
    state = step_.state
    players = state.seats_in_play()
    pooled = tuple(c for s in players for c in state.hands[s])
    shuffled = shuffle_cards(pooled, step_.need_rng())
    step_.emit(
        ev.DeckShuffled("hands", len(pooled), shuffled.commitment, shuffled.order, shuffled.salt)
    )
    order = [next_seat(state, seat, 1)]
    while len(order) < len(players):
        order.append(next_seat(state, order[-1], 1))
    dealt: dict[int, list[Card]] = {s: [] for s in players}
    for index, card in enumerate(shuffled.order):
        dealt[order[index % len(order)]].append(card)
    for s in order:
        step_.emit(ev.HandReplaced(s, None, len(dealt[s]), tuple(dealt[s])))


def _open_uno_windows(step_: Step) -> None:
    """A seat this command left with one card, not called for, owes UNO: open its window.
    (A hand given by a staff position is not one a play or exchange made.)"""
    state = step_.state
    open_seats = {w.seat for w in state.uno_windows}
    for seat in sorted(step_.reshaped):
        if (
            state.in_play(seat)
            and len(state.hands[seat]) == 1
            and seat not in state.uno_called
            and seat not in state.uno_settled
            and seat not in open_seats
        ):
            token = f"uno-{step_.state.uno_serial}"
            step_.emit(ev.UnoWindowOpened(seat, token, _uno_deadline(step_.state, token)))


def _resolve_draw_card(step_, seat, card, pending, bluff, hand_at_play) -> None:
    state = step_.state
    rules = state.rules
    total = pending + (2 if card.rank == DRAW2 else 4)
    victim = next_seat(state, seat)
    went_out = not state.hands[seat]
    if card.rank == WILD_DRAW4 and rules.wd4_enforcement == "challenge":
        draw4 = Draw4Play(seat, bluff, hand_at_play)
        _turn(
            step_,
            victim,
            Phase.RESPOND_DRAW4,
            pending=total,
            pending_kind=WILD_DRAW4,
            returns_to=seat,
            draw4=draw4,
        )
        return
    if rules.stacking != "none" and not went_out and _stackable_kind(rules.stacking, card.rank):
        phase = Phase.RESPOND_DRAW4 if card.rank == WILD_DRAW4 else Phase.PLAY
        _turn(
            step_,
            victim,
            phase,
            pending=total,
            pending_kind=card.rank,
            returns_to=seat,
            jump_in=_jump_in_open(step_.state),
        )
        return
    _take_penalty(step_, victim, total, seat, automatic=True)


def _stackable_kind(stacking: str, rank: str) -> bool:
    """Can anything be stacked on a pending draw of this kind under this stacking rule?"""
    if rank == DRAW2:
        return stacking != "none"
    return stacking in ("same", "up", "any")


def _take_penalty(
    step_: Step, victim: int, total: int, player: int | None, *, automatic: bool = False
) -> None:
    """The victim draws the pending total and loses the turn; play moves on.

    An `automatic` penalty (a Draw Two without stacking) is part of its card, so the
    jump-in window stays open after it."""
    _draw(step_, victim, total, "penalty")
    step_.emit(ev.SeatSkipped(victim))
    if player is not None and not step_.state.hands[player]:
        _end_round(step_, player)
        return
    _turn(
        step_,
        _after_penalty(step_.state, victim, player),
        jump_in=automatic and _jump_in_open(step_.state),
    )


def _pass_turn_after_card(step_: Step, seat: int, card: Card) -> None:
    state = step_.state
    rules = state.rules
    rank = card.rank
    if rank == SKIP:
        if rules.skip_plays_again or two_in_play(state):
            nxt = seat
            if two_in_play(state):
                step_.emit(ev.SeatSkipped(next_seat(state, seat)))
        else:
            victim = next_seat(state, seat)
            step_.emit(ev.SeatSkipped(victim))
            nxt = next_seat(state, victim)
    elif rank == REVERSE:
        if rules.skip_plays_again:
            nxt = seat
        else:
            step_.emit(ev.DirectionReversed(-state.direction))
            state = step_.state
            if two_in_play(state):
                step_.emit(ev.SeatSkipped(next_seat(state, seat)))
                nxt = seat
            else:
                nxt = next_seat(state, seat)
    elif rank == WILD_CUSTOM and rules.custom_wild_effect == "extra_turn":
        nxt = seat
    else:
        nxt = next_seat(state, seat)
    _turn(step_, nxt, jump_in=_jump_in_open(step_.state))


# --- round start and end -------------------------------------------------------------


def _start_game(step_: Step, command: StartGame) -> None:
    if step_.state.status != Status.NOT_STARTED:
        raise RuleViolation(ErrorCode.ALREADY_STARTED, "the game has already started")
    check_seats(command.rules, command.seats)
    fair = command.provably_fair and command.deck is None and command.position is None
    step_.emit(
        ev.GameStarted(
            ENGINE_VERSION,
            command.seats,
            rules_to_dict(command.rules),
            fair,
            command.timeout_action,
            command.abandon_after,
            command.on_abandon,
            command.timers,
        )
    )
    if command.position is not None:
        from .position import load_position

        load_position(step_, command.position)
        return
    dealer = command.dealer
    if dealer is None:
        dealer = step_.need_rng().randrange(command.seats)
    elif not 0 <= dealer < command.seats:
        raise RuleViolation(ErrorCode.INVALID_SETUP, f"dealer {dealer} is not a seat")
    _start_round(step_, 1, dealer, fixed_top=command.deck or ())


def _start_round(step_: Step, number: int, dealer: int, fixed_top: tuple[Card, ...] = ()) -> None:
    state = step_.state
    step_.emit(ev.RoundStarted(number, dealer, state.seats_in_play()))
    deck = build_deck(state.rules.cards, state.rules.downpour)
    try:
        shuffled = shuffle_cards(deck, step_.need_rng(), fixed_top=fixed_top)
    except ValueError:
        raise RuleViolation(
            ErrorCode.INVALID_SETUP, "the deck holds cards this game's deck has not"
        ) from None
    step_.emit(
        ev.DeckShuffled("deal", len(deck), shuffled.commitment, shuffled.order, shuffled.salt)
    )
    state = step_.state
    players = [next_seat(state, dealer, 1)]
    while len(players) < len(state.seats_in_play()):
        players.append(next_seat(state, players[-1], 1))
    size = state.rules.hand_size
    dealt = {
        s: shuffled.order[i : size * len(players) : len(players)] for i, s in enumerate(players)
    }
    for seat in players:
        step_.emit(ev.CardsDealt(seat, size, dealt[seat]))
    _turn_first_card(step_)


def _turn_first_card(step_: Step) -> None:
    rules = step_.state.rules
    while True:
        card = step_.state.draw_pile[0]
        step_.emit(ev.FirstCardTurned(card))
        redraw = card.rank == WILD_DRAW4 or (
            card.color is None and rules.wild_first_card == "redraw"
        )
        if not redraw:
            break
        step_.emit(ev.FirstCardReturned(card))
        shuffled = shuffle_cards(step_.state.draw_pile, step_.need_rng())
        step_.emit(
            ev.DeckShuffled(
                "first_card_redraw",
                len(shuffled.order),
                shuffled.commitment,
                shuffled.order,
                shuffled.salt,
            )
        )
    _first_card_effect(step_, card)


def _first_card_effect(step_: Step, card: Card) -> None:
    """The first card acts on the first player (when it would give play back to "its
    player", the dealer takes that turn)."""
    state = step_.state
    dealer = state.dealer
    first = next_seat(state, dealer, 1)
    rank = card.rank
    if rank == SKIP or (rank == REVERSE and state.rules.skip_plays_again):
        step_.emit(ev.SeatSkipped(first))
        _turn(step_, next_seat(state, first))
    elif rank == REVERSE:
        step_.emit(ev.DirectionReversed(COUNTERCLOCKWISE))
        _turn(step_, dealer)
    elif rank == DRAW2:
        _draw(step_, first, 2, "penalty")
        step_.emit(ev.SeatSkipped(first))
        _turn(step_, next_seat(step_.state, first))
    elif card.color is None:
        owed = {
            "origin": "first_card",
            "card": card.code,
            "needs_color": True,
            "needs_target": rank == WILD_SWAP,
        }
        _turn(step_, first, Phase.CHOOSE_COLOR, owed=owed)
    else:
        _turn(step_, first)


def _end_round(step_: Step, winner: int | None) -> None:
    state = step_.state
    in_play = state.seats_in_play()
    left = {seat: [c.code for c in state.hands[seat]] for seat in in_play}
    tally = tally_round(
        mode=state.rules.scoring,
        target=state.rules.target_score,
        scores=state.scores,
        hand_points={seat: hand_points(codes) for seat, codes in left.items()},
        round_winner=winner,
        seats_in_play=in_play,
        dealer=state.dealer,
        teams=state.rules.teams,
    )
    shuffles = _revealed_shuffles(state)
    step_.emit(
        ev.RoundEnded(
            state.round,
            winner,
            winner is None,
            left,
            tally.points,
            tally.scores,
            tally.eliminated,
            shuffles,
        )
    )
    if tally.match_over:
        step_.emit(ev.MatchEnded(tally.winner, tally.ranking, tally.scores, "score"))
        return
    state = step_.state
    dealer = state.dealer
    if state.rules.dealer_rotation or not state.in_play(dealer):
        dealer = next_seat(state, dealer, 1)
    _start_round(step_, state.round + 1, dealer)


def _revealed_shuffles(state: GameState) -> tuple[dict, ...]:
    return tuple(
        {"reason": s.reason, "order": list(s.order), "salt": s.salt, "commitment": s.commitment}
        for s in state.shuffles
    )


def _reveal_shuffles_mid_round(step_: Step) -> None:
    if step_.state.shuffles:
        step_.emit(ev.ShufflesRevealed(step_.state.round, _revealed_shuffles(step_.state)))


def _end_match_if_one_side_left(step_: Step) -> bool:
    state = step_.state
    players = state.seats_in_play()
    sides = {state.team_of(s) if state.rules.teams else s for s in players}
    if len(sides) > 1:
        return False
    _reveal_shuffles_mid_round(step_)
    winner = tuple(players) if state.rules.teams else players[0]
    ranking = tuple(players) + tuple(s for s in range(state.seat_count) if s not in players)
    step_.emit(ev.MatchEnded(winner, ranking, state.scores, "last_seat_standing"))
    return True


# --- command handlers ----------------------------------------------------------------


def _draw_command(step_: Step, command: DrawCard) -> None:
    state = step_.state
    _on_turn(state, command.seat, Phase.PLAY, Phase.RESPOND_DRAW4)
    if state.pending_draw:
        _accept(step_, Accept(command.seat))
        return
    if state.phase != Phase.PLAY:
        raise RuleViolation(ErrorCode.WRONG_PHASE, "answer the Wild Draw Four first")
    if state.drew_nothing:
        raise RuleViolation(ErrorCode.NOTHING_TO_DRAW, "you drew nothing this turn: pass")
    _begin_advancing(step_, command.seat)
    seat = command.seat
    if piles_exhausted(state):
        step_.emit(ev.NothingDrawn(seat))
        return
    if state.rules.draw_to_match:
        drawn = _draw_to_match(step_, seat)
    else:
        drawn = _draw(step_, seat, 1, "draw")
    state = step_.state
    card = drawn[-1] if drawn else None
    if card is None or not _playable_drawn(state, seat, card):
        _turn(step_, next_seat(state, seat))
    elif state.rules.force_play:
        _force_play(step_, seat, card)
    else:
        _turn(step_, seat, Phase.DRAWN_CARD)


def _playable_drawn(state: GameState, seat: int, card: Card) -> bool:
    rest = list(state.hands[seat])
    rest.remove(card)
    if card.rank == WILD_DRAW4 and state.rules.force_play:
        return draw4_is_legal(state, tuple(rest))
    if card.rank == WILD_DRAW4 and state.rules.wd4_enforcement == "strict":
        return draw4_is_legal(state, tuple(rest))
    return matches(state, card)


def _force_play(step_: Step, seat: int, card: Card) -> None:
    """A playable drawn card is played at once; a color or target it needs is owed."""
    state = step_.state
    needs_color = card.color is None
    targets = possible_targets(state, seat)
    going_out = len(state.hands[seat]) == 1
    owes_target = (
        needs_target(state, card)
        and not going_out
        and len(targets) > 1
        and not (card.rank == "7" and state.rules.seven_optional)
    )
    auto_target = targets[0] if needs_target(state, card) and len(targets) == 1 else None
    if card.rank == "7" and state.rules.seven_optional:
        auto_target = None
    step_.emit(ev.CardPlayed(seat, card, None, None, False, True))
    if needs_color or owes_target:
        owed = {
            "origin": "forced",
            "card": card.code,
            "needs_color": needs_color,
            "needs_target": owes_target,
        }
        phase = Phase.CHOOSE_COLOR if needs_color else Phase.CHOOSE_TARGET
        _turn(step_, seat, phase, owed=owed)
        return
    _resolve_card(
        step_,
        seat,
        card,
        None if going_out else auto_target,
        False,
        hand_at_play=step_.state.hands[seat],
    )


def _keep(step_: Step, command: KeepCard) -> None:
    _on_turn(step_.state, command.seat, Phase.DRAWN_CARD)
    _begin_advancing(step_, command.seat)
    _turn(step_, next_seat(step_.state, command.seat))


def _pass(step_: Step, command: Pass) -> None:
    state = step_.state
    _on_turn(state, command.seat, Phase.PLAY)
    if state.pending_draw or not piles_exhausted(state):
        raise RuleViolation(ErrorCode.CANNOT_PASS, "pass only when nothing can be drawn")
    _begin_advancing(step_, command.seat)
    step_.emit(ev.TurnPassed(command.seat))
    passes = step_.state.consecutive_passes + 1
    if passes >= len(step_.state.seats_in_play()):
        _end_round(step_, None)
        return
    _turn(step_, next_seat(step_.state, command.seat), passes=passes)


def _accept(step_: Step, command: Accept) -> None:
    state = step_.state
    _on_turn(state, command.seat, Phase.PLAY, Phase.RESPOND_DRAW4)
    if not state.pending_draw:
        raise RuleViolation(ErrorCode.WRONG_PHASE, "there is no draw to accept")
    _begin_advancing(step_, command.seat)
    _take_penalty(step_, command.seat, state.pending_draw, state.returns_to)


def _challenge(step_: Step, command: Challenge) -> None:
    state = step_.state
    _on_turn(state, command.seat, Phase.PLAY, Phase.RESPOND_DRAW4)
    draw4 = state.draw4
    if state.phase != Phase.RESPOND_DRAW4 or draw4 is None:
        raise RuleViolation(
            ErrorCode.NOTHING_TO_CHALLENGE, "there is no Wild Draw Four to challenge"
        )
    _begin_advancing(step_, command.seat)
    seat, rules = command.seat, state.rules
    step_.emit(ev.Draw4Challenged(seat, draw4.seat, draw4.bluff, draw4.hand))
    if draw4.bluff:
        count = rules.challenge_guilty_draw if state.pending_draw <= 4 else state.pending_draw
        _draw(step_, draw4.seat, count, "challenge")
        if rules.challenge_success_skips_challenger:
            step_.emit(ev.SeatSkipped(seat))
            _turn(step_, next_seat(step_.state, seat))
        else:
            _turn(step_, seat)
        return
    count = state.pending_draw + rules.challenge_innocent_draw - 4
    _take_penalty(step_, seat, count, draw4.seat)


def _choose_color(step_: Step, command: ChooseColor) -> None:
    state = step_.state
    _on_turn(state, command.seat, Phase.CHOOSE_COLOR)
    if command.color not in COLORS:
        raise RuleViolation(ErrorCode.COLOR_REQUIRED, f"{command.color!r} is not a color")
    _seat_acted(step_, command.seat)
    step_.emit(ev.ColorChosen(command.seat, Color(command.color)))
    owed = state.owed
    if owed.needs_target:
        targets = possible_targets(step_.state, command.seat)
        if len(targets) > 1:
            rest = {
                "origin": owed.origin,
                "card": owed.card.code,
                "needs_color": False,
                "needs_target": True,
            }
            _turn(step_, command.seat, Phase.CHOOSE_TARGET, owed=rest)
            return
        _settle_owed(step_, command.seat, owed.origin, owed.card, targets[0])
        return
    _settle_owed(step_, command.seat, owed.origin, owed.card, None)


def _choose_target(step_: Step, command: ChooseTarget) -> None:
    state = step_.state
    _on_turn(state, command.seat, Phase.CHOOSE_TARGET)
    if command.target not in possible_targets(state, command.seat):
        raise RuleViolation(ErrorCode.INVALID_TARGET, f"seat {command.target} cannot be the target")
    _seat_acted(step_, command.seat)
    _settle_owed(step_, command.seat, state.owed.origin, state.owed.card, command.target)


def _settle_owed(step_: Step, seat: int, origin: str, card: Card, target: int | None) -> None:
    if origin == "first_card":
        if target is not None:
            _swap_hands(step_, seat, target)
            _open_uno_windows(step_)
        _turn(step_, seat)
        return
    _resolve_card(step_, seat, card, target, False, hand_at_play=step_.state.hands[seat])


def _call_uno(step_: Step, command: CallUno) -> None:
    state = step_.state
    _seated(state, command.seat)
    if len(state.hands[command.seat]) != 1 or command.seat in state.uno_called:
        raise RuleViolation(ErrorCode.CANNOT_CALL_UNO, "UNO is called holding one card, once")
    _seat_acted(step_, command.seat)
    step_.emit(ev.UnoCalled(command.seat))


def _catch_uno(step_: Step, command: CatchUno) -> None:
    state = step_.state
    seat, target = command.seat, command.target
    _seated(state, seat)
    if target == seat or not isinstance(target, int) or not 0 <= target < state.seat_count:
        raise RuleViolation(ErrorCode.INVALID_TARGET, "catch another seat")
    if state.rules.uno_penalty == "auto":
        raise RuleViolation(ErrorCode.CATCH_NOT_ALLOWED, "UNO penalties are applied automatically")
    window = next((w for w in state.uno_windows if w.seat == target), None)
    if window is None:
        if state.rules.false_catch_penalty:
            step_.emit(ev.CatchFailed(seat, target))
            _draw(step_, seat, state.rules.false_catch_penalty, "false_catch")
            return
        raise RuleViolation(ErrorCode.WINDOW_CLOSED, f"seat {target} cannot be caught now")
    step_.emit(ev.UnoCaught(seat, target))
    step_.emit(ev.UnoWindowClosed(target, window.token, "caught"))
    _draw(step_, target, state.rules.uno_penalty_draw, "uno_penalty")


def _timeout(step_: Step, command: Timeout) -> None:
    state = step_.state
    if command.token == state.turn_token:
        _turn_timeout(step_)
        return
    window = next((w for w in state.uno_windows if w.token == command.token), None)
    if window is None:
        raise RuleViolation(ErrorCode.STALE_DEADLINE, f"deadline {command.token} is not open")
    if state.rules.uno_penalty == "auto":
        step_.emit(ev.UnoPenaltyApplied(window.seat))
        step_.emit(ev.UnoWindowClosed(window.seat, window.token, "penalised"))
        _draw(step_, window.seat, state.rules.uno_penalty_draw, "uno_penalty")
    else:
        step_.emit(ev.UnoWindowClosed(window.seat, window.token, "expired"))


def _turn_timeout(step_: Step) -> None:
    """The seat to act let its deadline pass: the server acts for it (`timeout_action`)."""
    state = step_.state
    seat = state.to_act
    count = state.timeouts[seat] + 1
    step_.emit(ev.TimedOut(seat, state.turn_token, count))
    if count >= state.abandon_after and state.seat_states[seat] == SeatStatus.PLAYING:
        if state.on_abandon == "remove":
            _remove(step_, seat, "abandoned")
            return
        step_.emit(ev.SeatStatusChanged(seat, SeatStatus.BOT, "abandoned"))
    _server_action(step_, seat)


def _server_action(step_: Step, seat: int) -> None:
    """What the server does for a seat that timed out, by phase."""
    step_.by_server = True
    state = step_.state
    hand = state.hands[seat]
    phase = state.phase
    if phase == Phase.CHOOSE_COLOR:
        _choose_color(step_, ChooseColor(seat, most_frequent_color(hand)))
    elif phase == Phase.CHOOSE_TARGET:
        _choose_target(step_, ChooseTarget(seat, next_seat(state, seat)))
    elif phase == Phase.DRAWN_CARD:
        _keep(step_, KeepCard(seat))
    elif state.pending_draw:
        _accept(step_, Accept(seat))
    elif state.timeout_action == "auto_play" and (play := _server_play(state, seat)):
        _play(step_, play)
    elif piles_exhausted(state):
        _pass(step_, Pass(seat))
    else:
        _begin_advancing(step_, seat)
        _draw(step_, seat, 1, "draw")
        _turn(step_, next_seat(step_.state, seat))


def _server_play(state: GameState, seat: int) -> PlayCard | None:
    """The first legal play, calling the hand's most frequent color and the next seat."""
    from .legal import legal_actions

    color = most_frequent_color(state.hands[seat])
    target = next_seat(state, seat)
    for action in legal_actions(state, seat):
        if (
            isinstance(action, PlayCard)
            and action.color in (None, color)
            and action.target in (None, target)
        ):
            return action
    return None


def _remove_command(step_: Step, command: RemoveSeat) -> None:
    state = step_.state
    if not isinstance(command.target, int) or not 0 <= command.target < state.seat_count:
        raise RuleViolation(ErrorCode.INVALID_TARGET, f"seat {command.target} does not exist")
    if not state.in_play(command.target):
        raise RuleViolation(ErrorCode.NOT_SEATED, f"seat {command.target} is not in play")
    _remove(step_, command.target, command.reason)


def _remove(step_: Step, seat: int, reason: str) -> None:
    """The seat leaves: its cards go under the draw pile, a draw pending on it is dropped,
    and the next seat in play takes its turn."""
    state = step_.state
    was_acting = state.to_act == seat
    fallback_color = most_frequent_color(state.hands[seat])
    if state.hands[seat]:
        step_.emit(ev.CardsBuried(seat, len(state.hands[seat]), "removed", state.hands[seat]))
    step_.emit(ev.SeatStatusChanged(seat, SeatStatus.REMOVED, reason))
    if _end_match_if_one_side_left(step_):
        return
    state = step_.state
    if was_acting:
        if state.color is None:
            step_.emit(ev.ColorChosen(seat, fallback_color))
        _turn(step_, next_seat(state, seat))
    elif state.returns_to == seat or (state.draw4 and state.draw4.seat == seat):
        _turn(
            step_,
            state.to_act,
            state.phase,
            pending=state.pending_draw,
            pending_kind=state.pending_kind,
            returns_to=None,
            jump_in=state.jump_in_open,
            passes=state.consecutive_passes,
            owed=None,
            draw4=None,
        )


def _abort(step_: Step, command: AbortGame) -> None:
    _reveal_shuffles_mid_round(step_)
    step_.emit(ev.GameAborted(command.reason))


_HANDLERS: dict[type, Callable] = {
    StartGame: _start_game,
    PlayCard: _play,
    DrawCard: _draw_command,
    Pass: _pass,
    KeepCard: _keep,
    ChooseColor: _choose_color,
    ChooseTarget: _choose_target,
    CallUno: _call_uno,
    CatchUno: _catch_uno,
    Challenge: _challenge,
    Accept: _accept,
    Timeout: _timeout,
    RemoveSeat: _remove_command,
    AbortGame: _abort,
}
