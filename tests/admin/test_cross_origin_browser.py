"""A page on another origin plays through the API in a real browser (Chromium): served
from a port of its own, it registers a player, creates a game against a bot and starts
it, follows it with `EventSource` and a stream ticket, and moves with `If-Match`, all
through CORS (UNO_CORS_ORIGINS naming the page's origin), against the service as
bin/serve runs it (gunicorn). A page from an origin not named cannot read an answer.

Without /usr/bin/chromium this skips on a developer's machine and fails under
UNO_REQUIRE_SERVICES=1 (the `browser` fixture, tests/admin/conftest.py)."""

from __future__ import annotations

import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

from games import services

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

#: The whole of the other origin's page: helpers the test calls with page.evaluate.
PAGE = b"""<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Another origin</title></head>
<body><p>A page on another origin.</p>
<script>
window.far = {events: [], views: 0};
async function answer(response) {
  const body = await response.json();
  if (!response.ok) throw new Error(`${response.status} ${JSON.stringify(body)}`);
  return body;
}
function call(path, options = {}) {
  const headers = {...(options.headers || {})};
  if (window.far.token) headers.Authorization = `Bearer ${window.far.token}`;
  if (options.body) headers["Content-Type"] = "application/json";
  return fetch(window.far.api + path, {...options, headers});
}
// Registers, creates a game against a bot, starts it.
async function setUp(api) {
  window.far.api = api;
  const me = await answer(await call("/api/v1/players", {
    method: "POST", body: JSON.stringify({name: "far-away"}),
  }));
  window.far.token = me.token;
  const created = await call("/api/v1/games", {
    method: "POST",
    headers: {"Idempotency-Key": "far-away-create"},
    body: JSON.stringify({
      seats: 2, bots: [{strategy: "random"}], bot_think_ms: 0,
      timers: {turn_seconds: null, response_seconds: null, uno_window_seconds: null},
    }),
  });
  const game = await answer(created);
  window.far.game = game.id;
  await answer(await call(`/api/v1/games/${game.id}/start`, {method: "POST"}));
  return {game: game.id, location: created.headers.get("Location")};
}
// Whose turn it is.
async function toAct() {
  return (await answer(await call(`/api/v1/games/${window.far.game}`))).to_act;
}
// Follows the game with EventSource and a ticket; resolves on the first view.
async function follow() {
  const {ticket} = await answer(await call("/api/v1/stream-tickets", {method: "POST"}));
  const url = `${window.far.api}/api/v1/games/${window.far.game}/stream` +
    `?ticket=${encodeURIComponent(ticket)}`;
  const source = new EventSource(url);
  window.far.source = source;
  source.addEventListener("event", (e) => window.far.events.push(JSON.parse(e.data)));
  return new Promise((resolve, reject) => {
    source.addEventListener("view", (e) => { window.far.views += 1; resolve(JSON.parse(e.data)); });
    source.onerror = () => reject(new Error("the stream failed to open"));
  });
}
// Moves (a play if any, else the first legal action) with If-Match, until the turn
// passes to the bot; a stale If-Match is refused on the way.
async function move() {
  const stale = await call(`/api/v1/games/${window.far.game}/actions`, {
    method: "POST", headers: {"If-Match": '"1"'}, body: JSON.stringify({type: "draw"}),
  });
  const moves = [];
  for (let i = 0; i < 3; i++) {
    const read = await call(`/api/v1/games/${window.far.game}`);
    const game = await answer(read);
    const etag = read.headers.get("ETag");
    if (game.status !== "active" || game.to_act !== 0) break;
    const {actions} = await answer(await call(`/api/v1/games/${window.far.game}/legal-actions`));
    const action = actions.find((a) => a.type === "play") || actions[0];
    const made = await call(`/api/v1/games/${window.far.game}/actions`, {
      method: "POST", headers: {"If-Match": etag, "Idempotency-Key": `far-move-${i}`},
      body: JSON.stringify(action),
    });
    await answer(made);
    moves.push({type: action.type, etag, status: made.status});
  }
  return {stale: stale.status, moves};
}
</script></body></html>
"""


class _Page(BaseHTTPRequestHandler):
    def do_GET(self):  # noqa: N802 (http.server's name)
        self.send_response(200)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(PAGE)))
        self.end_headers()
        self.wfile.write(PAGE)

    def log_message(self, *args):
        pass


@pytest.fixture
def origins():
    """Two static servers of the page, on ports of their own: two origins."""
    servers = [ThreadingHTTPServer(("127.0.0.1", 0), _Page) for _ in range(2)]
    for server in servers:
        threading.Thread(target=server.serve_forever, daemon=True).start()
    yield [f"http://127.0.0.1:{server.server_address[1]}" for server in servers]
    for server in servers:
        server.shutdown()
        server.server_close()


def bot_moves(game_id: str, page, seconds: float = 20) -> list[dict]:
    """Sweeps the game's deadlines, as a worker would, until the page's stream has
    brought it an event of the bot's."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        services.game_deadlines_enforce(game_id=game_id)
        seen = page.evaluate("() => window.far.events.filter(e => e.actor.startsWith('bot:'))")
        if seen:
            return seen
        time.sleep(0.1)
    return []


def test_a_page_on_another_origin_plays_against_a_bot_and_follows_the_game(
    browser, serve_gunicorn, origins, settings
):
    settings.UNO_SCHEDULE_DEADLINE_TASKS = False  # this test sweeps, as a worker would
    allowed, other = origins
    api = serve_gunicorn(workers=1, UNO_CORS_ORIGINS=allowed).base_url
    context = browser.new_context()
    context.set_default_timeout(15_000)
    page = context.new_page()
    try:
        page.goto(allowed + "/")
        made = page.evaluate("(api) => setUp(api)", api)
        assert made["location"] == f"{api}/api/v1/games/{made['game']}"  # an exposed header
        for _ in range(50):  # a bot that plays first has played
            services.game_deadlines_enforce(game_id=made["game"])
            if page.evaluate("() => toAct()") == 0:
                break
        first = page.evaluate("() => follow()")
        assert first["id"] == made["game"] and first["status"] == "active"

        moved = page.evaluate("() => move()")

        assert moved["stale"] == 412
        assert moved["moves"] and all(m["status"] in (200, 201) for m in moved["moves"])
        assert all(m["etag"].startswith('"') for m in moved["moves"])
        page.wait_for_function(
            "() => window.far.events.some(e => e.public.seat === 0"
            " && ['card_played', 'cards_drawn'].includes(e.type))"
        )
        assert bot_moves(made["game"], page), "the stream brought no move of the bot"
        assert page.evaluate("() => window.far.views") >= 2  # a view after each batch

        page.goto(other + "/")  # an origin UNO_CORS_ORIGINS does not name
        refused = page.evaluate(
            """async (api) => {
            try { await fetch(api + '/api/v1/health'); return 'read'; }
            catch (e) { return e.name; } }""",
            api,
        )
        assert refused == "TypeError"
    finally:
        context.close()
