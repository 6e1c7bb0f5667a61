"""The game head row and the append-only event log.

`GameEvent` rows are written only through `games.log.store` and never change: the model
refuses to save an existing row or delete one, and triggers in the database reject UPDATE
and DELETE outright (PostgreSQL: migration 0002; SQLite: 0007; see games.log.storage_guard).
A game is never deleted either: its events hold it (`PROTECT`). `Game` is a projection of
its events, updated in the same transaction as each append; its state cache (JSON) is
checked by the audit.
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from functools import cache

from django.core.exceptions import ValidationError
from django.db import connection, models
from django.utils import timezone

from players.models import Player
from unoservice.fields import JSONField
from unoservice.rows import Columns, fetch_one, table

#: How long a bot waits before it acts, unless its game says otherwise.
DEFAULT_BOT_THINK_MS = 600


class DeadlineKind(models.TextChoices):
    """What a deadline guards: the turn, a response (W+4, drawn card, a choice), an UNO
    window, or a bot's think time."""

    TURN = "turn"
    RESPONSE = "response"
    UNO = "uno"
    BOT = "bot"


@dataclass(frozen=True, slots=True)
class SeatRef:
    seat: int
    player_id: str
    name: str
    left: bool
    bot: bool = False

    @property
    def player(self) -> dict:
        ref = {"id": self.player_id, "name": self.name}
        if self.bot:
            ref["bot"] = True
        return ref


class GameStatus(models.TextChoices):
    WAITING = "waiting"
    ACTIVE = "active"
    FINISHED = "finished"
    ABORTED = "aborted"


class Visibility(models.TextChoices):
    PUBLIC = "public"
    INVITE = "invite"


