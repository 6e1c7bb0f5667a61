"""Deadlines are data. The engine names each deadline it opens in the event that opens it
(`deadline`: kind, token, seconds, grace_ms) and the store writes beside it when it
closes (`deadline_at`). Which deadlines are still open follows from the state
(`GameState.open_deadline_tokens`).

They are kept on the game's head row, written by the write path in the same UPDATE as
the rest of it (no statement of their own): `open_deadlines` (token -> kind, seat,
closes_at, due_at), which views and the write path read with the game, and
`next_due_at`, the earliest of them, indexed, where the sweeper finds the games that
have something due. `due_at` is when the server enforces a deadline; `closes_at` is what
clients are shown (they differ by the UNO grace in `auto` mode).

A deadline is enforced by the same engine command from three places, whichever comes
first: a sweep scheduled (an ETA task) for the moment it falls due, beat's periodic
sweep, or the next request on the game (a request never acts on a game with an overdue
deadline before enforcing it, so a move that arrives late loses to the timeout, exactly
once). Deadlines due within the same `UNO_DEADLINE_BUCKET_MS` share one timed sweep (one
per moment, instead of one task per deadline: publishing a task and holding it until its
ETA cost more than enforcing the timeout itself), and timed sweeps form a chain: each
one, once it has run, sends the next for the earliest deadline still to fall due
(`schedule_next_sweep`). So a process sends a timed sweep only for a deadline earlier
than the earliest one it has sent that has not run yet: a later deadline is reached by
the chain. A move opening a 30 s turn timer sends nothing, where it used to publish a
task every time.

Games no person plays (`bots_only`: active, and every seat still in play is a bot's) are
swept apart, on the workers' bots queue (UNO_BOTS_QUEUE): their timed sweeps are
`games.sweep_bot_deadlines`, beat sends that one periodically too, and the sweeps of the
default queue leave those games alone. However many games of bots alone run, they wait
for the bots' worker, never in front of a person's deadline. (A bot in a game people
play acts on the default queue: people are waiting for it.)

Bots also answer an UNO window (a bot catches a seat that did not call, or calls its
own): the shell opens a `bot` deadline of the game's think time beside each window a
bot may act on (token `bot-<window token>`, open while the window is), and when it falls
due the bot decides from its seat's view like on its turn.
"""

from __future__ import annotations

import logging
import math
import threading
from datetime import UTC, datetime, timedelta

from django.conf import settings

from games.engine import GameState, SeatStatus, Status
from games.engine.events import UnoWindowOpened
from games.engine.strategies import EXPERT
from games.log.store import Appended
from games.models import Game
from games.timers.options import BOTS_ALONE_MIN_THINK_MS
from unoservice import clock
from unoservice.celery import app as celery_app
from unoservice.clock import format_time

logger = logging.getLogger(__name__)

#: The earliest timed sweep this process has sent that has not run yet, by bots_only: the
#: moment it runs at (in UNO_DEADLINE_BUCKET_MS since the epoch).
_earliest_sent: dict[bool, int] = {}
_sent_lock = threading.Lock()


def parse_time(text: str) -> datetime:
    return datetime.fromisoformat(text)


def _opened(appended: list[Appended], still_open: frozenset[str]) -> dict[str, dict]:
    """The deadlines the events opened that are still open after them."""
    opened = {}
    for item in appended:
        public = item.row.public
        deadline = public.get("deadline") if item.event is not None else None
        if deadline is None or deadline["token"] not in still_open:
            continue
        closes = parse_time(public["deadline_at"])
        due = closes + timedelta(milliseconds=deadline["grace_ms"])
        opened[deadline["token"]] = {
            "kind": deadline["kind"],
            "seat": public["seat"],
            "closes_at": public["deadline_at"],
            "due_at": format_time(due),
        }
    return opened


def _bot_answers(appended: list[Appended], state: GameState) -> dict[str, dict]:
    """A `bot` deadline for each UNO window these events opened that a bot may act on:
    the window's own seat when it is a bot's (to call), else, in `catch` mode, the first
    other bot seat in play (to catch)."""
    bots = [seat for seat, status in enumerate(state.seat_states) if status is SeatStatus.BOT]
    if not bots:
        return {}
    think = timedelta(milliseconds=state.timers.bot_delay_ms)
    opened = {}
    for item in appended:
        if not isinstance(item.event, UnoWindowOpened):
            continue
        owner = item.event.seat
        catchers = [seat for seat in bots if seat != owner] if _catching(state) else []
        seat = owner if owner in bots else next(iter(catchers), None)
        if seat is None:
            continue
        due = format_time(item.row.recorded_at + think)
        opened[bot_token(item.event.token)] = {
            "kind": "bot",
            "seat": seat,
            "closes_at": due,
            "due_at": due,
        }
    return opened


def _catching(state: GameState) -> bool:
    return state.rules.uno_penalty == "catch"


def bot_token(window_token: str) -> str:
    return f"bot-{window_token}"


def _open_tokens(state: GameState | None) -> frozenset[str]:
    if state is None:
        return frozenset()
    windows = frozenset(bot_token(w.token) for w in state.uno_windows)
    return state.open_deadline_tokens() | windows if windows else state.open_deadline_tokens()


def sync_deadlines(game: Game, appended: list[Appended], state: GameState | None) -> list[str]:
    """Open the deadlines the events opened and close the ones the state no longer has,
    on the head row (saved by the caller). Returns the due times of the new ones."""
    still_open = _open_tokens(state)
    kept = {t: d for t, d in game.open_deadlines.items() if t in still_open}
    opened = _opened(appended, still_open)
    _searching_starts_early(game, opened, state)
    if state is not None and state.status == Status.ACTIVE:
        opened.update(_bot_answers(appended, state))
    game.bots_only = _bots_only(state)
    if game.bots_only:
        _bots_alone_pace(game, opened)
    _set_open(game, {**kept, **opened})
    turn = game.open_deadlines.get(state.turn_token) if state is not None else None
    game.deadline_at = parse_time(turn["closes_at"]) if turn else None
    return [d["due_at"] for d in opened.values()]


