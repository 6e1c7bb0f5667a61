"""A staff `seed` makes a game reproducible on its server, not predictable by anyone
else: the seed is mixed with the server's seed secret (HMAC) before it seeds the
shuffles, so trying seeds against a seeded game's public commitments finds nothing
without that secret."""

from __future__ import annotations

import hashlib
import hmac

import pytest
from django.conf import settings

from games.engine.cards import build_deck
from games.engine.shuffle import shuffle_cards
from games.randomness import SeededRandom

from .support import start_table, stored_events

pytestmark = pytest.mark.django_db

SEED = 4242
CANDIDATES = range(0, 5000)  # the audit tried 0–424,242; these hold the seed all the same


def _first_deal(client) -> tuple[int, str, tuple]:
    """A seeded game's first deal: the log's length when its start was decided, the
    deal's public commitment, and its deck."""
    table = start_table(client, seats=2, rules={}, seed=SEED)
    rows = stored_events(table.game_id)
    started = next(row for row in rows if row.type == "game_started")
    dealt = next(row for row in rows if row.type == "deck_shuffled")
    options = started.public["rules"]["options"]
    deck = build_deck(options.get("cards", "classic"), options.get("downpour", False))
    return started.seq - 1, dealt.public["commitment"], deck


def _seeds_matching(commitment: str, deck: tuple, rng_of) -> list[int]:
    """The candidate seeds whose generator deals that commitment: the start draws the
    dealer (of two seats), then shuffles the deck."""
    found = []
    for seed in CANDIDATES:
        rng = rng_of(seed)
        rng.randrange(2)
        if shuffle_cards(deck, rng).commitment == commitment:
            found.append(seed)
    return found


def test_a_seeded_games_commitments_do_not_give_its_seed_away_without_the_server_secret(client):
    version, commitment, deck = _first_deal(client)

    without_secret = _seeds_matching(
        commitment, deck, lambda seed: SeededRandom(f"{seed}:{version}")
    )
    assert without_secret == [], "the seed was found from the public commitment alone"

    secret = settings.UNO_SEED_SECRET.encode("utf-8")

    def keyed(seed: int) -> SeededRandom:
        mixed = hmac.new(secret, f"{seed}:{version}".encode(), hashlib.sha256).hexdigest()
        return SeededRandom(mixed)

    assert _seeds_matching(commitment, deck, keyed) == [SEED]


def test_the_same_seed_deals_the_same_game_again_on_the_same_server(client):
    assert _first_deal(client)[1:] == _first_deal(client)[1:]
