"""SCENARIOS.md section C: drawing (DR)."""

from games.engine import (
    Challenge,
    Color,
    DrawCard,
    KeepCard,
    Pass,
    Phase,
    PlayCard,
    Viewer,
    redact_for,
)
from games.engine import events as ev

from .builders import c, codes_of, of_type, position_game


def test_DR_01a_an_unplayable_drawn_card_passes_the_turn():
    table = position_game(hands={1: "R1 B2"}, top="G4", draw="Y9")
    table.act(DrawCard(1))
    assert table.hand(1) == codes_of("R1 B2 Y9")
    assert table.state.to_act == 2
    assert table.state.phase == Phase.PLAY
    assert table.rejects(Pass(1)) == "not_your_turn"
    assert table.replays()


def test_DR_01b_reneging_a_player_with_a_playable_card_may_draw():
    table = position_game(hands={1: "G2 R1"}, top="G4", draw="Y9")
    table.act(DrawCard(1))
    assert table.hand(1) == codes_of("G2 R1 Y9")
    assert table.state.to_act == 2
    assert table.replays()


def test_DR_01c_pass_without_drawing_is_rejected():
    table = position_game(hands={1: "R1 B2"}, top="G4", draw="Y9")
    assert table.rejects(Pass(1)) == "cannot_pass"
    assert table.replays()


def test_DR_02a_a_playable_drawn_card_may_be_played_at_once():
    table = position_game(hands={1: "R1 W"}, top="G4", draw="G7")
    table.act(DrawCard(1))
    assert table.state.phase == Phase.DRAWN_CARD
    assert table.state.to_act == 1
    table.act(PlayCard(1, c("G7")))
    assert table.state.top_card == c("G7")
    assert table.state.to_act == 2
    assert table.hand(1) == codes_of("R1 W")
    assert table.replays()


def test_DR_02b_a_playable_drawn_card_may_be_kept():
    table = position_game(hands={1: "R1 W"}, top="G4", draw="G7")
    table.act(DrawCard(1))
    assert table.rejects(Pass(1)) in ("cannot_pass", "wrong_phase")
    table.act(KeepCard(1))
    assert table.hand(1) == codes_of("R1 W G7")
    assert table.state.to_act == 2
    assert table.state.phase == Phase.PLAY
    assert table.replays()


def test_DR_02c_after_drawing_only_the_drawn_card_may_be_played():
    table = position_game(hands={1: "R1 W"}, top="G4", draw="G7")
    table.act(DrawCard(1))
    assert table.rejects(PlayCard(1, c("W"), color=Color.GREEN)) == "drawn_card_only"
    assert table.state.phase == Phase.DRAWN_CARD
    assert table.replays()


def test_DR_04_draw_to_match_draws_until_a_playable_card():
    table = position_game(
        options={"draw_to_match": True}, hands={1: "R1"}, top="G4", draw="Y2 B3 G8 R9"
    )
    table.act(DrawCard(1))
    assert table.hand(1) == codes_of("R1 Y2 B3 G8")
    assert table.state.draw_pile[0] == c("R9")
    assert table.state.phase == Phase.DRAWN_CARD
    assert table.state.to_act == 1
    table.act(PlayCard(1, c("G8")))
    assert table.state.top_card == c("G8")
    assert table.state.to_act == 2
    assert table.replays()


def test_DR_04_draw_to_match_the_matching_card_may_be_kept():
    table = position_game(
        options={"draw_to_match": True}, hands={1: "R1"}, top="G4", draw="Y2 B3 G8 R9"
    )
    table.act(DrawCard(1))
    table.act(KeepCard(1))
    assert table.hand(1) == codes_of("R1 Y2 B3 G8")
    assert table.state.to_act == 2
    assert table.replays()


def test_DR_04_draw_to_match_does_not_apply_to_a_penalty_draw():
    table = position_game(
        options={"draw_to_match": True},
        hands={0: "G+2 Y1", 1: "R1"},
        top="G4",
        draw="Y2 B3 G8 R9",
        to_act=0,
    )
    table.act(PlayCard(0, c("G+2")))
    assert table.hand(1) == codes_of("R1 Y2 B3")
    assert table.state.draw_pile[:2] == (c("G8"), c("R9"))
    assert table.state.to_act == 2
    assert table.replays()


def test_DR_05_a_drawn_wild_draw4_played_as_a_bluff_is_judged_on_the_whole_hand():
    table = position_game(hands={1: "G2 R8"}, top="G4", draw="W+4 Y1 Y2 Y3 Y4")
    table.act(DrawCard(1))
    table.act(PlayCard(1, c("W+4"), color=Color.RED))
    assert table.state.to_act == 2
    assert table.state.phase == Phase.RESPOND_DRAW4
    p2_before = table.hand(2)
    table.act(Challenge(2))
    (challenge,) = of_type(table.events, ev.Draw4Challenged)
    assert challenge.guilty
    assert challenge.hand == (c("G2"), c("R8"))
    assert table.hand(1) == codes_of("G2 R8 Y1 Y2 Y3 Y4")
    assert table.hand(2) == p2_before
    assert table.state.to_act == 2
    assert table.state.color == "red"
    assert table.state.phase == Phase.PLAY
    # The hand is shown to the challenger only.
    assert redact_for(challenge, Viewer.of_seat(2))["private"] is not None
    for other in (0, 3):
        assert redact_for(challenge, Viewer.of_seat(other))["private"] is None
    assert redact_for(challenge, Viewer.spectator())["private"] is None
    assert table.replays()
