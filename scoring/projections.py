"""Applying ended games to the players' records, and rebuilding them from the logs.

One consumer at a time: `records_catch_up` locks `RecordsCursor`'s row, then applies
every ended game after the cursor in the order games ended (`Game.end_seq`, numbered in
each ending transaction and visible in that order), in batches, and moves the cursor in
the same transaction. Running it twice, or for games out of order, changes nothing: a
game is applied once, when the cursor reaches it. `records_rebuild` takes the same lock,
empties every projection and applies all ended games again; live updates that find the
lock taken try again later (scoring.tasks) and then apply whatever ended meanwhile.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable
from functools import cache

from django.db import connection, transaction

from games.engine import PRESETS, rule_set_from
from games.log.archive import archived_rows
from games.log.store import current_public
from games.models import Game, GameEvent
from unoservice import clock

from .models import CURSOR_ID, GameRecord, PlayerGame, Rating, RatingChange, RecordsCursor
from .ratings import Skill, new_skill, rate_match
from .records import TYPES_READ, GameOutcome, game_outcome

BATCH = 500
CUSTOM = "custom"

Progress = Callable[[int], None]


def records_catch_up(*, wait: bool = True, batch: int = BATCH) -> int | None:
    """Applies the ended games not yet applied; the number applied, or None when another
    consumer holds the lock and `wait` is false."""
    with transaction.atomic():
        cursor = _lock_cursor(wait)
        if cursor is None:
            return None
        return _apply_pending(cursor, batch, None)


def records_rebuild(*, batch: int = BATCH, progress: Progress | None = None) -> int:
    """Every projection dropped and rebuilt from the logs, in one transaction (readers
    see the old figures until it commits)."""
    with transaction.atomic():
        cursor = _lock_cursor(wait=True)
        with connection.cursor() as sql:
            for model in (RatingChange, Rating, PlayerGame, GameRecord):
                sql.execute(f"DELETE FROM {connection.ops.quote_name(model._meta.db_table)}")
        cursor.last_end_seq = 0
        applied = _apply_pending(cursor, batch, progress)
        cursor.rebuilt_at = clock.now()
        cursor.save(update_fields=["rebuilt_at"])
        return applied


def games_to_rebuild() -> int:
    """Ended games a rebuild applies (more may end while it runs)."""
    return Game.objects.filter(end_seq__isnull=False).count()


def board_preset(rules: dict) -> str:
    """The preset a game counts under: its own, or `custom` when its options differ
    from the preset's."""
    preset = rules.get("preset", "")
    if preset in PRESETS and rules.get("options") == _preset_options(preset):
        return preset
    return CUSTOM


@cache
def _preset_options(preset: str) -> dict:
    return rule_set_from(preset).options()


def _lock_cursor(wait: bool) -> RecordsCursor | None:
    RecordsCursor.objects.get_or_create(pk=CURSOR_ID)
    locked = RecordsCursor.objects.select_for_update(skip_locked=not wait)
    return locked.filter(pk=CURSOR_ID).first()


def _apply_pending(cursor: RecordsCursor, batch: int, progress: Progress | None) -> int:
    applied = 0
    while True:
        games = list(
            Game.objects.filter(end_seq__gt=cursor.last_end_seq)
            .order_by("end_seq")
            .values_list("id", "end_seq", "version", "ended_at", "status")[:batch]
        )
        if not games:
            break
        _apply_batch(games)
        cursor.last_end_seq = games[-1][1]
        cursor.save(update_fields=["last_end_seq"])
        applied += len(games)
        if progress is not None:
            progress(applied)
    return applied


def _apply_batch(games: list[tuple]) -> None:
    logs = _logs([game_id for game_id, *_ in games])
    outcomes = [(game, game_outcome(logs.get(game[0], ()))) for game in games]
    book = _RatingBook([o for _, o in outcomes])
    records, seats, changes = [], [], []
    for (game_id, end_seq, version, ended_at, head_status), outcome in outcomes:
        preset = board_preset(outcome.rules)
        status = outcome.status or head_status
        board = outcome.board or ""
        records.append(
            {
                "game_id": game_id,
                "end_seq": end_seq,
                "applied_seq": version,
                "status": status,
                "preset": preset,
                "board": board,
            }
        )
        for seat, record in outcome.seats.items():
            seats.append(
                {
                    "player_id": record.player_id,
                    "game_id": game_id,
                    "end_seq": end_seq,
                    "ended_at": ended_at,
                    "seat": seat,
                    "status": status,
                    "preset": preset,
                    "rated": bool(board),
                    "place": record.place,
                    "won": record.won,
                    "score": record.score,
                    **{name: getattr(record, name) for name in FIGURES},
                }
            )
        if board:
            changes += book.rate(game_id, end_seq, preset, board, outcome)
    _insert(GameRecord, records)
    _insert(PlayerGame, seats)
    _insert(RatingChange, changes)
    book.save()


