"""What each rule option does, in one place: the API schema (games.http.schema_types) shows
these beside each option's values and default (games.engine.rules holds those)."""

from __future__ import annotations

OPTION_DESCRIPTIONS: dict[str, str] = {
    "cards": "The deck: `classic` (108 cards), `modern-swap` (112: adds a Wild Swap Hands "
    "and 3 Wild Customizable), `modern-shuffle` (112: adds a Wild Shuffle Hands and 3 Wild "
    "Customizable).",
    "downpour": "Adds 2 Wild Downpour Draw One and 2 Wild Downpour Draw Two: every other "
    "seat draws 1 or 2.",
    "hand_size": "Cards dealt to each seat.",
    "dealer_rotation": "The dealer moves one seat left each round.",
    "wild_first_card": "A Wild turned up as the first card: the first player `choose`s its "
    "color, or it goes back and another card is turned (`redraw`).",
    "draw_to_match": "A seat that draws keeps drawing until it draws a playable card.",
    "draw_to_match_cap": "With draw_to_match: the most cards drawn in one turn (0: no cap).",
    "force_play": "A playable card just drawn is played at once.",
    "skip_plays_again": "Skip and Reverse let their player play again (any seat count).",
    "draw_returns_to_player": "After a Draw Two or Wild Draw Four is drawn, play returns to "
    "the seat that played it.",
    "wd4_legal_when": "When a Wild Draw Four may be played: holding no card of the current "
    "color (`no_color_match`, the official rule) or no other playable card "
    "(`no_other_playable`; held wilds do not count).",
    "wd4_enforcement": "An illegal Wild Draw Four is allowed as a bluff that can be "
    "challenged (`challenge`), or refused (`strict`).",
    "challenge_guilty_draw": "Cards a bluffer caught by a challenge draws (in a stack, the "
    "whole pending total).",
    "challenge_innocent_draw": "Cards a wrong challenger draws (in a stack, the pending "
    "total plus this minus 4).",
    "challenge_success_skips_challenger": "After a successful challenge the challenger "
    "loses the turn.",
    "stacking": "Answering a draw card with another: `none`, `draw2` (+2 on +2), `same` (+2 "
    "on +2, +4 on +4), `up` (as same, plus +4 on +2), `any` (also +2 on +4).",
    "seven_o": "A 7 swaps hands with a chosen seat; a 0 passes every hand on in the "
    "direction of play.",
    "seven_optional": "Under seven_o, a 7 may be played without swapping.",
    "jump_in": "A card identical to the top card may be played out of turn.",
    "jump_in_self": "Under jump_in, a seat may jump in on its own card.",
    "uno_penalty": "A seat left on one card without calling UNO draws the penalty when "
    "another seat catches it (`catch`), or automatically when the window ends (`auto`).",
    "uno_penalty_draw": "Cards drawn for not calling UNO.",
    "false_catch_penalty": "Cards drawn by a seat that tries to catch a seat that cannot "
    "be caught.",
    "shuffle_hands_last_card": "A Wild Shuffle Hands played as the last card wins the round "
    "(`win`), or its hands are dealt out again first (`redeal`).",
    "custom_wild_effect": "What a Wild Customizable does besides calling a color: nothing "
    "more (`plain`), every other seat draws 2 (`others_draw_two`), every other seat's wild "
    "cards go to the bottom of the draw pile (`others_discard_wilds`), its player plays "
    "again (`extra_turn`).",
    "teams": "Two teams of alternating seats (an even seat count, 4 to 10; with 4, partners "
    "sit opposite); a team wins together.",
    "scoring": "How a match is scored: `standard` (the round's winner scores the others' "
    "cards; first to the target wins), `lowest` (each seat's own cards add up; at the "
    "target the lowest total wins), `elimination` (a seat reaching the target is out; the "
    "last left wins), `target_loses` (first to the target loses; the lowest wins).",
    "target_score": "The score that ends the match.",
}
