"""A simple bot for seats the server has taken over: it plays the first legal card
(calling the color it holds most, targeting the next seat, saying UNO when it leaves one
card), else answers, keeps or draws."""

from __future__ import annotations

from .commands import Accept, DrawCard, KeepCard, Pass, PlayCard
from .legal import legal_actions
from .state import GameState, Phase
from .table import most_frequent_color, next_seat


def bot_command(state: GameState, seat: int):
    actions = legal_actions(state, seat)
    if not actions or seat != state.to_act:
        return None
    color = most_frequent_color(state.hands[seat])
    target = next_seat(state, seat)
    for action in actions:
        if not isinstance(action, PlayCard):
            continue
        if action.color in (None, color) and action.target in (None, target):
            uno = len(state.hands[seat]) == 2
            return PlayCard(seat, action.card, action.color, action.target, uno)
    preferred = (Accept, KeepCard, Pass, DrawCard)  # pass only when a draw would yield nothing
    if state.phase in (Phase.CHOOSE_COLOR, Phase.CHOOSE_TARGET):
        return _choice(actions, state, seat)
    for kind in preferred:
        for action in actions:
            if isinstance(action, kind):
                return action
    return actions[0]


def _choice(actions, state: GameState, seat: int):
    color = most_frequent_color(state.hands[seat])
    target = next_seat(state, seat)
    for action in actions:
        if getattr(action, "color", color) == color and getattr(action, "target", target) == target:
            return action
    return actions[0]
