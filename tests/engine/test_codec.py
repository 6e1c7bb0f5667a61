"""Events to JSON parts and back (games/engine/codec.py; CONTRACT.md "Events"): every
event type the engine emits round-trips through JSON to an equal event, and the decoded
log replays to the same state."""

import dataclasses
import json
import random
from collections import Counter

import pytest

from games.engine import (
    SCHEMA_VERSION,
    AbortGame,
    CatchUno,
    DrawCard,
    GameState,
    Pass,
    PlayCard,
    RemoveSeat,
    SeatStatus,
    StartGame,
    Status,
    Timeout,
    codec,
    event_from_parts,
    event_to_parts,
    legal_actions,
    replay,
    rule_set_from,
)
from games.engine.cards import Card
from games.engine.events import EVENT_TYPES, PlayerRef, SeatLeft, SeatTaken
from games.engine.state import Timers

from .builders import StackedRng, Table, c, dealt_game, position_game


def autoplay(table, steps, seed):
    """Drive a game with random legal commands (plays preferred, UNO usually called,
    some out-of-turn catches, calls and jump-ins, some timeouts)."""
    chooser = random.Random(seed)
    for _ in range(steps):
        state = table.state
        if state.status != Status.ACTIVE:
            return
        roll = chooser.random()
        if roll < 0.05:
            table.act(Timeout(state.turn_token))
            continue
        if roll < 0.08 and state.uno_windows:
            table.act(Timeout(state.uno_windows[0].token))
            continue
        mine = legal_actions(state, state.to_act)
        others = [
            a for s in range(state.seat_count) if s != state.to_act for a in legal_actions(state, s)
        ]
        plays = [a for a in mine if isinstance(a, PlayCard)]
        if others and chooser.random() < 0.3:
            action = chooser.choice(others)
        elif plays and chooser.random() < 0.9:
            action = chooser.choice(plays)
            if chooser.random() < 0.7:
                action = PlayCard(action.seat, action.card, action.color, action.target, True)
        else:
            action = chooser.choice(mine)
        table.act(action)


def played_tables():
    """A few played games that between them emit every event type."""
    tables = []
    for seed, preset, options in [
        (1, "classic", {"hand_size": 3, "target_score": 50}),
        (2, "house", {"hand_size": 4, "target_score": 100}),
        (
            3,
            "modern-shuffle",
            {
                "hand_size": 3,
                "scoring": "elimination",
                "target_score": 60,
                "custom_wild_effect": "others_discard_wilds",
            },
        ),
        (4, "ozby", {"hand_size": 3, "target_score": 80}),
        (5, "flip", {"hand_size": 3, "target_score": 80}),
    ]:
        if preset == "flip":  # a staff deck of classic cards does not fit the Flip deck
            table = Table(GameState(), rng=random.Random(seed))
            table.act(StartGame(4, rule_set_from(preset, options)))
        else:
            table = dealt_game(preset=preset, options=options, rng=random.Random(seed))
        autoplay(table, 3000, seed)
        tables.append(table)
    # a first card returned, a reshuffle, a false catch, a removal, an abort
    redraw = dealt_game(first="W+4", rng=StackedRng("", "B9"))
    redraw.act(DrawCard(1))
    tables.append(redraw)
    rare = position_game(
        options={"false_catch_penalty": 1, "uno_penalty": "catch"},
        hands={1: "R3 G7 G8"},
        top="R5",
        discard_below="Y0 B0",
        draw="B5",
        unplaced="out_of_play",
    )
    rare.act(PlayCard(1, c("R3")))
    rare.act(CatchUno(3, 1))  # false catch: P3 draws B5
    rare.act(DrawCard(2))  # reshuffle of Y0 B0 R5
    rare.act(RemoveSeat(0, "left"))
    rare.act(AbortGame("staff"))
    tables.append(rare)
    blocked = position_game(seats=2, hands={0: "B1", 1: "G1"}, top="R5", unplaced="out_of_play")
    blocked.act(DrawCard(1))  # both piles exhausted: nothing is drawn
    blocked.act(Pass(1))
    blocked.act(Pass(0))
    tables.append(blocked)
    auto = position_game(options={"uno_penalty": "auto"}, hands={1: "R3 G7"}, top="R5")
    auto.act(PlayCard(1, c("R3")))
    auto.act(Timeout(auto.state.uno_windows[0].token))
    auto.act(Timeout(auto.state.turn_token))
    tables.append(auto)
    tables.append(lobby_table())
    bot = position_game(seats=2, hands={0: "Y1 B1", 1: "G1 G2"}, top="R5")
    for _ in range(6):  # three timeouts each: a bot takes each seat over
        bot.act(Timeout(bot.state.turn_token))
    assert set(bot.state.seat_states) == {SeatStatus.BOT}
    tables.append(bot)
    return tables


