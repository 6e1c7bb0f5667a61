"""Cards and decks (RULES.md 2.1, 2.8, 2.13; CONTRACT.md `cards`, `downpour`, card codes)."""

from collections import Counter

import pytest

from games.engine import Color, UnknownCard, card, cards, rule_set_from
from games.engine.cards import CARDS_BY_CODE, build_deck, classic_deck

COLORS = ("red", "yellow", "green", "blue")
ALL_CODES = (
    [f"{color}-{n}" for color in COLORS for n in range(10)]
    + [f"{color}-{rank}" for color in COLORS for rank in ("skip", "reverse", "draw2")]
    + [
        "wild",
        "wild-draw4",
        "wild-swap",
        "wild-shuffle",
        "wild-custom",
        "wild-downpour1",
        "wild-downpour2",
    ]
)


def _per_color(deck, color):
    return [c for c in deck if c.color == Color(color)]


def test_classic_deck_has_108_cards():
    assert len(classic_deck()) == 108
    assert len(build_deck("classic", False)) == 108


@pytest.mark.parametrize("color", COLORS)
def test_classic_deck_has_25_cards_per_color(color):
    counts = Counter(c.code for c in _per_color(classic_deck(), color))
    assert sum(counts.values()) == 25
    assert counts[f"{color}-0"] == 1
    for n in range(1, 10):
        assert counts[f"{color}-{n}"] == 2
    for rank in ("skip", "reverse", "draw2"):
        assert counts[f"{color}-{rank}"] == 2


def test_classic_deck_has_four_wilds_and_four_wild_draw_fours_and_no_specials():
    counts = Counter(c.code for c in classic_deck() if c.is_wild)
    assert counts == {"wild": 4, "wild-draw4": 4}


def test_modern_swap_deck_adds_one_swap_and_three_custom_to_make_112():
    deck = build_deck("modern-swap", False)
    assert len(deck) == 112
    assert Counter(deck) - Counter(classic_deck()) == Counter(
        {card("wild-swap"): 1, card("wild-custom"): 3}
    )


def test_modern_shuffle_deck_adds_one_shuffle_and_three_custom_to_make_112():
    deck = build_deck("modern-shuffle", False)
    assert len(deck) == 112
    assert Counter(deck) - Counter(classic_deck()) == Counter(
        {card("wild-shuffle"): 1, card("wild-custom"): 3}
    )


@pytest.mark.parametrize(
    "option, size", [("classic", 108), ("modern-swap", 112), ("modern-shuffle", 112)]
)
def test_downpour_adds_two_of_each_downpour_card(option, size):
    deck = build_deck(option, True)
    assert len(deck) == size + 4
    assert Counter(deck) - Counter(build_deck(option, False)) == Counter(
        {card("wild-downpour1"): 2, card("wild-downpour2"): 2}
    )


def test_rule_set_deck_size_follows_cards_and_downpour():
    assert rule_set_from("classic").deck_size() == 108
    assert rule_set_from("modern-swap").deck_size() == 112
    assert rule_set_from("modern-shuffle", {"downpour": True}).deck_size() == 116


@pytest.mark.parametrize("code", ALL_CODES)
def test_card_code_parses_and_prints_back(code):
    parsed = card(code)
    assert parsed.code == code
    assert card(parsed.code) is parsed


def test_every_card_code_of_the_contract_is_known_and_nothing_else():
    assert set(CARDS_BY_CODE) == set(ALL_CODES)


def test_card_parts_match_the_code():
    assert card("red-5").color == Color.RED and card("red-5").number == 5
    assert card("blue-draw2").rank == "draw2" and card("blue-draw2").number is None
    assert card("wild-draw4").is_wild and card("wild-draw4").color is None
    assert not card("green-skip").is_wild


def test_cards_parses_a_list_in_order():
    assert [c.code for c in cards(["wild", "red-0", "yellow-reverse"])] == [
        "wild",
        "red-0",
        "yellow-reverse",
    ]


@pytest.mark.parametrize(
    "code",
    [
        "red-10",
        "purple-5",
        "R5",
        "red",
        "Wild",
        "wild-draw2",
        "red-wild",
        "",
        " red-5",
        "red_5",
        None,
        5,
    ],
)
def test_unknown_card_code_raises_unknown_card(code):
    with pytest.raises(UnknownCard) as raised:
        card(code)
    assert raised.value.code == code


def test_unknown_card_in_a_list_raises_unknown_card():
    with pytest.raises(UnknownCard):
        cards(["red-5", "blank"])


def test_unknown_card_is_a_value_error():
    assert issubclass(UnknownCard, ValueError)


def test_the_bulk_lookup_reads_every_code_as_card_does():
    from games.engine.cards import DARK_FACES, LIGHT_FACES, card_of_code, double_faced

    flip_code = double_faced(LIGHT_FACES[0], DARK_FACES[-1]).code
    for code in [*ALL_CODES, flip_code, flip_code]:
        assert card_of_code(code) is card(code)


@pytest.mark.parametrize("code", ["blank", "", "red-5/red-5", "wild-draw4/wild"])
def test_the_bulk_lookup_refuses_an_unknown_code_as_card_does(code):
    from games.engine.cards import card_of_code

    with pytest.raises(UnknownCard):
        card_of_code(code)