class Game(models.Model):
    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    status = models.CharField(
        max_length=10, choices=GameStatus.choices, default=GameStatus.WAITING, db_index=True
    )
    host = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="hosted_games")
    seat_count = models.PositiveSmallIntegerField()
    rules = JSONField(help_text='{"preset": ..., "options": {...every option...}}')
    timers = JSONField()
    visibility = models.CharField(max_length=10, choices=Visibility.choices)
    invite_code = models.CharField(max_length=32, blank=True)
    setup = JSONField(
        default=dict, blank=True, help_text="Staff-only deck, position, dealer and seed."
    )
    version = models.PositiveIntegerField(default=0, help_text="The seq of the last event.")
    head_hash = models.CharField(max_length=64, default="0" * 64)
    hash_scheme = models.PositiveSmallIntegerField(
        default=1,
        help_text="2: every private part holds a random nonce (games created before: 1).",
    )
    to_act = models.SmallIntegerField(null=True, blank=True)
    phase = models.CharField(max_length=20, blank=True)
    round = models.PositiveSmallIntegerField(default=0)
    deadline_at = models.DateTimeField(
        null=True, blank=True, help_text="When the seat to act must have acted."
    )
    open_deadlines = JSONField(
        default=dict,
        blank=True,
        help_text='The open deadlines by token: {"kind", "seat", "closes_at", "due_at"}.',
    )
    next_due_at = models.DateTimeField(
        null=True, blank=True, help_text="The earliest due_at of the open deadlines (swept)."
    )
    bots_only = models.BooleanField(
        default=False,
        help_text="Active with no person playing: its deadlines are swept on the workers' "
        "bots queue (games.timers.deadlines).",
    )
    winner = JSONField(null=True, blank=True)
    state = JSONField(
        null=True, blank=True, editable=False, help_text="The engine state at `version` (a cache)."
    )
    state_format = models.PositiveSmallIntegerField(default=0, editable=False)
    seal = JSONField(
        null=True,
        blank=True,
        editable=False,
        help_text="The Ed25519 seal written when the game ended (GET /games/{id}/seal).",
    )
    archived = models.BooleanField(
        default=False,
        editable=False,
        help_text="Its log was moved to cold storage (ArchivedLog, games.log.archive).",
    )
    seated = JSONField(
        default=list,
        blank=True,
        help_text='The seats taken: [{"seat", "player": {"id", "name"}, "left"}], the name as '
        "when the seat was taken (the seat rows' projection, read with the game).",
    )
    bots = JSONField(
        default=dict,
        blank=True,
        help_text='The server bots: {"think_ms": ms, "strategies": {seat: strategy}} (seats '
        "taken over later play greedy).",
    )
    next_game = models.OneToOneField(
        "self",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        editable=False,
        related_name="previous_game",
        help_text="The rematch of this ended game (POST /games/{id}/rematch); not an event: "
        "an ended log takes none.",
    )
    match_key = models.CharField(
        max_length=64,
        blank=True,
        default="",
        editable=False,
        help_text="Quick match (POST /quick-match): the digest of its seat count, rules and "
        "timers; such a game starts by itself when its last seat is taken. Empty otherwise.",
    )
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)
    started_at = models.DateTimeField(null=True, blank=True)
    ended_at = models.DateTimeField(null=True, blank=True)
    end_seq = models.PositiveBigIntegerField(
        null=True,
        blank=True,
        unique=True,
        editable=False,
        help_text="The global order games ended in (1, 2, 3 …), given in the ending "
        "transaction: players' records apply ratings in this order.",
    )

    class Meta:
        ordering = ["-created_at"]
        indexes = [
            models.Index(fields=["status", "visibility", "-created_at"]),
            models.Index(
                fields=["match_key", "created_at"],
                name="games_quick_match_waiting",
                condition=models.Q(status="waiting") & ~models.Q(match_key=""),
            ),
            models.Index(
                fields=["bots_only", "next_due_at"],
                name="games_due_deadlines_by_queue",
                condition=models.Q(next_due_at__isnull=False),
            ),
        ]

    def __str__(self) -> str:
        return f"game {self.id} ({self.status}, v{self.version})"

    @classmethod
    def head_row(
        cls,
        game_id,
        *,
        lock: bool = False,
        skip_locked: bool = False,
        due_by=None,
        fields: tuple[str, ...] | None = None,
    ) -> Game | None:
        """The head row by id in one precompiled statement (unoservice.rows), locked
        FOR UPDATE (or skipped when another writer holds it) where the database can;
        with `due_by`, only if it has a deadline due by then (a sweep racing another finds
        nothing left to do without taking the game). With `fields` (`id` among them), only
        those columns: the others are deferred, each read by a query of its own if used."""
        try:
            key = cls._meta.pk.get_db_prep_value(cls._meta.pk.to_python(game_id), connection)
        except (ValidationError, ValueError, TypeError, AttributeError):
            return None
        params = [key]
        if due_by is not None:
            field = cls._meta.get_field("next_due_at")
            params.append(field.get_db_prep_value(due_by, connection))
        sql = _head_row_sql(lock, skip_locked, due_by is not None, fields)
        found = fetch_one(sql, params, _head_row_columns(fields))
        return found[0] if found else None

    def seat_rows(self) -> list[SeatRef]:
        """Who sits where, from the head row (no query): `seated`, kept by the write path
        beside the seat rows, which hold the constraints and serve lists by player."""
        return [
            SeatRef(
                s["seat"],
                s["player"]["id"],
                s["player"]["name"],
                s["left"],
                bot=bool(s["player"].get("bot")),
            )
            for s in self.seated
        ]

    def seat_taken(self, seat: int, player) -> None:
        entry = {"seat": seat, "player": player_ref(player)}
        self.seated = sorted([*self.seated, {**entry, "left": False}], key=lambda s: s["seat"])

    def seat_freed(self, seat: int) -> None:
        self.seated = [s for s in self.seated if s["seat"] != seat]

    def seat_left(self, seat: int) -> None:
        self.seated = [{**s, "left": s["left"] or s["seat"] == seat} for s in self.seated]


def player_ref(player) -> dict:
    """A player as games show it: `{"id", "name"}`, and `"bot": true` for a server bot."""
    ref = {"id": str(player.id), "name": player.name}
    if player.bot:
        ref["bot"] = True
    return ref


@cache
def _head_row_columns(fields: tuple[str, ...] | None = None) -> Columns:
    return Columns(Game, "g", fields)


@cache
def _head_row_sql(lock: bool, skip_locked: bool, due: bool, fields=None) -> str:
    sql = f"SELECT {_head_row_columns(fields).sql} FROM {table(Game)} g WHERE g.id = %s"
    if due:
        sql += " AND g.next_due_at <= %s"
    if lock and connection.features.has_select_for_update:
        sql += " FOR UPDATE"
        if skip_locked and connection.features.has_select_for_update_skip_locked:
            sql += " SKIP LOCKED"
    return sql


