"""The rule set as data: every rule option with its default, the presets,
and validation that names the offending option."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from .cards import build_deck
from .errors import InvalidRules


@dataclass(frozen=True, slots=True)
class Choice:
    values: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class IntRange:
    low: int
    high: int


BOOL = bool

#: option name -> the values it takes, in the order the API documents them (the defaults
#: are `RuleSet`'s).
OPTION_KINDS: dict[str, Choice | IntRange | type[bool]] = {
    "cards": Choice(("classic", "modern-swap", "modern-shuffle", "flip")),
    "downpour": BOOL,
    "hand_size": IntRange(1, 15),
    "dealer_rotation": BOOL,
    "wild_first_card": Choice(("choose", "redraw")),
    "draw_to_match": BOOL,
    "draw_to_match_cap": IntRange(0, 30),
    "force_play": BOOL,
    "skip_plays_again": BOOL,
    "draw_returns_to_player": BOOL,
    "wd4_legal_when": Choice(("no_color_match", "no_other_playable")),
    "wd4_enforcement": Choice(("challenge", "strict")),
    "challenge_guilty_draw": IntRange(0, 20),
    "challenge_innocent_draw": IntRange(4, 20),
    "challenge_success_skips_challenger": BOOL,
    "stacking": Choice(("none", "draw2", "same", "up", "any")),
    "seven_o": BOOL,
    "seven_optional": BOOL,
    "jump_in": BOOL,
    "jump_in_self": BOOL,
    "uno_penalty": Choice(("catch", "auto")),
    "uno_penalty_draw": IntRange(0, 10),
    "false_catch_penalty": IntRange(0, 10),
    "shuffle_hands_last_card": Choice(("win", "redeal")),
    "custom_wild_effect": Choice(
        ("plain", "others_draw_two", "others_discard_wilds", "extra_turn")
    ),
    "teams": BOOL,
    "scoring": Choice(("standard", "lowest", "elimination", "target_loses")),
    "target_score": IntRange(50, 5000),
}

PRESETS: dict[str, dict[str, Any]] = {
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

MIN_SEATS, MAX_SEATS = 2, 10


@dataclass(frozen=True, slots=True)
class RuleSet:
    """One game's rules. Build it with `rule_set_from` to get validation."""

    preset: str = "classic"
    cards: str = "classic"
    downpour: bool = False
    hand_size: int = 7
    dealer_rotation: bool = True
    wild_first_card: str = "choose"
    draw_to_match: bool = False
    draw_to_match_cap: int = 0
    force_play: bool = False
    skip_plays_again: bool = False
    draw_returns_to_player: bool = False
    wd4_legal_when: str = "no_color_match"
    wd4_enforcement: str = "challenge"
    challenge_guilty_draw: int = 4
    challenge_innocent_draw: int = 6
    challenge_success_skips_challenger: bool = False
    stacking: str = "none"
    seven_o: bool = False
    seven_optional: bool = False
    jump_in: bool = False
    jump_in_self: bool = True
    uno_penalty: str = "catch"
    uno_penalty_draw: int = 2
    false_catch_penalty: int = 0
    shuffle_hands_last_card: str = "win"
    custom_wild_effect: str = "plain"
    teams: bool = False
    scoring: str = "standard"
    target_score: int = 500

    def options(self) -> dict[str, Any]:
        """Every option with its value (the preset name excluded)."""
        return {name: getattr(self, name) for name in OPTION_KINDS}

    def deck_size(self) -> int:
        return len(build_deck(self.cards, self.downpour))


def option_default(name: str) -> Any:
    return RuleSet.__dataclass_fields__[name].default


def _check_value(name: str, value: object) -> None:
    kind = OPTION_KINDS[name]
    if isinstance(kind, IntRange):
        ok = isinstance(value, int) and not isinstance(value, bool)
        ok = ok and kind.low <= value <= kind.high  # type: ignore[operator]  # int when ok
        expected = f"an integer from {kind.low} to {kind.high}"
    elif isinstance(kind, Choice):
        ok = value in kind.values
        expected = "one of " + ", ".join(kind.values)
    else:
        ok = isinstance(value, bool)
        expected = "true or false"
    if not ok:
        raise InvalidRules(
            "invalid_option", name, f"option {name!r} must be {expected}, not {value!r}"
        )


def check_option_names(options: Mapping[str, Any]) -> None:
    """Refuse the first option that is not one (`unknown_option`)."""
    for name in options:
        if name not in OPTION_KINDS:
            raise InvalidRules("unknown_option", name, f"unknown rule option {name!r}")


def rule_set_from(preset: str = "classic", options: Mapping[str, Any] | None = None) -> RuleSet:
    """The preset's rules with `options` overriding them, validated option by option."""
    if preset not in PRESETS:
        raise InvalidRules(
            "invalid_option",
            "preset",
            f"preset must be one of {', '.join(PRESETS)}, not {preset!r}",
        )
    merged = dict(PRESETS[preset])
    check_option_names(options or {})
    for name, value in (options or {}).items():
        _check_value(name, value)
        merged[name] = value
    rules = RuleSet(preset=preset, **merged)
    if rules.teams and rules.scoring != "standard":
        raise InvalidRules(
            "invalid_option", "teams", "teams are scored only with scoring 'standard'"
        )
    if rules.cards == "flip":
        _check_flip_options(rules)
    return rules


#: Options UNO FLIP! does not combine with, and the values it refuses (None: any value
#: other than the default). Its deck has no 0, no Downpour cards, and its cards' faces
#: differ on their backs, so Seven-O, Downpour and Jump-In are refused.
_FLIP_REFUSES: dict[str, tuple[str, ...] | None] = {
    "stacking": ("draw2", "up", "any"),
    "seven_o": None,
    "jump_in": None,
    "downpour": None,
}


def _check_flip_options(rules: RuleSet) -> None:
    for name, refused in _FLIP_REFUSES.items():
        value = getattr(rules, name)
        is_refused = value != option_default(name) if refused is None else value in refused
        if is_refused:
            raise InvalidRules(
                "invalid_option",
                name,
                f"option {name!r} = {value!r} does not combine with cards 'flip'",
            )


def check_seats(rules: RuleSet, seats: int) -> None:
    """Reject a seat count the rules cannot be played with, naming the option at fault."""
    if not isinstance(seats, int) or not MIN_SEATS <= seats <= MAX_SEATS:
        raise InvalidRules(
            "invalid_option", "seats", f"seats must be from {MIN_SEATS} to {MAX_SEATS}"
        )
    if rules.teams and (seats % 2 or seats < 4):
        raise InvalidRules(
            "invalid_option",
            "teams",
            f"teams need an even number of seats from 4 to 10, not {seats}",
        )
    needed = seats * rules.hand_size + 1
    if needed > rules.deck_size():
        raise InvalidRules(
            "invalid_option",
            "hand_size",
            f"{seats} seats x {rules.hand_size} cards + 1 is more than the "
            f"{rules.deck_size()}-card deck",
        )


def rules_to_dict(rules: RuleSet) -> dict[str, Any]:
    return {"preset": rules.preset, "options": rules.options()}


def rules_from_dict(data: Mapping[str, Any]) -> RuleSet:
    """Rebuild a recorded rule set exactly (no preset merge: the options are complete)."""
    return dataclasses.replace(RuleSet(preset=data["preset"]), **data["options"])
