"""Provably fair shuffles (CONTRACT.md "Events, hashes and exports"; games/engine/shuffle.py):
every shuffle publishes sha256(canonical(order) + salt) at once, and the round's end
reveals every order and salt of the round, which verify against those commitments."""

import hashlib
import json
import random
import re

import pytest

from games.engine import DrawCard, PlayCard, StartGame, Status, rule_set_from
from games.engine import events as ev
from games.engine.shuffle import commitment_of, verify_commitment

from .builders import StackedRng, Table, c, dealt_game, position_game
from .test_codec import autoplay


def commitment(codes, salt):
    """The contract's formula, computed independently of the engine."""
    canonical = json.dumps(list(codes), separators=(",", ":"), ensure_ascii=False, sort_keys=True)
    return hashlib.sha256((canonical + salt).encode("utf-8")).hexdigest()


def of_type(events, cls):
    return [e for e in events if isinstance(e, cls)]


def fair_game(seed, **options):
    from games.engine import GameState

    table = Table(GameState(), rng=random.Random(seed))
    table.act(StartGame(4, rule_set_from("classic", options)))
    return table


@pytest.fixture(scope="module")
def played():
    """Fair games played over several rounds (deals, reshuffles, first-card redraws)."""
    tables = []
    for seed in (11, 12, 13):
        table = fair_game(seed, hand_size=3, target_score=60)
        autoplay(table, 4000, seed)
        tables.append(table)
    tables.append(
        dealt_game(
            first="W+4", rng=StackedRng("", "W", "R9"), options={"wild_first_card": "redraw"}
        )
    )
    reshuffle = position_game(
        hands={1: "Y1 Y2"}, top="R5", discard_below="G1 B2 Y3", unplaced="out_of_play"
    )
    reshuffle.act(DrawCard(1))
    tables.append(reshuffle)
    return tables


def test_the_played_games_shuffle_for_every_reason(played):
    reasons = {e.reason for t in played for e in of_type(t.events, ev.DeckShuffled)}
    assert {"deal", "reshuffle", "first_card_redraw", "unplaced"} <= reasons
    assert sum(len(of_type(t.events, ev.RoundEnded)) for t in played) >= 4


def test_every_shuffle_commitment_is_sha256_of_canonical_order_and_salt(played):
    for table in played:
        for event in of_type(table.events, ev.DeckShuffled):
            order = [x.code for x in event.order]
            assert re.fullmatch(r"[0-9a-f]{32}", event.salt)
            assert re.fullmatch(r"[0-9a-f]{64}", event.commitment)
            assert event.commitment == commitment(order, event.salt)
            assert event.count == len(order)


def test_every_salt_is_fresh(played):
    salts = [e.salt for t in played for e in of_type(t.events, ev.DeckShuffled)]
    assert len(salts) == len(set(salts))


def test_round_end_reveals_every_shuffle_of_the_round(played):
    for table in played:
        round_shuffles = []
        for event in table.events:
            if isinstance(event, ev.RoundStarted):
                round_shuffles = []
            elif isinstance(event, ev.DeckShuffled):
                round_shuffles.append(event)
            elif isinstance(event, ev.RoundEnded):
                assert [s.commitment for s in event.shuffles] == [
                    e.commitment for e in round_shuffles
                ]
                for revealed, shuffled in zip(event.shuffles, round_shuffles, strict=True):
                    assert revealed.reason == shuffled.reason
                    assert revealed.order == shuffled.order
                    assert revealed.salt == shuffled.salt


def test_revealed_shuffles_verify(played):
    revealed = [s for t in played for e in of_type(t.events, ev.RoundEnded) for s in e.shuffles]
    assert revealed
    for shuffle in revealed:
        assert commitment([x.code for x in shuffle.order], shuffle.salt) == shuffle.commitment
        assert verify_commitment([x.code for x in shuffle.order], shuffle.salt, shuffle.commitment)


def test_a_tampered_order_fails_verification(played):
    shuffle = next(
        s
        for t in played
        for e in of_type(t.events, ev.RoundEnded)
        for s in e.shuffles
        if len(set(s.order)) > 1
    )
    order = [x.code for x in shuffle.order]
    i = next(i for i in range(1, len(order)) if order[i] != order[0])
    order[0], order[i] = order[i], order[0]
    assert not verify_commitment(order, shuffle.salt, shuffle.commitment)
    assert commitment(order, shuffle.salt) != shuffle.commitment


def test_a_tampered_salt_fails_verification(played):
    shuffle = next(s for t in played for e in of_type(t.events, ev.RoundEnded) for s in e.shuffles)
    salt = ("0" if shuffle.salt[0] != "0" else "1") + shuffle.salt[1:]
    assert not verify_commitment([x.code for x in shuffle.order], salt, shuffle.commitment)


def test_engine_commitment_matches_the_contract_formula():
    codes = ["red-5", "wild", "blue-draw2"]
    salt = "0123456789abcdef0123456789abcdef"
    expected = hashlib.sha256(('["red-5","wild","blue-draw2"]' + salt).encode()).hexdigest()
    assert commitment_of(codes, salt) == expected


def test_the_deal_order_commits_to_the_hands_and_the_first_card():
    table = fair_game(5)
    (deal,) = of_type(table.events, ev.DeckShuffled)
    order = deal.order
    dealer = table.state.dealer
    seats = [(dealer + 1 + i) % 4 for i in range(4)]
    for i, seat in enumerate(seats):
        assert table.state.hands[seat] == order[i:28:4]
    assert table.state.top_card == order[28]
    assert table.state.draw_pile == order[29:]


def test_a_reshuffle_commits_to_the_discard_pile_under_its_top_card():
    table = position_game(
        hands={1: "Y1 Y2"}, top="R5", discard_below="G1 B2 Y3", unplaced="out_of_play"
    )
    events = table.act(DrawCard(1))
    (reshuffle,) = of_type(events, ev.DeckShuffled)
    assert reshuffle.reason == "reshuffle"
    assert sorted(x.code for x in reshuffle.order) == sorted(["green-1", "blue-2", "yellow-3"])
    assert table.state.discard_pile == (c("R5"),)
    assert table.replays()


def test_a_redealt_round_reveals_only_its_own_shuffles():
    table = position_game(hands={1: "R1"}, top="R5")
    table.act(PlayCard(1, c("R1")))
    (ended,) = of_type(table.events, ev.RoundEnded)
    assert [s.reason for s in ended.shuffles] == ["unplaced"]
    assert [s.reason for s in table.state.shuffles] == ["deal"]


def test_only_a_game_without_staff_setup_is_provably_fair():
    assert fair_game(1).state.provably_fair is True
    assert dealt_game().state.provably_fair is False
    assert position_game().state.provably_fair is False


def test_every_fair_match_ends(played):
    assert all(t.state.status == Status.FINISHED for t in played[:3])
