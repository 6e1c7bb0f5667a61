"""A game state as plain JSON and back: the shell's state cache (no pickle: the cache is
data, and loading it runs no code from the database).

`FORMAT` names the shape; a cache of another format is ignored and the state rebuilt by
replaying the log. Every field of `GameState` is written, so a change to the state's
fields must change both functions below and `FORMAT` (a test checks the keys).
"""

from __future__ import annotations

from typing import Any

from .cards import Card, Color, card_of_code, oriented
from .rules import rules_from_dict, rules_to_dict
from .state import (
    DARK,
    Draw4Play,
    GameState,
    OnAbandon,
    OwedChoice,
    OwedOrigin,
    PendingDraw,
    Phase,
    SeatStatus,
    ShuffleReason,
    ShuffleRecord,
    Side,
    Status,
    TimeoutAction,
    Timers,
    UnoWindow,
)

FORMAT = 5  # 4: UNO FLIP!'s `deck` and `side`; 5: the pending draw as one value

_SEAT_STATUS = {s.value: s for s in SeatStatus}
# Each closed set by its values: a dictionary's lookup costs a fraction of `Enum(value)`,
# and every read of a game in play rebuilds a state.
_STATUS = {s.value: s for s in Status}
_SIDE = {s.value: s for s in Side}
_COLOR = {c.value: c for c in Color}
_PHASE = {p.value: p for p in Phase}
_TIMEOUT_ACTION = {a.value: a for a in TimeoutAction}
_ON_ABANDON = {a.value: a for a in OnAbandon}
_SHUFFLE_REASON = {r.value: r for r in ShuffleReason}
_RULES_CACHE: dict[str, Any] = {}


def _codes(pile: tuple[Card, ...]) -> list[str]:
    return [c.code for c in pile]


_card = card_of_code


def _cards(codes: list[str]) -> tuple[Card, ...]:
    return tuple(map(card_of_code, codes))


def state_to_json(state: GameState) -> dict[str, Any]:
    draw4, owed, pending, winner = state.draw4, state.owed, state.pending, state.winner
    return {
        "status": state.status.value,
        "rules": rules_to_dict(state.rules),
        "seat_count": state.seat_count,
        "engine_version": state.engine_version,
        "provably_fair": state.provably_fair,
        "seat_states": [s.value for s in state.seat_states],
        "scores": list(state.scores),
        "round": state.round,
        "dealer": state.dealer,
        "hands": [_codes(hand) for hand in state.hands],
        "draw_pile": _codes(state.draw_pile),
        "discard_pile": _codes(state.discard_pile),
        "out_of_play": _codes(state.out_of_play),
        "deck": _codes(state.deck),
        "side": state.side.value,
        "color": state.color.value if state.color else None,
        "direction": state.direction,
        "to_act": state.to_act,
        "phase": state.phase.value,
        "turn_serial": state.turn_serial,
        "pending": pending and [pending.total, pending.kind, pending.returns_to],
        "draw4": draw4 and [draw4.seat, draw4.bluff, _codes(draw4.hand)],
        "drawn_card": state.drawn_card.code if state.drawn_card else None,
        "drew_nothing": state.drew_nothing,
        "owed": owed and [owed.origin.value, owed.card.code, owed.needs_color, owed.needs_target],
        "last_player": state.last_player,
        "jump_in_open": state.jump_in_open,
        "uno_called": sorted(state.uno_called),
        "uno_settled": sorted(state.uno_settled),
        "uno_windows": [[w.seat, w.token] for w in state.uno_windows],
        "uno_serial": state.uno_serial,
        "consecutive_passes": state.consecutive_passes,
        "timeouts": list(state.timeouts),
        "timeout_action": state.timeout_action.value,
        "abandon_after": state.abandon_after,
        "on_abandon": state.on_abandon.value,
        "timers": [
            state.timers.turn_seconds,
            state.timers.response_seconds,
            state.timers.uno_window_seconds,
            state.timers.uno_grace_ms,
            state.timers.bot_delay_ms,
        ],
        "shuffles": [
            [s.reason.value, _codes(s.order), s.salt, s.commitment] for s in state.shuffles
        ],
        "winner": list(winner) if isinstance(winner, tuple) else winner,
        "ranking": list(state.ranking),
    }


