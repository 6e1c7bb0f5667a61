"""Writes: every change to a game goes through here, in one transaction per request.

Locking assumption: each function that changes a game first locks its head row
(`select_for_update`; on SQLite the IMMEDIATE transaction already serializes writers),
so for one game the load -> decide -> append -> update sequence never interleaves.
"""

from __future__ import annotations

import logging
import pickle
import random
import secrets
from dataclasses import dataclass

from django.conf import settings
from django.db import IntegrityError, connection, transaction

from games import engine
from games.engine import GameState, InvalidRules, RuleViolation, StartGame
from games.engine.bot import bot_command
from players.models import Player

from . import clock
from .deadlines import (
    annotate_events,
    existing_closes,
    forget_deadline,
    next_due,
    open_deadlines,
    sync_deadlines,
)
from .errors import (
    GameConflict,
    GameNotFound,
    InvalidOption,
    InviteRequired,
    NotHost,
    NotSeated,
    StaleVersion,
)
from .models import Game, GameDeadline, GameEvent, GameSeat, GameStatus, Visibility
from .setup import position_from_setup, staff_deck_from_setup
from .store import (
    SYSTEM,
    NewEvent,
    append_events,
    engine_events,
    load_events,
    new_engine_event,
)
from .timers import timers_with_defaults

logger = logging.getLogger(__name__)

#: Bump when GameState's shape changes: older snapshots are then rebuilt by replay.
SNAPSHOT_FORMAT = f"state-v{engine.ENGINE_VERSION}.1"

_STATUS_OF_ENGINE = {
    engine.Status.ACTIVE: GameStatus.ACTIVE,
    engine.Status.FINISHED: GameStatus.FINISHED,
    engine.Status.ABORTED: GameStatus.ABORTED,
}


@dataclass(frozen=True)
class CommandResult:
    game: Game
    state: GameState | None
    rows: list[GameEvent]


# --- lobby ---------------------------------------------------------------------------


def game_create(
    *,
    host: Player,
    seats: int,
    rules: dict,
    timers: dict | None = None,
    visibility: str = Visibility.PUBLIC,
    setup: dict | None = None,
) -> Game:
    rule_set = rule_set_or_error(rules.get("preset", "classic"), rules.get("options") or {})
    try:
        engine.check_seats(rule_set, seats)
    except InvalidRules as invalid:
        raise InvalidOption(invalid.message, code=invalid.code, option=invalid.option) from None
    timers_ = timers_with_defaults(timers or {}, rule_set)
    with transaction.atomic():
        game = Game.objects.create(
            host=host,
            seat_count=seats,
            rules=engine.rules.rules_to_dict(rule_set),
            timers=timers_,
            visibility=visibility,
            invite_code=secrets.token_urlsafe(12) if visibility == Visibility.INVITE else "",
            setup=setup or {},
        )
        GameSeat.objects.create(game=game, seat=0, player=host)
        created = NewEvent(
            "game_created",
            {
                "seats": seats,
                "rules": game.rules,
                "timers": timers_,
                "visibility": visibility,
                "host": str(host.id),
                "staff_setup": sorted(key for key in (setup or {}) if key != "seed")
                + (["seed"] if "seed" in (setup or {}) else []),
            },
            None,
            f"player:{host.id}",
        )
        append_events(game, [created, _seat_taken(0, host)], now=clock.now())
        game.save(update_fields=["version", "head_hash"])
    return game


def rule_set_or_error(preset: str, options: dict):
    try:
        return engine.rule_set_from(preset, options)
    except InvalidRules as invalid:
        raise InvalidOption(invalid.message, code=invalid.code, option=invalid.option) from None


def _seat_taken(seat: int, player: Player) -> NewEvent:
    public = {"seat": seat, "player": {"id": str(player.id), "name": player.name}}
    return NewEvent("seat_taken", public, None, f"player:{player.id}")


def _locked(game_id) -> Game:
    try:
        return Game.objects.select_for_update().get(pk=game_id)
    except (Game.DoesNotExist, ValueError):
        raise GameNotFound() from None


def game_join(*, game_id, player: Player, invite_code: str | None = None) -> Game:
    with transaction.atomic():
        game = _locked(game_id)
        seated = game.seats.filter(player=player).first()
        if seated is not None:
            return game
        if game.visibility == Visibility.INVITE and not (
            player.is_staff
            or (invite_code and secrets.compare_digest(invite_code, game.invite_code))
        ):
            raise InviteRequired(version=game.version)
        if game.status != GameStatus.WAITING:
            raise GameConflict(
                "Seats can be taken only while the game is waiting.", version=game.version
            )
        taken = set(game.seats.values_list("seat", flat=True))
        free = [s for s in range(game.seat_count) if s not in taken]
        if not free:
            raise GameConflict("Every seat is taken.", code="game_full", version=game.version)
        try:
            with transaction.atomic():
                GameSeat.objects.create(game=game, seat=free[0], player=player)
        except IntegrityError:
            raise GameConflict(
                "That seat was just taken.", code="game_full", version=game.version
            ) from None
        append_events(game, [_seat_taken(free[0], player)], now=clock.now())
        game.save(update_fields=["version", "head_hash", "updated_at"])
        return game


