"""UNO FLIP!'s rules and the decisions taken where the sources are silent, one test each."""

import random
from collections import Counter

import pytest

from games.engine import (
    Accept,
    Challenge,
    ChooseColor,
    Color,
    DrawCard,
    GameState,
    InvalidRules,
    PlayCard,
    StartGame,
    card,
    rule_set_from,
    step,
)
from games.engine import events as ev
from games.engine.cards import DARK_FACES, LIGHT_FACES, faces_of
from games.engine.flip import hand_points
from games.engine.shuffle import verify_commitment

from .builders import c, codes_of, cs, flip_dealt_game, flip_game, of_type

FILLER = {
    0: "yellow-1/teal-1 blue-1/orange-1",
    2: "green-2/pink-2 blue-2/purple-2",
    3: "green-3/pink-4 blue-3/purple-3",
}


def test_the_faces_are_paired_at_random_when_the_game_starts_and_committed():
    decks = []
    for seed in (1, 2):
        outcome = step(GameState(), StartGame(3, rule_set_from("flip")), random.Random(seed))
        (pairing,) = [e for e in outcome.events if getattr(e, "reason", "") == "pairing"]
        assert verify_commitment([x.code for x in pairing.order], pairing.salt, pairing.commitment)
        assert Counter(faces_of(x)[0] for x in pairing.order) == Counter(LIGHT_FACES)
        assert Counter(faces_of(x)[1] for x in pairing.order) == Counter(DARK_FACES)
        assert outcome.state.deck == pairing.order
        decks.append(pairing.order)
    assert decks[0] != decks[1]


def test_the_pairing_is_kept_for_the_next_round():
    table = flip_game(
        seats=2,
        hands={0: "red-1/pink-1", 1: "red-2/pink-2 yellow-3/teal-3"},
        top="red-5/orange-5",
        to_act=0,
    )
    deck = table.state.deck
    table.act(PlayCard(0, c("red-1/pink-1")))
    assert table.state.round == 2
    assert table.state.deck == deck
    assert not [e for e in table.events if getattr(e, "reason", "") == "pairing"][1:]


def test_draw_five_makes_the_next_seat_draw_five_and_skips_it():
    table = flip_game(
        side="dark",
        hands={**FILLER, 1: "yellow-4/pink-draw5 yellow-2/teal-4"},
        top="red-5/pink-6",
    )
    table.act(PlayCard(1, c("yellow-4/pink-draw5")))
    assert len(table.hand(2)) == 2 + 5
    assert (table.state.to_act, of_type(table.events, ev.SeatSkipped)[-1].seat) == (3, 2)
    assert table.replays()


def test_skip_everyone_skips_every_other_seat_and_its_player_plays_again():
    table = flip_game(
        side="dark",
        hands={**FILLER, 1: "yellow-4/pink-skip-everyone yellow-2/teal-4"},
        top="red-5/pink-6",
    )
    table.act(PlayCard(1, c("yellow-4/pink-skip-everyone")))
    assert sorted(e.seat for e in of_type(table.events, ev.SeatSkipped)) == [0, 2, 3]
    assert (table.state.to_act, table.state.phase) == (1, "play")


def test_a_card_code_names_the_card_whichever_side_is_up():
    table = flip_game(
        side="dark", hands={**FILLER, 1: "red-6/pink-9 yellow-2/teal-4"}, top="red-5/pink-6"
    )
    table.act(PlayCard(1, card("red-6/pink-9")))  # the code as a client sends it
    assert table.state.top_card.face == "pink-9"


def test_a_wild_calls_a_color_of_the_side_up():
    table = flip_game(
        side="dark", hands={**FILLER, 1: "red-6/wild yellow-2/teal-4"}, top="red-5/pink-6"
    )
    assert table.rejects(PlayCard(1, c("red-6/wild"), color=Color.RED)) == "color_required"
    table.act(PlayCard(1, c("red-6/wild"), color=Color.PURPLE))
    assert table.state.color == "purple"


def test_wild_draw_two_accepted_makes_the_next_seat_draw_two_and_skips_it():
    table = flip_game(
        hands={**FILLER, 1: "wild-draw2/pink-1 yellow-2/teal-2"}, top="red-5/orange-5"
    )
    table.act(PlayCard(1, c("wild-draw2/pink-1"), color=Color.GREEN))
    table.act(Accept(2))
    assert len(table.hand(2)) == 4
    assert table.state.to_act == 3


