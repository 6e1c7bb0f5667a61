"""The random sources the engine is given: the operating system's for every game, a
seeded generator for a game created with a staff `seed`.

Both shuffle by giving each card an independent 64-bit key from a single draw and
sorting by key. Every order is equally likely (two equal keys in a 112-card deck happen
with a chance below 10^-15; those two then keep their order). One draw per shuffle
instead of one per card is three times as fast with a seeded generator, and with the
operating system's source it is one read of it instead of over a hundred.
"""

from __future__ import annotations

import random
from operator import itemgetter


def shuffle_by_keys(items: list, getrandbits) -> None:
    """Shuffle `items` in place, the keys drawn from `getrandbits` in one call."""
    count = len(items)
    if count < 2:
        return
    drawn = getrandbits(64 * count).to_bytes(8 * count, "little")
    keys = memoryview(drawn).cast("Q").tolist()
    items[:] = itemgetter(*sorted(range(count), key=keys.__getitem__))(items)


class SeededRandom(random.Random):
    """A seeded game's random source (the same seed gives the same game)."""

    def shuffle(self, x: list) -> None:
        shuffle_by_keys(x, self.getrandbits)


class OperatingSystemRandom(random.SystemRandom):
    """Every other game's random source: the operating system's CSPRNG."""

    def shuffle(self, x: list) -> None:
        shuffle_by_keys(x, self.getrandbits)
