"""One command's work in progress: the state as its events change it, and the events.

`Step` works on a state its caller owns: every event emitted is recorded into that state
at once, so each later decision in the same command reads the state those events
produced (what decide sees is what replay will see). `decide.step` hands it a copy, so
its caller's state is never changed; `decide.step_in_place` hands it the caller's own.
"""

from __future__ import annotations

from typing import NamedTuple

from . import events as ev
from .evolve import RECORDERS
from .shuffle import Rng
from .state import GameState


class Step:
    __slots__ = ("state", "events", "rng")
    state: GameState
    events: list[ev.Event]
    rng: Rng | None

    def emit(self, event: ev.Event) -> None:
        self.events.append(event)
        RECORDERS[type(event)](self.state, event)

    def need_rng(self) -> Rng:
        if self.rng is None:
            raise ValueError("this command shuffles: decide needs an rng")
        return self.rng


def begin_step(state: GameState, rng: Rng | None) -> Step:
    """A step with no events yet (one per command: its slots are filled, as `events`
    explains, rather than the class called)."""
    step = _new(Step)
    step.state = state
    step.events = []
    step.rng = rng
    return step


_new = object.__new__


class Outcome(NamedTuple):
    state: GameState
    events: tuple[ev.Event, ...]
