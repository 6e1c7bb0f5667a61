"""Live streams served by DRF views without holding a thread.

A `StreamApiView` is served as an asynchronous view. Its handler is an ordinary DRF
handler run by DRF's dispatch in a worker thread (authentication, throttles, permissions,
content negotiation, the exception handler), so a refusal before the stream opens is
problem+json like any other. A handler that opens a stream returns
`self.open_stream(frames)`: `frames(encoder)` is an async iterator of bytes, sent as they
come, in Server-Sent Events (`text/event-stream`, the default) or NDJSON
(`application/x-ndjson`, by `Accept`). The stream holds one of the caller's stream slots
(games.live.slots), renewed while it lasts and given back however it ends, as are the
other leases the handler hands over with it (`also`: a spectator's).

Served over WSGI, a handler must make its frames finite: they are gathered, then sent.

Frames: SSE sends `event: <kind>`, `id: <id>` and one line of `data:` JSON; NDJSON sends
`{"kind", "id", "data"}` per line. Keepalives are an SSE comment or an empty line.

A client that accepts gzip (`Accept-Encoding`, as browsers' EventSource sends it) gets the
stream gzipped, each chunk flushed as it is sent and coded against the bytes the stream
sent before it (its keys, a view much like the last one), which brings a stream to about
a fifth of its bytes where each chunk coded alone keeps half (docs/performance.md); a
chunk that several streams send after the same bytes is compressed once
(games.live.shared_gzip).
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable
from typing import Protocol

import orjson
from asgiref.sync import markcoroutinefunction
from django.conf import settings
from django.http import StreamingHttpResponse
from django.utils.cache import patch_vary_headers
from rest_framework.renderers import JSONRenderer
from rest_framework.response import Response
from rest_framework.views import APIView

from games.live.shared_gzip import GzipStream
from games.live.slots import Slot, renewals, stream_slots
from unoservice import metrics
from unoservice.compression import accepts_gzip
from unoservice.serving import dispatch_in_thread, on_shared_threads

#: A stream's slot is leased for this long and renewed as the stream goes on.
LEASE_SECONDS = 60.0

SSE = "text/event-stream"
NDJSON = "application/x-ndjson"


class EventStreamRenderer(JSONRenderer):
    """Negotiates `text/event-stream`; only refusals (problem+json) are rendered by it."""

    media_type = SSE
    format = "sse"


class NdjsonRenderer(JSONRenderer):
    """Negotiates `application/x-ndjson`; only refusals are rendered by it."""

    media_type = NDJSON
    format = "ndjson"


class Encoder:
    """How frames are written in one of the two media types."""

    def __init__(self, media_type: str):
        self.media_type = media_type

    def frame(self, kind: str, frame_id: int, data: dict) -> bytes:
        if self.media_type == NDJSON:
            return _json({"kind": kind, "id": frame_id, "data": data}) + b"\n"
        return b"event: %s\nid: %d\ndata: %s\n\n" % (kind.encode(), frame_id, _json(data))

    def raw_frame(self, kind: bytes, frame_id: int, data: bytes) -> bytes:
        """Like `frame`, with `data` encoded already (one line of JSON)."""
        if self.media_type == NDJSON:
            return b'{"kind":"%s","id":%d,"data":%s}\n' % (kind, frame_id, data)
        return b"event: %s\nid: %d\ndata: %s\n\n" % (kind, frame_id, data)

    def keepalive(self) -> bytes:
        return b"\n" if self.media_type == NDJSON else b": keepalive\n\n"


def _json(data) -> bytes:
    """One line of UTF-8 JSON. orjson: a frame is encoded once per batch and viewer, and
    json.dumps took 47 us for a 2 KB view where orjson takes 4 (bench/streams.py's
    machine); keys that are not strings are written as strings, as json.dumps does."""
    return orjson.dumps(data, option=orjson.OPT_NON_STR_KEYS)


Frames = Callable[[Encoder, Slot], AsyncIterator[bytes]]


class Lease(Protocol):
    """A slot held beside the stream's own (a spectator's lease): renewed with it while it
    lasts, given back when it ends."""

    slot: Slot

    def release(self) -> None: ...


class Stream(Response):
    """What a handler returns to open a stream: DRF finalizes it like any Response (its
    headers are kept), and the view replaces it by the streaming response."""

    def __init__(self, frames: Frames, slot: Slot, also: tuple[Lease, ...] = (), kind: str = ""):
        super().__init__(None)
        self.frames = frames
        self.slot = slot
        self.also = also
        self.kind = kind  # which stream, for the open streams gauge

    def release(self) -> None:
        """Gives back the stream's slot and leases: when it ends, or when the client went
        away before it opened."""
        self.slot.release()
        for lease in self.also:
            lease.release()

    async def streaming_response(
        self, media_type: str, gzipped: bool = False
    ) -> StreamingHttpResponse:
        body = self._body(Encoder(media_type))
        if gzipped:
            body = _gzip(body)
        if not on_shared_threads():
            # Served over WSGI, where Django would drain an asynchronous body with a
            # warning: the stream's frames are finite there (the view sends one batch).
            body = iter([chunk async for chunk in body])
        response = StreamingHttpResponse(body, content_type=media_type)
        for name, value in self.items():
            if name.lower() != "content-type":
                response[name] = value
        response["Cache-Control"] = "no-cache"
        response["X-Accel-Buffering"] = "no"  # a proxy must pass each frame on at once
        if gzipped:
            response["Content-Encoding"] = "gzip"
        patch_vary_headers(response, ("Accept-Encoding",))
        return response

    async def _body(self, encoder: Encoder) -> AsyncIterator[bytes]:
        metrics.stream_opened(self.kind)
        renewals.hold([self.slot, *(lease.slot for lease in self.also)])
        try:
            async for chunk in self.frames(encoder, self.slot):
                yield chunk
        finally:
            # Also when the client went away: the generator is then being cancelled, and
            # an await here could be cut short. Quick calls on the loop cannot.
            self.release()
            metrics.stream_closed(self.kind)


async def _gzip(body: AsyncIterator[bytes]) -> AsyncIterator[bytes]:
    """The body gzipped, each chunk flushed whole (a frame reaches the client at once)."""
    gzipped = GzipStream()
    async for chunk in body:
        yield gzipped.chunk(chunk)
    yield gzipped.end()


class StreamApiView(APIView):
    renderer_classes = [EventStreamRenderer, NdjsonRenderer, JSONRenderer]
    stream_kind = ""  # "game" or "player": the open streams gauge's label

    def open_stream(self, frames: Frames, also: tuple[Lease, ...] = ()) -> Stream:
        """A stream of `frames`; the caller holds one of its stream slots while it lasts
        (TooManyStreams when it holds them all). The leases `also` are given back with
        it; `frames` has them renewed (games.live.slots.renewals, by `Upkeep`)."""
        try:
            slot = stream_slots().claim(self.request.user.pk, LEASE_SECONDS)
        except BaseException:
            for lease in also:
                lease.release()
            raise
        return Stream(frames, slot, also, kind=self.stream_kind)

    @classmethod
    def as_view(cls, **initkwargs):
        handle = super().as_view(**initkwargs)

        async def view(request, *args, **kwargs):
            response = await dispatch_in_thread(handle, request, *args, **kwargs)
            if isinstance(response, Stream):
                accepted = response.accepted_renderer.media_type
                gzipped = settings.UNO_COMPRESSION and accepts_gzip(
                    request.META.get("HTTP_ACCEPT_ENCODING", "")
                )
                media_type = NDJSON if accepted == NDJSON else SSE
                return await response.streaming_response(media_type, gzipped)
            return response

        view.__dict__.update(handle.__dict__)  # cls, initkwargs, csrf_exempt, ...
        view.__doc__ = handle.__doc__
        return markcoroutinefunction(view)
