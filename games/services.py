"""Services: who may do what to a game. Each write opens a `GameWrite` (games.write),
checks under the game's lock that the caller may act, and leaves the rest (step, append,
project, deadlines, on commit) to the write path. They raise domain errors only.

A seat's command arrives built by the API with `seat=None`; the service puts in the
caller's seat (`for_seat`), so a player can only ever act for the seat they hold.
"""

from __future__ import annotations

import dataclasses
import secrets

from django.conf import settings
from django.db import IntegrityError, connection, transaction
from django.db.models import Q

from games import engine
from games.engine import InvalidRules, StartGame
from games.engine.events import GameAborted, SeatLeft
from games.engine.state import OnAbandon, TimeoutAction, Timers
from games.log.hashing import canonical, sha256_hex
from games.log.store import SYSTEM, NewEvent
from games.timers.options import BOTS_ALONE_MIN_THINK_MS, timers_with_defaults
from players.models import Player
from unoservice import clock

from . import write
from .errors import (
    GameConflict,
    GameNotEnded,
    GameNotFound,
    InvalidOption,
    InviteRequired,
    NotHost,
    NotSeated,
    StaleVersion,
    TooManyGames,
)
from .models import DEFAULT_BOT_THINK_MS, Game, GameSeat, GameStatus, Visibility
from .setup import position_from_setup, staff_deck_from_setup
from .write import GameWrite, load_state, replay_state

__all__ = ["game_state", "replay_state"]

#: The hash scheme of games created now (2: nonces in private parts; see games.log.store).
HASH_SCHEME = 2
#: A game of bots alone, unless staff make it, thinks at least this long per move and
#: plays to at most this score: it costs the workers what a game of people would.
BOTS_ALONE_MAX_TARGET_SCORE = 500


# --- lobby ---------------------------------------------------------------------------


def game_create(
    *,
    host: Player,
    seats: int,
    rules: dict,
    timers: dict | None = None,
    visibility: str = Visibility.PUBLIC,
    setup: dict | None = None,
    bots: list[dict] | None = None,
    seat_host: bool = True,
    bot_think_ms: int = DEFAULT_BOT_THINK_MS,
    rematch_of: Game | None = None,
    match_key: str = "",
) -> Game:
    """A waiting game. The host takes seat 0 unless `seat_host` is false; each of `bots`
    (`{"strategy"}`) takes the next seat with a bot player of its own; `rematch_of` (an
    ended game) is named in its `game_created` event. A `match_key` (quick match) makes
    a game that starts by itself when its last seat is taken."""
    rules_, timers_ = game_settings(seats, rules, timers)
    if not seat_host and len(bots or ()) == seats and not host.is_staff:
        rule_set = rule_set_or_error(rules.get("preset", "classic"), rules.get("options") or {})
        _check_bots_alone(rule_set, bot_think_ms)
    setup = setup or {}
    created = NewEvent(
        "game_created",
        {
            "seats": seats,
            "rules": rules_,
            "timers": timers_,
            "visibility": visibility,
            "host": str(host.id),
            "staff_setup": sorted(key for key in setup if key != "seed")
            + (["seed"] if "seed" in setup else []),
            "hash_scheme": HASH_SCHEME,
            "bots": [bot["strategy"] for bot in bots or ()],
            "seat_host": seat_host,
            "bot_think_ms": bot_think_ms,
            **({"rematch_of": str(rematch_of.id)} if rematch_of is not None else {}),
            **({"quick_match": True} if match_key else {}),
        },
        None,
        f"player:{host.id}",
    )
    strategies = [bot["strategy"] for bot in bots or ()]
    first_bot = 1 if seat_host else 0
    fields = {
        "seat_count": seats,
        "rules": rules_,
        "timers": timers_,
        "visibility": visibility,
        "invite_code": secrets.token_urlsafe(12) if visibility == Visibility.INVITE else "",
        "setup": setup,
        "hash_scheme": HASH_SCHEME,
        "match_key": match_key,
        "bots": {
            "think_ms": bot_think_ms,
            # Staff may make games of bots alone faster than the pace a game left to
            # its bots keeps (games.timers.deadlines).
            **({"alone_min_ms": 0} if host.is_staff else {}),
            "strategies": {str(first_bot + i): name for i, name in enumerate(strategies)},
        },
    }
    with transaction.atomic():
        check_open_games(host)
        seated = [host] if seat_host else []
        seated += [_bot_player(first_bot + i, name) for i, name in enumerate(strategies)]
        return write.game_create(fields=fields, host=host, seated=seated, created=created)


