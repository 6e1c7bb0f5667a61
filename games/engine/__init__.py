"""The UNO rules engine: pure Python (no Django, no I/O, no clock, no global random).

Commands go in, events come out, state is the fold of the events:

    outcome = step(state, command, rng)      # or decide(...) for the events alone
    events = step_in_place(state, command, rng)   # the same, recorded into a state one owns
    state = replay(events)                   # evolve folded over the log
    legal_actions(state, seat)               # what a seat may send now
    view_for(state, viewer) / redact_for(event, viewer)   # the only ways out

Where each rule lives:

    cards, rules          the cards and decks; the rule options, presets, validation
    state, events         the state's value types; the events (facts, typed payloads)
    commands              what seats and the system ask for
    decide                one handler per command: check, then call the rule modules
    play_checks           who may do what now (the only legality rules; legal lists them)
    legal                 every command a seat may send now
    turns                 giving the turn (with its deadline), advancing after a card
    playing               the turn's own moves: play, draw (to match, force play), keep, pass
    effects               what a card does once down: exchanges, others drawing
    penalties             Draw Two / Wild Draw Four: stacking, taking it, the challenge
    drawing               drawing from the pile, reshuffling the discard pile
    choices               colors and targets owed without a card (first card, force play)
    uno                   UNO windows, calls and catches
    rounds                the deal, the first card, a round's end and scoring, the match's end
    timeouts, removal     deadlines that passed; a seat leaving the game
    step, evolve          a command's working state; recording events into a state
    codec, upcast         events to and from JSON parts; reading older shapes
    views, snapshot       what a viewer may see; the state cache's JSON
    shuffle, position     committed shuffles; staff positions
    flip                  UNO FLIP!: pairing the faces, turning everything over, its points
    bot, table            a timed-out seat's play; reading the table (seat order, matching)
    strategies            server bots' choices (random, greedy), from their seat's view only
"""

from .cards import Card, Color, UnknownCard, card, cards
from .codec import SCHEMA_VERSION, event_from_parts, event_to_parts
from .commands import (
    AbortGame,
    Accept,
    CallUno,
    CatchUno,
    Challenge,
    ChooseColor,
    ChooseTarget,
    DrawCard,
    KeepCard,
    Pass,
    PlayCard,
    Position,
    RemoveSeat,
    StartGame,
    Timeout,
    action_body,
)
from .decide import ENGINE_VERSION, decide, step, step_in_place
from .errors import ErrorCode, InvalidRules, RuleViolation
from .evolve import evolve, replay
from .legal import legal_actions, seats_with_actions
from .rules import PRESETS, RuleSet, check_seats, rule_set_from
from .state import GameState, Phase, SeatStatus, Status
from .step import Outcome
from .views import Viewer, redact_for, view_for

__all__ = [
    "ENGINE_VERSION",
    "PRESETS",
    "SCHEMA_VERSION",
    "AbortGame",
    "Accept",
    "CallUno",
    "Card",
    "CatchUno",
    "Challenge",
    "ChooseColor",
    "ChooseTarget",
    "Color",
    "DrawCard",
    "ErrorCode",
    "GameState",
    "InvalidRules",
    "KeepCard",
    "Outcome",
    "Pass",
    "Phase",
    "PlayCard",
    "Position",
    "RemoveSeat",
    "RuleSet",
    "RuleViolation",
    "SeatStatus",
    "StartGame",
    "Status",
    "Timeout",
    "UnknownCard",
    "Viewer",
    "action_body",
    "card",
    "cards",
    "check_seats",
    "decide",
    "event_from_parts",
    "event_to_parts",
    "evolve",
    "legal_actions",
    "redact_for",
    "replay",
    "rule_set_from",
    "seats_with_actions",
    "step",
    "step_in_place",
    "view_for",
]
