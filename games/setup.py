"""Staff-only set-up given at creation: a prearranged deck or a position."""

from __future__ import annotations

from games.engine import Color, Position, UnknownCard, card
from games.engine.state import CLOCKWISE, COUNTERCLOCKWISE

from .errors import InvalidOption


def _cards(codes: list[str], field: str):
    try:
        return tuple(card(code) for code in codes)
    except UnknownCard as unknown:
        raise InvalidOption(
            f"{field}: unknown card code {unknown.code!r}", code="unknown_card", option=field
        ) from None


def staff_deck_from_setup(setup: dict):
    deck = setup.get("deck")
    return None if deck is None else _cards(deck, "deck")


def position_from_setup(setup: dict) -> Position | None:
    data = setup.get("position")
    if data is None:
        return None
    direction = {"clockwise": CLOCKWISE, "counterclockwise": COUNTERCLOCKWISE}
    return Position(
        hands={int(seat): _cards(hand, "position.hands") for seat, hand in data["hands"].items()},
        discard=_cards(data["discard"], "position.discard"),
        draw=_cards(data.get("draw", []), "position.draw"),
        color=Color(data["color"]) if data.get("color") else None,
        direction=direction[data.get("direction", "clockwise")],
        to_act=data["to_act"],
        dealer=data.get("dealer", 0),
        scores={int(seat): points for seat, points in (data.get("scores") or {}).items()},
        eliminated=tuple(data.get("eliminated") or ()),
        unplaced=data.get("unplaced", "draw_bottom"),
        side=data.get("side", "light"),
    )