def _check_bots_alone(rule_set, bot_think_ms: int) -> None:
    if bot_think_ms < BOTS_ALONE_MIN_THINK_MS:
        raise InvalidOption(
            f"bot_think_ms: a game of bots alone thinks at least {BOTS_ALONE_MIN_THINK_MS} ms "
            "per move",
            option="bot_think_ms",
        )
    if rule_set.target_score > BOTS_ALONE_MAX_TARGET_SCORE:
        raise InvalidOption(
            f"target_score: a game of bots alone plays to at most {BOTS_ALONE_MAX_TARGET_SCORE}",
            option="target_score",
        )


def check_open_games(player: Player, **problem) -> None:
    """Refuse (TooManyGames) a player who already has UNO_OPEN_GAMES_PER_PLAYER waiting or
    active games they created or sit in. Called inside the transaction that would add one:
    the player's row is locked first, so that two such transactions of the same player
    count one after the other (PostgreSQL; SQLite runs one writer at a time anyway)."""
    limit = settings.UNO_OPEN_GAMES_PER_PLAYER
    list(Player.objects.select_for_update().filter(pk=player.pk).values_list("pk"))
    open_games = (
        Game.objects.filter(status__in=(GameStatus.WAITING, GameStatus.ACTIVE))
        .filter(Q(host=player) | Q(seats__player=player, seats__left_at__isnull=True))
        .values("pk")
        .distinct()
        .count()
    )
    if open_games >= limit:
        raise TooManyGames(
            f"A player may have {limit} waiting or active games they created or sit in; "
            "finish or leave one first.",
            **problem,
        )


def game_settings(seats: int, rules: dict, timers: dict | None) -> tuple[dict, dict]:
    """The rules and timers a game of `seats` seats records, every option and timer
    filled in from the preset and the defaults; refused with InvalidOption."""
    rule_set = rule_set_or_error(rules.get("preset", "classic"), rules.get("options") or {})
    try:
        engine.check_seats(rule_set, seats)
    except InvalidRules as invalid:
        raise InvalidOption(invalid.message, code=invalid.code, option=invalid.option) from None
    return engine.rules.rules_to_dict(rule_set), timers_with_defaults(timers or {}, rule_set)


def _bot_player(seat: int, strategy: str) -> Player:
    """A player of its own for each bot seat (it holds no token)."""
    return Player.objects.create(name=f"{strategy} bot {seat}", bot=True)


def rule_set_or_error(preset: str, options: dict):
    try:
        return engine.rule_set_from(preset, options)
    except InvalidRules as invalid:
        raise InvalidOption(invalid.message, code=invalid.code, option=invalid.option) from None


def _invite_matches(given: str | None, expected: str) -> bool:
    """In constant time; any text may be given (compare_digest takes ASCII strings only)."""
    return bool(given) and secrets.compare_digest(given.encode(), expected.encode())


def game_join(*, game_id, player: Player, invite_code: str | None = None) -> GameWrite:
    with GameWrite(game_id) as w:
        game = w.game
        if _seat_of(game, player) is not None:
            return w
        if game.visibility == Visibility.INVITE and not (
            player.is_staff or _invite_matches(invite_code, game.invite_code)
        ):
            raise InviteRequired()  # no version: an outsider learns nothing of the game
        _take_free_seat(w, player)
        if game.match_key and len(game.seat_rows()) == game.seat_count:
            # A quick match game starts itself: the deal commits with the last seat.
            w.step(start_command(game), actor=SYSTEM)
    return w


