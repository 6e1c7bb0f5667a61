"""Both piles exhausted (the draw pile empty, the discard pile only its top card): a
voluntary draw is accepted and yields nothing, after it only a pass is left, and a pass
straight away stays legal. A draw that yielded nothing and its pass are one pass toward
the blocked round."""

from __future__ import annotations

import json

from games.engine import DrawCard, Pass, PlayCard, Timeout, event_to_parts, legal_actions
from games.engine import events as ev
from games.engine.snapshot import state_from_json, state_to_json

from .builders import c, of_type, position_game


def exhausted(**kwargs):
    """Seat 1 to act, holding a playable R3, with nothing left to draw anywhere."""
    hands = {0: "B1 B2", 1: "R3 G1", 2: "Y1 Y2"}
    return position_game(seats=3, hands=hands, top="R5", unplaced="out_of_play", **kwargs)


def test_a_draw_with_both_piles_exhausted_is_accepted_and_yields_nothing():
    table = exhausted()
    events = table.act(DrawCard(1))
    assert events == (ev.NothingDrawn(1),)
    assert table.hand(1) == ("red-3", "green-1")
    assert table.state.to_act == 1
    assert table.replays()


def test_the_nothing_drawn_event_is_public_and_names_only_the_seat():
    assert event_to_parts(ev.NothingDrawn(1)) == ("nothing_drawn", {"seat": 1}, None)


def test_after_a_draw_that_yielded_nothing_only_pass_is_legal():
    table = exhausted()
    table.act(DrawCard(1))
    assert legal_actions(table.state, 1) == [Pass(1)]
    assert table.rejects(PlayCard(1, c("R3"))) == "wrong_phase"
    assert table.rejects(DrawCard(1)) == "nothing_to_draw"


def test_a_pass_straight_away_stays_legal_with_both_piles_exhausted():
    table = exhausted()
    assert Pass(1) in legal_actions(table.state, 1)
    assert DrawCard(1) in legal_actions(table.state, 1)
    table.act(Pass(1))
    assert table.state.to_act == 2


def test_a_draw_that_yielded_nothing_and_its_pass_count_as_one_pass_toward_the_blocked_round():
    table = exhausted()
    table.act(DrawCard(1))
    table.act(Pass(1))
    assert table.state.consecutive_passes == 1
    table.act(Pass(2))
    assert not of_type(table.events, ev.RoundEnded)
    table.act(DrawCard(0))
    table.act(Pass(0))
    (ended,) = of_type(table.events, ev.RoundEnded)
    assert ended.blocked is True
    assert table.replays()


def test_a_seat_that_drew_nothing_passes_when_its_turn_times_out():
    table = exhausted()
    table.act(DrawCard(1))
    events = table.act(Timeout(table.state.turn_token))
    assert of_type(events, ev.TurnPassed) == [ev.TurnPassed(1)]
    assert table.state.to_act == 2


def test_the_state_cache_keeps_that_the_seat_drew_nothing():
    table = exhausted()
    table.act(DrawCard(1))
    cached = json.loads(json.dumps(state_to_json(table.state)))
    assert state_from_json(cached) == table.state
    assert state_from_json(cached).drew_nothing is True
