"""The write path: every change to a game's log goes through here, read top to bottom.

    with GameWrite(game_id) as write:     lock the head row, load the state,
                                          enforce the deadlines already overdue
        ...the service checks who may act (domain errors only)...
        write.step(command, actor=...)    engine.step_in_place -> append the events
                                          -> project the head row -> open and close deadlines
                                          -> number and seal the game if it ended
                                          -> announce the new version and events
                                             (PostgreSQL NOTIFY, delivered by the
                                             commit), and name each
                                             player newly seated (their own streams)
                                          -> on commit: deadline tasks, the players'
                                             records of an ended game, `events_committed`
    write.game, write.state, write.appended   what the response is built from

Lobby events (seats taken and left while waiting) are appended by `write.lobby(...)`, and
`game_create` writes a new head row with its first events in one transaction.

Refusals: the engine's RuleViolation becomes a GameConflict naming the game's version.
A domain error raised inside the block still commits what was written before it (the
overdue deadlines enforced first), then propagates: a late move loses to its timeout and
the timeout stays. Anything else rolls the whole write back.

Writers of one game are serialized by the head row's lock (`FOR UPDATE`; on
SQLite the IMMEDIATE transaction). Inside an outer transaction (a request with an
Idempotency-Key, whose stored response commits with the events) the write joins it.
"""

from __future__ import annotations

import logging
import random
import time
from datetime import datetime

from django.conf import settings
from django.db import transaction
from django.dispatch import Signal

from games import engine
from games.engine import GameState, InvalidRules, RuleViolation
from games.engine.events import Event, PlayerRef, SeatTaken
from games.engine.expert import Budget
from games.engine.snapshot import FORMAT, state_from_json, state_to_json
from games.engine.strategies import ABANDONED_SEAT_STRATEGY, EXPERT, bot_decision
from games.live.wakeups import announce_news, announce_players
from games.log import seals
from games.log.end_order import next_end_seq
from games.log.signing_keys import SigningKeyMissing
from games.log.store import (
    SYSTEM,
    Appended,
    NewEvent,
    append_events,
    engine_events,
    events_of,
    new_engine_event,
    round_events,
)
from games.randomness import OperatingSystemRandom, SeededRandom
from games.timers.deadlines import (
    forget_deadline,
    next_overdue,
    parse_time,
    schedule_sweeps,
    sync_deadlines,
)
from unoservice import clock, metrics
from unoservice.errors import DomainError
from unoservice.rows import insert_rows_and_update_row, update_row

from .errors import GameConflict, GameNotFound, InvalidOption, LogNotFoldable
from .models import DeadlineKind, Game, GameSeat, GameStatus

log = logging.getLogger(__name__)

#: Sent once a write has committed: `game_id`, `version`, and `news`: what the write
#: announced (games.live.wakeups), the events themselves when they fit. Long-polls and
#: live streams wake on it.
events_committed = Signal()

#: Sent after the commit that ended a game (finished or aborted): `game_id`, `version`.
#: The players' records (scoring) listen, so the write path imports nothing of them.
game_ended = Signal()

#: Sent once a rematch is committed: `game_id` (the ended game), `next_game_id`. The
#: ended game's log takes no event, so this is how its players' notices learn of it.
rematch_created = Signal()

#: Sent once a write that changed which games these players sit in (or linked a game of
#: theirs to its rematch) has committed: `player_ids`. Their own streams wake on it.
players_changed = Signal()

#: The head row's fields a write changes (one UPDATE statement, written once).
HEAD_FIELDS = (
    "version",
    "head_hash",
    "status",
    "to_act",
    "phase",
    "round",
    "winner",
    "started_at",
    "ended_at",
    "end_seq",
    "deadline_at",
    "open_deadlines",
    "next_due_at",
    "bots_only",
    "seated",
    "state",
    "state_format",
    "seal",
    "updated_at",
)

#: At most this many overdue deadlines are enforced before a request acts.
OVERDUE_LIMIT = 100

_STATUS_OF_ENGINE = {
    engine.Status.ACTIVE: GameStatus.ACTIVE,
    engine.Status.FINISHED: GameStatus.FINISHED,
    engine.Status.ABORTED: GameStatus.ABORTED,
}