def game_quick_match(*, player: Player, seats: int, rules: dict, timers: dict | None):
    """Seat `player` in the public quick match game with the same seat count, rules and
    timers (after defaults) that has waited longest, or create one they host. Returns
    (the GameWrite of the join, False) or (the new Game, True); a player already waiting
    in such a game gets it back unchanged.

    Joining and creating go through `game_join` and `game_create`, so whatever they
    check applies here too. Quick matches for the same settings queue on one lock
    (PostgreSQL; SQLite's writers are serialized anyway), so two callers never both
    create a game where one should have joined the other's."""
    rules_, timers_ = game_settings(seats, rules, timers)
    key = quick_match_key(seats, rules_, timers_)
    with transaction.atomic():
        _hold_quick_match(key)
        waiting = Game.objects.filter(
            match_key=key, status=GameStatus.WAITING, visibility=Visibility.PUBLIC
        ).order_by("created_at", "id")
        own = waiting.filter(seats__player=player).first()
        if own is not None:
            return game_join(game_id=own.id, player=player), False
        for game_id in waiting.values_list("id", flat=True)[:QUICK_MATCH_CANDIDATES]:
            try:
                return game_join(game_id=game_id, player=player), False
            except GameConflict:
                continue  # filled or closed by a plain join or a leave meanwhile
        game = game_create(host=player, seats=seats, rules=rules_, timers=timers_, match_key=key)
        return game, True


#: The waiting games a quick match tries before it creates one.
QUICK_MATCH_CANDIDATES = 20


def quick_match_key(seats: int, rules: dict, timers: dict) -> str:
    """What two quick matches must share to meet: the seat count, the whole rule set
    (every option, after the preset) and every timer (after the defaults)."""
    return sha256_hex(canonical({"seats": seats, "rules": rules, "timers": timers}))


def _hold_quick_match(key: str) -> None:
    if connection.vendor != "postgresql":
        return
    lock_id = int(sha256_hex(f"quick-match:{key}")[:16], 16) - 2**63
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_advisory_xact_lock(%s)", [lock_id])


def _take_free_seat(w: GameWrite, player: Player, **problem) -> None:
    """Seat `player` in the first free seat of the waiting game `w` holds; `problem`
    adds members to a refusal."""
    game = w.game
    if game.status != GameStatus.WAITING:
        raise GameConflict(
            "Seats can be taken only while the game is waiting.", version=game.version, **problem
        )
    taken = {s.seat for s in game.seat_rows()}
    free = [s for s in range(game.seat_count) if s not in taken]
    if not free:
        raise GameConflict(
            "Every seat is taken.", code="game_full", version=game.version, **problem
        )
    check_open_games(player, version=game.version, **problem)
    try:
        with transaction.atomic():
            GameSeat.objects.create(game=game, seat=free[0], player=player)
    except IntegrityError:
        raise GameConflict(
            "That seat was just taken.", code="game_full", version=game.version, **problem
        ) from None
    game.seat_taken(free[0], player)
    w.lobby([write.seat_taken(free[0], player)])


def game_rematch(*, game_id, player: Player) -> tuple[Game, bool]:
    """The game that follows an ended one, for a player who sat in it: the first call
    creates it (the caller hosts it, in seat 0) with the same seat count, rules, timers
    and visibility, and no staff set-up; a later call seats the caller in it, no invite
    code needed. Returns the next game and whether this call created it.

    Concurrent first calls queue on the ended game's lock, so they make one game. The
    link is kept on the ended game's head row, never as an event: its log stays sealed."""
    with GameWrite(game_id, enforce_overdue=False) as ended:
        game = ended.game
        if not _ever_seated(game, player):
            if game.visibility == Visibility.INVITE and not player.is_staff:
                raise GameNotFound()
            raise NotSeated(version=game.version)
        if game.status not in (GameStatus.FINISHED, GameStatus.ABORTED):
            raise GameNotEnded("A rematch follows a game that has ended.", version=game.version)
        if game.next_game_id is None:
            bots = game.bots or {}
            strategies = sorted(bots.get("strategies", {}).items(), key=lambda kv: int(kv[0]))
            next_game = game_create(
                host=player,
                seats=game.seat_count,
                rules=game.rules,
                timers=game.timers,
                visibility=game.visibility,
                bots=[{"strategy": strategy} for _, strategy in strategies],
                bot_think_ms=bots.get("think_ms", DEFAULT_BOT_THINK_MS),
                rematch_of=game,
            )
            ended.link_next_game(next_game)
            return next_game, True
    return _rematch_join(game.next_game_id, player), False


