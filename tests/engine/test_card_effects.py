"""What each card and each rule option does in play (RULES.md 2.3-2.13, CONTRACT.md rule
options). The worked scenarios of SCENARIOS.md live in test_scenarios_*.py; these tests
cover each option and card type on its own."""

from collections import Counter

import pytest

from games.engine import (
    Accept,
    CallUno,
    CatchUno,
    Challenge,
    ChooseColor,
    Color,
    DrawCard,
    KeepCard,
    Phase,
    PlayCard,
    Timeout,
    legal_actions,
)
from games.engine import events as ev

from .builders import c, cs, position_game

R, Y, G, B = Color.RED, Color.YELLOW, Color.GREEN, Color.BLUE


def of_type(events, cls):
    return [e for e in events if isinstance(e, cls)]


def codes(text):
    return tuple(x.code for x in cs(text))


def plays(table, seat):
    """The card codes `seat` may play now, per legal_actions."""
    return {a.card.code for a in legal_actions(table.state, seat) if isinstance(a, PlayCard)}


# --- plain cards ------------------------------------------------------------------------


def test_number_card_sets_its_color_and_passes_to_the_left():
    table = position_game(hands={1: "B5 G1"}, top="R5")
    table.act(PlayCard(1, c("B5")))
    assert table.state.color == B
    assert table.state.top_card == c("B5")
    assert table.state.to_act == 2
    assert table.state.phase == Phase.PLAY
    assert table.replays()


def test_skip_with_four_players_skips_the_next_seat():
    table = position_game(hands={1: "Rskip G1"}, top="R5")
    events = table.act(PlayCard(1, c("Rskip")))
    assert [e.seat for e in of_type(events, ev.SeatSkipped)] == [2]
    assert table.state.to_act == 3
    assert table.state.direction == 1
    assert table.replays()


def test_reverse_with_three_players_changes_direction():
    table = position_game(seats=3, hands={1: "Rrev G1", 0: "R1 B9", 2: "R2 Y9"}, top="R5")
    events = table.act(PlayCard(1, c("Rrev")))
    assert [e.direction for e in of_type(events, ev.DirectionReversed)] == [-1]
    assert of_type(events, ev.SeatSkipped) == []
    assert table.state.to_act == 0
    table.act(PlayCard(0, c("R1")))
    assert table.state.to_act == 2  # counterclockwise from P0
    assert table.replays()


def test_second_reverse_restores_clockwise_play():
    table = position_game(hands={1: "Rrev G1", 0: "Grev B9"}, top="R5")
    table.act(PlayCard(1, c("Rrev")))
    table.act(PlayCard(0, c("Grev")))
    assert table.state.direction == 1
    assert table.state.to_act == 1
    assert table.replays()


def test_draw_two_without_stacking_makes_the_next_seat_draw_two_and_lose_the_turn():
    table = position_game(hands={1: "R+2 G1"}, top="R5", draw="G6 G7 G8")
    table.act(PlayCard(1, c("R+2")))
    assert table.hand(2)[-2:] == codes("G6 G7")
    assert table.state.to_act == 3
    assert table.state.pending is None
    assert table.replays()


def test_wild_sets_the_called_color_and_requires_one():
    table = position_game(hands={1: "W G1"}, top="R5")
    assert table.rejects(PlayCard(1, c("W"))) == "color_required"
    table.act(PlayCard(1, c("W"), color=G))
    assert table.state.color == G
    assert table.state.to_act == 2
    assert table.replays()


def test_coloured_card_refuses_a_color_field():
    table = position_game(hands={1: "R1 G1"}, top="R5")
    assert table.rejects(PlayCard(1, c("R1"), color=B)) == "unexpected_field"


def test_wild_draw_four_asks_the_next_seat_to_respond():
    table = position_game(hands={1: "W+4 G1 G2"}, top="R5")
    table.act(PlayCard(1, c("W+4"), color=B))
    assert table.state.to_act == 2
    assert table.state.phase == Phase.RESPOND_DRAW4
    assert table.state.pending.total == 4
    assert set(type(a) for a in legal_actions(table.state, 2)) == {Accept, Challenge}
    assert table.replays()


