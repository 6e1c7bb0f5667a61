"""The server's player, for seats it has taken over and for a seat that let its turn time
out under `auto_play`: the first legal play (calling the color it holds most, targeting
the next seat, saying UNO when it leaves one card), else it answers, keeps or draws."""

from __future__ import annotations

from .commands import Accept, DrawCard, KeepCard, Pass, PlayCard
from .legal import legal_actions
from .state import GameState, Phase
from .table import most_frequent_color, next_seat

#: Without a play: take a pending draw, keep a drawn card, pass when a draw would yield
#: nothing, else draw.
_PREFERRED = (Accept, KeepCard, Pass, DrawCard)


def bot_command(state: GameState, seat: int):
    if seat != state.to_act:
        return None
    actions = legal_actions(state, seat)
    if not actions:
        return None
    play = first_play(state, seat, actions)
    if play is not None:
        uno = len(state.hands[seat]) == 2
        return PlayCard(seat, play.card, play.color, play.target, uno)
    if state.phase in (Phase.CHOOSE_COLOR, Phase.CHOOSE_TARGET):
        return _choice(actions, state, seat)
    for kind in _PREFERRED:
        for action in actions:
            if isinstance(action, kind):
                return action
    return actions[0]


def first_play(state: GameState, seat: int, actions=None) -> PlayCard | None:
    """The first legal play naming the hand's most frequent color and the next seat
    (without saying UNO: the bot says it; a seat played for on a timeout does not)."""
    color = most_frequent_color(state.hands[seat])
    target = next_seat(state, seat)
    for action in legal_actions(state, seat) if actions is None else actions:
        if not isinstance(action, PlayCard):
            continue
        if action.color in (None, color) and action.target in (None, target):
            return action
    return None


def _choice(actions, state: GameState, seat: int):
    color = most_frequent_color(state.hands[seat])
    target = next_seat(state, seat)
    for action in actions:
        if getattr(action, "color", color) == color and getattr(action, "target", target) == target:
            return action
    return actions[0]
