"""What leaves the engine (RULES.md 2.14; CONTRACT.md game view and event `private`):
`view_for` and `redact_for` show each viewer only what it may see.

Leaks are checked by searching the JSON a viewer gets for the codes of cards only other
seats hold; every card in play is placed by the test (the rest of the deck is out of
play) and no code is used twice, so any appearance of such a code is a leak."""

import json

import pytest

from games.engine import (
    Challenge,
    Color,
    DrawCard,
    KeepCard,
    PlayCard,
    Viewer,
    redact_for,
    view_for,
)
from games.engine import events as ev
from games.engine.state import ShuffleRecord

from .builders import c, cs, position_game

SEATS = range(4)


def codes(text):
    return [x.code for x in cs(text)]


def played_game():
    """A game with a deal, a 7 swap, kept draws, a W+4 challenge and a reshuffle."""
    table = position_game(
        options={"seven_o": True},
        hands={0: "G7 G8 G9", 1: "R7 R1 R2", 2: "B7 B8 B9", 3: "Y7 Y8 W+4 Y9"},
        top="R5",
        discard_below="Y0 B0 G0",
        draw="R3 R4",
        unplaced="out_of_play",
    )
    table.act(PlayCard(1, c("R7"), target=3))  # P1 <-> P3
    table.act(DrawCard(2))  # R3, kept
    table.act(KeepCard(2))
    table.act(PlayCard(3, c("R1")))
    table.act(DrawCard(0))  # R4, kept
    table.act(KeepCard(0))
    table.act(PlayCard(1, c("W+4"), color=Color.GREEN))
    table.act(Challenge(2))  # innocent: P2 draws 6 after a reshuffle of the discard pile
    return table


#: Codes each seat never legitimately sees (held only by others, never played, never
#: shown to it). P2 was shown P1's hand by its challenge; P1 and P3 saw each other's
#: hands through the swap.
SECRET_FROM = {
    0: codes("B7 B8 B9 R3 Y7 Y8 Y9 R2"),
    1: codes("B7 B8 B9 R3 G7 G8 G9 R4"),
    2: codes("G7 G8 G9 R4 R2"),
    3: codes("B7 B8 B9 R3 G7 G8 G9 R4"),
}
SECRET_FROM_SPECTATOR = codes("B7 B8 B9 R3 G7 G8 G9 R4 Y7 Y8 Y9 R2")


def leaked(blob, secret):
    text = json.dumps(blob)
    return [code for code in secret if f'"{code}"' in text]


# --- view_for -----------------------------------------------------------------------------


def test_the_played_game_ends_where_the_secret_lists_assume():
    table = played_game()
    assert table.hand(0) == tuple(codes("G7 G8 G9 R4"))
    assert table.hand(1) == tuple(codes("Y7 Y8 Y9"))
    assert table.hand(2)[:4] == tuple(codes("B7 B8 B9 R3"))
    assert sorted(table.hand(2)[4:]) == sorted(codes("Y0 B0 G0 R5 R7 R1"))
    assert table.hand(3) == tuple(codes("R2"))
    assert table.replays()


@pytest.mark.parametrize("seat", SEATS)
def test_seat_view_shows_its_own_hand_and_only_counts_for_others(seat):
    table = played_game()
    view = view_for(table.state, Viewer.of_seat(seat))
    assert view["you"]["seat"] == seat
    assert view["you"]["hand"] == list(table.hand(seat))
    assert [s["cards"] for s in view["seats"]] == [len(table.hand(s)) for s in SEATS]
    assert all("hand" not in s for s in view["seats"])
    assert "draw_pile_cards" not in view
    assert view["draw_pile"] == len(table.state.draw_pile)
    assert view["top_card"] == "wild-draw4"
    assert view["color"] == "green"


@pytest.mark.parametrize("seat", SEATS)
def test_seat_view_leaks_no_other_seats_card(seat):
    table = played_game()
    others = [code for s in SEATS if s != seat for code in table.hand(s)]
    own = set(table.hand(seat))
    view = view_for(table.state, Viewer.of_seat(seat))
    assert leaked(view, [code for code in others if code not in own]) == []


def test_spectator_view_shows_no_hand():
    table = played_game()
    view = view_for(table.state, Viewer.spectator())
    assert view["you"] is None
    assert all("hand" not in s for s in view["seats"])
    assert "draw_pile_cards" not in view
    every_held = [code for s in SEATS for code in table.hand(s)]
    assert leaked(view, every_held) == []
    assert [s["cards"] for s in view["seats"]] == [len(table.hand(s)) for s in SEATS]