class GameSeat(models.Model):
    """Who sits where. Seats are numbered from 0 in the order they were taken."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="seats")
    seat = models.PositiveSmallIntegerField()
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="seats")
    joined_at = models.DateTimeField(auto_now_add=True)
    left_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["game", "seat"]
        constraints = [
            models.UniqueConstraint(fields=["game", "seat"], name="one_player_per_seat"),
            models.UniqueConstraint(fields=["game", "player"], name="one_seat_per_player"),
        ]

    def __str__(self) -> str:
        return f"seat {self.seat} of {self.game_id}: {self.player}"


class AppendOnlyError(Exception):
    """Events are facts: they are never changed or deleted."""


class AppendOnlyQuerySet(models.QuerySet):
    """Bulk `update()` and `delete()` skip the model's `save()` and `delete()`: they are
    refused here too, with a clearer error than the database's trigger would give."""

    def update(self, **kwargs):
        raise AppendOnlyError("game events are never changed")

    def delete(self):
        raise AppendOnlyError("game events are never deleted")


class GameEvent(models.Model):
    game = models.ForeignKey(Game, on_delete=models.PROTECT, related_name="events")
    seq = models.PositiveIntegerField()
    type = models.CharField(max_length=40)
    schema_version = models.PositiveSmallIntegerField()
    public = JSONField()
    private = JSONField(null=True, blank=True)
    private_digest = models.CharField(max_length=64, blank=True)
    actor = models.CharField(max_length=60, help_text='"seat:N", "player:<id>" or "system".')
    recorded_at = models.DateTimeField()
    prev_hash = models.CharField(max_length=64)
    hash = models.CharField(max_length=64)

    objects = AppendOnlyQuerySet.as_manager()

    class Meta:
        ordering = ["game", "seq"]
        constraints = [
            models.UniqueConstraint(fields=["game", "seq"], name="one_event_per_game_seq")
        ]
        # The dashboard counts the last hour's events per minute every few seconds.
        indexes = [models.Index(fields=["recorded_at"], name="games_events_by_time")]

    def __str__(self) -> str:
        return f"{self.game_id} #{self.seq} {self.type}"

    def save(self, *args, **kwargs):
        if not self._state.adding:
            raise AppendOnlyError("game events are never changed")
        super().save(*args, **kwargs)

    def delete(self, *args, **kwargs):
        raise AppendOnlyError("game events are never deleted")


class ArchivedLog(models.Model):
    """An ended, sealed game's whole log in cold storage (games.log.archive): written once
    by the owner's `archive_games` in the transaction that removes the game's events from
    the hot table, never changed (a trigger refuses UPDATE and DELETE, as on the events)."""

    game = models.OneToOneField(
        Game, on_delete=models.PROTECT, primary_key=True, related_name="archived_log"
    )
    codec = models.PositiveSmallIntegerField(help_text="The encoding (games.log.archive).")
    events = models.PositiveIntegerField()
    head_hash = models.CharField(max_length=64, help_text="The last event's hash, as sealed.")
    data = models.BinaryField()
    archived_at = models.DateTimeField()

    objects = AppendOnlyQuerySet.as_manager()

    def __str__(self) -> str:
        return f"{self.game_id} archived ({self.events} events, {len(self.data)} bytes)"

    def save(self, *args, **kwargs):
        if not self._state.adding:
            raise AppendOnlyError("an archived log is never changed")
        super().save(*args, **kwargs)

    def delete(self, *args, **kwargs):
        raise AppendOnlyError("an archived log is never deleted")


class IdempotencyRecord(models.Model):
    """A POST's stored response under its Idempotency-Key (kept at least 24 h)."""

    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="+")
    key = models.CharField(max_length=200)
    request_hash = models.CharField(max_length=64)
    status_code = models.PositiveSmallIntegerField(null=True, blank=True)
    response = JSONField(null=True, blank=True)
    headers = JSONField(default=dict, blank=True, help_text="ETag and Location.")
    created_at = models.DateTimeField(default=timezone.now, db_index=True)
    completed_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["player", "key"], name="one_record_per_key")]

    def __str__(self) -> str:
        return f"{self.key} ({self.status_code or 'running'})"
