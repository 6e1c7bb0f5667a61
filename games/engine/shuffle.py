"""Provably fair shuffles.

Every shuffle publishes `commitment = sha256(canonical(order) || salt)` at once and
reveals `order` and `salt` when the round ends. `canonical(order)` is the JSON list of
card codes with no whitespace (the canonical form of games.log.hashing); `salt` is 32 lower-case
hex digits; `||` is plain concatenation of the two UTF-8 strings.

The engine never touches the global random module: the shell passes an RNG in (see
games/randomness.py: the operating system's random source in production, a seeded
generator for a seeded game); any `random.Random` will do.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from .cards import Card


class Rng(Protocol):
    def shuffle(self, x: list) -> None: ...
    def getrandbits(self, k: int) -> int: ...
    def randrange(self, stop: int) -> int: ...


@dataclass(frozen=True, slots=True)
class Shuffled:
    order: tuple[Card, ...]
    salt: str
    commitment: str


def canonical_order(codes: Sequence[str]) -> str:
    if not codes:
        return "[]"
    if not _PLAIN_CODES.issuperset(codes):
        text = "".join(codes)
        if not (text.isascii() and text.isprintable() and '"' not in text and "\\" not in text):
            return json.dumps(list(codes), separators=(",", ":"), ensure_ascii=False)
        if len(_PLAIN_CODES) < 10_000:  # the codes of every deck, and a bound on the rest
            _PLAIN_CODES.update(codes)
    return '["' + '","'.join(codes) + '"]'  # nothing to escape: what json.dumps gives


#: Codes with nothing for JSON to escape, once seen (every card code is one).
_PLAIN_CODES: set[str] = set()


def commitment_of(codes: Sequence[str], salt: str) -> str:
    return hashlib.sha256((canonical_order(codes) + salt).encode("utf-8")).hexdigest()


def shuffle_cards(cards: Sequence[Card], rng: Rng, *, fixed_top: Sequence[Card] = ()) -> Shuffled:
    """A uniformly random order of `cards` (by `rng.shuffle`); `fixed_top` (staff only)
    stays on top in order."""
    rest = list(cards)
    for card in fixed_top:
        rest.remove(card)
    rng.shuffle(rest)
    order = tuple(fixed_top) + tuple(rest)
    salt = f"{rng.getrandbits(128):032x}"
    return Shuffled(order, salt, commitment_of([card.code for card in order], salt))


def verify_commitment(codes: Sequence[str], salt: str, commitment: str) -> bool:
    return commitment_of(codes, salt) == commitment
