"""SCENARIOS.md section F: reshuffling and running out (RS)."""

from collections import Counter

from games.engine import DrawCard, Pass, PlayCard
from games.engine import events as ev

from .builders import StackedRng, c, cs, of_type, position_game


def test_RS_01_an_empty_draw_pile_is_rebuilt_from_the_discards_under_the_top():
    table = position_game(
        hands={1: "B2 Y3"},
        top="R7",
        discard_below="R3 W G1",
        color="R",
        draw="",
        unplaced="out_of_play",
        rng=StackedRng("", "G1"),
    )
    table.act(DrawCard(1))
    (reshuffle,) = [e for e in of_type(table.events, ev.DeckShuffled) if e.reason == "reshuffle"]
    assert Counter(reshuffle.order) == Counter(cs("G1 W R3"))
    assert table.state.top_card == c("R7")
    assert table.state.discard_pile == (c("R7"),)
    assert table.state.color == "red"
    assert table.hand(1)[-1] == c("G1").code
    assert len(table.hand(1)) == 3
    assert len(table.state.draw_pile) == 2
    assert table.state.to_act == 2
    assert table.replays()


def test_RS_02_a_penalty_draw_reshuffles_in_the_middle():
    table = position_game(
        hands={1: "R+2 Y1", 2: "Y2 B2"},
        top="R5",
        discard_below="R1 R2 R3 R4 G5 G6 G7 G8",
        draw="B1",
        unplaced="out_of_play",
    )
    table.act(PlayCard(1, c("R+2")))
    drawn = [e for e in table.events if isinstance(e, (ev.CardsDrawn, ev.DeckShuffled))]
    drawn = [e for e in drawn if not isinstance(e, ev.DeckShuffled) or e.reason == "reshuffle"]
    assert [type(e) for e in drawn] == [ev.CardsDrawn, ev.DeckShuffled, ev.CardsDrawn]
    assert drawn[0].cards == (c("B1"),)
    assert drawn[1].count == 9
    assert len(table.hand(2)) == 4
    assert table.hand(2)[2] == c("B1").code
    assert len(table.state.draw_pile) == 8
    assert table.state.discard_pile == (c("R+2"),)
    assert table.state.to_act == 3
    assert table.replays()


def test_RS_04_a_blocked_round_scores_nothing_and_the_next_dealer_deals():
    table = position_game(
        seats=2,
        hands={0: "G1 B2", 1: "Y3 G4"},
        top="R5",
        draw="",
        unplaced="out_of_play",
        to_act=0,
        scores={0: 100, 1: 40},
    )
    table.act(Pass(0))
    assert table.state.to_act == 1
    table.act(Pass(1))
    (ended,) = of_type(table.events, ev.RoundEnded)
    assert ended.blocked
    assert ended.winner is None
    assert not ended.points
    assert ended.scores == (100, 40)
    assert table.state.scores == (100, 40)
    started = of_type(table.events, ev.RoundStarted)
    assert (started[-1].round, started[-1].dealer) == (2, 1)
    assert table.state.round == 2
    assert table.state.dealer == 1
    assert table.replays()
