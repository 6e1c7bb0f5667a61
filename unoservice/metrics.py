"""What the service counts for Prometheus, and the calls that count it.

Every process (web workers, Celery workers) writes its figures into files in one folder
(prometheus-client's multiprocess mode, `PROMETHEUS_MULTIPROC_DIR`, set by the settings
before this module is imported), and a scrape sums them: any web process answers for all
the processes that share the folder (unoservice.ops.metrics_endpoint). Counting costs a
few microseconds: a lock and a write into a memory-mapped file.

Labels are bounded: a command's class name, an error code, a route's pattern (never a
path with ids), a status class.
"""

from __future__ import annotations

import os
import time

from asgiref.sync import iscoroutinefunction
from django.utils.decorators import sync_and_async_middleware
from prometheus_client import Counter, Gauge, Histogram, multiprocess

COMMANDS = Counter(
    "uno_commands_total",
    "Commands applied to games, by command and by who sent it (player, bot, server).",
    ["command", "actor"],
)
REFUSALS = Counter(
    "uno_refusals_total",
    "Commands the rules refused, by the problem's code.",
    ["code"],
)
REQUEST_SECONDS = Histogram(
    "uno_request_duration_seconds",
    "Time to the response's start, by route pattern, method and status class.",
    ["route", "method", "status"],
    buckets=(0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30),
)
DEADLINE_LATENESS = Histogram(
    "uno_deadline_lateness_seconds",
    "How long after its deadline a timeout or an UNO window was enforced.",
    ["kind"],
    buckets=(0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 30, 60, 300),
)
TIMEOUTS = Counter(
    "uno_deadlines_enforced_total",
    "Deadlines enforced by the server (turn timeouts, UNO windows, ...), by kind.",
    ["kind"],
)
STREAM_BATCHES = Counter(
    "uno_stream_batches_total",
    "Batches sent on game streams after the first, by where they came from: the writer's "
    "frames forwarded as published, or read and rendered by the stream's own process.",
    ["source"],
)
OPEN_STREAMS = Gauge(
    "uno_open_streams",
    "Game and player streams open now.",
    ["stream"],
    multiprocess_mode="livesum",
)


def command_applied(command: object, actor: str) -> None:
    COMMANDS.labels(type(command).__name__, _actor_kind(actor)).inc()


def command_refused(code: str) -> None:
    REFUSALS.labels(code).inc()


def deadline_enforced(kind: str, lateness_seconds: float) -> None:
    TIMEOUTS.labels(kind).inc()
    DEADLINE_LATENESS.labels(kind).observe(max(0.0, lateness_seconds))


def stream_opened(stream: str) -> None:
    OPEN_STREAMS.labels(stream).inc()


#: By source: a child looked up once (`labels` costs more than the count itself).
_STREAM_BATCHES_BY_SOURCE = {
    source: STREAM_BATCHES.labels(source) for source in ("published", "read")
}
#: Stream batches are tallied here and added to the counter at most this often, and when
#: a stream closes: a batch goes to every stream of its game, and a count into the
#: memory-mapped file each time took 3.7% of a stream process's event loop (py-spy,
#: bench/streams.py at full size).
STREAM_BATCHES_FLUSH_SECONDS = 1.0
_stream_batches_tally = dict.fromkeys(_STREAM_BATCHES_BY_SOURCE, 0)
_stream_batches_flushed_at = 0.0


def stream_batch_sent(source: str) -> None:
    """A batch went out on a stream (called on the event loop that holds the streams)."""
    _stream_batches_tally[source] += 1
    if time.monotonic() - _stream_batches_flushed_at >= STREAM_BATCHES_FLUSH_SECONDS:
        _flush_stream_batches()


def _flush_stream_batches() -> None:
    global _stream_batches_flushed_at
    _stream_batches_flushed_at = time.monotonic()
    for source, count in _stream_batches_tally.items():
        if count:
            _stream_batches_tally[source] = 0
            _STREAM_BATCHES_BY_SOURCE[source].inc(count)


def stream_closed(stream: str) -> None:
    _flush_stream_batches()
    OPEN_STREAMS.labels(stream).dec()


def process_ended(pid: int | None = None) -> None:
    """A process that shares the folder has ended: its live gauges stop counting."""
    multiprocess.mark_process_dead(pid or os.getpid())


_ACTOR_KINDS = {"seat": "player", "player": "player", "bot": "bot", "system": "server"}


def _actor_kind(actor: str) -> str:
    return _ACTOR_KINDS.get(actor.split(":", 1)[0], "other")


@sync_and_async_middleware
def request_metrics_middleware(get_response):
    if iscoroutinefunction(get_response):

        async def timed_async(request):
            started = time.perf_counter()
            response = await get_response(request)
            _observe(request, response, started)
            return response

        return timed_async

    def timed_sync(request):
        started = time.perf_counter()
        response = get_response(request)
        _observe(request, response, started)
        return response

    return timed_sync


def _observe(request, response, started: float) -> None:
    match = getattr(request, "resolver_match", None)
    route = f"/{match.route}" if match is not None and match.route else "unmatched"
    status = f"{response.status_code // 100}xx"
    REQUEST_SECONDS.labels(route, request.method, status).observe(time.perf_counter() - started)