class GameWrite:
    """One write to one game, as a `with` block (see the module's docstring)."""

    def __init__(
        self,
        game_id,
        *,
        skip_locked: bool = False,
        missing_ok: bool = False,
        enforce_overdue: bool = True,
        only_if_due: bool = False,
    ):
        """`skip_locked`: a game another writer holds is left alone (`game` is None), as
        is a missing one with `missing_ok`, and one with nothing due with `only_if_due`;
        otherwise a missing game is GameNotFound."""
        self.game_id = game_id
        self.skip_locked = skip_locked
        self.only_if_due = only_if_due
        self.missing_ok = missing_ok or skip_locked or only_if_due
        self.enforce_overdue = enforce_overdue
        self.game: Game | None = None
        self.state: GameState | None = None
        self.appended: list[Appended] = []
        self.overdue_enforced = 0
        self._due_times: list[str] = []
        self._ended = False
        self._seated_before: set[str] = set()
        self._players_to_wake: set[str] = set()
        self._atomic = transaction.atomic(savepoint=False)

    # --- lock, load ------------------------------------------------------------------

    def __enter__(self) -> GameWrite:
        self._atomic.__enter__()
        try:
            due_by = clock.now() if self.only_if_due else None
            self.game = _lock(self.game_id, self.skip_locked, self.missing_ok, due_by)
            if self.game is not None:
                self._seated_before = _humans_seated(self.game)
                self.state = load_state(self.game)
                if self.enforce_overdue:
                    self._enforce_overdue()
        except BaseException as error:
            self.__exit__(type(error), error, error.__traceback__)
            raise
        return self

    def _enforce_overdue(self) -> None:
        while self.overdue_enforced < OVERDUE_LIMIT and self.game.status == GameStatus.ACTIVE:
            due = next_overdue(self.game, clock.now())
            if due is None:
                return
            token, deadline = due
            try:
                command = _deadline_command(self.game, self.state, token, deadline)
                self.step(command, actor=_actor(deadline))
                metrics.deadline_enforced(deadline["kind"], _lateness(deadline))
            except GameConflict:
                forget_deadline(self.game, token)
                self.game.save(update_fields=["open_deadlines", "next_due_at"])
            self.overdue_enforced += 1

    # --- step, append, project, deadlines ----------------------------------------------

    def step(self, command, *, actor: str) -> None:
        """Decide `command` on the current state and record what it settles. The state is
        this write's own (loaded or replayed for it), so the engine steps it in place; a
        refused command leaves it as it was."""
        game = self.game
        state = GameState() if isinstance(command, engine.StartGame) else self.state
        try:
            events = engine.step_in_place(state, command, _rng_for(game))
        except RuleViolation as refused:
            metrics.command_refused(refused.code.value)
            raise GameConflict(refused.message, refused.code.value, version=game.version) from None
        except InvalidRules as invalid:
            raise InvalidOption(invalid.message, invalid.code, option=invalid.option) from None
        metrics.command_applied(command, actor)
        now = clock.now()
        items = [new_engine_event(event, actor, now) for event in events]
        self._record(items, state, now)

    def lobby(self, events: list[tuple[Event, str]], *, status: str | None = None) -> None:
        """Append the lobby's events (seats taken and left, a waiting game's abort), each
        with its actor: the engine types and encodes them, and no engine state changes
        with them."""
        if status is not None:
            self.game.status = status
        now = clock.now()
        items = [new_engine_event(event, actor, now) for event, actor in events]
        self._record(items, self.state, now)

    def _record(self, items: list[NewEvent], state: GameState | None, now: datetime) -> None:
        game = self.game
        appended = append_events(game, items, now=now, insert=False)
        self.appended += appended
        self.state = state
        if state is not None:
            _project(game, state, now)
        self._due_times += sync_deadlines(game, appended, state)
        if game.status in (GameStatus.FINISHED, GameStatus.ABORTED) and game.end_seq is None:
            game.end_seq = next_end_seq()
            self._ended = True
        if game.status in (GameStatus.FINISHED, GameStatus.ABORTED) and game.seal is None:
            game.ended_at = game.ended_at or now
            game.seal = _seal_or_none(game, now)
        insert_rows_and_update_row([a.row for a in appended], game, HEAD_FIELDS)

    def link_next_game(self, next_game: Game) -> None:
        """Point this ended game at its rematch. A head row column, not an event: an
        ended log takes none, so its version, head hash and seal stay as they are."""
        self.game.next_game_id = next_game.id
        update_row(self.game, ("next_game",))
        self._players_to_wake |= {s.player_id for s in self.game.seat_rows() if not s.bot}
        game_id, next_game_id = self.game.id, next_game.id
        transaction.on_commit(
            lambda: rematch_created.send(sender=Game, game_id=game_id, next_game_id=next_game_id)
        )

    # --- commit, on commit -------------------------------------------------------------

    def __exit__(self, kind, error, traceback) -> bool:
        refused = isinstance(error, DomainError)
        if refused:
            kind = error = traceback = None  # keep what was written before the refusal
        wake = set()
        news = None
        if self.game is not None and error is None:
            wake = self._players_to_wake | (_humans_seated(self.game) - self._seated_before)
        try:
            if self.game is not None and self.appended and error is None:
                rows = [appended.row for appended in self.appended]
                news = announce_news(self.game, rows, self.appended, self.state)
            if wake:
                announce_players(wake)
        except BaseException as failed:
            self._atomic.__exit__(type(failed), failed, failed.__traceback__)
            raise
        self._atomic.__exit__(kind, error, traceback)
        if self.game is not None and self.appended and error is None:
            _on_commit(
                self.game.id,
                self.game.version,
                self._due_times,
                self._ended,
                news,
                bots_only=self.game.bots_only,
            )
        if wake:
            _wake_players_on_commit(wake)
        return False