ANN = PlayerRef("6d3c6b1e-0000-4000-8000-000000000001", "Ann")
BOT = PlayerRef("6d3c6b1e-0000-4000-8000-000000000002", "greedy bot 1", bot=True)


def lobby_table():
    """A game's lobby (seats taken and left, as the shell records them), then its deal."""
    lobby = [SeatTaken(0, ANN), SeatTaken(1, BOT), SeatLeft(1, BOT.id), SeatTaken(1, BOT)]
    table = Table(GameState(), events=list(lobby), rng=random.Random(7))
    table.act(StartGame(2, rule_set_from("classic", {})))
    return table


@pytest.fixture(scope="module")
def tables():
    return played_tables()


def round_trip(event):
    type_, public, private = event_to_parts(event)
    public = json.loads(json.dumps(public))
    private = json.loads(json.dumps(private))
    return event_from_parts(type_, public, private)


def test_the_played_games_emit_every_event_type(tables):
    emitted = {type(e).TYPE for table in tables for e in table.events}
    assert emitted == set(EVENT_TYPES)


def test_every_emitted_event_round_trips_through_json(tables):
    failing = sorted(
        {
            event.TYPE
            for table in tables
            for event in table.events
            if not same_event(round_trip(event), event)
        }
    )
    assert failing == []


def same_event(decoded, event) -> bool:
    """Equal events; an UNO FLIP! card read back is light face up whichever side it lay
    (its code names both faces; the state knows the side), so such events are equal when
    their JSON parts are."""
    if decoded == event:
        return True
    flip = "/" in json.dumps(event_to_parts(event))  # a code naming two faces
    return flip and event_to_parts(decoded) == event_to_parts(event)


def test_round_ended_round_trips_with_integer_seat_keys():
    table = position_game(hands={0: "B9", 1: "R1", 2: "W", 3: "G+2 Y3"}, top="R5")
    table.act(PlayCard(1, c("R1")))
    (ended,) = [e for e in table.events if e.TYPE == "round_ended"]
    assert ended.points == {1: 9 + 50 + 23}
    decoded = round_trip(ended)
    assert decoded.points == {1: 82}
    assert decoded.hands == ended.hands
    assert decoded == ended


def test_decoded_events_replay_to_the_same_state(tables):
    for table in tables:
        decoded = [round_trip(e) for e in table.events]
        assert replay(decoded) == table.state
        assert table.replays()


def test_parts_are_plain_json_with_card_codes(tables):
    for table in tables:
        for event in table.events:
            type_, public, private = event_to_parts(event)
            assert type_ == event.TYPE
            assert json.loads(json.dumps(public)) == public
            assert private is None or json.loads(json.dumps(private)) == private
            expected = set(event.PRIVATE) if event.has_private else set()
            assert set(private or {}) == expected


def test_private_fields_are_split_from_the_public_part():
    table = position_game(hands={1: "Y1 Y2"}, top="G4", draw="G7")
    (drawn,) = [e for e in table.act(DrawCard(1)) if e.TYPE == "cards_drawn"]
    assert event_to_parts(drawn) == (
        "cards_drawn",
        {"seat": 1, "count": 1, "reason": "draw"},
        {"cards": ["green-7"]},
    )


def test_event_with_no_private_part_has_none():
    table = position_game(hands={1: "R1 Y2"}, top="R5")
    (played,) = [e for e in table.act(PlayCard(1, c("R1"))) if e.TYPE == "card_played"]
    assert event_to_parts(played) == (
        "card_played",
        {
            "seat": 1,
            "card": "red-1",
            "color": None,
            "target": None,
            "jump_in": False,
            "forced": False,
        },
        None,
    )


def test_the_lobby_events_parts_are_what_the_shell_recorded_as_dicts():
    """Stored logs hold these parts: their hashes cover them, so the encoding is fixed
    (a person's `bot` is left out; a bot's is true)."""
    assert event_to_parts(SeatTaken(0, ANN)) == (
        "seat_taken",
        {"seat": 0, "player": {"id": ANN.id, "name": "Ann"}},
        None,
    )
    assert event_to_parts(SeatTaken(1, BOT)) == (
        "seat_taken",
        {"seat": 1, "player": {"id": BOT.id, "name": "greedy bot 1", "bot": True}},
        None,
    )
    assert event_to_parts(SeatLeft(1, BOT.id)) == ("seat_left", {"seat": 1, "player": BOT.id}, None)
    assert codec.schema_version_of("seat_taken") == codec.schema_version_of("seat_left") == 1