def test_staff_view_shows_every_hand_and_the_draw_pile():
    table = played_game()
    view = view_for(table.state, Viewer.staff_member())
    assert [s["hand"] for s in view["seats"]] == [list(table.hand(s)) for s in SEATS]
    assert view["draw_pile_cards"] == [x.code for x in table.state.draw_pile]
    assert view["you"] is None


def test_staff_member_holding_a_seat_sees_everything_and_its_own_hand():
    table = played_game()
    view = view_for(table.state, Viewer(seat=2, staff=True))
    assert view["you"]["hand"] == list(table.hand(2))
    assert [s["hand"] for s in view["seats"]] == [list(table.hand(s)) for s in SEATS]


def test_reveal_all_opens_every_hand_for_a_player_after_the_game():
    table = played_game()
    view = view_for(table.state, Viewer.of_seat(0), reveal_all=True)
    assert [s["hand"] for s in view["seats"]] == [list(table.hand(s)) for s in SEATS]


def test_drawn_card_is_shown_only_to_the_seat_that_drew_it():
    table = position_game(hands={1: "Y1 Y2", 2: "B1 B2"}, top="G4", draw="G7")
    table.act(DrawCard(1))
    assert view_for(table.state, Viewer.of_seat(1))["you"]["drawn_card"] == "green-7"
    for viewer in (Viewer.of_seat(0), Viewer.of_seat(2), Viewer.spectator()):
        view = view_for(table.state, viewer)
        assert leaked(view, ["green-7"]) == []


# --- redact_for ---------------------------------------------------------------------------


def allowed_seats(event):
    """Who may see the event's private part (staff always may), per CONTRACT.md/RULES 2.14."""
    if isinstance(event, (ev.CardsDrawn, ev.CardsDealt, ev.HandReplaced, ev.Draw4Challenged)):
        return {event.seat}
    return set()


def test_every_private_part_goes_only_to_its_audience():
    table = played_game()
    kinds = {type(e) for e in table.events}
    assert {
        ev.CardsDrawn,
        ev.CardsDealt,
        ev.HandReplaced,
        ev.Draw4Challenged,
        ev.DeckShuffled,
        ev.PositionLoaded,
        ev.TurnChanged,
    } <= kinds
    for event in table.events:
        has_private = event.has_private
        for seat in SEATS:
            redacted = redact_for(event, Viewer.of_seat(seat))
            if has_private and seat in allowed_seats(event):
                assert redacted["private"] is not None, (event, seat)
            else:
                assert redacted["private"] is None, (event, seat)
            for name in event.PRIVATE:
                assert name not in redacted["public"]
        assert redact_for(event, Viewer.spectator())["private"] is None
        staff = redact_for(event, Viewer.staff_member())
        assert (staff["private"] is not None) == has_private


def test_cards_drawn_go_to_the_drawer_only():
    table = played_game()
    (drawn,) = [e for e in table.events if isinstance(e, ev.CardsDrawn) and e.seat == 0]
    assert redact_for(drawn, Viewer.of_seat(0))["private"] == {"cards": ["red-4"]}
    assert redact_for(drawn, Viewer.of_seat(0))["public"] == {
        "seat": 0,
        "count": 1,
        "reason": "draw",
    }
    for seat in (1, 2, 3):
        assert redact_for(drawn, Viewer.of_seat(seat))["private"] is None


def test_hand_replaced_goes_to_the_new_owner_only():
    table = played_game()
    replaced = [e for e in table.events if isinstance(e, ev.HandReplaced)]
    assert [(e.seat, e.from_seat) for e in replaced] == [(1, 3), (3, 1)]
    to_p1 = redact_for(replaced[0], Viewer.of_seat(1))
    assert to_p1["private"] == {"cards": codes("Y7 Y8 W+4 Y9")}
    assert redact_for(replaced[0], Viewer.of_seat(3))["private"] is None
    assert redact_for(replaced[1], Viewer.of_seat(3))["private"] == {"cards": codes("R1 R2")}
    assert redact_for(replaced[1], Viewer.of_seat(1))["private"] is None
    for seat in (0, 2):
        assert all(redact_for(e, Viewer.of_seat(seat))["private"] is None for e in replaced)


def test_draw4_challenged_hand_goes_to_the_challenger_only():
    table = played_game()
    (challenged,) = [e for e in table.events if isinstance(e, ev.Draw4Challenged)]
    assert redact_for(challenged, Viewer.of_seat(2))["private"] == {"hand": codes("Y7 Y8 Y9")}
    assert redact_for(challenged, Viewer.of_seat(2))["public"] == {
        "seat": 2,
        "target": 1,
        "guilty": False,
    }
    for seat in (0, 1, 3):
        assert redact_for(challenged, Viewer.of_seat(seat))["private"] is None