def _rematch_join(game_id, player: Player) -> Game:
    """Seat a player of the ended game in its rematch, unless they sat there already."""
    with GameWrite(game_id) as w:
        if not _ever_seated(w.game, player):
            _take_free_seat(w, player, next_game_id=str(game_id))
    return w.game


def game_leave(*, game_id, player: Player) -> GameWrite:
    """While waiting the seat is freed (the host's leaving closes the game); while
    active the seat is removed from play: its cards go under the draw pile and the next
    seat takes its turn."""
    with GameWrite(game_id) as w:
        game = w.game
        seat = _seated(game, player)
        if game.status == GameStatus.WAITING:
            game.seats.filter(seat=seat).delete()
            game.seat_freed(seat)
            events = [(SeatLeft(seat, str(player.id)), f"player:{player.id}")]
            status = None
            if player.id == game.host_id:
                events.append((GameAborted("host_left"), SYSTEM))
                status = GameStatus.ABORTED
            w.lobby(events, status=status)
            return w
        if game.status != GameStatus.ACTIVE:
            raise GameConflict("The game is over.", version=game.version)
        game.seats.filter(seat=seat).update(left_at=clock.now())
        game.seat_left(seat)
        w.step(engine.RemoveSeat(seat, "left"), actor=f"seat:{seat}")
    return w


def game_seat_remove(*, game_id, seat: int, reason: str, staff: Player) -> GameWrite:
    """Staff take a seat out of a game: while waiting it is freed (the host's seat is not:
    abort the game instead); while active it is removed from play as if its player had
    left, with `reason` in the event."""
    with GameWrite(game_id) as w:
        game = w.game
        taken = next((s for s in game.seat_rows() if s.seat == seat and not s.left), None)
        if taken is None:
            raise GameConflict(f"Seat {seat} is not taken.", version=game.version)
        actor = f"player:{staff.id}"
        if game.status == GameStatus.WAITING:
            if taken.player_id == str(game.host_id):
                raise GameConflict("The host's seat is not removed: abort the game instead.")
            game.seats.filter(seat=seat).delete()
            game.seat_freed(seat)
            w.lobby([(SeatLeft(seat, taken.player_id), actor)])
            return w
        if game.status != GameStatus.ACTIVE:
            raise GameConflict("The game is over.", version=game.version)
        game.seats.filter(seat=seat).update(left_at=clock.now())
        game.seat_left(seat)
        w.step(engine.RemoveSeat(seat, reason), actor=actor)
    return w


def game_start(*, game_id, player: Player) -> GameWrite:
    with GameWrite(game_id) as w:
        game = w.game
        if player.id != game.host_id and not player.is_staff:
            if game.visibility == Visibility.INVITE and _seat_of(game, player) is None:
                raise GameNotFound()  # an invite game is invisible to those not in it
            raise NotHost(version=game.version)
        if game.status != GameStatus.WAITING:
            raise GameConflict(
                "The game has already started.", code="game_not_active", version=game.version
            )
        if len(game.seat_rows()) < game.seat_count:
            raise GameConflict(
                "Every seat must be taken before the game starts.",
                code="game_not_full",
                version=game.version,
            )
        w.step(start_command(game), actor=f"player:{player.id}")
    return w


