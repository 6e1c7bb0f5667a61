"""Talking to the service as the web server serves it: an httpx client on the ASGI
application, a stream client on the raw ASGI interface, the caller's token, waiting on
the event loop, the streams a player holds.

Streams are read through the raw ASGI interface (httpx's ASGI transport buffers a whole
response), so a test sees each frame as it is sent and can disconnect at any point."""

from __future__ import annotations

import asyncio
import json
import time
import zlib

import httpx

from games.live.slots import stream_slots

API = "/api/v1"
HOST = "http://testserver"
#: Seat 0 (staff) plays red-5.
PLAY_POSITION = {
    "hands": {"0": ["red-5", "blue-7", "wild"], "1": ["green-3", "yellow-4", "red-9"]},
    "discard": ["red-3"],
    "to_act": 0,
}


def served(app) -> httpx.AsyncClient:
    return httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url=HOST, timeout=60)


def bearer(player) -> dict:
    return {"Authorization": f"Bearer {player.token}"}


async def wait_until(predicate, timeout: float = 10.0) -> None:
    """Checks the predicate on the loop's thread (it is quick): asyncio's own executor
    would start threads of its own."""
    deadline = time.monotonic() + timeout
    while not predicate():
        assert time.monotonic() < deadline, "timed out"
        await asyncio.sleep(0.05)


def slots_held(player) -> int:
    return stream_slots().held(player.player.pk)


def request_then_leave(gone: asyncio.Event):
    """An ASGI `receive` for a GET: the request, then a disconnect once `gone` is set."""
    requested = False

    async def receive():
        nonlocal requested
        if not requested:
            requested = True
            return {"type": "http.request", "body": b"", "more_body": False}
        await gone.wait()
        return {"type": "http.disconnect"}

    return receive


class Frame:
    def __init__(self, kind: str, frame_id: int | None, data):
        self.kind, self.id, self.data = kind, frame_id, data

    def __repr__(self) -> str:
        return f"Frame({self.kind}, {self.id})"


class StreamClient:
    """One stream opened straight through the ASGI interface: frames as they arrive, and
    a disconnect at any moment."""

    def __init__(
        self, app, game_id=None, *, path=None, token=None, query="", headers=(), ndjson=False
    ):
        self.app = app
        self.path = path or f"{API}/games/{game_id}/stream"
        self.query = query
        self.headers = [(b"host", b"testserver"), *headers]
        if token:
            self.headers.append((b"authorization", f"Bearer {token}".encode()))
        if ndjson:
            self.headers.append((b"accept", b"application/x-ndjson"))
        self.ndjson = ndjson
        self.start: dict | None = None
        self.chunks: asyncio.Queue[bytes | None] = asyncio.Queue()
        self.buffer = b""
        self.gone = asyncio.Event()
        self.task: asyncio.Task | None = None
        self.wire_bytes = 0  # the chunks as sent (gzipped, when the stream is)
        self._gunzip = None

    async def __aenter__(self) -> StreamClient:
        self.task = asyncio.create_task(self._run())
        while self.start is None:
            assert not self.task.done() or self.start, "the app sent nothing"
            await asyncio.sleep(0.01)
        return self

    async def __aexit__(self, *exc) -> None:
        await self.leave()

    async def leave(self) -> None:
        self.gone.set()
        await asyncio.wait_for(self.task, 5)

    @property
    def status(self) -> int:
        return self.start["status"]

    @property
    def content_type(self) -> str:
        return self.header("content-type")

    @property
    def content_encoding(self) -> str | None:
        return self.header("content-encoding")

    def header(self, name: str) -> str | None:
        found = {k.lower(): v for k, v in self.start["headers"]}.get(name.encode())
        return None if found is None else found.decode()

    async def next(self, timeout: float = 10.0) -> Frame | None:
        """The next frame (keepalives included, as kind "keepalive"); None once closed."""
        while True:
            frame = self._parse()
            if frame is not None:
                return frame
            chunk = await asyncio.wait_for(self.chunks.get(), timeout)
            if chunk is None:
                return None
            self.wire_bytes += len(chunk)
            if self.content_encoding == "gzip":
                self._gunzip = self._gunzip or zlib.decompressobj(16 + zlib.MAX_WBITS)
                chunk = self._gunzip.decompress(chunk)
            self.buffer += chunk

    async def until(self, kind: str, timeout: float = 10.0) -> list[Frame]:
        """Frames up to and including the first of `kind` (keepalives left out)."""
        frames = []
        while True:
            frame = await self.next(timeout)
            assert frame is not None, f"closed before a {kind}: {frames}"
            if frame.kind != "keepalive":
                frames.append(frame)
            if frame.kind == kind:
                return frames

    def _parse(self) -> Frame | None:
        if self.ndjson:
            line, found, rest = self.buffer.partition(b"\n")
            if not found:
                return None
            self.buffer = rest
            if not line:
                return Frame("keepalive", None, None)
            item = json.loads(line)
            assert set(item) == {"kind", "id", "data"}
            return Frame(item["kind"], item["id"], item["data"])
        block, found, rest = self.buffer.partition(b"\n\n")
        if not found:
            return None
        self.buffer = rest
        fields = dict(line.split(": ", 1) for line in block.decode().split("\n"))
        if "" in fields:
            assert fields == {"": "keepalive"}
            return Frame("keepalive", None, None)
        assert set(fields) == {"event", "id", "data"}, fields
        return Frame(fields["event"], int(fields["id"]), json.loads(fields["data"]))

    async def _run(self) -> None:
        receive = request_then_leave(self.gone)

        async def send(message):
            if message["type"] == "http.response.start":
                self.start = message
            elif message.get("body"):
                self.chunks.put_nowait(message["body"])

        scope = {
            "type": "http",
            "asgi": {"version": "3.0"},
            "http_version": "1.1",
            "method": "GET",
            "scheme": "http",
            "path": self.path,
            "raw_path": self.path.encode(),
            "query_string": self.query.encode(),
            "root_path": "",
            "headers": self.headers,
            "client": ("127.0.0.1", 50000),
            "server": ("testserver", 80),
        }
        try:
            await self.app(scope, receive, send)
        finally:
            self.chunks.put_nowait(None)

    def body(self) -> bytes:
        return self.buffer


def comparable(headers) -> dict:
    """Headers by lower-case name, without the two that count down with each request
    (the rate limit saw one request more when the second way served it)."""
    counting = {"ratelimit-remaining", "ratelimit-reset"}
    return {k.lower(): v for k, v in headers.items() if k.lower() not in counting}
