"""The web server's application (unoservice/asgi.py, unoservice/serving.py): which
requests wait on the event loop, and how the others reach Django's WSGI handler in
a2wsgi's pool (bodies in pieces, bodies too large, streaming responses), through raw ASGI
calls."""

from __future__ import annotations

import asyncio
import json
import uuid

import pytest

from tests.api.served.asgi import comparable
from unoservice.serving import waits

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture(scope="module")
def app():
    from unoservice.asgi import application

    return application


@pytest.fixture(autouse=True)
def _pool_connections_closed(app):
    yield
    app.close_connections()


def call(app, method: str, path: str, chunks=(b"",), headers=(), query: str = ""):
    """(the messages the application sent, how many body messages it read)."""
    sent, pieces = [], list(chunks)
    read = 0

    async def receive():
        nonlocal read
        if read < len(pieces):
            read += 1
            return {
                "type": "http.request",
                "body": pieces[read - 1],
                "more_body": read < len(pieces),
            }
        await asyncio.sleep(3600)  # the client stays until the response is sent

    async def send(message):
        sent.append(message)

    scope = {
        "type": "http",
        "asgi": {"version": "3.0"},
        "http_version": "1.1",
        "method": method,
        "scheme": "http",
        "path": path,
        "raw_path": path.encode(),
        "query_string": query.encode(),
        "root_path": "",
        "headers": [(b"host", b"testserver"), *headers],
        "client": ("127.0.0.1", 50000),
        "server": ("testserver", 80),
    }
    asyncio.run(asyncio.wait_for(app(scope, receive, send), 30))
    return sent, read


def status_and_body(sent) -> tuple[int, bytes]:
    start = next(m for m in sent if m["type"] == "http.response.start")
    body = b"".join(m.get("body", b"") for m in sent if m["type"] == "http.response.body")
    return start["status"], body


def test_only_paths_of_asynchronous_views_wait_on_the_event_loop():
    game = uuid.uuid4()

    assert waits(f"/api/v1/games/{game}/events")
    for path in (
        f"/api/v1/games/{game}",
        f"/api/v1/games/{game}/actions",
        f"/api/v1/games/{game}/events/more",
        "/api/v1/games/not-a-uuid/events",
        "/api/v1/health",
        "/static/admin/css/base.css",
        "/admin/",
    ):
        assert not waits(path), path


def test_a_body_sent_in_pieces_reaches_the_view_whole(app):
    body = json.dumps({"name": "pieces"}).encode()
    chunks = [body[:5], body[5:9], body[9:]]

    headers = [(b"content-type", b"application/json"), (b"content-length", b"%d" % len(body))]

    sent, _ = call(app, "POST", "/api/v1/players", chunks, headers)

    status, answer = status_and_body(sent)
    assert status == 201, answer
    assert json.loads(answer)["name"] == "pieces"


def test_a_body_past_djangos_limit_is_a_400_problem_and_is_not_read_to_its_end(app, settings):
    settings.DATA_UPLOAD_MAX_MEMORY_SIZE = 1000
    chunks = [b'{"name": "' + b"x" * 600] * 5 + [b'"}']
    size = sum(map(len, chunks))
    headers = [(b"content-type", b"application/json"), (b"content-length", b"%d" % size)]

    sent, read = call(app, "POST", "/api/v1/players", chunks, headers)

    status, answer = status_and_body(sent)
    start = next(m for m in sent if m["type"] == "http.response.start")
    assert status == 400
    assert (b"content-type", b"application/problem+json") in start["headers"]
    assert json.loads(answer)["code"] == "invalid_request"
    assert read < len(chunks)  # refused by its Content-Length, not read to its end


def test_a_streaming_response_is_sent_as_it_is_made(app, db):
    from games import services
    from players.services import player_register

    host, token = player_register(name="host")
    game = services.game_create(host=host, seats=2, rules={"preset": "classic"}, timers=None)
    auth = [(b"authorization", f"Bearer {token}".encode())]

    sent, _ = call(app, "GET", f"/api/v1/games/{game.id}/export", headers=auth)

    status, answer = status_and_body(sent)
    assert status == 200
    pieces = [m for m in sent if m["type"] == "http.response.body" and m.get("more_body")]
    assert len(pieces) >= 2  # the header line and each event, not one body at the end
    lines = [json.loads(line) for line in answer.decode().splitlines()]
    assert lines[0]["format"] == "uno-game-export"
    assert [line["seq"] for line in lines[1:]] == list(range(1, len(lines)))


def test_answers_through_the_pool_are_the_ones_django_gives_over_wsgi(app, client):
    """Status, headers (ETag, Allow, WWW-Authenticate, the security headers…) and body of
    synchronous views, served by the web server's application and by Django's test
    client."""
    import httpx

    from players.services import player_register

    player, token = player_register(name="ann")
    auth = {"HTTP_AUTHORIZATION": f"Bearer {token}"}
    created = client.post(
        "/api/v1/games", {"seats": 2}, content_type="application/json", **auth
    ).json()
    game = f"/api/v1/games/{created['id']}"
    cases = [
        ("GET", game, auth),  # 200 with an ETag
        ("GET", f"/api/v1/games/{uuid.uuid4()}", auth),  # 404 problem
        ("GET", game, {}),  # 401 problem with WWW-Authenticate
        ("DELETE", game, auth),  # 405 problem
        ("GET", "/api/v1/nowhere", {}),  # Django's 404 handler, problem+json
        ("GET", f"{game}/legal-actions", {**auth, "HTTP_IF_NONE_MATCH": '"1"'}),
    ]
    # The same request id both ways, so the echoed X-Request-ID headers match too; no
    # coding asked for (httpx asks for br and gzip unless told, Django's test client not).
    plain = {"HTTP_X_REQUEST_ID": "r-1", "HTTP_ACCEPT_ENCODING": "identity"}
    cases = [(method, path, {**headers, **plain}) for method, path, headers in cases]

    async def over_asgi():
        transport = httpx.ASGITransport(app=app)
        async with httpx.AsyncClient(transport=transport, base_url="http://testserver") as web:
            answers = []
            for method, path, headers in cases:
                sent = {k.removeprefix("HTTP_").replace("_", "-"): v for k, v in headers.items()}
                answers.append(await web.request(method, path, headers=sent))
            return answers

    for (method, path, headers), answer in zip(cases, asyncio.run(over_asgi()), strict=True):
        expected = client.generic(method, path, **headers)
        assert answer.status_code == expected.status_code, (method, path)
        assert without_the_time(answer.content) == without_the_time(expected.content), path
        assert comparable(answer.headers) == comparable(expected.headers), (method, path)


def without_the_time(body: bytes):
    """The body, as JSON without the view's `server_time` (the clock moved on)."""
    document = json.loads(body)
    document.pop("server_time", None)
    return document