def _searching_starts_early(game: Game, opened: dict[str, dict], state: GameState | None) -> None:
    """An `expert` bot's turn falls due `UNO_EXPERT_BUDGET_MS` before its think time
    ends (never before the turn began): its search is part of the think time, so its
    move lands when the think time ends, not a search later."""
    strategies = game.bots.get("strategies", {})
    experts = {int(seat) for seat, strategy in strategies.items() if strategy == EXPERT}
    if not experts or state is None:
        return
    think = state.timers.bot_delay_ms
    early = timedelta(milliseconds=min(settings.UNO_EXPERT_BUDGET_MS, think))
    for deadline in opened.values():
        if deadline["kind"] == "bot" and deadline["seat"] in experts:
            deadline["due_at"] = format_time(parse_time(deadline["closes_at"]) - early)


def _bots_alone_pace(game: Game, opened: dict[str, dict]) -> None:
    """In a game no person plays, a bot waits at least BOTS_ALONE_MIN_THINK_MS, whatever
    think time the game was made with while people sat in it (a player could otherwise
    leave a game of fast bots to play on by itself); `alone_min_ms` on the game's bots
    says otherwise for a game staff made."""
    floor = game.bots.get("alone_min_ms", BOTS_ALONE_MIN_THINK_MS)
    if not floor:
        return
    earliest = clock.now() + timedelta(milliseconds=floor)
    for deadline in opened.values():
        if deadline["kind"] == "bot" and parse_time(deadline["due_at"]) < earliest:
            deadline["closes_at"] = deadline["due_at"] = format_time(earliest)


def _bots_only(state: GameState | None) -> bool:
    """No person plays: the game is active and no seat in play is a player's."""
    if state is None or state.status != Status.ACTIVE:
        return False
    return SeatStatus.PLAYING not in state.seat_states


def _set_open(game: Game, deadlines: dict[str, dict]) -> None:
    game.open_deadlines = deadlines
    due = min((d["due_at"] for d in deadlines.values()), default=None)
    game.next_due_at = parse_time(due) if due else None


def next_overdue(game: Game, now: datetime) -> tuple[str, dict] | None:
    """The game's earliest deadline due by `now`, if any."""
    due = [(d["due_at"], token) for token, d in game.open_deadlines.items()]
    if not due:
        return None
    due_at, token = min(due)
    return (token, game.open_deadlines[token]) if parse_time(due_at) <= now else None


def forget_deadline(game: Game, token: str) -> None:
    """Drop a deadline whose command the engine refused (what it guarded already
    happened), so enforcing never loops on it (the caller saves the head row)."""
    _set_open(game, {t: d for t, d in game.open_deadlines.items() if t != token})


#: games.tasks' sweeps, sent by name: the tasks call the services, which write through
#: the write path, which imports this module.
SWEEP_TASK = "games.sweep_deadlines"
BOT_SWEEP_TASK = "games.sweep_bot_deadlines"


def schedule_sweeps(due_times: list[datetime], *, bots_only: bool = False) -> None:
    """A sweep timed for the moment the earliest of these deadlines falls due (its due time
    rounded up to the next `UNO_DEADLINE_BUCKET_MS`), unless this process has sent one
    that runs at that moment or before it and after the next moment (so its search for
    the next deadline comes after this one's commit): `games.sweep_bot_deadlines` (the
    bots queue) for a game no person plays, else `games.sweep_deadlines`. The later
    deadlines are reached by the chain of sweeps (`schedule_next_sweep`)."""
    if not due_times:
        return
    bucket = settings.UNO_DEADLINE_BUCKET_MS
    now_moment = math.floor(clock.now().timestamp() * 1000 / bucket)
    moment = math.ceil(min(due_times).timestamp() * 1000 / bucket)
    with _sent_lock:
        pending = _earliest_sent.get(bots_only)
        if pending is not None and now_moment + 1 < pending <= moment:
            return
        _earliest_sent[bots_only] = moment
    eta = datetime.fromtimestamp(moment * bucket / 1000, UTC)
    # The service's own app, not Celery's `current_app` (whichever app was made last).
    sweep = celery_app.signature(BOT_SWEEP_TASK if bots_only else SWEEP_TASK)
    try:
        sweep.apply_async(eta=eta, retry=False)
    except Exception:  # the broker is down: beat's sweep still enforces it
        with _sent_lock:
            if _earliest_sent.get(bots_only) == moment:
                del _earliest_sent[bots_only]
        logger.warning("could not schedule a deadline sweep for %s", eta, exc_info=True)


def schedule_next_sweep(*, after: datetime, bots_only: bool) -> None:
    """The chain's next link, sent by a sweep once it has run (beat's periodic ones too,
    which restart a chain whose task was lost): a timed sweep for the earliest deadline
    of its queue due after `after`, the time the sweep looked for overdue ones. What it
    left overdue (a game another writer held, more than a batch) is beat's, as before."""
    if not settings.UNO_SCHEDULE_DEADLINE_TASKS:
        return
    following = (
        Game.objects.filter(bots_only=bots_only, next_due_at__gt=after)
        .order_by("next_due_at")
        .values_list("next_due_at", flat=True)
        .first()
    )
    if following is not None:
        schedule_sweeps([following], bots_only=bots_only)
