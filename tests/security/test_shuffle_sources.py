"""The random sources games are dealt from shuffle uniformly (every order equally
likely), keep every card, and a seed gives the same deal again."""

from __future__ import annotations

from collections import Counter
from itertools import permutations

import pytest

from games.randomness import OperatingSystemRandom, SeededRandom

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