def test_deck_shuffled_order_goes_to_staff_only():
    table = played_game()
    shuffles = [e for e in table.events if isinstance(e, ev.DeckShuffled)]
    assert [e.reason for e in shuffles] == ["unplaced", "reshuffle"]
    for event in shuffles:
        for viewer in [Viewer.of_seat(s) for s in SEATS] + [Viewer.spectator()]:
            redacted = redact_for(event, viewer)
            assert redacted["private"] is None
            assert set(redacted["public"]) == {"reason", "count", "commitment"}
        staff = redact_for(event, Viewer.staff_member())
        assert staff["private"]["order"] == [x.code for x in event.order]
        assert staff["private"]["salt"] == event.salt


def test_a_rounds_shuffles_go_to_its_seats_and_staff_and_to_others_once_revealed():
    record = ShuffleRecord("deal", (c("red-1"), c("blue-2")), "0" * 32, "c" * 64)
    hands = {0: (), 2: (c("red-1"),)}  # seat 1 was out of that round
    reveals = [
        ev.RoundEnded(1, 0, False, hands, {0: 1}, (1, 0, 0), (1,), (record,)),
        ev.ShufflesRevealed(1, (0, 2), (record,)),
    ]
    for event in reveals:
        assert "shuffles" not in redact_for(event, Viewer.staff_member())["public"]
        for viewer in (Viewer.of_seat(0), Viewer.of_seat(2), Viewer.staff_member()):
            private = redact_for(event, viewer)["private"]
            assert private["shuffles"][0]["order"] == ["red-1", "blue-2"]
        for viewer in (Viewer.of_seat(1), Viewer.spectator()):
            assert redact_for(event, viewer)["private"] is None
            assert redact_for(event, viewer, reveal_shuffles=True)["private"] is not None


@pytest.mark.parametrize("seat", SEATS)
def test_redacted_event_log_leaks_no_card_the_seat_never_saw(seat):
    table = played_game()
    log = [redact_for(e, Viewer.of_seat(seat)) for e in table.events]
    assert leaked(log, SECRET_FROM[seat]) == []


def test_redacted_event_log_leaks_no_held_card_to_a_spectator():
    table = played_game()
    log = [redact_for(e, Viewer.spectator()) for e in table.events]
    assert leaked(log, SECRET_FROM_SPECTATOR) == []


def test_staff_redacted_log_holds_every_card():
    table = played_game()
    log = [redact_for(e, Viewer.staff_member()) for e in table.events]
    assert leaked(log, SECRET_FROM_SPECTATOR) == SECRET_FROM_SPECTATOR


def test_the_seat_sees_its_own_secrets_in_its_log():
    table = played_game()
    log = [redact_for(e, Viewer.of_seat(2)) for e in table.events]
    assert leaked(log, codes("B7 B8 B9 R3 Y7 Y8 Y9")) == codes("B7 B8 B9 R3 Y7 Y8 Y9")


def test_view_marks_every_catchable_seat():
    table = position_game(
        options={"seven_o": True}, hands={0: "B1 B2 B3", 1: "R0 G1", 2: "G2 G3", 3: "Y7"}, top="R5"
    )
    table.act(PlayCard(1, c("R0"), uno=True))
    view = view_for(table.state, Viewer.spectator())
    assert [s["catchable"] for s in view["seats"]] == [True, False, True, False]
    assert {w["seat"] for w in view["uno_windows"]} == {0, 2}
    assert [s["uno_called"] for s in view["seats"]] == [False, False, False, False]


def test_view_of_a_finished_match_shows_the_winner_and_no_turn():
    table = position_game(
        hands={1: "R1", 0: "W W W W W+4 W+4 W+4 W+4"}, top="R5", options={"target_score": 50}
    )
    table.act(PlayCard(1, c("R1")))
    view = view_for(table.state, Viewer.of_seat(2))
    assert view["status"] == "finished"
    assert view["phase"] == "finished"
    assert view["to_act"] is None
    assert view["winner"] == 1
    assert view["ranking"][0] == 1


def test_the_lobby_events_are_public_to_every_viewer():
    ann = ev.PlayerRef("6d3c6b1e-0000-4000-8000-000000000001", "Ann")
    for event in (ev.SeatTaken(0, ann), ev.SeatLeft(0, ann.id), ev.GameAborted("host_left")):
        for viewer in (Viewer.spectator(), Viewer.of_seat(0), Viewer.of_seat(1)):
            redacted = redact_for(event, viewer)
            assert redacted["private"] is None
            assert redacted == redact_for(event, Viewer.staff_member())
    assert redact_for(ev.SeatTaken(0, ann), Viewer.spectator()) == {
        "type": "seat_taken",
        "public": {"seat": 0, "player": {"id": ann.id, "name": "Ann"}},
        "private": None,
    }
