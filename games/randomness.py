"""The random sources the engine is given: the operating system's for every game, a
seeded generator for a game created with a staff `seed`.

Both shuffle by giving each card an independent 64-bit key from a single draw and
sorting by key. Every order is equally likely (two keys equal in their first 62 bits,
which a 112-card deck meets with a chance near 10^-15, keep their order). One draw per
shuffle instead of one per card is three times as fast with a seeded generator, and with
the operating system's source it is one read of it instead of over a hundred.
"""

from __future__ import annotations

import hashlib
import hmac
import random
from functools import lru_cache
from operator import itemgetter


def shuffle_by_keys(items: list, getrandbits) -> None:
    """Shuffle `items` in place, the keys drawn from `getrandbits` in one call."""
    count = len(items)
    if count < 2:
        return
    keys = _sortable_keys(getrandbits(64 * count), count)
    items[:] = itemgetter(*sorted(range(count), key=keys.__getitem__))(items)


def _sortable_keys(bits: int, count: int) -> list[float]:
    """The `count` 64-bit keys packed in `bits` (the first in the lowest bits), as floats
    in the same order. Each key shifted right by two bits is the bit pattern of a finite,
    non-negative double, and such doubles order as their patterns do; Python sorts
    floats at about half the cost of 64-bit ints."""
    shifted = (bits >> 2) & _low_62_bits_of_each_key(count)
    return memoryview(shifted.to_bytes(8 * count, "little")).cast("d").tolist()


@lru_cache(maxsize=512)
def _low_62_bits_of_each_key(count: int) -> int:
    return ((1 << 62) - 1) * (((1 << (64 * count)) - 1) // ((1 << 64) - 1))


class SeededRandom(random.Random):
    """A seeded game's random source (the same seed gives the same game)."""

    @classmethod
    def keyed(cls, secret: str, seed: str) -> SeededRandom:
        """The generator a seeded game is given: seeded with HMAC-SHA256(`secret`, `seed`),
        so nobody without the server's secret can try seeds against a game's public
        commitments (a staff seed is short enough to guess)."""
        mixed = hmac.new(secret.encode("utf-8"), seed.encode("utf-8"), hashlib.sha256)
        return cls(mixed.hexdigest())

    def shuffle(self, x: list) -> None:
        shuffle_by_keys(x, self.getrandbits)


class OperatingSystemRandom(random.SystemRandom):
    """Every other game's random source: the operating system's CSPRNG."""

    def shuffle(self, x: list) -> None:
        shuffle_by_keys(x, self.getrandbits)
