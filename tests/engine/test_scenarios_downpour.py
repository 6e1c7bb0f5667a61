"""SCENARIOS.md section O: UNO H2O Wild Downpour (H2)."""

from games.engine import CallUno, Color, PlayCard
from games.engine import events as ev

from .builders import c, codes_of, of_type, position_game

H2O = {"downpour": True}


def test_H2_01a_downpour_draw_one_makes_every_other_player_draw_and_skips_nobody():
    table = position_game(
        options=H2O,
        hands={1: "WD1 Y1", 0: "Y4 B4", 2: "Y2 B2", 3: "Y3 B3"},
        top="R5",
        draw="G1 G2 G3",
    )
    table.act(PlayCard(1, c("WD1"), color=Color.BLUE))
    assert [len(table.hand(s)) for s in (0, 2, 3)] == [3, 3, 3]
    assert sorted(x for s in (0, 2, 3) for x in table.hand(s)[2:]) == sorted(codes_of("G1 G2 G3"))
    assert table.hand(1) == codes_of("Y1")
    assert not of_type(table.events, ev.SeatSkipped)
    assert table.state.to_act == 2
    assert table.state.color == "blue"
    assert table.replays()


def test_H2_01b_downpour_draw_two_as_last_card_is_drawn_before_scoring():
    table = position_game(
        options=H2O,
        hands={1: "WD2", 0: "Y1 B1", 2: "Y2 B2", 3: "Y4 B4"},
        top="R5",
        draw="G1 G2 G3 G4 G6 G7",
    )
    table.act(CallUno(1))
    table.act(PlayCard(1, c("WD2"), color=Color.BLUE))
    (ended,) = of_type(table.events, ev.RoundEnded)
    assert ended.winner == 1
    assert [len(ended.hands[s]) for s in (0, 2, 3)] == [4, 4, 4]
    assert ended.points == {1: 2 + 4 + 8 + (1 + 2 + 3 + 4 + 6 + 7)}
    assert table.replays()