# --- the 112-card specials --------------------------------------------------------------


def test_wild_swap_with_two_players_needs_no_target():
    table = position_game(
        seats=2, preset="modern-swap", hands={0: "WSwap R1 R2", 1: "B1 B2 B3"}, top="R5", to_act=0
    )
    table.act(PlayCard(0, c("WSwap"), color=Y))
    assert table.hand(0) == codes("B1 B2 B3")
    assert table.hand(1) == codes("R1 R2")
    assert table.state.color == Y
    assert table.state.to_act == 1
    assert table.replays()


def test_wild_swap_with_three_or_more_players_needs_a_target():
    table = position_game(preset="modern-swap", hands={1: "WSwap R1 R2"}, top="R5")
    assert table.rejects(PlayCard(1, c("WSwap"), color=Y)) == "target_required"
    assert table.rejects(PlayCard(1, c("WSwap"), color=Y, target=1)) == "invalid_target"


def test_wild_shuffle_deals_all_hands_clockwise_from_the_players_left():
    table = position_game(
        preset="modern-shuffle",
        hands={0: "G1 G2 G3", 1: "WShuf R1 R2", 2: "B1 B2 B3 B4", 3: "Y1 Y2"},
        top="R5",
    )
    pooled = Counter(cs("G1 G2 G3 R1 R2 B1 B2 B3 B4 Y1 Y2"))
    events = table.act(PlayCard(1, c("WShuf"), color=G))
    (shuffle,) = [e for e in of_type(events, ev.DeckShuffled) if e.reason == "hands"]
    assert Counter(shuffle.order) == pooled
    # 11 cards, 4 seats: dealt P2, P3, P0, P1, ...; the first 11 mod 4 = 3 get one more
    order = [2, 3, 0, 1]
    expected = {seat: tuple(x.code for x in shuffle.order[i::4]) for i, seat in enumerate(order)}
    assert {seat: table.hand(seat) for seat in range(4)} == expected
    assert [len(table.hand(s)) for s in range(4)] == [3, 2, 3, 3]
    assert table.state.color == G
    assert table.state.to_act == 2
    assert table.replays()


def test_wild_custom_plain_is_a_plain_wild():
    table = position_game(preset="modern-swap", hands={1: "WCust R1"}, top="R5", draw="G6 G7")
    before = [table.hand(s) for s in (0, 2, 3)]
    table.act(PlayCard(1, c("WCust"), color=B))
    assert [table.hand(s) for s in (0, 2, 3)] == before
    assert table.state.color == B
    assert table.state.to_act == 2
    assert table.replays()


def test_wild_custom_others_draw_two():
    table = position_game(
        preset="modern-swap",
        options={"custom_wild_effect": "others_draw_two"},
        hands={1: "WCust R1"},
        top="R5",
        draw="G1 G2 G3 G4 G6 G7 G8",
    )
    events = table.act(PlayCard(1, c("WCust"), color=B))
    drawn = of_type(events, ev.CardsDrawn)
    assert sorted(e.seat for e in drawn) == [0, 2, 3]
    assert all(e.count == 2 and e.reason == "others_draw" for e in drawn)
    assert [len(table.hand(s)) for s in range(4)] == [4, 1, 4, 4]
    assert table.state.to_act == 2  # nobody is skipped
    assert table.state.color == B
    assert table.replays()


def test_wild_custom_others_discard_wilds_go_under_the_draw_pile():
    table = position_game(
        preset="modern-swap",
        options={"custom_wild_effect": "others_discard_wilds"},
        hands={0: "W R1 W+4", 1: "WCust W G1", 2: "B1 B2", 3: "WSwap Y7"},
        top="R5",
    )
    events = table.act(PlayCard(1, c("WCust"), color=B))
    buried = of_type(events, ev.CardsBuried)
    assert {e.seat: e.cards for e in buried} == {0: cs("W W+4"), 3: cs("WSwap")}
    assert table.hand(0) == codes("R1")
    assert table.hand(3) == codes("Y7")
    assert table.hand(1) == codes("W G1")  # the player keeps their own wilds
    assert table.hand(2) == codes("B1 B2")
    assert Counter(table.state.draw_pile[-3:]) == Counter(cs("W W+4 WSwap"))
    assert table.state.to_act == 2
    assert table.replays()