def game_leave(*, game_id, player: Player) -> CommandResult:
    """While waiting the seat is freed (the host's leaving closes the game); while
    active the seat is removed from play (CONTRACT.md Timers: its cards go under the
    draw pile and the next seat takes its turn)."""
    with transaction.atomic():
        game = _locked(game_id)
        seat = _seat_of(game, player)
        if game.status == GameStatus.WAITING:
            game.seats.filter(seat=seat).delete()
            left = NewEvent(
                "seat_left", {"seat": seat, "player": str(player.id)}, None, f"player:{player.id}"
            )
            items = [left]
            if player.id == game.host_id:
                items.append(NewEvent("game_aborted", {"reason": "host_left"}, None, SYSTEM))
                game.status = GameStatus.ABORTED
                game.ended_at = clock.now()
            rows = append_events(game, items, now=clock.now())
            game.save()
            return CommandResult(game, None, rows)
        if game.status != GameStatus.ACTIVE:
            raise GameConflict("The game is over.", version=game.version)
        result = _execute(game, engine.RemoveSeat(seat, "left"), actor=f"seat:{seat}")
        game.seats.filter(seat=seat).update(left_at=clock.now())
        return result


def game_start(*, game_id, player: Player) -> CommandResult:
    with transaction.atomic():
        game = _locked(game_id)
        if player.id != game.host_id and not player.is_staff:
            raise NotHost(version=game.version)
        if game.status != GameStatus.WAITING:
            raise GameConflict(
                "The game has already started.", code="game_not_active", version=game.version
            )
        if game.seats.count() < game.seat_count:
            raise GameConflict(
                "Every seat must be taken before the game starts.",
                code="game_not_full",
                version=game.version,
            )
        rules = engine.rules.rules_from_dict(game.rules)
        setup = game.setup
        timers = game.timers
        command = StartGame(
            seats=game.seat_count,
            rules=rules,
            dealer=setup.get("dealer"),
            deck=staff_deck_from_setup(setup),
            position=position_from_setup(setup),
            provably_fair="seed" not in setup,
            timeout_action=timers["timeout_action"],
            abandon_after=timers["abandon_after"],
            on_abandon=timers["on_abandon"],
        )
        result = _execute(game, command, actor=f"player:{player.id}", start=True)
        return result


def game_abort(*, game_id, reason: str, staff: Player) -> CommandResult:
    with transaction.atomic():
        game = _locked(game_id)
        if game.status in (GameStatus.FINISHED, GameStatus.ABORTED):
            raise GameConflict("The game is already over.", version=game.version)
        if game.status == GameStatus.WAITING:
            rows = append_events(
                game,
                [NewEvent("game_aborted", {"reason": reason}, None, f"player:{staff.id}")],
                now=clock.now(),
            )
            game.status, game.ended_at = GameStatus.ABORTED, clock.now()
            game.save()
            return CommandResult(game, None, rows)
        return _execute(game, engine.AbortGame(reason), actor=f"player:{staff.id}")


# --- play ----------------------------------------------------------------------------


def game_command_execute(
    *, game_id, player: Player, build_command, if_match: int | None = None
) -> CommandResult:
    """Run one seat command. `build_command(seat)` makes the engine command for the
    caller's seat; `if_match` (the version the client saw) makes the move conditional."""
    enforce_overdue_first(game_id)
    with transaction.atomic():
        game = _locked(game_id)
        seat = _seat_of(game, player)
        if if_match is not None and if_match != game.version:
            raise StaleVersion(
                f"The game is at version {game.version}, not {if_match}.", version=game.version
            )
        if game.status != GameStatus.ACTIVE:
            raise GameConflict("The game is not being played.", version=game.version)
        return _execute(game, build_command(seat), actor=f"seat:{seat}")


def game_system_command(*, game_id, command, actor: str = SYSTEM) -> CommandResult | None:
    """A command from the server itself (timers, bots). A refused one changes nothing
    and returns None: a stale deadline is a normal race, not an error."""
    with transaction.atomic():
        game = _locked(game_id)
        if game.status != GameStatus.ACTIVE:
            return None
        try:
            return _execute(game, command, actor=actor)
        except GameConflict:
            return None


def _seat_of(game: Game, player: Player) -> int:
    seat = game.seats.filter(player=player, left_at__isnull=True).values_list("seat", flat=True)
    seat = seat.first()
    if seat is None:
        raise NotSeated(version=game.version)
    return seat


