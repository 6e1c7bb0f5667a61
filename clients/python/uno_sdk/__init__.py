"""A hand-written layer over the generated client (uno_client): `Uno`, a player's session
that sends `Idempotency-Key` and `If-Match` itself and retries what the service says may
be retried; typed stream frames resumed with `Last-Event-ID`; `Uno.play(game, decide)`;
card codes as closed sets for both decks. See clients/python/README.md."""

from .cards import (
    Card,
    ClassicCard,
    Color,
    DarkColor,
    DarkFace,
    FlipCard,
    LightFace,
    card,
    flip_card,
    is_card,
)
from .client import Action, ApiError, Decide, RetryPolicy, Uno
from .streams import Frame

__all__ = [
    "Action",
    "ApiError",
    "Card",
    "ClassicCard",
    "Color",
    "DarkColor",
    "DarkFace",
    "Decide",
    "FlipCard",
    "Frame",
    "LightFace",
    "RetryPolicy",
    "Uno",
    "card",
    "flip_card",
    "is_card",
]
