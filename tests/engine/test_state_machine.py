"""Any sequence of commands keeps the engine's invariants: a hypothesis state machine.

A run starts a match to 50 points from a drawn preset, option mix, hand size, seat
count and seed, then sends commands for a bounded number of steps: commands
`legal_actions` lists, arbitrary ones (any card code, any seat, any phase, closed
deadline tokens), timeouts of the open deadlines, and now and then a seat leaving.
After every step: every card of the deck is in exactly one place; only the seat to act
has turn actions; commands are accepted exactly when listed; each view shows a seat
its own hand and no other; the log replays to the state, also after a JSON round trip;
`step` changed no state it was given; a match that is over refuses everything with
`game_not_active`. A failure shrinks to a short command sequence.

Only the engine's public surface is used, so the machine keeps working whatever the
engine's inside looks like.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Iterator

from hypothesis import event, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    precondition,
    rule,
)

from games.engine import (
    PRESETS,
    Accept,
    CallUno,
    CatchUno,
    Challenge,
    ChooseColor,
    ChooseTarget,
    Color,
    DrawCard,
    GameState,
    KeepCard,
    Pass,
    PlayCard,
    RemoveSeat,
    RuleViolation,
    Status,
    Timeout,
    Viewer,
    card,
    legal_actions,
    redact_for,
    replay,
    rule_set_from,
    step,
    view_for,
)

from .play import cards_in_play, deck_of, json_round_trip, start_command

#: Steps per run: about half the runs see their match end (on points, or by seats
#: leaving or abandoned), the others stop in the middle of it.
STEPS = 100
#: Option mixes, each valid under every preset (the options override the preset's).
OPTION_MIXES: tuple[dict, ...] = (
    {},
    {"teams": True, "scoring": "standard"},
    {"scoring": "elimination"},
    {"scoring": "lowest"},
    {"scoring": "target_loses"},
    {"uno_penalty": "auto"},
    {"false_catch_penalty": 2, "jump_in": True},
    {
        "draw_to_match": True,
        "draw_to_match_cap": 3,
        "force_play": True,
        "wd4_enforcement": "strict",
    },
    {"cards": "modern-swap", "custom_wild_effect": "others_discard_wilds", "seven_o": True},
    {
        "cards": "modern-shuffle",
        "custom_wild_effect": "others_draw_two",
        "shuffle_hands_last_card": "redeal",
        "downpour": True,
    },
    {
        "stacking": "any",
        "jump_in": True,
        "jump_in_self": False,
        "seven_o": True,
        "seven_optional": True,
    },
    {
        "cards": "modern-swap",
        "stacking": "up",
        "challenge_success_skips_challenger": True,
        "custom_wild_effect": "extra_turn",
    },
    {"stacking": "draw2", "draw_returns_to_player": True, "skip_plays_again": True},
    {"wild_first_card": "redraw", "wd4_legal_when": "no_other_playable", "dealer_rotation": False},
)
#: UNO FLIP! combines with fewer options (no Seven-O, Jump-In, Downpour; stacking only
#: `same`): its own mixes.
FLIP_OPTION_MIXES: tuple[dict, ...] = (
    {},
    {"teams": True, "scoring": "standard"},
    {"scoring": "elimination"},
    {"scoring": "target_loses"},
    {"uno_penalty": "auto", "false_catch_penalty": 2},
    {
        "draw_to_match": True,
        "draw_to_match_cap": 3,
        "force_play": True,
        "wd4_enforcement": "strict",
    },
    {"stacking": "same", "challenge_success_skips_challenger": True},
    {"draw_returns_to_player": True, "skip_plays_again": True, "stacking": "same"},
    {"wild_first_card": "redraw", "wd4_legal_when": "no_other_playable", "dealer_rotation": False},
)


def mixes_for(preset: str) -> tuple[dict, ...]:
    return FLIP_OPTION_MIXES if preset == "flip" else OPTION_MIXES


#: The default first, so that a failure shrinks towards ordinary hands.
HAND_SIZES = (7, 3, 1)
#: Deadline tokens no game ever opens, next to the stale ones a run has seen.
NEVER_OPEN_TOKENS = frozenset({"", "turn-999999", "uno-999999", "turn-", "uno-x"})
OUT_OF_TURN = (PlayCard, CallUno, CatchUno)


def match_rules(preset: str, options: dict, hand_size: int):
    return rule_set_from(preset, {**options, "hand_size": hand_size, "target_score": 50})


def seat_counts_for(options: dict) -> tuple[int, ...]:
    """Seat counts from 2 to 6 the options can be played with (teams need 4 or 6)."""
    return (4, 6) if options.get("teams") else (2, 3, 4, 5, 6)


def snapshot(state: GameState) -> str:
    """Everything observable about a state, to tell whether something changed it."""
    piles = [[c.code for c in hand] for hand in state.hands] + [
        [c.code for c in pile] for pile in (state.draw_pile, state.discard_pile, state.out_of_play)
    ]
    staff_view = view_for(state, Viewer.staff_member())
    return repr(state) + json.dumps([staff_view, piles], sort_keys=True, default=str)


def open_tokens(state: GameState) -> set[str]:
    return {state.turn_token, *(window.token for window in state.uno_windows)}


def pending_draw(state: GameState) -> int:
    return view_for(state, Viewer.spectator())["pending_draw"]


def the_only_other_seat(state: GameState, seat: int) -> int | None:
    others = [s for s in state.seats_in_play() if s != seat]
    return others[0] if len(others) == 1 else None


def is_listed_or_an_alias(state: GameState, command) -> bool:
    """Whether the rules accept `command` now: `legal_actions` lists it, or it is one of
    the documented other spellings of a listed command (a listed play with `uno` said,
    a play leaving out the one possible target, `draw` and `accept` both taking a
    pending draw, a false catch when it costs the catcher cards), or it is a system
    command naming an open deadline or a seat in play."""
    if isinstance(command, Timeout):
        return command.token in open_tokens(state)
    if isinstance(command, RemoveSeat):
        return command.target in state.seats_in_play()
    seat = command.seat
    listed = set(legal_actions(state, seat))
    if command in listed:
        return True
    if isinstance(command, PlayCard):
        return _is_a_listed_play_spelled_otherwise(state, command, listed)
    if isinstance(command, DrawCard | Accept):
        return pending_draw(state) > 0 and bool({DrawCard(seat), Accept(seat)} & listed)
    if isinstance(command, CatchUno):
        return _is_a_false_catch_the_rules_allow(state, command)
    return False


def _is_a_listed_play_spelled_otherwise(state: GameState, play: PlayCard, listed: set) -> bool:
    """A card is named by its code: a double-faced card read from a code lies light side
    up, and names the card the seat holds whichever side is up."""
    plays = {(p.seat, p.card.code, p.color, p.target) for p in listed if isinstance(p, PlayCard)}
    if (play.seat, play.card.code, play.color, play.target) in plays:
        return True
    only = the_only_other_seat(state, play.seat)
    return (
        play.target is None
        and only is not None
        and (play.seat, play.card.code, play.color, only) in plays
    )


def _is_a_false_catch_the_rules_allow(state: GameState, catch: CatchUno) -> bool:
    rules = state.rules
    catchable = {window.seat for window in state.uno_windows}
    return (
        rules.uno_penalty == "catch"
        and rules.false_catch_penalty > 0
        and catch.seat in state.seats_in_play()
        and 0 <= catch.target < state.seat_count
        and catch.target != catch.seat
        and catch.target not in catchable
    )


def refusal_of(state: GameState, command) -> RuleViolation | None:
    """Try `command` on `state` (with a throwaway rng): the refusal, or None."""
    try:
        step(state, command, random.Random(0))
    except RuleViolation as refusal:
        return refusal
    return None


def check_accepted_only_if_listed(command, listed: bool, refusal: RuleViolation | None) -> None:
    if listed:
        assert refusal is None, f"{command} is listed (or an alias), yet refused: {refusal!r}"
    else:
        assert refusal is not None, f"{command} is not listed, yet it was accepted"


@st.composite
def arbitrary_commands(draw, state: GameState, codes: list[str], tokens: set[str]):
    """Any command a client could send, and system commands the rules must refuse:
    seats off the table, cards nobody holds (or the seat's own), commands of other
    phases, deadlines already closed or never opened, removing a seat not in play."""
    seats = st.integers(-1, state.seat_count)
    in_play = state.seats_in_play()
    seat = draw((st.sampled_from(in_play) if in_play else st.nothing()) | seats, label="seat")
    held = sorted({c.code for c in state.hands[seat]}) if 0 <= seat < state.seat_count else []
    some_card = (st.sampled_from(held) if held else st.nothing()) | st.sampled_from(codes)
    colors = st.sampled_from(tuple(Color))
    kind = draw(
        st.sampled_from(
            ("play", "draw", "pass", "keep", "choose_color", "choose_target", "call_uno")
            + ("catch_uno", "challenge", "accept", "timeout", "remove")
        ),
        label="kind",
    )
    match kind:
        case "play":
            return PlayCard(
                seat,
                card(draw(some_card)),
                draw(st.none() | colors),
                draw(st.none() | seats),
                draw(st.booleans()),
            )
        case "choose_color":
            return ChooseColor(seat, draw(colors))
        case "choose_target":
            return ChooseTarget(seat, draw(seats))
        case "catch_uno":
            return CatchUno(seat, draw(seats))
        case "timeout":
            closed = tokens - open_tokens(state) | NEVER_OPEN_TOKENS
            return Timeout(draw(st.sampled_from(sorted(closed))))
        case "remove":
            gone = [s for s in range(-1, state.seat_count + 1) if s not in in_play]
            return RemoveSeat(draw(st.sampled_from(gone)), "left")
    simple = {
        "draw": DrawCard,
        "pass": Pass,
        "keep": KeepCard,
        "call_uno": CallUno,
        "challenge": Challenge,
        "accept": Accept,
    }
    return simple[kind](seat)


def every_kind_of_command(state: GameState) -> Iterator:
    """One command of each kind for each seat, and the system's, to knock on a match
    that is over."""
    for seat in range(state.seat_count):
        other = (seat + 1) % state.seat_count
        yield from (DrawCard(seat), Pass(seat), KeepCard(seat), CallUno(seat))
        yield from (Challenge(seat), Accept(seat), CatchUno(seat, other))
        yield from (ChooseColor(seat, Color.RED), ChooseTarget(seat, other))
        yield PlayCard(seat, card("wild"), Color.BLUE)
        yield from (PlayCard(seat, held) for held in dict.fromkeys(state.hands[seat]))
        yield RemoveSeat(seat, "left")
    yield Timeout(state.turn_token)


def card_code_lists(node, codes: frozenset[str]) -> Iterator[list[str]]:
    """Every non-empty list of card codes anywhere in a view, whatever its key."""
    if isinstance(node, dict):
        for value in node.values():
            yield from card_code_lists(value, codes)
    elif isinstance(node, list):
        if node and all(isinstance(item, str) and item in codes for item in node):
            yield node
        else:
            for item in node:
                yield from card_code_lists(item, codes)


def hidden_cards_shown(
    view: dict, codes: frozenset[str], discards: Counter, own: list[str] | None = None
) -> list[list[str]]:
    """The lists of cards in `view` other than the viewer's own hand that are not
    discards (which everyone saw played)."""
    shown = list(card_code_lists(view, codes))
    if own:
        shown.remove(own)
    return [cards for cards in shown if Counter(cards) - discards]


def started(machine: GameUnderAnyCommands) -> bool:
    return machine.state is not None


def over(machine: GameUnderAnyCommands) -> bool:
    return started(machine) and machine.state.status in (Status.FINISHED, Status.ABORTED)


class GameUnderAnyCommands(RuleBasedStateMachine):
    """One match, the commands sent to it so far, and the events they produced."""

    def __init__(self):
        super().__init__()
        self.state: GameState | None = None
        self.rng = random.Random(0)
        self.events: list = []
        self.decoded_events: list = []  # the same events after a JSON round trip
        self.new_events: tuple = ()
        self.handed: list[tuple[GameState, str]] = []  # given to step, with a snapshot
        self.tokens_seen: set[str] = set()
        self.leavers = 0
        self.leaving_from = 0
        self.accepted = 0
        self.looked_at: dict[str, GameState] = {}

    # --- sending ------------------------------------------------------------------------

    def send(self, command):
        """Step `command`; on success the outcome becomes the machine's state. Returns
        the refusal, or None."""
        self.handed.append((self.state, snapshot(self.state)))
        try:
            outcome = step(self.state, command, self.rng)
        except RuleViolation as refusal:
            return refusal
        self.state = outcome.state
        self.accepted += 1
        self.new_events = outcome.events
        self.events += outcome.events
        self.decoded_events += json_round_trip(list(outcome.events))
        if outcome.state.status == Status.ACTIVE:
            self.tokens_seen |= open_tokens(outcome.state)
        return None

    def send_expecting_acceptance(self, command) -> None:
        refusal = self.send(command)
        assert refusal is None, f"{command} was listed or open, yet refused: {refusal!r}"

    # --- rules --------------------------------------------------------------------------
    # Once the match is over, every rule sends arbitrary commands (which must be
    # refused): a run always needs a rule it may run, whichever rules hypothesis left
    # out of it.

    @initialize(
        preset=st.sampled_from(tuple(PRESETS)),
        mix=st.integers(0, len(OPTION_MIXES) - 1),
        hand_size=st.sampled_from(HAND_SIZES),
        seed=st.integers(0, 2**32 - 1),
        data=st.data(),
    )
    def start_a_match_to_50(self, preset, mix, hand_size, seed, data):
        mixes = mixes_for(preset)
        options = mixes[mix % len(mixes)]
        seats = data.draw(st.sampled_from(seat_counts_for(options)), label="seats")
        start = start_command(
            seats,
            match_rules(preset, options, hand_size),
            timeout_action=data.draw(
                st.sampled_from(("draw_and_pass", "auto_play")), label="timeout action"
            ),
            abandon_after=data.draw(st.sampled_from((20, 3, 1)), label="abandon after"),
            on_abandon=data.draw(st.sampled_from(("bot", "remove")), label="on abandon"),
            timed=data.draw(st.booleans(), label="timed"),
        )
        self.leavers = data.draw(st.integers(0, seats - 1), label="seats that will leave")
        self.leaving_from = data.draw(st.integers(0, STEPS), label="from the command")
        self.rng = random.Random(seed)
        self.state = GameState()
        self.send_expecting_acceptance(start)
        self.deck = deck_of(self.state)
        self.codes = sorted({c.code for c in self.deck})

    @rule(data=st.data())
    def the_seat_to_act_sends_a_listed_command(self, data):
        if over(self):
            return self.send_arbitrary_commands(data)
        actions = legal_actions(self.state, self.state.to_act)
        self.send_expecting_acceptance(data.draw(st.sampled_from(actions), label="command"))

    @rule(data=st.data())
    def any_seat_sends_a_listed_command(self, data):
        if over(self):
            return self.send_arbitrary_commands(data)
        state = self.state
        seats = [s for s in range(state.seat_count) if legal_actions(state, s)]
        seat = data.draw(st.sampled_from(seats), label="seat")
        command = data.draw(st.sampled_from(legal_actions(state, seat)), label="command")
        self.send_expecting_acceptance(command)

    @rule(data=st.data())
    def send_arbitrary_commands(self, data):
        """A few commands, each drawn for the state as the one before left it (a refused
        command leaves it as it was)."""
        for _ in range(data.draw(st.integers(1, 4), label="commands")):
            state = self.state
            command = data.draw(arbitrary_commands(state, self.codes, self.tokens_seen))
            self.send_checking_it_is_accepted_only_if_listed(state, command)

    def send_checking_it_is_accepted_only_if_listed(self, state: GameState, command) -> None:
        if state.status != Status.ACTIVE:
            refusal = self.send(command)
            assert refusal is not None, f"{command} was accepted by a match that is over"
            assert refusal.code == "game_not_active", refusal
            return
        allowed = is_listed_or_an_alias(state, command)
        check_accepted_only_if_listed(command, allowed, refusal=self.send(command))

    @rule(data=st.data())
    def the_server_lets_a_deadline_pass_or_a_seat_leave(self, data):
        if over(self):
            return self.send_arbitrary_commands(data)
        state = self.state
        commands: list = [Timeout(token) for token in sorted(open_tokens(state))]
        if self.leavers > 0 and self.accepted >= self.leaving_from:
            commands += [RemoveSeat(seat, "left") for seat in state.seats_in_play()]
        command = data.draw(st.sampled_from(commands), label="system command")
        self.leavers -= isinstance(command, RemoveSeat)
        self.send_expecting_acceptance(command)

    def teardown(self):
        if self.state is not None:
            event(f"the run ended with the match {self.state.status.value}")

    # --- invariants ---------------------------------------------------------------------

    def first_look(self, invariant_name: str) -> bool:
        """Whether this invariant has not yet seen the current state (a refused command
        leaves the state as it was, and the invariants below depend on it alone)."""
        seen = self.looked_at.get(invariant_name) is self.state
        self.looked_at[invariant_name] = self.state
        return not seen

    @precondition(started)
    @invariant()
    def every_card_of_the_deck_is_in_exactly_one_place(self):
        if self.first_look("cards"):
            assert cards_in_play(self.state) == self.deck

    @precondition(started)
    @invariant()
    def only_the_seat_to_act_gets_turn_actions(self):
        if not self.first_look("turns"):
            return
        state = self.state
        if state.status != Status.ACTIVE:
            assert all(not legal_actions(state, s) for s in range(state.seat_count))
            return
        assert state.to_act in state.seats_in_play()
        assert legal_actions(state, state.to_act), "the seat to act always has an action"
        top = view_for(state, Viewer.spectator())["top_card"]
        for seat in range(state.seat_count):
            actions = legal_actions(state, seat)
            assert all(action.seat == seat for action in actions)
            if seat == state.to_act:
                continue
            if seat not in state.seats_in_play():
                assert not actions, f"seat {seat} is out of play, yet offered {actions}"
            for action in actions:
                assert isinstance(action, OUT_OF_TURN), f"seat {seat} offered {action} out of turn"
                if isinstance(action, PlayCard):
                    assert action.card.code == top, f"seat {seat} offered {action}: no jump-in"

    @precondition(started)
    @invariant()
    def commands_without_arguments_are_accepted_exactly_when_listed(self):
        """Every seat's (and some non-seats') `draw`, `pass`, `keep`, `call_uno`,
        `challenge` and `accept`, tried on the state and their outcomes thrown away."""
        state = self.state
        if not self.first_look("bare commands") or state.status != Status.ACTIVE:
            return
        before = snapshot(state)
        for seat in range(-1, state.seat_count + 1):
            for kind in (DrawCard, Pass, KeepCard, CallUno, Challenge, Accept):
                command = kind(seat)
                listed = is_listed_or_an_alias(state, command)
                check_accepted_only_if_listed(command, listed, refusal_of(state, command))
        assert snapshot(state) == before, "step changed the state it was given"

    @precondition(started)
    @invariant()
    def each_view_shows_a_seat_its_own_hand_and_no_other(self):
        if not self.first_look("views"):
            return
        state, codes = self.state, frozenset(self.codes)
        discards = Counter(c.code for c in state.discard_pile)
        for seat in range(state.seat_count):
            view = view_for(state, Viewer.of_seat(seat))
            hand = view["you"]["hand"]
            assert sorted(hand) == sorted(c.code for c in state.hands[seat])
            hidden = hidden_cards_shown(view, codes, discards, own=hand)
            assert not hidden, f"seat {seat} is shown cards it may not see: {hidden}"
        spectator = view_for(state, Viewer.spectator())
        assert spectator["you"] is None
        hidden = hidden_cards_shown(spectator, codes, discards)
        assert not hidden, f"a spectator is shown cards: {hidden}"
        assert all(redact_for(e, Viewer.spectator())["private"] is None for e in self.new_events)
        # Staff see every hand: the search for card lists finds hands wherever a view has them.
        staff = card_code_lists(view_for(state, Viewer.staff_member()), codes)
        shown = [Counter(cards) for cards in staff]
        assert all(Counter(c.code for c in hand) in shown for hand in state.hands if hand)

    @precondition(started)
    @invariant()
    def the_log_replays_to_the_state_also_after_a_json_round_trip(self):
        if self.first_look("replay"):
            assert replay(self.events) == self.state
            assert replay(self.decoded_events) == self.state

    @precondition(started)
    @invariant()
    def step_never_changes_the_state_it_is_given(self):
        handed, self.handed = self.handed, []
        for given, before in handed:
            assert snapshot(given) == before, "step changed the state it was given"

    @precondition(over)
    @invariant()
    def a_match_that_is_over_refuses_every_command(self):
        if not self.first_look("over"):
            return
        for command in every_kind_of_command(self.state):
            refusal = self.send(command)
            assert refusal is not None, f"{command} was accepted by a match that is over"
            assert refusal.code == "game_not_active", refusal
        self.step_never_changes_the_state_it_is_given()


GameUnderAnyCommands.TestCase.settings = settings(
    settings.default, stateful_step_count=STEPS, deadline=None
)
TestAnyCommandSequenceKeepsTheEngineInvariants = GameUnderAnyCommands.TestCase


def test_every_option_mix_is_valid_under_every_preset_and_hand_size():
    for preset in PRESETS:
        for options in mixes_for(preset):
            for hand_size in HAND_SIZES:
                rules = match_rules(preset, options, hand_size)
                assert rules.target_score == 50
                assert rules.hand_size == hand_size