def _execute(game: Game, command, *, actor: str, start: bool = False) -> CommandResult:
    state = GameState() if start else game_state(game)
    try:
        outcome = engine.step(state, command, _rng_for(game))
    except RuleViolation as refused:
        raise GameConflict(refused.message, code=refused.code.value, version=game.version) from None
    except InvalidRules as invalid:
        raise InvalidOption(invalid.message, code=invalid.code, option=invalid.option) from None
    now = clock.now()
    specs = open_deadlines(outcome.state, game.timers)
    items = [new_engine_event(e, actor) for e in outcome.events]
    items = annotate_events(items, specs, existing_closes(game), now)
    rows = append_events(game, items, now=now)
    _project(game, outcome.state, now)
    opened = sync_deadlines(game, specs, now)
    game.save()
    schedule_deadline_tasks(game.id, opened)
    return CommandResult(game, outcome.state, rows)


def game_deadlines_enforce(*, game_id, skip_locked: bool = False, limit: int = 100) -> int:
    """Enforce every overdue deadline of the game, oldest first, in one transaction.
    With `skip_locked` a game another writer holds is left for the next sweep. Returns
    how many deadlines were enforced."""
    enforced = 0
    with transaction.atomic():
        games = Game.objects.select_for_update(**_skip_locked(skip_locked))
        game = games.filter(pk=game_id).first()
        if game is None:
            return 0
        while enforced < limit and game.status == GameStatus.ACTIVE:
            due = next_due(game, clock.now())
            if due is None:
                break
            try:
                _execute(game, _deadline_command(game, due), actor=_deadline_actor(due))
            except GameConflict:
                forget_deadline(game, due)  # a stale token: what it guarded already happened
            enforced += 1
    return enforced


def _deadline_command(game: Game, due: GameDeadline):
    if due.kind == GameDeadline.Kind.BOT:
        command = bot_command(game_state(game), due.seat)
        if command is not None:
            return command
    return engine.Timeout(due.token)


def _deadline_actor(due: GameDeadline) -> str:
    return f"bot:{due.seat}" if due.kind == GameDeadline.Kind.BOT else SYSTEM


def _skip_locked(wanted: bool) -> dict:
    return (
        {"skip_locked": True}
        if wanted and connection.features.has_select_for_update_skip_locked
        else {}
    )


def enforce_overdue_first(game_id) -> None:
    """Before a request acts on a game, its overdue deadlines are enforced (and committed,
    whatever becomes of the request)."""
    if GameDeadline.objects.filter(game_id=game_id, due_at__lte=clock.now()).exists():
        game_deadlines_enforce(game_id=game_id)


def schedule_deadline_tasks(game_id, opened: list[GameDeadline]) -> None:
    """Once the transaction commits, an ETA task per new deadline (the sweeper covers
    any task that is lost, late or never sent)."""
    if not opened or not settings.UNO_SCHEDULE_DEADLINE_TASKS:
        return
    due_times = sorted({d.due_at for d in opened})

    def send():
        from .tasks import enforce_deadlines

        for due_at in due_times:
            try:
                enforce_deadlines.apply_async((str(game_id),), eta=due_at, retry=False)
            except Exception:  # the broker is down: the sweeper still enforces it
                logger.warning("could not schedule deadline task for %s", game_id, exc_info=True)

    transaction.on_commit(send)


def _rng_for(game: Game) -> random.Random:
    """A staff `seed` makes every shuffle reproducible (one stream per position in the
    log); otherwise shuffles come from the operating system's randomness."""
    seed = game.setup.get("seed")
    if seed is None:
        return random.SystemRandom()
    return random.Random(f"{seed}:{game.version}")


def _project(game: Game, state: GameState, now) -> None:
    """Update the head row from the state the events led to."""
    game.status = _STATUS_OF_ENGINE[state.status]
    active = state.status == engine.Status.ACTIVE
    game.to_act = state.to_act if active else None
    game.phase = state.phase.value if active else ""
    game.round = state.round
    game.winner = list(state.winner) if isinstance(state.winner, tuple) else state.winner
    if game.started_at is None:
        game.started_at = now
    if not active and game.ended_at is None:
        game.ended_at = now
    game.snapshot = pickle.dumps(state, protocol=pickle.HIGHEST_PROTOCOL)
    game.snapshot_version = game.version
    game.snapshot_format = SNAPSHOT_FORMAT


def game_state(game: Game) -> GameState:
    """The game's state at its head: the snapshot when it is current, else a replay."""
    if (
        game.snapshot is not None
        and game.snapshot_version == game.version
        and game.snapshot_format == SNAPSHOT_FORMAT
    ):
        return pickle.loads(bytes(game.snapshot))
    return replay_state(game)


def replay_state(game: Game, upto: int | None = None) -> GameState:
    return engine.replay(engine_events(load_events(game.id, upto=upto)))
