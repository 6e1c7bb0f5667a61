"""deploy/haproxy.cfg, compose's public port, run by a real HAProxy: what waits on a game
(its streams, its long-polls) all reaches one stream server, players' streams the stream
servers, everything else the web servers, and a stream's frames pass at once.

No Docker engine runs here, so the file's container lookups (`server-template` through
compose's DNS) are replaced by servers on loopback ports (bench.servers.haproxy_config,
as bench/streams.py runs it); the routing, the balancing and the options are the file's.
"""

from __future__ import annotations

import contextlib
import http.client
import os
import re
import shutil
import socket
import subprocess
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest
from django.urls import reverse

from bench.servers import free_port, haproxy_config

HAPROXY = shutil.which("haproxy", path="/usr/sbin:/usr/bin:/sbin")
#: A test stream's frames, and how long it waits after each.
STREAM_FRAMES = 6
STREAM_PAUSE_SECONDS = 0.3
#: The proxy's WEB_HEADER_SECONDS in these tests (compose's default is 10).
HEADER_SECONDS = 2


class Backend(ThreadingHTTPServer):
    daemon_threads = True

    def __init__(self, name: str):
        super().__init__(("127.0.0.1", 0), Handler)
        self.name = name
        self.paths: list[str] = []
        self.sent: dict[int, float] = {}  # a stream's frame: when it was written
        threading.Thread(target=self.serve_forever, daemon=True).start()

    def handle_error(self, request, client_address):
        pass  # a health check or a client that hung up: nothing to report


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def do_GET(self):
        server: Backend = self.server
        if self.path == "/api/v1/health":
            self._answer(b"ok")
            return
        server.paths.append(self.path)
        if not self.path.split("?")[0].endswith("/stream") or "/players/" in self.path:
            self._answer(server.name.encode())
            return
        self.send_response(200)
        self.send_header("Content-Type", "text/event-stream")
        self.send_header("Transfer-Encoding", "chunked")
        self.send_header("X-Served-By", server.name)
        self.end_headers()
        for n in range(STREAM_FRAMES):
            frame = b"data: %d\n\n" % n
            server.sent[n] = time.monotonic()
            self.wfile.write(b"%x\r\n%s\r\n" % (len(frame), frame))
            self.wfile.flush()
            if "paced" in self.path:
                time.sleep(STREAM_PAUSE_SECONDS)
        self.wfile.write(b"0\r\n\r\n")

    def do_POST(self):
        self.server.paths.append(self.path)
        self.rfile.read(int(self.headers.get("Content-Length") or 0))
        self._answer(self.server.name.encode())

    def _answer(self, body: bytes):
        self.send_response(200)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("X-Served-By", self.server.name)
        self.end_headers()
        self.wfile.write(body)


@pytest.fixture
def proxy(repo_dir, tmp_path, require_service):
    if HAPROXY is None:
        require_service("needs HAProxy (Debian: apt-get install haproxy)")
    web = [Backend("web0"), Backend("web1")]
    streams = [Backend("streams0"), Backend("streams1")]
    port = free_port()
    config = tmp_path / "haproxy.cfg"
    ports = [[b.server_address[1] for b in backends] for backends in (web, streams)]
    config.write_text(haproxy_config(port, *ports))
    process = subprocess.Popen(
        [HAPROXY, "-db", "-f", str(config)],
        env={**os.environ, "WEB_HEADER_SECONDS": str(HEADER_SECONDS)},
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
    )
    try:
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            try:
                if get(port, "/api/v1/games/warm")[0] == 200:
                    break
            except OSError:
                time.sleep(0.1)
        # The health checks have brought every server up (rise 2, every second).
        time.sleep(2.5)
        yield port, web, streams
    finally:
        process.terminate()
        process.wait(timeout=10)
        for backend in (*web, *streams):
            if backend.socket.fileno() != -1:  # not closed by the test
                backend.shutdown()
                backend.server_close()


def get(port: int, path: str, headers: dict | None = None) -> tuple[int, str, bytes]:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    try:
        connection.request("GET", path, headers=headers or {})
        answer = connection.getresponse()
        return answer.status, answer.getheader("X-Served-By"), answer.read()
    finally:
        connection.close()


def stream_path(game: str, query: str = "") -> str:
    return reverse("games:stream", args=[game]) + query


def test_whatever_waits_on_a_game_reaches_one_stream_server_and_the_rest_reaches_web(proxy):
    port, web, streams = proxy
    served_by: dict[str, set[str]] = {}
    for n in range(12):
        game = f"00000000-0000-4000-8000-{n:012d}"
        events = reverse("games:events", args=[game])
        for path in (stream_path(game), stream_path(game, "?views=first"), events + "?wait=20"):
            status, server, _ = get(port, path)
            assert status == 200
            served_by.setdefault(game, set()).add(server)
        for path in (events, events + "?wait=0", reverse("games:detail", args=[game])):
            assert get(port, path)[1].startswith("web"), path
    players = {get(port, reverse("games:player-stream"))[1] for _ in range(4)}

    assert all(len(servers) == 1 for servers in served_by.values()), served_by
    assert {server for servers in served_by.values() for server in servers} == {
        "streams0",
        "streams1",
    }
    assert players == {"streams0", "streams1"}
    assert not any("/stream" in path or "wait=2" in path for w in web for path in w.paths)
    assert {w.name for w in web if w.paths} == {"web0", "web1"}