def test_wild_draw_two_challenged_innocent_the_challenger_draws_four():
    table = flip_game(
        hands={**FILLER, 1: "wild-draw2/pink-1 yellow-2/teal-2"}, top="red-5/orange-5"
    )
    table.act(PlayCard(1, c("wild-draw2/pink-1"), color=Color.GREEN))
    table.act(Challenge(2))
    assert len(table.hand(2)) == 2 + 4
    assert table.state.to_act == 3
    assert table.replays()


def test_wild_draw_color_challenged_guilty_its_player_draws_until_the_color():
    table = flip_game(
        side="dark",
        hands={**FILLER, 1: "yellow-3/wild-draw-color green-2/teal-8"},  # holds teal
        top="red-1/teal-5",
        draw="red-2/pink-3 blue-9/wild yellow-8/orange-2 blue-6/purple-1",
    )
    table.act(PlayCard(1, c("yellow-3/wild-draw-color"), color=Color.ORANGE))
    table.act(Challenge(2))
    assert table.hand(1) == codes_of("green-2/teal-8 red-2/pink-3 blue-9/wild yellow-8/orange-2")
    assert len(table.hand(2)) == 2
    assert (table.state.to_act, table.state.color) == (2, "orange")
    assert table.replays()


def test_stacking_same_puts_a_draw_one_on_a_draw_one():
    table = flip_game(
        options={"stacking": "same"},
        hands={
            **FILLER,
            1: "red-draw1/pink-3 yellow-2/teal-4",
            2: "blue-draw1/pink-2 blue-2/purple-2",
        },
        top="red-5/orange-5",
    )
    table.act(PlayCard(1, c("red-draw1/pink-3")))
    assert (table.state.to_act, table.state.pending.total) == (2, 1)
    table.act(PlayCard(2, c("blue-draw1/pink-2")))
    table.act(DrawCard(3))
    assert len(table.hand(3)) == 2 + 2
    assert table.state.to_act == 0


@pytest.mark.parametrize(
    ("option", "value"),
    [
        ("stacking", "draw2"),
        ("stacking", "up"),
        ("stacking", "any"),
        ("seven_o", True),
        ("jump_in", True),
        ("downpour", True),
    ],
)
def test_options_flip_does_not_combine_with_are_refused_naming_the_option(option, value):
    with pytest.raises(InvalidRules) as refused:
        rule_set_from("flip", {option: value})
    assert refused.value.option == option


def test_the_options_flip_combines_with_are_accepted():
    rules = rule_set_from(
        "flip",
        {
            "stacking": "same",
            "teams": True,
            "scoring": "standard",
            "force_play": True,
            "draw_to_match": True,
            "wd4_enforcement": "strict",
            "uno_penalty": "auto",
        },
    )
    assert rules.cards == "flip"
    for scoring in ("lowest", "elimination", "target_loses"):
        assert rule_set_from("flip", {"scoring": scoring}).scoring == scoring


def test_scoring_counts_the_light_side_values():
    hand = cs(
        "red-7/pink-1 red-draw1/pink-2 red-flip/pink-3 blue-skip/pink-4 wild/pink-5 "
        "wild-draw2/pink-6"
    )
    assert hand_points(hand) == 7 + 10 + 20 + 20 + 40 + 50


def test_scoring_counts_the_dark_side_values():
    hand = tuple(
        x.flipped
        for x in cs(
            "red-1/pink-7 red-2/pink-draw5 red-3/pink-skip-everyone red-4/teal-flip "
            "red-5/teal-reverse red-6/wild red-7/wild-draw-color"
        )
    )
    assert hand_points(hand) == 7 + 20 + 30 + 20 + 20 + 40 + 60


def test_a_flip_as_the_last_card_ends_the_round_scored_by_the_side_then_up():
    table = flip_game(
        hands={
            0: "yellow-1/teal-skip-everyone",
            1: "red-flip/pink-6",
            2: "wild/pink-9",
            3: "green-3/wild-draw-color",
        },
        top="red-5/orange-5",
    )
    table.act(PlayCard(1, c("red-flip/pink-6"), uno=False))
    (ended,) = of_type(table.events, ev.RoundEnded)
    assert ended.winner == 1
    assert ended.points == {1: 30 + 9 + 60}  # the dark faces, not 1 + 40 + 3