def test_wild_custom_extra_turn():
    table = position_game(
        preset="modern-swap",
        options={"custom_wild_effect": "extra_turn"},
        hands={1: "WCust B1 G1"},
        top="R5",
    )
    table.act(PlayCard(1, c("WCust"), color=B))
    assert table.state.to_act == 1
    assert table.state.phase == Phase.PLAY
    table.act(PlayCard(1, c("B1")))
    assert table.state.to_act == 2
    assert table.replays()


# --- Seven-O --------------------------------------------------------------------------


def test_zero_rotates_hands_in_the_direction_of_play():
    table = position_game(
        options={"seven_o": True},
        hands={0: "Y1", 1: "R0 G1 G2", 2: "B1 B2 B3", 3: "Y7 Y8"},
        top="R5",
    )
    table.act(PlayCard(1, c("R0")))
    # clockwise: every hand passes to the seat on its left
    assert table.hand(2) == codes("G1 G2")
    assert table.hand(3) == codes("B1 B2 B3")
    assert table.hand(0) == codes("Y7 Y8")
    assert table.hand(1) == codes("Y1")
    assert table.state.to_act == 2
    assert table.replays()


def test_zero_rotates_hands_counterclockwise_when_play_runs_counterclockwise():
    table = position_game(
        options={"seven_o": True},
        direction=-1,
        hands={0: "Y1", 1: "R0 G1 G2", 2: "B1 B2 B3", 3: "Y7 Y8"},
        top="R5",
    )
    table.act(PlayCard(1, c("R0")))
    assert table.hand(0) == codes("G1 G2")
    assert table.hand(3) == codes("Y1")
    assert table.hand(2) == codes("Y7 Y8")
    assert table.hand(1) == codes("B1 B2 B3")
    assert table.state.to_act == 0
    assert table.replays()


def test_zero_without_seven_o_is_a_number():
    table = position_game(hands={1: "R0 G1 G2", 2: "B1 B2 B3"}, top="R5")
    table.act(PlayCard(1, c("R0")))
    assert table.hand(1) == codes("G1 G2")
    assert table.hand(2) == codes("B1 B2 B3")
    assert table.replays()


def test_seven_without_seven_o_takes_no_target():
    table = position_game(hands={1: "R7 G1 G2"}, top="R5")
    assert table.rejects(PlayCard(1, c("R7"), target=3)) == "unexpected_field"
    table.act(PlayCard(1, c("R7")))
    assert table.hand(1) == codes("G1 G2")
    assert table.replays()


def test_seven_optional_allows_no_swap():
    table = position_game(
        options={"seven_o": True, "seven_optional": True},
        hands={1: "R7 G1 G2", 3: "B4 Y5"},
        top="R5",
    )
    assert PlayCard(1, c("R7")) in legal_actions(table.state, 1)
    table.act(PlayCard(1, c("R7")))
    assert table.hand(1) == codes("G1 G2")
    assert table.hand(3) == codes("B4 Y5")
    assert table.state.to_act == 2
    assert table.replays()


def test_seven_optional_still_allows_a_swap():
    table = position_game(
        options={"seven_o": True, "seven_optional": True},
        hands={1: "R7 G1 G2", 3: "B4 Y5"},
        top="R5",
    )
    table.act(PlayCard(1, c("R7"), target=3))
    assert table.hand(1) == codes("B4 Y5")
    assert table.hand(3) == codes("G1 G2")
    assert table.replays()


def test_seven_must_swap_when_seven_is_not_optional():
    table = position_game(options={"seven_o": True}, hands={1: "R7 G1 G2"}, top="R5")
    assert table.rejects(PlayCard(1, c("R7"))) == "target_required"


# --- skip_plays_again, draw_returns_to_player --------------------------------------------


def test_skip_plays_again_gives_the_skipper_another_turn():
    table = position_game(options={"skip_plays_again": True}, hands={1: "Rskip R1 G1"}, top="R5")
    table.act(PlayCard(1, c("Rskip")))
    assert table.state.to_act == 1
    table.act(PlayCard(1, c("R1")))
    assert table.state.to_act == 2
    assert table.replays()


