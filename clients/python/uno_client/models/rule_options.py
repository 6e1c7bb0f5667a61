from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..models.rule_options_cards import RuleOptionsCards
from ..models.rule_options_custom_wild_effect import RuleOptionsCustomWildEffect
from ..models.rule_options_scoring import RuleOptionsScoring
from ..models.rule_options_shuffle_hands_last_card import RuleOptionsShuffleHandsLastCard
from ..models.rule_options_stacking import RuleOptionsStacking
from ..models.rule_options_uno_penalty import RuleOptionsUnoPenalty
from ..models.rule_options_wd_4_enforcement import RuleOptionsWd4Enforcement
from ..models.rule_options_wd_4_legal_when import RuleOptionsWd4LegalWhen
from ..models.rule_options_wild_first_card import RuleOptionsWildFirstCard
from ..types import UNSET, Unset

T = TypeVar("T", bound="RuleOptions")


@_attrs_define
class RuleOptions:
    """Rule options. In a request each one overrides the preset (an unknown option or a value out of range is a 400 naming
    it); a game shows every option in force.

        Attributes:
            cards (RuleOptionsCards | Unset): The deck: `classic` (108 cards), `modern-swap` (112: adds a Wild Swap Hands
                and 3 Wild Customizable), `modern-shuffle` (112: adds a Wild Shuffle Hands and 3 Wild Customizable). Default:
                RuleOptionsCards.CLASSIC.
            downpour (bool | Unset): Adds 2 Wild Downpour Draw One and 2 Wild Downpour Draw Two: every other seat draws 1 or
                2. Default: False.
            hand_size (int | Unset): Cards dealt to each seat. Default: 7.
            dealer_rotation (bool | Unset): The dealer moves one seat left each round. Default: True.
            wild_first_card (RuleOptionsWildFirstCard | Unset): A Wild turned up as the first card: the first player
                `choose`s its color, or it goes back and another card is turned (`redraw`). Default:
                RuleOptionsWildFirstCard.CHOOSE.
            draw_to_match (bool | Unset): A seat that draws keeps drawing until it draws a playable card. Default: False.
            draw_to_match_cap (int | Unset): With draw_to_match: the most cards drawn in one turn (0: no cap). Default: 0.
            force_play (bool | Unset): A playable card just drawn is played at once. Default: False.
            skip_plays_again (bool | Unset): Skip and Reverse let their player play again (any seat count). Default: False.
            draw_returns_to_player (bool | Unset): After a Draw Two or Wild Draw Four is drawn, play returns to the seat
                that played it. Default: False.
            wd4_legal_when (RuleOptionsWd4LegalWhen | Unset): When a Wild Draw Four may be played: holding no card of the
                current color (`no_color_match`, the official rule) or no other playable card (`no_other_playable`; held wilds
                do not count). Default: RuleOptionsWd4LegalWhen.NO_COLOR_MATCH.
            wd4_enforcement (RuleOptionsWd4Enforcement | Unset): An illegal Wild Draw Four is allowed as a bluff that can be
                challenged (`challenge`), or refused (`strict`). Default: RuleOptionsWd4Enforcement.CHALLENGE.
            challenge_guilty_draw (int | Unset): Cards a bluffer caught by a challenge draws (in a stack, the whole pending
                total). Default: 4.
            challenge_innocent_draw (int | Unset): Cards a wrong challenger draws (in a stack, the pending total plus this
                minus 4). Default: 6.
            challenge_success_skips_challenger (bool | Unset): After a successful challenge the challenger loses the turn.
                Default: False.
            stacking (RuleOptionsStacking | Unset): Answering a draw card with another: `none`, `draw2` (+2 on +2), `same`
                (+2 on +2, +4 on +4), `up` (as same, plus +4 on +2), `any` (also +2 on +4). Default: RuleOptionsStacking.NONE.
            seven_o (bool | Unset): A 7 swaps hands with a chosen seat; a 0 passes every hand on in the direction of play.
                Default: False.
            seven_optional (bool | Unset): Under seven_o, a 7 may be played without swapping. Default: False.
            jump_in (bool | Unset): A card identical to the top card may be played out of turn. Default: False.
            jump_in_self (bool | Unset): Under jump_in, a seat may jump in on its own card. Default: True.
            uno_penalty (RuleOptionsUnoPenalty | Unset): A seat left on one card without calling UNO draws the penalty when
                another seat catches it (`catch`), or automatically when the window ends (`auto`). Default:
                RuleOptionsUnoPenalty.CATCH.
            uno_penalty_draw (int | Unset): Cards drawn for not calling UNO. Default: 2.
            false_catch_penalty (int | Unset): Cards drawn by a seat that tries to catch a seat that cannot be caught.
                Default: 0.
            shuffle_hands_last_card (RuleOptionsShuffleHandsLastCard | Unset): A Wild Shuffle Hands played as the last card
                wins the round (`win`), or its hands are dealt out again first (`redeal`). Default:
                RuleOptionsShuffleHandsLastCard.WIN.
            custom_wild_effect (RuleOptionsCustomWildEffect | Unset): What a Wild Customizable does besides calling a color:
                nothing more (`plain`), every other seat draws 2 (`others_draw_two`), every other seat's wild cards go to the
                bottom of the draw pile (`others_discard_wilds`), its player plays again (`extra_turn`). Default:
                RuleOptionsCustomWildEffect.PLAIN.
            teams (bool | Unset): Two teams of alternating seats (an even seat count, 4 to 10; with 4, partners sit
                opposite); a team wins together. Default: False.
            scoring (RuleOptionsScoring | Unset): How a match is scored: `standard` (the round's winner scores the others'
                cards; first to the target wins), `lowest` (each seat's own cards add up; at the target the lowest total wins),
                `elimination` (a seat reaching the target is out; the last left wins), `target_loses` (first to the target
                loses; the lowest wins). Default: RuleOptionsScoring.STANDARD.
            target_score (int | Unset): The score that ends the match. Default: 500.
    """

    cards: RuleOptionsCards | Unset = RuleOptionsCards.CLASSIC
    downpour: bool | Unset = False
    hand_size: int | Unset = 7
    dealer_rotation: bool | Unset = True
    wild_first_card: RuleOptionsWildFirstCard | Unset = RuleOptionsWildFirstCard.CHOOSE
    draw_to_match: bool | Unset = False
    draw_to_match_cap: int | Unset = 0
    force_play: bool | Unset = False
    skip_plays_again: bool | Unset = False
    draw_returns_to_player: bool | Unset = False
    wd4_legal_when: RuleOptionsWd4LegalWhen | Unset = RuleOptionsWd4LegalWhen.NO_COLOR_MATCH
    wd4_enforcement: RuleOptionsWd4Enforcement | Unset = RuleOptionsWd4Enforcement.CHALLENGE
    challenge_guilty_draw: int | Unset = 4
    challenge_innocent_draw: int | Unset = 6
    challenge_success_skips_challenger: bool | Unset = False
    stacking: RuleOptionsStacking | Unset = RuleOptionsStacking.NONE
    seven_o: bool | Unset = False
    seven_optional: bool | Unset = False
    jump_in: bool | Unset = False
    jump_in_self: bool | Unset = True
    uno_penalty: RuleOptionsUnoPenalty | Unset = RuleOptionsUnoPenalty.CATCH
    uno_penalty_draw: int | Unset = 2
    false_catch_penalty: int | Unset = 0
    shuffle_hands_last_card: RuleOptionsShuffleHandsLastCard | Unset = RuleOptionsShuffleHandsLastCard.WIN
    custom_wild_effect: RuleOptionsCustomWildEffect | Unset = RuleOptionsCustomWildEffect.PLAIN
    teams: bool | Unset = False
    scoring: RuleOptionsScoring | Unset = RuleOptionsScoring.STANDARD
    target_score: int | Unset = 500

    def to_dict(self) -> dict[str, Any]:
        cards: str | Unset = UNSET
        if not isinstance(self.cards, Unset):
            cards = self.cards.value

        downpour = self.downpour

        hand_size = self.hand_size

        dealer_rotation = self.dealer_rotation

        wild_first_card: str | Unset = UNSET
        if not isinstance(self.wild_first_card, Unset):
            wild_first_card = self.wild_first_card.value

        draw_to_match = self.draw_to_match

        draw_to_match_cap = self.draw_to_match_cap

        force_play = self.force_play

        skip_plays_again = self.skip_plays_again

        draw_returns_to_player = self.draw_returns_to_player

        wd4_legal_when: str | Unset = UNSET
        if not isinstance(self.wd4_legal_when, Unset):
            wd4_legal_when = self.wd4_legal_when.value

        wd4_enforcement: str | Unset = UNSET
        if not isinstance(self.wd4_enforcement, Unset):
            wd4_enforcement = self.wd4_enforcement.value

        challenge_guilty_draw = self.challenge_guilty_draw

        challenge_innocent_draw = self.challenge_innocent_draw

        challenge_success_skips_challenger = self.challenge_success_skips_challenger

        stacking: str | Unset = UNSET
        if not isinstance(self.stacking, Unset):
            stacking = self.stacking.value

        seven_o = self.seven_o

        seven_optional = self.seven_optional

        jump_in = self.jump_in

        jump_in_self = self.jump_in_self

        uno_penalty: str | Unset = UNSET
        if not isinstance(self.uno_penalty, Unset):
            uno_penalty = self.uno_penalty.value

        uno_penalty_draw = self.uno_penalty_draw

        false_catch_penalty = self.false_catch_penalty

        shuffle_hands_last_card: str | Unset = UNSET
        if not isinstance(self.shuffle_hands_last_card, Unset):
            shuffle_hands_last_card = self.shuffle_hands_last_card.value

        custom_wild_effect: str | Unset = UNSET
        if not isinstance(self.custom_wild_effect, Unset):
            custom_wild_effect = self.custom_wild_effect.value

        teams = self.teams

        scoring: str | Unset = UNSET
        if not isinstance(self.scoring, Unset):
            scoring = self.scoring.value

        target_score = self.target_score

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if cards is not UNSET:
            field_dict["cards"] = cards
        if downpour is not UNSET:
            field_dict["downpour"] = downpour
        if hand_size is not UNSET:
            field_dict["hand_size"] = hand_size
        if dealer_rotation is not UNSET:
            field_dict["dealer_rotation"] = dealer_rotation
        if wild_first_card is not UNSET:
            field_dict["wild_first_card"] = wild_first_card
        if draw_to_match is not UNSET:
            field_dict["draw_to_match"] = draw_to_match
        if draw_to_match_cap is not UNSET:
            field_dict["draw_to_match_cap"] = draw_to_match_cap
        if force_play is not UNSET:
            field_dict["force_play"] = force_play
        if skip_plays_again is not UNSET:
            field_dict["skip_plays_again"] = skip_plays_again
        if draw_returns_to_player is not UNSET:
            field_dict["draw_returns_to_player"] = draw_returns_to_player
        if wd4_legal_when is not UNSET:
            field_dict["wd4_legal_when"] = wd4_legal_when
        if wd4_enforcement is not UNSET:
            field_dict["wd4_enforcement"] = wd4_enforcement
        if challenge_guilty_draw is not UNSET:
            field_dict["challenge_guilty_draw"] = challenge_guilty_draw
        if challenge_innocent_draw is not UNSET:
            field_dict["challenge_innocent_draw"] = challenge_innocent_draw
        if challenge_success_skips_challenger is not UNSET:
            field_dict["challenge_success_skips_challenger"] = challenge_success_skips_challenger
        if stacking is not UNSET:
            field_dict["stacking"] = stacking
        if seven_o is not UNSET:
            field_dict["seven_o"] = seven_o
        if seven_optional is not UNSET:
            field_dict["seven_optional"] = seven_optional
        if jump_in is not UNSET:
            field_dict["jump_in"] = jump_in
        if jump_in_self is not UNSET:
            field_dict["jump_in_self"] = jump_in_self
        if uno_penalty is not UNSET:
            field_dict["uno_penalty"] = uno_penalty
        if uno_penalty_draw is not UNSET:
            field_dict["uno_penalty_draw"] = uno_penalty_draw
        if false_catch_penalty is not UNSET:
            field_dict["false_catch_penalty"] = false_catch_penalty
        if shuffle_hands_last_card is not UNSET:
            field_dict["shuffle_hands_last_card"] = shuffle_hands_last_card
        if custom_wild_effect is not UNSET:
            field_dict["custom_wild_effect"] = custom_wild_effect
        if teams is not UNSET:
            field_dict["teams"] = teams
        if scoring is not UNSET:
            field_dict["scoring"] = scoring
        if target_score is not UNSET:
            field_dict["target_score"] = target_score

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        _cards = d.pop("cards", UNSET)
        cards: RuleOptionsCards | Unset
        if isinstance(_cards, Unset):
            cards = UNSET
        else:
            cards = RuleOptionsCards(_cards)

        downpour = d.pop("downpour", UNSET)

        hand_size = d.pop("hand_size", UNSET)

        dealer_rotation = d.pop("dealer_rotation", UNSET)

        _wild_first_card = d.pop("wild_first_card", UNSET)
        wild_first_card: RuleOptionsWildFirstCard | Unset
        if isinstance(_wild_first_card, Unset):
            wild_first_card = UNSET
        else:
            wild_first_card = RuleOptionsWildFirstCard(_wild_first_card)

        draw_to_match = d.pop("draw_to_match", UNSET)

        draw_to_match_cap = d.pop("draw_to_match_cap", UNSET)

        force_play = d.pop("force_play", UNSET)

        skip_plays_again = d.pop("skip_plays_again", UNSET)

        draw_returns_to_player = d.pop("draw_returns_to_player", UNSET)

        _wd4_legal_when = d.pop("wd4_legal_when", UNSET)
        wd4_legal_when: RuleOptionsWd4LegalWhen | Unset
        if isinstance(_wd4_legal_when, Unset):
            wd4_legal_when = UNSET
        else:
            wd4_legal_when = RuleOptionsWd4LegalWhen(_wd4_legal_when)

        _wd4_enforcement = d.pop("wd4_enforcement", UNSET)
        wd4_enforcement: RuleOptionsWd4Enforcement | Unset
        if isinstance(_wd4_enforcement, Unset):
            wd4_enforcement = UNSET
        else:
            wd4_enforcement = RuleOptionsWd4Enforcement(_wd4_enforcement)

        challenge_guilty_draw = d.pop("challenge_guilty_draw", UNSET)

        challenge_innocent_draw = d.pop("challenge_innocent_draw", UNSET)

        challenge_success_skips_challenger = d.pop("challenge_success_skips_challenger", UNSET)

        _stacking = d.pop("stacking", UNSET)
        stacking: RuleOptionsStacking | Unset
        if isinstance(_stacking, Unset):
            stacking = UNSET
        else:
            stacking = RuleOptionsStacking(_stacking)

        seven_o = d.pop("seven_o", UNSET)

        seven_optional = d.pop("seven_optional", UNSET)

        jump_in = d.pop("jump_in", UNSET)

        jump_in_self = d.pop("jump_in_self", UNSET)

        _uno_penalty = d.pop("uno_penalty", UNSET)
        uno_penalty: RuleOptionsUnoPenalty | Unset
        if isinstance(_uno_penalty, Unset):
            uno_penalty = UNSET
        else:
            uno_penalty = RuleOptionsUnoPenalty(_uno_penalty)

        uno_penalty_draw = d.pop("uno_penalty_draw", UNSET)

        false_catch_penalty = d.pop("false_catch_penalty", UNSET)

        _shuffle_hands_last_card = d.pop("shuffle_hands_last_card", UNSET)
        shuffle_hands_last_card: RuleOptionsShuffleHandsLastCard | Unset
        if isinstance(_shuffle_hands_last_card, Unset):
            shuffle_hands_last_card = UNSET
        else:
            shuffle_hands_last_card = RuleOptionsShuffleHandsLastCard(_shuffle_hands_last_card)

        _custom_wild_effect = d.pop("custom_wild_effect", UNSET)
        custom_wild_effect: RuleOptionsCustomWildEffect | Unset
        if isinstance(_custom_wild_effect, Unset):
            custom_wild_effect = UNSET
        else:
            custom_wild_effect = RuleOptionsCustomWildEffect(_custom_wild_effect)

        teams = d.pop("teams", UNSET)

        _scoring = d.pop("scoring", UNSET)
        scoring: RuleOptionsScoring | Unset
        if isinstance(_scoring, Unset):
            scoring = UNSET
        else:
            scoring = RuleOptionsScoring(_scoring)

        target_score = d.pop("target_score", UNSET)

        rule_options = cls(
            cards=cards,
            downpour=downpour,
            hand_size=hand_size,
            dealer_rotation=dealer_rotation,
            wild_first_card=wild_first_card,
            draw_to_match=draw_to_match,
            draw_to_match_cap=draw_to_match_cap,
            force_play=force_play,
            skip_plays_again=skip_plays_again,
            draw_returns_to_player=draw_returns_to_player,
            wd4_legal_when=wd4_legal_when,
            wd4_enforcement=wd4_enforcement,
            challenge_guilty_draw=challenge_guilty_draw,
            challenge_innocent_draw=challenge_innocent_draw,
            challenge_success_skips_challenger=challenge_success_skips_challenger,
            stacking=stacking,
            seven_o=seven_o,
            seven_optional=seven_optional,
            jump_in=jump_in,
            jump_in_self=jump_in_self,
            uno_penalty=uno_penalty,
            uno_penalty_draw=uno_penalty_draw,
            false_catch_penalty=false_catch_penalty,
            shuffle_hands_last_card=shuffle_hands_last_card,
            custom_wild_effect=custom_wild_effect,
            teams=teams,
            scoring=scoring,
            target_score=target_score,
        )

        return rule_options
