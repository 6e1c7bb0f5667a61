"""SCENARIOS.md section N: UNO FLIP! (FL). Cards are written by their full codes, the
light face first: `red-5/pink-6`."""

from games.engine import Accept, Challenge, ChooseColor, Color, PlayCard, legal_actions
from games.engine import events as ev

from .builders import c, codes_of, flip_game, of_type


def faces(table, seat: int) -> list[str]:
    """The faces up in a seat's hand."""
    return [x.face for x in table.state.hands[seat]]


def test_FL_01_draw_one_makes_the_next_player_draw_one_and_skips_them():
    table = flip_game(
        hands={
            0: "yellow-1/teal-1 blue-1/orange-1",
            1: "red-draw1/pink-3 yellow-2/teal-4",
            2: "green-2/pink-2 blue-2/purple-2",
            3: "green-3/pink-4 blue-3/purple-3",
        },
        top="red-5/orange-5",
        draw="blue-7/purple-1",
    )
    table.act(PlayCard(1, c("red-draw1/pink-3")))
    assert table.hand(2) == codes_of("green-2/pink-2 blue-2/purple-2 blue-7/purple-1")
    assert [e.seat for e in of_type(table.events, ev.SeatSkipped)] == [2]
    assert table.state.to_act == 3
    assert table.replays()


def test_FL_02_flip_turns_every_hand_and_both_piles_and_the_dark_face_sets_the_color():
    table = flip_game(
        hands={
            0: "yellow-1/teal-1 blue-1/orange-1",
            1: "red-flip/pink-6 yellow-2/teal-4",
            2: "green-2/pink-9 blue-2/orange-6 green-4/teal-7",
            3: "green-3/pink-4 blue-3/purple-3",
        },
        top="red-5/orange-5",
        discard_below="blue-5/purple-5",
        draw="blue-7/purple-1 yellow-7/teal-2",
    )
    table.act(PlayCard(1, c("red-flip/pink-6")))
    state = table.state
    assert state.side == "dark"
    assert state.top_card.face == "pink-6"
    assert state.color == Color.PINK
    assert state.to_act == 2
    assert faces(table, 1) == ["teal-4"]
    assert faces(table, 2) == ["pink-9", "orange-6", "teal-7"]  # in the order they were held
    assert [x.face for x in state.draw_pile[:2]] == ["purple-1", "teal-2"]  # top stays on top
    assert [x.face for x in state.discard_pile] == ["purple-5", "orange-5", "pink-6"]
    playable = {a.card.face for a in legal_actions(state, 2) if isinstance(a, PlayCard)}
    assert playable == {"pink-9", "orange-6"}  # pink, or a 6, by the dark faces
    assert table.replays()


def test_FL_02_a_flip_that_turns_up_a_wild_lets_its_player_call_a_dark_color():
    table = flip_game(
        hands={
            0: "yellow-1/teal-1 blue-1/orange-1",
            1: "red-flip/wild yellow-2/teal-4",
            2: "green-2/pink-9 blue-2/orange-6",
            3: "green-3/pink-4 blue-3/purple-3",
        },
        top="red-5/orange-5",
    )
    table.act(PlayCard(1, c("red-flip/wild")))
    assert (table.state.phase, table.state.to_act) == ("choose_color", 1)
    assert {a.color for a in legal_actions(table.state, 1) if isinstance(a, ChooseColor)} == {
        Color.PINK,
        Color.TEAL,
        Color.ORANGE,
        Color.PURPLE,
    }
    assert table.rejects(ChooseColor(1, Color.RED)) == "color_required"
    table.act(ChooseColor(1, Color.TEAL))
    assert (table.state.phase, table.state.to_act, table.state.color) == ("play", 2, "teal")
    assert table.replays()


def wild_draw_color_game():
    """Dark side; teal is current; P1 holds no teal and plays Wild Draw Color calling
    orange. Draw pile dark faces: Pink3, Wild, Teal9, Orange2, Purple1, Teal4, ..."""
    return flip_game(
        side="dark",
        hands={
            0: "yellow-1/pink-1 blue-1/orange-1",
            1: "yellow-3/wild-draw-color green-2/purple-8",
            2: "green-3/pink-4 blue-3/purple-3",
            3: "green-4/pink-5 blue-4/purple-4",
        },
        top="red-1/teal-5",
        draw="red-2/pink-3 blue-9/wild green-9/teal-9 yellow-8/orange-2 blue-6/purple-1 "
        "red-6/teal-4 red-7/purple-9",
    )


DRAWN_UNTIL_ORANGE = "red-2/pink-3 blue-9/wild green-9/teal-9 yellow-8/orange-2"


def test_FL_04a_wild_draw_color_accepted_draws_until_the_color_a_wild_not_counting():
    table = wild_draw_color_game()
    table.act(PlayCard(1, c("yellow-3/wild-draw-color"), color=Color.ORANGE))
    assert (table.state.phase, table.state.to_act) == ("respond_draw4", 2)
    table.act(Accept(2))
    assert table.hand(2)[2:] == codes_of(DRAWN_UNTIL_ORANGE)
    assert of_type(table.events, ev.SeatSkipped)[-1].seat == 2
    assert (table.state.to_act, table.state.color) == (3, "orange")
    assert table.replays()


def test_FL_04b_wild_draw_color_challenged_innocent_challenger_draws_until_the_color_and_two():
    table = wild_draw_color_game()
    table.act(PlayCard(1, c("yellow-3/wild-draw-color"), color=Color.ORANGE))
    table.act(Challenge(2))
    assert table.hand(2)[2:] == codes_of(DRAWN_UNTIL_ORANGE + " blue-6/purple-1 red-6/teal-4")
    assert table.state.to_act == 3
    assert table.replays()


def test_FL_05_wild_draw_two_challenged_guilty_its_player_draws_two_and_the_challenger_plays():
    table = flip_game(
        hands={
            0: "yellow-1/teal-1 blue-1/orange-1",
            1: "wild-draw2/pink-1 red-3/teal-4 yellow-2/teal-2",
            2: "green-2/pink-2 blue-2/purple-2",
            3: "green-3/pink-4 blue-3/purple-3",
        },
        top="red-5/orange-5",
        draw="blue-7/purple-1 yellow-7/teal-3 green-7/pink-7",
    )
    table.act(PlayCard(1, c("wild-draw2/pink-1"), color=Color.BLUE))
    table.act(Challenge(2))
    assert table.hand(1) == codes_of("red-3/teal-4 yellow-2/teal-2 blue-7/purple-1 yellow-7/teal-3")
    assert len(table.hand(2)) == 2
    assert (table.state.to_act, table.state.phase, table.state.color) == (2, "play", "blue")
    assert table.replays()