def test_a_streams_frames_pass_the_proxy_at_once(proxy):
    """Without `option http-no-delay` HAProxy sends a response still going on with
    MSG_MORE, and the kernel held a frame up to 200 ms (bench/streams.py: p50 214 ms)."""
    port, _, streams = proxy
    path = stream_path("00000000-0000-4000-8000-000000000001", "?paced")
    connection = socket.create_connection(("127.0.0.1", port), timeout=10)
    arrived: dict[int, float] = {}
    try:
        connection.sendall(f"GET {path} HTTP/1.1\r\nHost: test\r\n\r\n".encode())
        received = b""
        while len(arrived) < STREAM_FRAMES:
            chunk = connection.recv(4096)
            assert chunk, received
            now = time.monotonic()
            received += chunk
            for n in map(int, re.findall(rb"data: (\d+)", received)):
                arrived.setdefault(n, now)
    finally:
        connection.close()

    server = next(s for s in streams if s.sent)
    late_ms = [round((arrived[n] - server.sent[n]) * 1000, 1) for n in range(STREAM_FRAMES)]
    assert max(late_ms) < 50, late_ms


def test_a_server_that_died_is_passed_over_and_its_games_streams_go_to_another(proxy):
    """The checks open a connection every second: a server that refuses it is out within
    two checks, and its games' streams (resuming from their last id) reach another one;
    a request that meets the refusal first is sent to another server at once."""
    port, web, streams = proxy
    games = [f"00000000-0000-4000-8000-{n:012d}" for n in range(12)]
    before = {game: get(port, stream_path(game))[1] for game in games}
    dead = streams[0]
    dead.shutdown()
    dead.server_close()
    web[0].shutdown()
    web[0].server_close()

    started = time.monotonic()
    answered_at_once = [get(port, reverse("games:detail", args=[g]))[:2] for g in games[:4]]
    cut_streams_back = [get(port, stream_path(g))[1] for g in games if before[g] == "streams0"]
    waited = time.monotonic() - started
    time.sleep(3.0)
    after = {game: get(port, stream_path(game))[1] for game in games}

    assert answered_at_once == [(200, "web1")] * 4
    # Sent elsewhere on the first retry, not after waiting a second for the dead server.
    assert cut_streams_back and set(cut_streams_back) == {"streams1"}
    assert waited < 1.0, waited
    assert set(before.values()) == {"streams0", "streams1"}
    assert set(after.values()) == {"streams1"}
    assert all(after[g] == before[g] for g in games if before[g] == "streams1")


def test_headers_up_to_the_web_servers_own_limit_pass_the_proxy(proxy):
    """The web servers answer 431 `headers_too_large` past WEB_MAX_HEADER_BYTES (32 KiB by
    default); the proxy must pass anything under it on, for the web server to judge."""
    port, web, _ = proxy
    status, server, _ = get(port, "/api/v1/games/large", headers={"X-Large": "x" * 30_000})
    assert (status, server[:3]) == (200, "web")


def test_a_client_that_trickles_its_head_is_answered_408_and_never_reaches_a_server(proxy):
    """compose's web processes serve one request at a time: the proxy holds a request's
    head, and a POST's body, until they are whole, WEB_HEADER_SECONDS at most."""
    port, web, streams = proxy
    started = time.monotonic()
    with socket.create_connection(("127.0.0.1", port), timeout=10) as sock:
        sock.sendall(b"GET /api/v1/games/trickled HTTP/1.1\r\nHost: 127.0.0.1\r\n")
        sock.settimeout(0.5)
        received, n = b"", 0
        while time.monotonic() - started < HEADER_SECONDS + 8:
            try:
                chunk = sock.recv(4096)
                if not chunk:
                    break
                received += chunk
            except TimeoutError:
                pass
            try:
                sock.sendall(b"X-Slow-%d: a\r\n" % n)
                n += 1
            except OSError:
                break
    closed_after = time.monotonic() - started

    assert received.startswith(b"HTTP/1.1 408"), received[:200]
    assert HEADER_SECONDS - 0.5 < closed_after < HEADER_SECONDS + 3, closed_after
    assert not any("trickled" in path for b in (*web, *streams) for path in b.paths)


def test_a_post_whose_body_trickles_never_reaches_a_web_server(proxy):
    port, web, _ = proxy
    with socket.create_connection(("127.0.0.1", port), timeout=10) as sock:
        sock.sendall(
            b"POST /api/v1/games/slow-body/actions HTTP/1.1\r\nHost: 127.0.0.1\r\n"
            b"Content-Type: application/json\r\nContent-Length: 100\r\n\r\n{"
        )
        sock.settimeout(HEADER_SECONDS + 8)
        received = b""
        with contextlib.suppress(OSError):
            while chunk := sock.recv(4096):
                received += chunk

    assert received.startswith(b"HTTP/1.1 408"), received[:200]
    assert not any("slow-body" in path for b in web for path in b.paths)