FIGURES = ("rounds", "rounds_won", "points", "uno_calls", "times_caught", "catches", "timeouts")


def _insert(model, rows: list[dict]) -> None:
    """Rows of one model given as {attname: value} (all with the same keys), by COPY on
    PostgreSQL (Django's bulk_create, and building model instances, took most of a
    rebuild's time), by bulk_create elsewhere."""
    if not rows:
        return
    db = connection
    if db.vendor != "postgresql":
        model.objects.bulk_create([model(**row) for row in rows], batch_size=BATCH)
        return
    names = list(rows[0])
    by_attname = {f.attname: f for f in model._meta.concrete_fields}
    columns = ", ".join(db.ops.quote_name(by_attname[name].column) for name in names)
    statement = f"COPY {db.ops.quote_name(model._meta.db_table)} ({columns}) FROM STDIN"
    with db.cursor() as cursor, cursor.cursor.copy(statement) as copy:
        for row in rows:
            copy.write_row(list(row.values()))


def _logs(game_ids: list) -> dict:
    """The public parts of the events these games' records read, by game, in order, each
    in the current shape of its type (an event recorded in an older one is upcast)."""
    logs = defaultdict(list)
    rows = (
        GameEvent.objects.filter(game_id__in=game_ids, type__in=TYPES_READ)
        .order_by("game_id", "seq")
        .values_list("game_id", "type", "schema_version", "public")
    )
    for game_id, type_, version, public in rows.iterator(chunk_size=5000):
        logs[game_id].append((type_, current_public(type_, version, public)))
    for game_id in Game.objects.filter(pk__in=game_ids, archived=True).values_list("pk", flat=True):
        logs[game_id] = [
            (r.type, current_public(r.type, r.schema_version, r.public))
            for r in archived_rows(game_id)
            if r.type in TYPES_READ
        ]
    return logs


class _RatingBook:
    """The ratings of a batch's players, read once, updated in memory in end order and
    written back once."""

    def __init__(self, outcomes: list[GameOutcome]):
        players = {r.player_id for o in outcomes if o.board for r in o.seats.values()}
        self.rows = {
            (str(row.player_id), row.preset, row.board): row
            for row in Rating.objects.filter(player_id__in=players)
        }
        self.created: list[Rating] = []
        self.changed: dict[tuple, Rating] = {}

    def rate(self, game_id, end_seq: int, preset: str, board: str, outcome: GameOutcome):
        sides = [
            [self._row(outcome.seats[s].player_id, preset, board) for s in side]
            for side in outcome.sides
        ]
        places = list(range(1, len(sides) + 1))
        skills = [[Skill(row.mu, row.sigma) for row in side] for side in sides]
        changes = []
        for side, new in zip(sides, rate_match(skills, places), strict=True):
            for row, skill in zip(side, new, strict=True):
                row.mu, row.sigma, row.rating = skill.mu, skill.sigma, skill.rating
                row.games += 1
                row.last_end_seq = end_seq
                changes.append(
                    {
                        "player_id": row.player_id,
                        "game_id": game_id,
                        "end_seq": end_seq,
                        "preset": preset,
                        "board": board,
                        "mu": row.mu,
                        "sigma": row.sigma,
                        "rating": row.rating,
                        "games": row.games,
                    }
                )
        return changes

    def _row(self, player_id: str, preset: str, board: str) -> Rating:
        key = (player_id, preset, board)
        row = self.rows.get(key)
        if row is None:
            start = new_skill()
            row = Rating(
                player_id=player_id,
                preset=preset,
                board=board,
                mu=start.mu,
                sigma=start.sigma,
                rating=start.rating,
                last_end_seq=0,
            )
            self.rows[key] = row
            self.created.append(row)
        elif row.pk is not None:
            self.changed[key] = row
        return row

    def save(self) -> None:
        """One upsert for the new and the changed rows (an UPDATE per row costs more than
        the whole rating update)."""
        Rating.objects.bulk_create(
            [*self.created, *self.changed.values()],
            update_conflicts=True,
            unique_fields=["player", "preset", "board"],
            update_fields=["mu", "sigma", "rating", "games", "last_end_seq"],
        )