def load_state(game: Game) -> GameState | None:
    """The engine state at the game's head: the JSON cache when it is current, else a
    replay of the log (a cache of another format, or a game written before the cache
    was JSON, is rebuilt this way and never unpickled)."""
    cached = game.state
    if cached is not None and game.state_format == FORMAT and cached.get("version") == game.version:
        return state_from_json(cached["state"])
    if game.status == GameStatus.WAITING:
        return None
    return replay_state(game)


def replay_state(game: Game, upto: int | None = None) -> GameState:
    """The engine state as of seq `upto` (the head when None), folded from the log; a log
    the engine cannot fold (rewritten outside the service) is LogNotFoldable, naming the
    first event it cannot apply."""
    rows = events_of(game, upto=upto)
    try:
        return engine.replay(engine_events(rows))
    except Exception as error:
        seq = _first_unfoldable(rows)
        if seq is None:
            raise  # every event folds on its own: not the log's fault
        log.error("game %s: the log does not replay from event %s on: %r", game.id, seq, error)
        raise LogNotFoldable(
            f"The game's event log does not replay from event {seq} on (it was changed "
            "outside the service; the audit says what is wrong).",
            seq=seq,
        ) from None


def _first_unfoldable(rows) -> int | None:
    """The seq of the first row the engine cannot apply, or None."""
    state = GameState()
    for row in rows:
        try:
            for event in engine_events([row]):
                state = engine.evolve(state, event)
        except Exception:  # a tampered row can fail in any way: which row is what we want
            return row.seq
    return None


def game_create(*, fields: dict, host, seated: list, created: NewEvent) -> Game:
    """A new head row, the first seats taken (`seated[i]` sits in seat i) and its first
    events, in one transaction: `created` (`game_created`), then a `seat_taken` a seat."""
    with transaction.atomic():
        game = Game(host=host, **fields)
        for seat, player in enumerate(seated):
            game.seat_taken(seat, player)
        game.save(force_insert=True)
        GameSeat.objects.bulk_create(
            [GameSeat(game=game, seat=seat, player=player) for seat, player in enumerate(seated)]
        )
        now = clock.now()
        taken = [seat_taken(seat, player) for seat, player in enumerate(seated)]
        first_events = [created] + [new_engine_event(e, actor, now) for e, actor in taken]
        append_events(game, first_events, now=now)
        game.save(update_fields=["version", "head_hash"])
        seated_humans = _humans_seated(game)
        announce_players(seated_humans)
        _wake_players_on_commit(seated_humans)
    return game


def seat_taken(seat: int, player) -> tuple[SeatTaken, str]:
    """The lobby's event of `player` taking `seat`, with its actor."""
    actor = f"bot:{seat}" if player.bot else f"player:{player.id}"
    return SeatTaken(seat, PlayerRef(str(player.id), player.name, player.bot)), actor


def _humans_seated(game: Game) -> set[str]:
    """The players (not bots) who sit in the game now."""
    return {s.player_id for s in game.seat_rows() if not s.left and not s.bot}


def _wake_players_on_commit(player_ids: set[str]) -> None:
    ids = sorted(player_ids)
    transaction.on_commit(lambda: players_changed.send(sender=Game, player_ids=ids))


def seal_ended_game(game_id, *, chain_fault) -> str:
    """Seals a game that ended before seals existed, unless `chain_fault(game)` finds its
    log at fault (a seal must never bless a rewritten log). Returns what was done:
    "sealed", "already sealed", "not ended" or the fault."""
    with transaction.atomic():
        game = _lock(game_id, skip_locked=False, missing_ok=False)
        if game.seal is not None:
            return "already sealed"
        if game.status not in (GameStatus.FINISHED, GameStatus.ABORTED):
            return "not ended"
        fault = chain_fault(game)
        if fault:
            return fault
        game.seal = seals.seal(str(game.id), game.head_hash, game.version, clock.now())
        update_row(game, ("seal",))
        return "sealed"


