"""SCENARIOS.md section E: calling UNO and catching (UN)."""

from games.engine import CallUno, CatchUno, DrawCard, PlayCard
from games.engine import events as ev

from .builders import c, codes_of, of_type, position_game


def _catchable(table, seat):
    return any(w.seat == seat for w in table.state.uno_windows)


def test_UN_01_a_catch_of_a_player_who_called_fails_and_moves_no_card():
    table = position_game(hands={1: "R3 G7"}, top="R5")
    table.act(PlayCard(1, c("R3"), uno=True))
    assert of_type(table.events, ev.UnoCalled)
    assert not _catchable(table, 1)
    assert table.rejects(CatchUno(3, 1)) == "window_closed"
    assert table.hand(1) == codes_of("G7")
    assert table.replays()


def test_UN_02a_caught_before_the_next_player_acts_draws_two():
    table = position_game(hands={1: "R3 G7"}, top="R5", draw="G1 G2")
    table.act(PlayCard(1, c("R3")))
    assert _catchable(table, 1)
    table.act(CatchUno(3, 1))
    assert table.hand(1) == codes_of("G7 G1 G2")
    assert not _catchable(table, 1)
    assert table.rejects(CatchUno(0, 1)) == "window_closed"
    assert table.state.to_act == 2
    assert table.replays()


def test_UN_02b_two_catches_at_once_apply_the_penalty_once():
    table = position_game(hands={1: "R3 G7"}, top="R5", draw="G1 G2")
    table.act(PlayCard(1, c("R3")))
    table.act(CatchUno(0, 1))
    assert table.rejects(CatchUno(3, 1)) == "window_closed"
    assert len(of_type(table.events, ev.UnoCaught)) == 1
    assert len(table.hand(1)) == 3
    assert table.replays()


def test_UN_04_calling_uno_before_any_catch_rescues_the_player():
    table = position_game(hands={1: "R3 G7"}, top="R5")
    table.act(PlayCard(1, c("R3")))
    table.act(CallUno(1))
    assert not _catchable(table, 1)
    assert table.rejects(CatchUno(3, 1)) == "window_closed"
    assert table.hand(1) == codes_of("G7")
    assert table.replays()


def test_UN_05a_the_window_stays_open_across_an_automatic_draw_two():
    table = position_game(hands={1: "R+2 G7", 3: "R1 Y9"}, top="R5", draw="G1 G2 G3 G4")
    table.act(PlayCard(1, c("R+2")))
    assert table.hand(2)[-2:] == codes_of("G1 G2")
    assert table.state.to_act == 3
    assert _catchable(table, 1)
    table.act(CatchUno(0, 1))
    assert table.hand(1) == codes_of("G7 G3 G4")
    assert table.replays()


def test_UN_05b_the_window_closes_when_the_player_after_the_victim_acts():
    table = position_game(hands={1: "R+2 G7", 3: "R1 Y9"}, top="R5", draw="G1 G2 G3 G4")
    table.act(PlayCard(1, c("R+2")))
    table.act(PlayCard(3, c("R1")))
    assert table.rejects(CatchUno(0, 1)) == "window_closed"
    assert table.hand(1) == codes_of("G7")
    assert table.replays()


def test_UN_07a_two_players_skip_caught_before_the_players_next_command():
    table = position_game(seats=2, hands={0: "Bskip B9"}, top="B2", to_act=0)
    table.act(PlayCard(0, c("Bskip")))
    assert table.state.to_act == 0
    assert _catchable(table, 0)
    table.act(CatchUno(1, 0))
    assert len(table.hand(0)) == 3
    assert table.replays()


def test_UN_07b_two_players_going_out_first_makes_the_catch_moot():
    table = position_game(seats=2, hands={0: "Bskip B9"}, top="B2", to_act=0)
    table.act(PlayCard(0, c("Bskip")))
    table.act(PlayCard(0, c("B9")))
    (ended,) = of_type(table.events, ev.RoundEnded)
    assert ended.winner == 0
    assert table.rejects(CatchUno(1, 0)) == "window_closed"
    assert not of_type(table.events, ev.UnoCaught)
    assert table.replays()


def test_UN_08_back_to_one_card_after_drawing_owes_a_new_uno():
    table = position_game(hands={1: "R8"}, top="G4", draw="G9 G1 G2")
    table.act(DrawCard(1))
    table.act(PlayCard(1, c("G9")))
    assert table.hand(1) == codes_of("R8")
    assert _catchable(table, 1)
    table.act(CatchUno(3, 1))
    assert table.hand(1) == codes_of("R8 G1 G2")
    assert table.replays()