def test_skip_plays_again_makes_reverse_play_again_without_changing_direction():
    table = position_game(options={"skip_plays_again": True}, hands={1: "Rrev R1 G1"}, top="R5")
    events = table.act(PlayCard(1, c("Rrev")))
    assert of_type(events, ev.DirectionReversed) == []
    assert table.state.direction == 1
    assert table.state.to_act == 1
    assert table.replays()


def test_draw_returns_to_player_after_a_draw_two():
    table = position_game(
        options={"draw_returns_to_player": True}, hands={1: "R+2 G1"}, top="R5", draw="B6 B7"
    )
    table.act(PlayCard(1, c("R+2")))
    assert table.hand(2)[-2:] == codes("B6 B7")
    assert table.state.to_act == 1
    assert table.replays()


def test_draw_returns_to_player_after_an_accepted_wild_draw_four():
    table = position_game(
        options={"draw_returns_to_player": True}, hands={1: "W+4 G1"}, top="R5", draw="B6 B7 B8 B9"
    )
    table.act(PlayCard(1, c("W+4"), color=G))
    table.act(Accept(2))
    assert table.hand(2)[-4:] == codes("B6 B7 B8 B9")
    assert table.state.to_act == 1
    assert table.state.color == G
    assert table.replays()


# --- stacking modes --------------------------------------------------------------------


def stack_table(stacking, first, responder_hand, color=None):
    """P1 plays `first` (a +2 or W+4) and P2 holds `responder_hand`."""
    table = position_game(
        options={"stacking": stacking},
        hands={1: f"{first} G1", 2: responder_hand},
        top="R5",
        draw="Y1 Y2 Y3 Y4 Y6 Y7 Y8 Y9 B1 B2 B3 B4",
    )
    table.act(PlayCard(1, c(first), color=color))
    return table


def test_stacking_none_draws_a_draw_two_at_once():
    table = stack_table("none", "R+2", "B+2 W+4")
    assert table.state.to_act == 3
    assert len(table.hand(2)) == 4
    assert table.replays()


def test_stacking_draw2_allows_draw_two_on_draw_two():
    table = stack_table("draw2", "R+2", "B+2 W+4 G9")
    assert table.state.to_act == 2 and table.state.pending.total == 2
    assert plays(table, 2) == {"blue-draw2"}
    table.act(PlayCard(2, c("B+2")))
    assert table.state.to_act == 3
    assert table.state.pending.total == 4
    assert table.replays()


def test_stacking_draw2_refuses_wild_draw_four_on_draw_two():
    table = stack_table("draw2", "R+2", "B+2 W+4 G9")
    assert table.rejects(PlayCard(2, c("W+4"), color=B)) == "card_not_playable"
    assert table.rejects(PlayCard(2, c("G9"))) == "card_not_playable"


def test_stacking_draw2_refuses_wild_draw_four_on_wild_draw_four():
    table = stack_table("draw2", "W+4", "W+4 B+2", color=G)
    assert plays(table, 2) == set()
    assert table.rejects(PlayCard(2, c("W+4"), color=B)) == "card_not_playable"
    assert table.rejects(PlayCard(2, c("B+2"))) == "card_not_playable"


def test_stacking_same_allows_wild_draw_four_on_wild_draw_four():
    table = stack_table("same", "W+4", "W+4 B+2", color=G)
    assert plays(table, 2) == {"wild-draw4"}
    table.act(PlayCard(2, c("W+4"), color=B))
    assert table.state.to_act == 3
    assert table.state.pending.total == 8
    assert table.state.phase == Phase.RESPOND_DRAW4
    assert table.state.color == B
    assert table.replays()


def test_stacking_same_allows_draw_two_on_draw_two():
    table = stack_table("same", "R+2", "B+2 W+4")
    assert plays(table, 2) == {"blue-draw2"}
    table.act(PlayCard(2, c("B+2")))
    assert table.state.pending.total == 4
    assert table.replays()


def test_stacking_same_refuses_mixing():
    table = stack_table("same", "R+2", "B+2 W+4")
    assert table.rejects(PlayCard(2, c("W+4"), color=B)) == "card_not_playable"
    table = stack_table("same", "W+4", "W+4 B+2", color=B)
    assert table.rejects(PlayCard(2, c("B+2"))) == "card_not_playable"