def start_command(game: Game) -> StartGame:
    setup, timers = game.setup, game.timers
    return StartGame(
        seats=game.seat_count,
        rules=engine.rules.rules_from_dict(game.rules),
        dealer=setup.get("dealer"),
        deck=staff_deck_from_setup(setup),
        position=position_from_setup(setup),
        provably_fair="seed" not in setup,
        timeout_action=TimeoutAction(timers["timeout_action"]),
        abandon_after=timers["abandon_after"],
        on_abandon=OnAbandon(timers["on_abandon"]),
        timers=Timers(
            turn_seconds=timers["turn_seconds"],
            response_seconds=timers["response_seconds"],
            uno_window_seconds=timers["uno_window_seconds"],
            uno_grace_ms=timers["uno_grace_ms"],
            bot_delay_ms=game.bots.get("think_ms", DEFAULT_BOT_THINK_MS),
        ),
        bot_seats=tuple(sorted(int(seat) for seat in game.bots.get("strategies", {}))),
    )


def game_abort(*, game_id, reason: str, staff: Player) -> GameWrite:
    with GameWrite(game_id) as w:
        game = w.game
        if game.status in (GameStatus.FINISHED, GameStatus.ABORTED):
            raise GameConflict("The game is already over.", version=game.version)
        if game.status == GameStatus.WAITING:
            w.lobby([(GameAborted(reason), f"player:{staff.id}")], status=GameStatus.ABORTED)
        else:
            w.step(engine.AbortGame(reason), actor=f"player:{staff.id}")
    return w


# --- play ----------------------------------------------------------------------------


def game_act(*, game_id, player: Player, command, if_match: int | None = None) -> GameWrite:
    """A seat's command (built with `seat=None`), for the caller's seat; `if_match` (the
    version the client saw) makes it conditional."""
    with GameWrite(game_id) as w:
        game = w.game
        seat = _seated(game, player)
        if if_match is not None and if_match != game.version:
            raise StaleVersion(
                f"The game is at version {game.version}, not {if_match}.", version=game.version
            )
        if game.status != GameStatus.ACTIVE:
            raise GameConflict("The game is not being played.", version=game.version)
        w.step(dataclasses.replace(command, seat=seat), actor=f"seat:{seat}")
    return w


def game_system_command(*, game_id, command, actor: str = SYSTEM) -> GameWrite | None:
    """A command from the server itself (timers, bots). A refused one changes nothing
    and returns None: a stale deadline is a normal race, not an error."""
    try:
        with GameWrite(game_id, enforce_overdue=False) as w:
            if w.game.status != GameStatus.ACTIVE:
                return None
            w.step(command, actor=actor)
    except GameConflict:
        return None
    return w


def game_deadlines_enforce(*, game_id, skip_locked: bool = False) -> int:
    """Enforce every overdue deadline of the game, oldest first, in one transaction.
    With `skip_locked` a game another writer holds is left for the next sweep. Returns
    how many deadlines were enforced."""
    with GameWrite(game_id, skip_locked=skip_locked, missing_ok=True, only_if_due=True) as w:
        return w.overdue_enforced


def game_state(game: Game):
    """The game's engine state at its head (None while it waits for players)."""
    return load_state(game)


# --- seats ---------------------------------------------------------------------------


def _seat_of(game: Game, player: Player) -> int | None:
    return next(
        (s.seat for s in game.seat_rows() if s.player_id == str(player.id) and not s.left),
        None,
    )


def _ever_seated(game: Game, player: Player) -> bool:
    """The player holds or held a seat (one who left still counts)."""
    return any(s.player_id == str(player.id) for s in game.seat_rows())


def _seated(game: Game, player: Player) -> int:
    """The caller's seat; an invite game is invisible (404) to those who sit elsewhere."""
    seat = _seat_of(game, player)
    if seat is None:
        if game.visibility == Visibility.INVITE and not player.is_staff:
            raise GameNotFound()
        raise NotSeated(version=game.version)
    return seat