def test_first_card_draw_one_makes_the_first_player_draw_one_and_skips_them():
    table = flip_dealt_game(hands=HANDS_OF_TWO, first="red-draw1/pink-5", then="blue-7/teal-7")
    assert table.hand(1)[2:] == codes_of("blue-7/teal-7")
    assert table.state.to_act == 2


def test_first_card_wild_draw_two_goes_back_and_another_is_turned():
    table = flip_dealt_game(hands=HANDS_OF_TWO, first="wild-draw2/pink-5")
    assert of_type(table.events, ev.FirstCardReturned)[0].card.code == "wild-draw2/pink-5"
    assert table.state.top_card.rank != "wild-draw2"


def test_first_card_flip_flips_everything_before_the_first_player_acts():
    table = flip_dealt_game(hands=HANDS_OF_TWO, first="red-flip/pink-draw5")
    state = table.state
    assert state.side == "dark"
    assert state.top_card.face == "pink-draw5"
    assert state.color == "pink"
    assert (state.to_act, state.phase) == (1, "play")  # the face turned up only sets the color
    assert len(state.hands[1]) == 2


def test_first_card_flip_turning_up_a_wild_has_the_first_player_call_the_color():
    table = flip_dealt_game(hands=HANDS_OF_TWO, first="red-flip/wild")
    assert (table.state.phase, table.state.to_act, table.state.side) == ("choose_color", 1, "dark")
    table.act(ChooseColor(1, Color.ORANGE))
    assert (table.state.phase, table.state.to_act, table.state.color) == ("play", 1, "orange")


HANDS_OF_TWO = {
    1: "yellow-1/teal-1 blue-1/orange-1",
    2: "green-2/pink-2 blue-2/purple-2",
    3: "green-3/pink-4 blue-3/purple-3",
    0: "yellow-4/teal-4 blue-4/orange-4",
}


def test_a_view_shows_the_side_every_hands_backs_and_the_draw_piles_back():
    from games.engine import Viewer, view_for

    table = flip_game(
        hands={**FILLER, 1: "red-6/pink-9 yellow-2/teal-4"},
        top="red-5/orange-5",
        draw="blue-7/purple-1",
    )
    view = view_for(table.state, Viewer.of_seat(0))
    assert view["side"] == "light"
    assert view["seats"][1]["backs"] == ["pink-9", "teal-4"]
    assert view["draw_pile_back"] == "purple-1"
    assert view["you"]["hand"] == list(codes_of(FILLER[0]))
    shown = str(view)
    assert "red-6" not in shown and "yellow-2" not in shown  # seat 1's faces up stay hidden
    table.act(PlayCard(1, c("red-6/pink-9")))
    table.act(DrawCard(2))  # draws blue-7/purple-1: everyone sees its back, purple-1
    (drawn,) = of_type(table.events, ev.CardsDrawn)
    from games.engine import redact_for

    redacted = redact_for(drawn, Viewer.of_seat(0))
    assert redacted["public"]["backs"] == ["purple-1"]
    assert redacted["private"] is None


def test_after_a_flip_the_backs_are_the_light_faces():
    from games.engine import Viewer, view_for

    table = flip_game(
        hands={**FILLER, 1: "red-flip/pink-6 yellow-2/teal-4"},
        top="red-5/orange-5",
        draw="blue-7/purple-1",
    )
    table.act(PlayCard(1, c("red-flip/pink-6")))
    view = view_for(table.state, Viewer.of_seat(0))
    assert view["side"] == "dark"
    assert view["seats"][1]["backs"] == ["yellow-2"]
    assert view["draw_pile_back"] == "blue-7"
    assert view["top_card"] == "red-flip/pink-6"
    assert view["color"] == "pink"


def test_a_color_owed_past_its_deadline_is_the_most_frequent_of_the_side_up():
    from games.engine import Timeout

    table = flip_game(
        hands={**FILLER, 1: "red-flip/wild yellow-2/teal-4 yellow-3/teal-5"},
        top="red-5/orange-5",
    )
    table.act(PlayCard(1, c("red-flip/wild")))
    table.act(Timeout(table.state.turn_token))
    assert table.state.color == "teal"
    assert table.replays()