def test_stacking_up_allows_wild_draw_four_on_draw_two():
    table = stack_table("up", "R+2", "B+2 W+4")
    assert plays(table, 2) == {"blue-draw2", "wild-draw4"}
    table.act(PlayCard(2, c("W+4"), color=Y))
    assert table.state.to_act == 3
    assert table.state.pending.total == 6
    assert table.state.color == Y
    assert table.replays()


def test_stacking_up_refuses_draw_two_on_wild_draw_four():
    table = stack_table("up", "W+4", "W+4 B+2", color=B)
    assert plays(table, 2) == {"wild-draw4"}
    assert table.rejects(PlayCard(2, c("B+2"))) == "card_not_playable"


def test_stacking_any_allows_draw_two_on_wild_draw_four():
    table = stack_table("any", "W+4", "W+4 B+2", color=B)
    assert plays(table, 2) == {"wild-draw4", "blue-draw2"}
    table.act(PlayCard(2, c("B+2")))
    assert table.state.to_act == 3
    assert table.state.pending.total == 6
    assert table.state.color == B
    assert table.replays()


def test_stacking_any_allows_wild_draw_four_on_draw_two():
    table = stack_table("any", "R+2", "W+4")
    table.act(PlayCard(2, c("W+4"), color=G))
    assert table.state.pending.total == 6
    assert table.replays()


def test_stacking_any_refuses_plain_cards_on_a_pending_draw():
    table = stack_table("any", "R+2", "R9 W B+2")
    assert table.rejects(PlayCard(2, c("R9"))) == "card_not_playable"
    assert table.rejects(PlayCard(2, c("W"), color=R)) == "card_not_playable"


def test_stacked_total_is_drawn_by_the_seat_that_does_not_stack():
    table = stack_table("draw2", "R+2", "B+2 G9")
    table.act(PlayCard(2, c("B+2"), uno=True))
    table.act(DrawCard(3))
    assert len(table.hand(3)) == 2 + 4
    assert table.state.to_act == 0
    assert table.state.pending is None
    assert table.replays()


# --- W+4 options ------------------------------------------------------------------------


def test_challenge_success_skips_challenger():
    table = position_game(
        options={"challenge_success_skips_challenger": True},
        hands={1: "W+4 R1 G1"},
        top="R5",
        draw="B6 B7 B8 B9",
    )
    table.act(PlayCard(1, c("W+4"), color=G))
    events = table.act(Challenge(2))
    assert [e.guilty for e in of_type(events, ev.Draw4Challenged)] == [True]
    assert table.hand(1) == codes("R1 G1 B6 B7 B8 B9")
    assert [e.seat for e in of_type(events, ev.SeatSkipped)] == [2]
    assert table.state.to_act == 3
    assert table.state.color == G
    assert table.replays()


def test_challenge_guilty_and_innocent_draw_counts_are_options():
    options = {"challenge_guilty_draw": 3, "challenge_innocent_draw": 8}
    guilty = position_game(options=options, hands={1: "W+4 R1"}, top="R5")
    guilty.act(PlayCard(1, c("W+4"), color=G))
    guilty.act(Challenge(2))
    assert len(guilty.hand(1)) == 1 + 3
    innocent = position_game(options=options, hands={1: "W+4 B1"}, top="R5")
    innocent.act(PlayCard(1, c("W+4"), color=G))
    before = len(innocent.hand(2))
    innocent.act(Challenge(2))
    assert len(innocent.hand(2)) == before + 8
    assert innocent.state.to_act == 3
    assert guilty.replays() and innocent.replays()


def test_wd4_enforcement_strict_refuses_an_illegal_wild_draw_four():
    table = position_game(options={"wd4_enforcement": "strict"}, hands={1: "W+4 R1"}, top="R5")
    assert table.rejects(PlayCard(1, c("W+4"), color=G)) == "card_not_playable"
    assert "wild-draw4" not in plays(table, 1)


