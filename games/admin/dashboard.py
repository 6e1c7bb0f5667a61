"""The operator's dashboard: what it shows, read from the tables (so it survives any
restart): games and deadlines from the games' head rows, events per minute from the
event log, the worker's heartbeat from its pings, and what only the service itself sees
(moves refused, throttled requests, server errors, sweeper runs) from the per-minute
figures. Every number carries the admin list it was counted from."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime, timedelta
from urllib.parse import urlencode

from django.conf import settings
from django.db.models import Count, Max, Sum
from django.db.models.functions import TruncMinute
from django.urls import reverse

from games.models import Game, GameEvent, GameStatus
from unoservice.ops import figures
from unoservice.ops.models import FigureBucket, WorkerPing

CHART_MINUTES = 60
RECENT_ERRORS_HOURS = 24
CHART_WIDTH, CHART_HEIGHT = 600, 120


@dataclass(frozen=True)
class Figure:
    key: str
    label: str
    value: int
    url: str


@dataclass(frozen=True)
class Bar:
    minute: datetime
    count: int
    x: float
    y: float
    width: float
    height: float


@dataclass
class Dashboard:
    now: datetime
    games: list[Figure]
    deadlines: list[Figure]
    figures: list[Figure]
    refusals: list[Figure]
    server_errors: list[dict]
    events_per_minute: list[Bar]
    busiest_minute: int
    events_last_hour: int
    sweeper_last_run: datetime | None
    heartbeat: WorkerPing | None
    links: dict[str, str] = field(default_factory=dict)

    def as_json(self) -> dict:
        def figure(f: Figure) -> dict:
            return {"key": f.key, "label": f.label, "value": f.value, "url": f.url}

        return {
            "now": self.now.isoformat(),
            "games": [figure(f) for f in self.games],
            "deadlines": [figure(f) for f in self.deadlines],
            "figures": [figure(f) for f in self.figures],
            "refusals": [figure(f) for f in self.refusals],
            "server_errors": [
                {**e, "last_at": e["last_at"].isoformat()} for e in self.server_errors
            ],
            "events_per_minute": [
                {"minute": b.minute.isoformat(), "count": b.count} for b in self.events_per_minute
            ],
            "sweeper_last_run": _iso(self.sweeper_last_run),
            "worker_heartbeat": _iso(self.heartbeat.handled_at if self.heartbeat else None),
        }


def _iso(moment: datetime | None) -> str | None:
    return moment.isoformat() if moment else None


def changelist(model, **lookups) -> str:
    url = reverse(f"admin:{model._meta.app_label}_{model._meta.model_name}_changelist")
    return f"{url}?{urlencode(lookups)}" if lookups else url


def overdue_grace() -> timedelta:
    """A deadline counts as overdue once it is this late: beat's sweep runs every
    UNO_SWEEP_SECONDS, so being due for a moment is normal, being due for two sweeps is
    not."""
    return timedelta(seconds=max(2.0, 2 * settings.UNO_SWEEP_SECONDS))


def dashboard_get(*, now: datetime) -> Dashboard:
    hour_ago = now - timedelta(minutes=CHART_MINUTES)
    bars = _events_per_minute(now)
    return Dashboard(
        now=now,
        games=_games(now),
        deadlines=_deadlines(now),
        figures=_service_figures(hour_ago),
        refusals=_refusals(hour_ago),
        server_errors=_server_errors(now - timedelta(hours=RECENT_ERRORS_HOURS)),
        events_per_minute=bars,
        busiest_minute=max((b.count for b in bars), default=0),
        events_last_hour=sum(b.count for b in bars),
        sweeper_last_run=FigureBucket.objects.filter(name=figures.SWEEPER_RUN).aggregate(
            last=Max("last_at")
        )["last"],
        heartbeat=WorkerPing.objects.order_by("-handled_at").first(),
        links={
            "events": changelist(GameEvent, recorded_at__gte=hour_ago.isoformat()),
            "sweeper": changelist(FigureBucket, name=figures.SWEEPER_RUN),
            "heartbeat": changelist(WorkerPing),
        },
    )


def _games(now: datetime) -> list[Figure]:
    today = now.replace(hour=0, minute=0, second=0, microsecond=0)
    by_status = dict(
        Game.objects.filter(status__in=[GameStatus.WAITING, GameStatus.ACTIVE])
        .values_list("status")
        .annotate(n=Count("id"))
        .order_by()
    )
    ended_today = dict(
        Game.objects.filter(
            status__in=[GameStatus.FINISHED, GameStatus.ABORTED], ended_at__gte=today
        )
        .values_list("status")
        .annotate(n=Count("id"))
        .order_by()
    )
    since = today.isoformat()
    return [
        Figure(
            "games_waiting",
            "Games waiting",
            by_status.get(GameStatus.WAITING, 0),
            changelist(Game, status=GameStatus.WAITING),
        ),
        Figure(
            "games_active",
            "Games active",
            by_status.get(GameStatus.ACTIVE, 0),
            changelist(Game, status=GameStatus.ACTIVE),
        ),
        Figure(
            "games_finished_today",
            "Finished today",
            ended_today.get(GameStatus.FINISHED, 0),
            changelist(Game, status=GameStatus.FINISHED, ended_at__gte=since),
        ),
        Figure(
            "games_aborted_today",
            "Aborted today",
            ended_today.get(GameStatus.ABORTED, 0),
            changelist(Game, status=GameStatus.ABORTED, ended_at__gte=since),
        ),
    ]


def _deadlines(now: datetime) -> list[Figure]:
    """Open deadlines, counted from the head rows of the games that have any (the same
    rows the sweeper reads, by the same index)."""
    late = now - overdue_grace()
    pending = overdue = 0
    for open_deadlines in Game.objects.filter(next_due_at__isnull=False).values_list(
        "open_deadlines", flat=True
    ):
        for deadline in (open_deadlines or {}).values():
            pending += 1
            due = deadline.get("due_at") or deadline.get("closes_at")
            if due and datetime.fromisoformat(due.replace("Z", "+00:00")) < late:
                overdue += 1
    return [
        Figure(
            "deadlines_pending",
            "Deadlines pending",
            pending,
            changelist(Game, next_due_at__isnull="False"),
        ),
        Figure(
            "deadlines_overdue",
            "Deadlines overdue",
            overdue,
            changelist(Game, next_due_at__lt=late.isoformat()),
        ),
    ]


def _counted(prefix: str, since: datetime) -> int:
    total = FigureBucket.objects.filter(name__startswith=prefix, minute__gte=since).aggregate(
        n=Sum("count")
    )["n"]
    return total or 0


def _service_figures(since: datetime) -> list[Figure]:
    since_text = since.isoformat()
    return [
        Figure(
            "refused_last_hour",
            "Moves refused (last hour)",
            _counted(figures.REFUSED, since),
            changelist(FigureBucket, name__startswith=figures.REFUSED, minute__gte=since_text),
        ),
        Figure(
            "throttled_last_hour",
            "Throttled requests (last hour)",
            _counted(figures.THROTTLED, since),
            changelist(FigureBucket, name__startswith=figures.THROTTLED, minute__gte=since_text),
        ),
        Figure(
            "server_errors_last_hour",
            "Server errors (last hour)",
            _counted(figures.SERVER_ERROR, since),
            changelist(FigureBucket, name__startswith=figures.SERVER_ERROR, minute__gte=since_text),
        ),
    ]


def _refusals(since: datetime) -> list[Figure]:
    rows = (
        FigureBucket.objects.filter(name__startswith=figures.REFUSED, minute__gte=since)
        .values("name")
        .annotate(n=Sum("count"))
        .order_by("-n", "name")
    )
    return [
        Figure(
            "refused:" + code,
            code,
            row["n"],
            changelist(FigureBucket, name=row["name"], minute__gte=since.isoformat()),
        )
        for row in rows
        for code in [row["name"].removeprefix(figures.REFUSED)]
    ]


def _server_errors(since: datetime) -> list[dict]:
    rows = (
        FigureBucket.objects.filter(name__startswith=figures.SERVER_ERROR, minute__gte=since)
        .values("name")
        .annotate(n=Sum("count"), last=Max("last_at"))
        .order_by("-last")[:20]
    )
    return [
        {
            "error": row["name"].removeprefix(figures.SERVER_ERROR),
            "count": row["n"],
            "last_at": row["last"],
            "url": changelist(FigureBucket, name=row["name"]),
        }
        for row in rows
    ]


def _events_per_minute(now: datetime) -> list[Bar]:
    first = figures.minute_of(now) - timedelta(minutes=CHART_MINUTES - 1)
    counted = dict(
        GameEvent.objects.filter(recorded_at__gte=first)
        .annotate(minute=TruncMinute("recorded_at"))
        .values_list("minute")
        .annotate(n=Count("id"))
        .order_by()
    )
    minutes = [first + timedelta(minutes=i) for i in range(CHART_MINUTES)]
    peak = max(counted.values(), default=0) or 1
    width = CHART_WIDTH / CHART_MINUTES
    bars = []
    for i, minute in enumerate(minutes):
        n = counted.get(minute, 0)
        height = CHART_HEIGHT * n / peak
        x, y = round(i * width, 2), round(CHART_HEIGHT - height, 2)
        bars.append(Bar(minute, n, x, y, round(width - 1, 2), round(height, 2)))
    return bars
