"""Deadlines are data (DESIGN.md §6): which are open follows from the game's state and
its timer settings; when each is due is fixed the moment it opens and written into the
event that opened it (`deadline_at`), and kept in `GameDeadline` for the sweeper.

A deadline is enforced by the same engine command from three places, whichever comes
first: the ETA task scheduled when it opened, the beat sweeper, or the next request on
the game (a request never acts on a game with an overdue deadline before enforcing it,
so a move that arrives late loses to the timeout, exactly once).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from django.conf import settings

from games.engine import GameState, Phase, SeatStatus, Status

from .hashing import format_time
from .models import Game, GameDeadline
from .store import NewEvent

Kind = GameDeadline.Kind


@dataclass(frozen=True)
class DeadlineSpec:
    kind: str
    token: str
    seat: int
    closes_in: float | None  # seconds from opening to what clients are shown
    grace: float = 0.0  # seconds after that before the server enforces it


def open_deadlines(state: GameState, timers: dict) -> list[DeadlineSpec]:
    """The deadlines a state has open, with their durations from the timer settings."""
    if state.status != Status.ACTIVE:
        return []
    specs = []
    seat = state.to_act
    if state.seat_states[seat] == SeatStatus.BOT:
        specs.append(DeadlineSpec(Kind.BOT, state.turn_token, seat, settings.UNO_BOT_DELAY_SECONDS))
    elif state.phase == Phase.PLAY and timers["turn_seconds"] is not None:
        specs.append(DeadlineSpec(Kind.TURN, state.turn_token, seat, timers["turn_seconds"]))
    elif state.phase != Phase.PLAY and timers["response_seconds"] is not None:
        specs.append(
            DeadlineSpec(Kind.RESPONSE, state.turn_token, seat, timers["response_seconds"])
        )
    window = timers["uno_window_seconds"]
    grace = timers["uno_grace_ms"] / 1000 if state.rules.uno_penalty == "auto" else 0.0
    if window is not None:
        for w in state.uno_windows:
            specs.append(DeadlineSpec(Kind.UNO, w.token, w.seat, window, grace))
    return specs


def annotate_events(
    items: list[NewEvent], specs: list[DeadlineSpec], existing: dict, now: datetime
) -> list[NewEvent]:
    """Write `deadline_at` into the events that open deadlines: the last turn_changed of
    the batch (the turn it leaves open) and each uno_window_opened."""
    by_token = {spec.token: spec for spec in specs}
    turn_spec = next((s for s in specs if s.kind != Kind.UNO), None)
    last_turn = max(
        (i for i, item in enumerate(items) if item.type == "turn_changed"), default=None
    )
    annotated = []
    for index, item in enumerate(items):
        spec = None
        if item.type == "uno_window_opened":
            spec = by_token.get(item.public["token"])
        elif index == last_turn and turn_spec is not None:
            spec = turn_spec
        if spec is None:
            annotated.append(item)
            continue
        closes = existing.get(spec.token) or now + timedelta(seconds=spec.closes_in)
        public = {**item.public, "deadline_at": format_time(closes)}
        annotated.append(NewEvent(item.type, public, item.private, item.actor, item.schema_version))
    return annotated


def stored_deadlines(game: Game) -> dict[str, GameDeadline]:
    """The game's stored deadlines by token. Read once per (locked) game object and kept
    on it: the functions below are the only writers of a game's deadlines, and they run
    under the game's row lock and keep this copy current. A timeout then costs one read
    of the deadlines instead of four (the due check, the closes of the ones still open,
    the sync, the check for another due one)."""
    cached = getattr(game, "_stored_deadlines", None)
    if cached is None:
        cached = {d.token: d for d in game.deadlines.all()}
        game._stored_deadlines = cached
    return cached


def next_due(game: Game, now: datetime) -> GameDeadline | None:
    """The game's earliest deadline due by `now`, if any."""
    due = [d for d in stored_deadlines(game).values() if d.due_at <= now]
    return min(due, key=lambda d: d.due_at, default=None)


def forget_deadline(game: Game, deadline: GameDeadline) -> None:
    """Drop a deadline whose token is stale (what it guarded has already happened)."""
    GameDeadline.objects.filter(pk=deadline.pk).delete()
    stored_deadlines(game).pop(deadline.token, None)


def sync_deadlines(game: Game, specs: list[DeadlineSpec], now: datetime) -> list[GameDeadline]:
    """Make the game's stored deadlines match `specs`; returns the ones newly opened."""
    stored = stored_deadlines(game)
    wanted = {spec.token: spec for spec in specs}
    stale = [token for token in stored if token not in wanted]
    if stale:
        GameDeadline.objects.filter(game=game, token__in=stale).delete()
    opened = []
    for token, spec in wanted.items():
        if token in stored:
            continue
        closes = now + timedelta(seconds=spec.closes_in)
        opened.append(
            GameDeadline(
                game=game,
                token=token,
                kind=spec.kind,
                seat=spec.seat,
                closes_at=closes,
                due_at=closes + timedelta(seconds=spec.grace),
            )
        )
    if opened:
        GameDeadline.objects.bulk_create(opened)
    current = [d for d in [*stored.values(), *opened] if d.token in wanted]
    game._stored_deadlines = {d.token: d for d in current}
    turn = next((d for d in current if d.kind != Kind.UNO), None)
    game.deadline_at = turn.closes_at if turn else None
    return opened


def existing_closes(game: Game) -> dict:
    return {token: d.closes_at for token, d in stored_deadlines(game).items()}