def test_a_lobby_event_is_read_back_typed():
    recorded = {"seat": 0, "player": {"id": ANN.id, "name": "Ann"}}
    assert event_from_parts("seat_taken", recorded, None, 1) == SeatTaken(0, ANN)
    assert type(event_from_parts("seat_taken", recorded, None).player) is PlayerRef


def test_schema_version_is_an_integer():
    assert isinstance(SCHEMA_VERSION, int) and SCHEMA_VERSION >= 1


# --- the commonest events are decoded field by field --------------------------------------


def _timed_table():
    """A played game with timers: its turns carry deadlines."""
    table = Table(GameState(), rng=random.Random(6))
    timers = Timers(turn_seconds=30, response_seconds=15, uno_window_seconds=5)
    table.act(StartGame(4, rule_set_from("house", {"target_score": 100}), timers=timers))
    autoplay(table, 400, 6)
    return table


def _typed(value):
    """`value` with the type of each of its parts: a str-valued enum member equals its
    value, and only this tells a decoder that converted it from one that did not."""
    if dataclasses.is_dataclass(value) and not isinstance(value, Card):
        fields = dataclasses.fields(value)
        return type(value), tuple((f.name, _typed(getattr(value, f.name))) for f in fields)
    if isinstance(value, tuple):
        return tuple(_typed(item) for item in value)
    return type(value), value


def test_the_field_by_field_decoders_read_every_event_as_the_generic_decoder_does(tables):
    seen = Counter()
    for event in (e for t in [*tables, _timed_table()] for e in t.events):
        type_ = event.TYPE
        if type_ not in codec.FIELD_BY_FIELD:
            continue
        _, public, private = event_to_parts(event)
        public = json.loads(json.dumps(public))
        private = None if private is None else {**json.loads(json.dumps(private)), "nonce": "0"}
        generic = codec._GENERIC[type_](public, private)
        fast = codec.FIELD_BY_FIELD[type_](public, private)
        assert fast == generic, (type_, public, private)
        assert _typed(fast) == _typed(generic), (type_, public, private)  # enums as members
        seen.update(f"{type_}.{name}" for name, value in vars_of(generic).items() if value)
    # Each optional field was set in some event, so each conversion was compared.
    optional = {"pending", "owed", "deadline", "challengeable", "bluff", "draw4_hand"}
    assert {f"turn_changed.{name}" for name in optional} <= set(seen)
    assert {"card_played.color", "cards_drawn.backs", "cards_drawn.cards"} <= set(seen)
    assert "hand_replaced.cards" in seen


def test_the_field_by_field_decoders_know_every_field_of_their_events():
    """A field added to one of these events must be read by its decoder too (codec.py):
    then change the names here."""
    fields = {
        t: tuple(f.name for f in dataclasses.fields(EVENT_TYPES[t])) for t in codec.FIELD_BY_FIELD
    }
    assert fields == {
        "turn_changed": (
            "seat",
            "phase",
            "jump_in",
            "consecutive_passes",
            "pending",
            "owed",
            "challengeable",
            "deadline",
            "bluff",
            "draw4_hand",
        ),
        "card_played": ("seat", "card", "color", "target", "jump_in", "forced"),
        "cards_drawn": ("seat", "count", "reason", "backs", "cards"),
        "hand_replaced": ("seat", "from_seat", "count", "cards"),
    }


def test_an_event_recorded_before_one_of_its_fields_existed_is_read_with_its_default():
    public = {
        "seat": 1,
        "phase": "play",
        "jump_in": False,
        "consecutive_passes": 0,
        "pending": None,
        "owed": None,
        "challengeable": None,
    }  # no `deadline` yet
    decoded = codec.FIELD_BY_FIELD["turn_changed"](public, None)
    assert decoded.deadline is None and decoded.seat == 1


def vars_of(event) -> dict:
    return {f.name: getattr(event, f.name) for f in dataclasses.fields(event)}


def test_a_nested_fact_is_read_whole_or_with_the_defaults_of_fields_it_was_recorded_without():
    from games.engine.state import Deadline, PendingDraw

    public = {
        "seat": 1,
        "phase": "play",
        "jump_in": False,
        "consecutive_passes": 0,
        "pending": {"total": 4, "kind": "draw2", "returns_to": None},
        "owed": None,
        "challengeable": None,
        "deadline": {"kind": "turn", "token": "t-7", "seconds": 30.0, "grace_ms": 250},
    }
    whole = event_from_parts("turn_changed", public, None)
    assert whole.deadline == Deadline("turn", "t-7", 30.0, 250)
    assert whole.pending == PendingDraw(4, "draw2", None)
    older = {**public, "deadline": {"kind": "turn", "token": "t-7", "seconds": 30.0}}
    assert event_from_parts("turn_changed", older, None).deadline == Deadline("turn", "t-7", 30.0)
