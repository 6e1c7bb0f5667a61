"""The server's play for a seat that let its turn time out under `auto_play`: the first
legal play, calling the color it holds most and targeting the next seat. (Bot seats
choose by their strategy: games.engine.strategies.)"""

from __future__ import annotations

from .commands import PlayCard
from .legal import legal_actions
from .state import GameState
from .table import most_frequent_color, next_seat, side_colors


def first_play(state: GameState, seat: int, actions=None) -> PlayCard | None:
    """The first legal play naming the hand's most frequent color and the next seat
    (without saying UNO: a seat played for on a timeout does not)."""
    color = most_frequent_color(state.hands[seat], side_colors(state))
    target = next_seat(state, seat)
    for action in legal_actions(state, seat) if actions is None else actions:
        if not isinstance(action, PlayCard):
            continue
        if action.color in (None, color) and action.target in (None, target):
            return action
    return None