def test_wd4_enforcement_strict_offers_no_challenge():
    table = position_game(
        options={"wd4_enforcement": "strict"}, hands={1: "W+4 B1"}, top="R5", draw="G6 G7 G8 G9"
    )
    assert "wild-draw4" in plays(table, 1)
    events = table.act(PlayCard(1, c("W+4"), color=G))
    # nothing to answer: the draw is applied at once
    assert table.hand(2)[-4:] == codes("G6 G7 G8 G9")
    assert [e.seat for e in of_type(events, ev.SeatSkipped)] == [2]
    assert table.state.to_act == 3
    assert table.state.phase == Phase.PLAY
    assert table.rejects(Challenge(3)) == "nothing_to_challenge"
    assert table.replays()


# --- drawing options --------------------------------------------------------------------


def test_draw_to_match_cap_stops_after_the_cap():
    table = position_game(
        options={"draw_to_match": True, "draw_to_match_cap": 2},
        hands={1: "Y1"},
        top="G4",
        draw="Y2 B3 G8 R9",
    )
    table.act(DrawCard(1))
    assert table.hand(1) == codes("Y1 Y2 B3")
    assert table.state.to_act == 2  # nothing playable came up: the turn passes
    assert table.state.draw_pile[0] == c("G8")
    assert table.replays()


def test_draw_to_match_cap_keeps_a_playable_card_found_within_the_cap():
    table = position_game(
        options={"draw_to_match": True, "draw_to_match_cap": 3},
        hands={1: "Y1"},
        top="G4",
        draw="Y2 B3 G8 R9",
    )
    table.act(DrawCard(1))
    assert table.hand(1) == codes("Y1 Y2 B3 G8")
    assert table.state.to_act == 1
    assert table.state.phase == Phase.DRAWN_CARD
    assert table.state.drawn_card == c("G8")
    table.act(PlayCard(1, c("G8")))
    assert table.state.to_act == 2
    assert table.replays()


def test_force_play_plays_a_playable_drawn_card_at_once():
    table = position_game(options={"force_play": True}, hands={1: "Y1 Y2"}, top="G4", draw="G9")
    events = table.act(DrawCard(1))
    played = of_type(events, ev.CardPlayed)
    assert [(e.card, e.forced) for e in played] == [(c("G9"), True)]
    assert table.state.top_card == c("G9")
    assert table.hand(1) == codes("Y1 Y2")
    assert table.state.to_act == 2
    assert table.replays()


def test_force_play_with_a_drawn_wild_owes_a_color():
    table = position_game(options={"force_play": True}, hands={1: "Y1 Y2"}, top="G4", draw="W")
    table.act(DrawCard(1))
    assert table.state.top_card == c("W")
    assert table.state.to_act == 1
    assert table.state.phase == Phase.CHOOSE_COLOR
    assert set(type(a) for a in legal_actions(table.state, 1)) == {ChooseColor}
    assert table.rejects(KeepCard(1)) == "wrong_phase"
    assert table.rejects(PlayCard(1, c("Y1"))) == "wrong_phase"
    table.act(ChooseColor(1, B))
    assert table.state.color == B
    assert table.state.to_act == 2
    assert table.state.phase == Phase.PLAY
    assert table.replays()


def test_force_play_leaves_an_unplayable_drawn_card_in_hand():
    table = position_game(options={"force_play": True}, hands={1: "Y1 Y2"}, top="G4", draw="B9")
    table.act(DrawCard(1))
    assert table.hand(1) == codes("Y1 Y2 B9")
    assert table.state.to_act == 2
    assert table.replays()


# --- UNO options ------------------------------------------------------------------------


def test_false_catch_penalty_makes_the_wrong_catcher_draw():
    table = position_game(
        options={"false_catch_penalty": 2}, hands={1: "R3 G7 G8"}, top="R5", draw="B6 B7"
    )
    table.act(PlayCard(1, c("R3")))  # two cards left: nothing to catch
    before = table.hand(3)
    events = table.act(CatchUno(3, 1))
    assert [(e.seat, e.target) for e in of_type(events, ev.CatchFailed)] == [(3, 1)]
    assert table.hand(3) == before + codes("B6 B7")
    assert table.hand(1) == codes("G7 G8")
    assert table.state.to_act == 2
    assert table.replays()