def _lock(game_id, skip_locked: bool, missing_ok: bool, due_by=None) -> Game | None:
    """The head row, locked; None when another writer holds it (`skip_locked`), it is
    missing (`missing_ok`) or nothing is due by `due_by`."""
    game = Game.head_row(game_id, lock=True, skip_locked=skip_locked, due_by=due_by)
    if game is None and not missing_ok:
        raise GameNotFound()
    return game


def _project(game: Game, state: GameState, now: datetime) -> None:
    """The head row from the state the events led to, with the state cache."""
    game.status = _STATUS_OF_ENGINE[state.status]
    active = state.status == engine.Status.ACTIVE
    game.to_act = state.to_act if active else None
    game.phase = state.phase.value if active else ""
    game.round = state.round
    game.winner = list(state.winner) if isinstance(state.winner, tuple) else state.winner
    if game.started_at is None:
        game.started_at = now
    game.state = {"version": game.version, "state": state_to_json(state)}
    game.state_format = FORMAT


def _seal_or_none(game: Game, now: datetime) -> dict | None:
    """The game's seal; None (logged) when the key file is missing, so that the players'
    last move still counts: `manage.py seal_games` seals the game once the key is back."""
    try:
        return seals.seal(str(game.id), game.head_hash, game.version, now)
    except SigningKeyMissing as missing:
        log.error("game %s ended unsealed: %s", game.id, missing)
        return None


def _deadline_command(game: Game, state: GameState, token: str, deadline: dict):
    """A bot's think time ends with the bot's own choice (from what its seat may see);
    any other deadline, or a bot with nothing to send, with the engine's timeout."""
    if deadline["kind"] == DeadlineKind.BOT:
        seat = deadline["seat"]
        strategy = bot_strategy(game, seat)
        search = _search_inputs(game, seat) if strategy == EXPERT else {}
        command = bot_decision(state, seat, strategy, _bot_rng(game), **search)
        if command is not None:
            return command
    return engine.Timeout(token)


def _search_inputs(game: Game, seat: int) -> dict:
    """What the `expert` bot searches from: the round's events as its seat was shown
    them, and its budget, `UNO_EXPERT_BUDGET_MS` of this process's clock (its deadline
    fell due that much before the think time ends: games.timers.deadlines)."""
    viewer = engine.Viewer.of_seat(seat)
    seen = [engine.redact_for(event, viewer) for event in round_events(game.id)]
    seconds = settings.UNO_EXPERT_BUDGET_MS / 1000
    return {"seen": seen, "budget": Budget(seconds=seconds, clock=time.perf_counter)}


def bot_strategy(game: Game, seat: int) -> str:
    """The strategy the bot in `seat` plays: the one it was created with, else (a seat
    taken over from a player) the abandoned seats' strategy."""
    return game.bots.get("strategies", {}).get(str(seat), ABANDONED_SEAT_STRATEGY)


def _bot_rng(game: Game) -> random.Random:
    seed = game.setup.get("seed")
    if seed is None:
        return OperatingSystemRandom()
    return SeededRandom.keyed(settings.UNO_SEED_SECRET, f"{seed}:bot:{game.version}")


def _lateness(deadline: dict) -> float:
    return (clock.now() - parse_time(deadline["due_at"])).total_seconds()


def _actor(deadline: dict) -> str:
    return f"bot:{deadline['seat']}" if deadline["kind"] == DeadlineKind.BOT else SYSTEM


def _rng_for(game: Game) -> random.Random:
    """A staff `seed` makes every shuffle reproducible on this server (one stream per
    position in the log, keyed with the server's seed secret); otherwise shuffles come
    from the operating system's randomness."""
    seed = game.setup.get("seed")
    if seed is None:
        return OperatingSystemRandom()
    return SeededRandom.keyed(settings.UNO_SEED_SECRET, f"{seed}:{game.version}")


def _on_commit(
    game_id, version: int, due_times: list[str], ended: bool, news: str, *, bots_only: bool
) -> None:
    """Once the transaction commits: a sweep timed for each new deadline (shared with the
    other deadlines due at the same moment; beat's periodic sweep covers any that is
    lost, late or never sent), on the bots queue for a game no person plays, the
    players' records of a game that just ended, and the `events_committed` signal, with
    the write's `news` (games.live.wakeups)."""

    def after_commit():
        if due_times and settings.UNO_SCHEDULE_DEADLINE_TASKS:
            schedule_sweeps([parse_time(due_at) for due_at in due_times], bots_only=bots_only)
        if ended:
            game_ended.send(sender=Game, game_id=game_id, version=version)
        events_committed.send(sender=Game, game_id=game_id, version=version, news=news)

    transaction.on_commit(after_commit)
