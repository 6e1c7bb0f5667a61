"""The random sources games are dealt from shuffle uniformly (every order equally
likely), keep every card, and a seed gives the same deal again."""

from __future__ import annotations

from collections import Counter
from itertools import permutations

import pytest

from games.randomness import OperatingSystemRandom, SeededRandom, shuffle_by_keys

ORDERS = list(permutations("abcd"))


def _chi_square(counts: Counter, draws: int) -> float:
    expected = draws / len(ORDERS)
    return sum((counts[order] - expected) ** 2 / expected for order in ORDERS)


@pytest.mark.parametrize("source", [SeededRandom(20261130), OperatingSystemRandom()])
def test_every_order_of_four_cards_is_equally_likely(source):
    draws = 24_000
    counts = Counter()
    for _ in range(draws):
        cards = list("abcd")
        source.shuffle(cards)
        counts[tuple(cards)] += 1
    assert set(counts) == set(ORDERS)
    # 23 degrees of freedom: the 99.99th percentile of chi-square is about 59.
    assert _chi_square(counts, draws) < 59


def test_a_shuffle_keeps_every_card_with_its_duplicates():
    deck = [f"card-{n % 40}" for n in range(112)]
    shuffled = list(deck)
    OperatingSystemRandom().shuffle(shuffled)
    assert Counter(shuffled) == Counter(deck) and shuffled != deck


def test_a_seed_deals_the_same_order_again_and_another_seed_another():
    def dealt(seed):
        cards = list(range(108))
        SeededRandom(seed).shuffle(cards)
        return cards

    assert dealt("7:0") == dealt("7:0")
    assert dealt("7:0") != dealt("7:1")


def test_each_position_receives_each_card_about_equally_often():
    source = SeededRandom(5)
    draws, size = 6_000, 10
    at_top = Counter()
    for _ in range(draws):
        cards = list(range(size))
        source.shuffle(cards)
        at_top[cards[0]] += 1
    assert all(abs(at_top[card] - draws / size) < 5 * (draws / size) ** 0.5 for card in range(size))


@pytest.mark.parametrize(
    "keys",
    [
        [0, 2**64 - 1],
        [2**64 - 1, 0, 2**63, 2**63 - 1, 1, 2**52, 2**62, 2**62 - 1, 3, 4],
        [2**64 - 4, 2**64 - 8, 2**63 + 5, 2**63 - 5, 8, 4],
    ],
)
def test_a_shuffle_puts_the_cards_in_the_order_of_their_drawn_keys(keys):
    """The keys are read as floats to sort faster; the order must still be the keys'
    own, over the whole 64-bit range (a sign bit or an exponent read wrongly reorders)."""
    bits = sum(key << (64 * index) for index, key in enumerate(keys))
    cards = list(range(len(keys)))
    shuffle_by_keys(cards, lambda _: bits)
    assert cards == sorted(range(len(keys)), key=keys.__getitem__)


def test_a_seeded_shuffle_orders_a_deck_by_its_keys_as_64_bit_integers():
    source, replica = SeededRandom(11), SeededRandom(11)
    for _ in range(200):
        cards = list(range(112))
        source.shuffle(cards)
        bits = replica.getrandbits(64 * 112).to_bytes(8 * 112, "little")
        keys = [int.from_bytes(bits[8 * i : 8 * i + 8], "little") for i in range(112)]
        assert cards == sorted(range(112), key=keys.__getitem__)