def test_false_catch_of_a_seat_that_called_costs_the_catcher():
    table = position_game(
        options={"false_catch_penalty": 3}, hands={1: "R3 G7"}, top="R5", draw="B6 B7 B8"
    )
    table.act(PlayCard(1, c("R3"), uno=True))
    table.act(CatchUno(0, 1))
    assert table.hand(1) == codes("G7")
    assert table.hand(0)[-3:] == codes("B6 B7 B8")
    assert table.replays()


def test_false_catch_without_the_option_is_rejected():
    table = position_game(hands={1: "R3 G7 G8"}, top="R5")
    table.act(PlayCard(1, c("R3")))
    assert table.rejects(CatchUno(3, 1)) == "window_closed"


def test_uno_penalty_draw_sets_the_caught_penalty():
    table = position_game(
        options={"uno_penalty_draw": 4}, hands={1: "R3 G7"}, top="R5", draw="B6 B7 B8 B9"
    )
    table.act(PlayCard(1, c("R3")))
    table.act(CatchUno(3, 1))
    assert table.hand(1) == codes("G7 B6 B7 B8 B9")
    assert table.replays()


def test_uno_penalty_auto_applies_the_penalty_when_the_window_times_out():
    table = position_game(
        options={"uno_penalty": "auto"}, hands={1: "R3 G7"}, top="R5", draw="B6 B7 B8"
    )
    table.act(PlayCard(1, c("R3")))
    (window,) = table.state.uno_windows
    assert window.seat == 1
    table.act(DrawCard(2))  # the next action does not end an auto window
    assert table.state.uno_windows == (window,)
    events = table.act(Timeout(window.token))
    assert [e.seat for e in of_type(events, ev.UnoPenaltyApplied)] == [1]
    assert table.hand(1) == codes("G7 B7 B8")
    assert table.state.uno_windows == ()
    assert table.state.to_act == 3  # the turn is not affected
    assert table.replays()


def test_uno_penalty_auto_refuses_catch_uno():
    table = position_game(options={"uno_penalty": "auto"}, hands={1: "R3 G7"}, top="R5")
    table.act(PlayCard(1, c("R3")))
    assert table.rejects(CatchUno(3, 1)) == "catch_not_allowed"
    assert not any(isinstance(a, CatchUno) for a in legal_actions(table.state, 3))


def test_uno_penalty_auto_spares_a_seat_that_called_in_time():
    table = position_game(options={"uno_penalty": "auto"}, hands={1: "R3 G7"}, top="R5")
    table.act(PlayCard(1, c("R3")))
    (window,) = table.state.uno_windows
    table.act(CallUno(1))
    assert table.state.uno_windows == ()
    assert table.rejects(Timeout(window.token)) == "stale_deadline"
    assert table.hand(1) == codes("G7")
    assert table.replays()


# --- Shuffle Hands as the last card ---------------------------------------------------


def test_shuffle_hands_last_card_win_ends_the_round():
    table = position_game(
        preset="modern-shuffle", hands={1: "WShuf", 0: "R1", 2: "B2 B3"}, top="R5"
    )
    table.act(PlayCard(1, c("WShuf"), color=G, uno=False))
    (ended,) = of_type(table.events, ev.RoundEnded)
    assert ended.winner == 1
    assert table.replays()


def test_shuffle_hands_last_card_redeal_deals_the_player_in_and_play_goes_on():
    table = position_game(
        seats=3,
        preset="modern-shuffle",
        options={"shuffle_hands_last_card": "redeal"},
        hands={0: "Y1 Y2", 1: "WShuf", 2: "B2 B3 B4"},
        top="R5",
    )
    events = table.act(PlayCard(1, c("WShuf"), color=G))
    assert of_type(events, ev.RoundEnded) == []
    # 5 cards dealt P2, P0, P1, P2, P0: the first 5 mod 3 = 2 in dealing order get one more
    assert [len(table.hand(s)) for s in (0, 1, 2)] == [2, 1, 2]
    assert Counter(table.hand(0) + table.hand(1) + table.hand(2)) == Counter(
        codes("Y1 Y2 B2 B3 B4")
    )
    assert table.state.color == G
    assert table.state.to_act == 2
    assert table.replays()


