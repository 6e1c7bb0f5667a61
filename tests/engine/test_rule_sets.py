"""Rule options and presets (CONTRACT.md "Rule options", "Presets"; RULES.md 2.1)."""

import random

import pytest

from games.engine import (
    PRESETS,
    GameState,
    InvalidRules,
    RuleSet,
    RuleViolation,
    StartGame,
    check_seats,
    rule_set_from,
    step,
)

#: CONTRACT.md's option table, with its classic defaults.
CONTRACT_DEFAULTS = {
    "cards": "classic",
    "downpour": False,
    "hand_size": 7,
    "dealer_rotation": True,
    "wild_first_card": "choose",
    "draw_to_match": False,
    "draw_to_match_cap": 0,
    "force_play": False,
    "skip_plays_again": False,
    "draw_returns_to_player": False,
    "wd4_legal_when": "no_color_match",
    "wd4_enforcement": "challenge",
    "challenge_guilty_draw": 4,
    "challenge_innocent_draw": 6,
    "challenge_success_skips_challenger": False,
    "stacking": "none",
    "seven_o": False,
    "seven_optional": False,
    "jump_in": False,
    "jump_in_self": True,
    "uno_penalty": "catch",
    "uno_penalty_draw": 2,
    "false_catch_penalty": 0,
    "shuffle_hands_last_card": "win",
    "custom_wild_effect": "plain",
    "teams": False,
    "scoring": "standard",
    "target_score": 500,
}

#: CONTRACT.md's presets: what each changes from the defaults.
CONTRACT_PRESETS = {
    "classic": {},
    "modern-swap": {"cards": "modern-swap"},
    "modern-shuffle": {"cards": "modern-shuffle"},
    "flip": {"cards": "flip"},
    "house": {"stacking": "same", "seven_o": True, "jump_in": True},
    "ozby": {
        "wild_first_card": "redraw",
        "force_play": True,
        "wd4_legal_when": "no_other_playable",
        "challenge_guilty_draw": 2,
        "skip_plays_again": True,
        "draw_returns_to_player": True,
        "stacking": "draw2",
        "jump_in": True,
        "seven_o": True,
        "scoring": "target_loses",
    },
}


def test_the_presets_are_exactly_those_of_the_contract():
    assert set(PRESETS) == set(CONTRACT_PRESETS)


def test_classic_preset_is_every_contract_default():
    rules = rule_set_from("classic")
    assert rules.options() == CONTRACT_DEFAULTS
    assert rules.preset == "classic"


def test_a_rule_set_has_exactly_the_options_of_the_contract():
    assert set(RuleSet().options()) == set(CONTRACT_DEFAULTS)


@pytest.mark.parametrize("preset", sorted(CONTRACT_PRESETS))
def test_preset_options_are_exactly_as_the_contract_lists(preset):
    rules = rule_set_from(preset)
    assert rules.options() == {**CONTRACT_DEFAULTS, **CONTRACT_PRESETS[preset]}
    assert rules.preset == preset


def test_options_override_the_preset():
    rules = rule_set_from("ozby", {"stacking": "none", "force_play": False, "target_score": 300})
    assert rules.stacking == "none"
    assert rules.force_play is False
    assert rules.target_score == 300
    assert rules.seven_o is True  # the rest of the preset stays
    assert rules.preset == "ozby"


def test_options_override_the_house_preset_and_add_to_it():
    rules = rule_set_from("house", {"target_score": 300, "jump_in": False})
    assert rules.options() == {
        **CONTRACT_DEFAULTS,
        "stacking": "same",
        "seven_o": True,
        "target_score": 300,
    }


def test_options_without_a_preset_start_from_classic():
    assert rule_set_from(options={"hand_size": 5}).options() == {
        **CONTRACT_DEFAULTS,
        "hand_size": 5,
    }


def test_unknown_option_is_rejected_as_unknown_option_naming_it():
    with pytest.raises(InvalidRules) as raised:
        rule_set_from("classic", {"stack_draw_fours": True})
    assert raised.value.code == "unknown_option"
    assert raised.value.option == "stack_draw_fours"
    assert "stack_draw_fours" in raised.value.message


def test_unknown_preset_is_rejected_naming_the_preset():
    with pytest.raises(InvalidRules) as raised:
        rule_set_from("crazy")
    assert raised.value.option == "preset"