def state_from_json(data: dict[str, Any]) -> GameState:
    """The state the JSON holds; a dark side's cards are turned dark face up (a code
    names a double-faced card light face up)."""
    state = _state_from_json(data)
    if state.side == DARK:
        _turn_dark_face_up(state)
    return state


def _turn_dark_face_up(state: GameState) -> None:
    state.hands = tuple(oriented(hand, True) for hand in state.hands)
    state.draw_pile = oriented(state.draw_pile, True)
    state.discard_pile = oriented(state.discard_pile, True)
    state.out_of_play = oriented(state.out_of_play, True)
    if state.drawn_card is not None:
        (state.drawn_card,) = oriented((state.drawn_card,), True)
    if state.draw4 is not None:
        draw4 = state.draw4
        state.draw4 = Draw4Play(draw4.seat, draw4.bluff, oriented(draw4.hand, True))
    if state.owed is not None:
        owed = state.owed
        (up,) = oriented((owed.card,), True)
        state.owed = OwedChoice(owed.origin, up, owed.needs_color, owed.needs_target)


def _state_from_json(data: dict[str, Any]) -> GameState:
    draw4, owed, pending, winner = data["draw4"], data["owed"], data["pending"], data["winner"]
    return GameState(
        status=_STATUS[data["status"]],
        rules=_rules(data["rules"]),
        seat_count=data["seat_count"],
        engine_version=data["engine_version"],
        provably_fair=data["provably_fair"],
        seat_states=tuple(_SEAT_STATUS[s] for s in data["seat_states"]),
        scores=tuple(data["scores"]),
        round=data["round"],
        dealer=data["dealer"],
        hands=tuple(_cards(hand) for hand in data["hands"]),
        draw_pile=_cards(data["draw_pile"]),
        discard_pile=_cards(data["discard_pile"]),
        out_of_play=_cards(data["out_of_play"]),
        deck=_cards(data["deck"]),
        side=_SIDE[data["side"]],
        color=_COLOR[data["color"]] if data["color"] else None,
        direction=data["direction"],
        to_act=data["to_act"],
        phase=_PHASE[data["phase"]],
        turn_serial=data["turn_serial"],
        pending=pending and PendingDraw(*pending),
        draw4=draw4 and Draw4Play(draw4[0], draw4[1], _cards(draw4[2])),
        drawn_card=_card(data["drawn_card"]) if data["drawn_card"] else None,
        drew_nothing=data["drew_nothing"],
        owed=owed and OwedChoice(OwedOrigin(owed[0]), _card(owed[1]), owed[2], owed[3]),
        last_player=data["last_player"],
        jump_in_open=data["jump_in_open"],
        uno_called=frozenset(data["uno_called"]),
        uno_settled=frozenset(data["uno_settled"]),
        uno_windows=tuple(UnoWindow(seat, token) for seat, token in data["uno_windows"]),
        uno_serial=data["uno_serial"],
        consecutive_passes=data["consecutive_passes"],
        timeouts=tuple(data["timeouts"]),
        timeout_action=_TIMEOUT_ACTION[data["timeout_action"]],
        abandon_after=data["abandon_after"],
        on_abandon=_ON_ABANDON[data["on_abandon"]],
        timers=Timers(*data["timers"]),
        shuffles=tuple(
            ShuffleRecord(_SHUFFLE_REASON[reason], _cards(order), salt, commitment)
            for reason, order, salt, commitment in data["shuffles"]
        ),
        winner=tuple(winner) if isinstance(winner, list) else winner,
        ranking=tuple(data["ranking"]),
    )


def _rules(data: dict[str, Any]):
    """Rule sets are immutable and few: one per distinct recorded set, kept."""
    # Options are scalars, each of one type (so 1 and True never meet under one name);
    # their order is the writer's, and another order is only another key.
    try:
        key: Any = (data["preset"], *data["options"].items())
        hash(key)
    except TypeError:
        key = repr(sorted(data["options"].items())) + data["preset"]
    rules = _RULES_CACHE.get(key)
    if rules is None:
        if len(_RULES_CACHE) > 256:
            _RULES_CACHE.clear()
        rules = _RULES_CACHE[key] = rules_from_dict(data)
    return rules