# --- teams and rounds -------------------------------------------------------------------


def test_teams_round_ends_when_a_partner_goes_out():
    table = position_game(
        options={"teams": True},
        hands={0: "Y9 W", 1: "R3 Bskip", 2: "R1", 3: "G+2 G4"},
        top="R5",
        to_act=2,
        scores={0: 10, 2: 10, 1: 30, 3: 30},
    )
    table.act(PlayCard(2, c("R1")))
    (ended,) = of_type(table.events, ev.RoundEnded)
    assert ended.winner == 2
    assert ended.points == {0: 47, 2: 47}
    assert ended.scores == (57, 30, 57, 30)
    assert table.state.round == 2  # the match goes on: the next round is dealt
    assert table.state.scores == (57, 30, 57, 30)
    assert table.replays()


def test_teams_match_is_won_by_both_partners():
    table = position_game(
        options={"teams": True, "target_score": 100},
        hands={0: "Y9 W", 1: "R3 Bskip", 2: "R1", 3: "G+2 G4"},
        top="R5",
        to_act=2,
        scores={0: 60, 2: 60},
    )
    table.act(PlayCard(2, c("R1")))
    (ended,) = of_type(table.events, ev.MatchEnded)
    assert ended.winner == (0, 2)
    assert table.state.winner == (0, 2)
    assert table.replays()


@pytest.mark.parametrize("rotation, next_dealer", [(True, 1), (False, 0)])
def test_dealer_rotation_on_and_off_across_rounds(rotation, next_dealer):
    table = position_game(
        options={"dealer_rotation": rotation}, hands={1: "R1"}, top="R5", dealer=0
    )
    table.act(PlayCard(1, c("R1")))
    started = of_type(table.events, ev.RoundStarted)
    assert [e.round for e in started] == [1, 2]
    assert started[-1].dealer == next_dealer
    assert table.state.dealer == next_dealer
    assert table.replays()


def test_dealer_rotation_moves_left_each_round():
    table = position_game(hands={1: "R1"}, top="R5", dealer=3, to_act=1)
    table.act(PlayCard(1, c("R1")))
    assert table.state.dealer == 0
    assert table.state.round == 2


def test_hand_size_option_sets_the_deal():
    table = position_game(options={"hand_size": 3}, hands={1: "R1"}, top="R5")
    table.act(PlayCard(1, c("R1")))
    assert [len(table.hand(s)) for s in range(4)] == [3, 3, 3, 3]
    assert len(table.state.draw_pile) == 108 - 12 - 1
    assert table.replays()


def test_seven_with_two_players_needs_no_target():
    table = position_game(
        seats=2, options={"seven_o": True}, hands={0: "R7 G1 G2", 1: "B1 B2 B3"}, top="R5", to_act=0
    )
    table.act(PlayCard(0, c("R7")))
    assert table.hand(0) == codes("B1 B2 B3")
    assert table.hand(1) == codes("G1 G2")
    assert table.state.to_act == 1
    assert table.replays()


def test_with_stacking_the_seat_facing_a_draw_acts_itself_even_when_it_cannot_stack():
    table = stack_table("draw2", "R+2", "G6 G7")
    assert table.state.to_act == 2
    assert table.state.pending.total == 2
    assert table.hand(2) == codes("G6 G7")
    assert [a for a in legal_actions(table.state, 2) if not isinstance(a, CatchUno)] == [
        DrawCard(2)
    ]
    table.act(DrawCard(2))
    assert len(table.hand(2)) == 4
    assert table.state.to_act == 3
    assert table.replays()


def test_teams_with_six_seats_score_for_every_seat_of_the_winning_side():
    table = position_game(
        seats=6,
        options={"teams": True},
        hands={0: "R9", 1: "Y1 Y2", 2: "B9", 3: "R1", 4: "G9", 5: "Y3"},
        top="R5",
        to_act=3,
    )
    table.act(PlayCard(3, c("R1")))
    (ended,) = of_type(table.events, ev.RoundEnded)
    assert ended.points == {1: 27, 3: 27, 5: 27}
    assert ended.scores == (0, 27, 0, 27, 0, 27)
    assert table.replays()