@pytest.mark.parametrize(
    "option, value",
    [
        ("draw_to_match_cap", -1),
        ("draw_to_match_cap", 31),
        ("hand_size", 16),
        ("hand_size", 0),
        ("target_score", 49),
        ("target_score", 5001),
        ("uno_penalty_draw", -1),
        ("false_catch_penalty", -1),
        ("challenge_guilty_draw", -1),
        ("jump_in", 1),
        ("force_play", 0),
        ("teams", "yes"),
        ("downpour", None),
        ("hand_size", True),
        ("hand_size", "7"),
        ("hand_size", 7.0),
        ("stacking", "all"),
        ("stacking", True),
        ("cards", "flip2"),
        ("scoring", "highest"),
        ("wild_first_card", "skip"),
        ("uno_penalty", "none"),
        ("custom_wild_effect", "swap"),
        ("wd4_enforcement", None),
    ],
)
def test_out_of_range_or_wrong_type_is_rejected_as_invalid_option_naming_it(option, value):
    with pytest.raises(InvalidRules) as raised:
        rule_set_from("classic", {option: value})
    assert raised.value.code == "invalid_option"
    assert raised.value.option == option
    assert option in raised.value.message


@pytest.mark.parametrize(
    "option, value",
    [
        ("hand_size", 1),
        ("hand_size", 15),
        ("draw_to_match_cap", 0),
        ("draw_to_match_cap", 30),
        ("target_score", 50),
        ("target_score", 5000),
        ("downpour", True),
    ],
)
def test_boundary_values_are_accepted(option, value):
    assert getattr(rule_set_from("classic", {option: value}), option) == value


@pytest.mark.parametrize("seats", [2, 3, 10])
def test_two_to_ten_seats_are_accepted(seats):
    check_seats(rule_set_from("classic"), seats)


@pytest.mark.parametrize("seats", [0, 1, 11])
def test_fewer_than_two_or_more_than_ten_seats_are_rejected(seats):
    with pytest.raises(InvalidRules) as raised:
        check_seats(rule_set_from("classic"), seats)
    assert raised.value.code == "invalid_option"
    assert raised.value.option == "seats"


@pytest.mark.parametrize("seats", [5, 3, 2])
def test_teams_with_an_odd_or_too_small_seat_count_are_rejected_naming_teams(seats):
    with pytest.raises(InvalidRules) as raised:
        check_seats(rule_set_from("classic", {"teams": True}), seats)
    assert raised.value.code == "invalid_option"
    assert raised.value.option == "teams"


@pytest.mark.parametrize("seats", [4, 6, 8, 10])
def test_teams_with_an_even_seat_count_from_four_are_accepted(seats):
    check_seats(rule_set_from("classic", {"teams": True}), seats)


def test_more_cards_dealt_than_the_deck_holds_is_rejected_naming_hand_size():
    # 10 seats x 11 cards + 1 = 111 > 108
    with pytest.raises(InvalidRules) as raised:
        check_seats(rule_set_from("classic", {"hand_size": 11}), 10)
    assert raised.value.code == "invalid_option"
    assert raised.value.option == "hand_size"


def test_a_deal_that_exactly_fits_the_deck_plus_first_card_is_accepted():
    # 10 x 10 + 1 = 101 <= 108; 7 x 15 + 1 = 106 <= 108
    check_seats(rule_set_from("classic", {"hand_size": 10}), 10)
    check_seats(rule_set_from("classic", {"hand_size": 15}), 7)


def test_deck_limit_counts_the_larger_decks():
    # 10 x 11 + 1 = 111: too many for 108 cards, fits 112
    check_seats(rule_set_from("modern-swap", {"hand_size": 11}), 10)
    with pytest.raises(InvalidRules):
        check_seats(rule_set_from("classic", {"hand_size": 11}), 10)
    # 8 x 14 + 1 = 113: too many for 112, fits 116 with downpour
    with pytest.raises(InvalidRules):
        check_seats(rule_set_from("modern-swap", {"hand_size": 14}), 8)
    check_seats(rule_set_from("modern-swap", {"hand_size": 14, "downpour": True}), 8)


def test_start_game_checks_the_seat_count():
    with pytest.raises(InvalidRules) as raised:
        step(GameState(), StartGame(11, rule_set_from("classic")), random.Random(0))
    assert raised.value.option == "seats"
    with pytest.raises(InvalidRules) as raised:
        step(GameState(), StartGame(5, rule_set_from("classic", {"teams": True})), random.Random(0))
    assert raised.value.option == "teams"


def test_a_started_game_cannot_be_started_again():
    started = step(GameState(), StartGame(4, rule_set_from("classic")), random.Random(0)).state
    with pytest.raises(RuleViolation) as raised:
        step(started, StartGame(4, rule_set_from("classic")), random.Random(0))
    assert raised.value.code.value == "already_started"


def test_every_rule_option_is_a_rule_set_field_with_its_default_there():
    from games.engine.rules import OPTION_KINDS, RuleSet, option_default

    names = [f for f in RuleSet.__dataclass_fields__ if f != "preset"]
    assert list(OPTION_KINDS) == names
    assert option_default("hand_size") == 7 and option_default("stacking") == "none"
