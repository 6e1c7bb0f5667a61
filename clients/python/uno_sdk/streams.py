"""A game's stream (Server-Sent Events) as typed frames, resumed after a cut.

Each SSE message becomes the generated model of its kind (the models the NDJSON framing
names: `ViewFrame`, `EventFrame`, `EndFrame`, each with `kind`, `id` and typed `data`).
When a connection ends before the game's `end` (a proxy's timeout, a restart, a network
cut), it is opened again with `Last-Event-ID` set to the last frame's id: the service
then sends every event after it, then a view, so nothing is lost or repeated.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import TYPE_CHECKING

import httpx
from httpx_sse import SSEError, connect_sse

from uno_client.models import EndFrame, EventFrame, ViewFrame

if TYPE_CHECKING:
    from .client import Uno

Frame = ViewFrame | EventFrame | EndFrame
FRAMES: dict[str, type[ViewFrame] | type[EventFrame] | type[EndFrame]] = {
    "view": ViewFrame,
    "event": EventFrame,
    "end": EndFrame,
}


def frame_of(kind: str, id_: str, data: str) -> Frame:
    """One SSE message as its frame model."""
    parsed = json.loads(data)
    number = int(id_) if id_ else parsed["version"]
    return FRAMES[kind].from_dict({"kind": kind, "id": number, "data": parsed})


def follow_stream(uno: Uno, game_id: str, *, after: int | None = None) -> Iterator[Frame]:
    from .client import ApiError, problem_of, retryable

    last, failures = after, 0
    url = f"/api/v1/games/{game_id}/stream"
    http = uno.client.get_httpx_client()
    while True:
        headers = {"Accept": "text/event-stream"}
        if last is not None:
            headers["Last-Event-ID"] = str(last)
        try:
            with connect_sse(http, "GET", url, headers=headers) as source:
                answer = source.response
                if answer.status_code != 200:
                    answer.read()
                    problem = problem_of(answer)
                    if failures + 1 >= uno.retry.attempts or not retryable(
                        answer.status_code, problem, answer.headers
                    ):
                        raise ApiError(answer.status_code, problem)
                    uno._sleep(uno.retry.wait(failures, answer.headers))
                    failures += 1
                    continue
                for message in source.iter_sse():
                    if message.event not in FRAMES:
                        continue  # a kind this client does not know yet
                    frame = frame_of(message.event, message.id, message.data)
                    last, failures = frame.id, 0
                    yield frame
                    if frame.kind == "end":
                        return
        except (httpx.TransportError, SSEError):
            failures += 1
            if failures >= uno.retry.attempts:
                raise
            uno._sleep(uno.retry.wait(failures - 1))
        # The connection ended without the game's end: open it again where it stopped.
