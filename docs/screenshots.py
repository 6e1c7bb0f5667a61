"""Screenshots of the admin for the docs, on a 1280 px wide screen: the dashboard, the games
list, a game's page, its replay viewer and its audit; and a player's replay page on a
360 px wide phone.

    uv run python docs/screenshots.py [--out docs/images]

It sets up a throwaway service of its own (SQLite in a temporary folder), plays a few
games into it, serves it on a free local port and photographs it with Debian's Chromium
(/usr/bin/chromium, through Playwright; never a browser `playwright install` fetches).
The tests run it too (tests/admin/test_screenshots.py), so it keeps working.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
CHROMIUM = "/usr/bin/chromium"
PASSWORD = "screenshots-only-password"
NO_TIMERS = {"turn_seconds": None, "response_seconds": None, "uno_window_seconds": None}
SHOTS = (
    "dashboard.png",
    "games.png",
    "game.png",
    "replay.png",
    "audit.png",
    "replay-phone.png",
)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=REPO / "docs" / "images")
    args = parser.parse_args(argv)
    if not Path(CHROMIUM).exists():
        print(f"needs Chromium at {CHROMIUM} (Debian's chromium package)", file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory(prefix="uno-screenshots-") as data:
        _configure(Path(data))
        _photograph(args.out, *_demo_data())
    for name in SHOTS:
        print(args.out / name)
    return 0


def _configure(data: Path) -> None:
    os.environ.update(
        {
            "DJANGO_SETTINGS_MODULE": "unoservice.settings",
            "UNO_DATA_DIR": str(data),
            "UNO_FIGURES_FLUSH_SECONDS": "0",
            "ALLOWED_HOSTS": "127.0.0.1,localhost,testserver",
            "DJANGO_ALLOW_ASYNC_UNSAFE": "true",  # Playwright keeps an event loop here
            "LOG_LEVEL": "WARNING",
        }
    )
    for name in ("DATABASE_URL", "CELERY_BROKER_URL", "UNO_MODE", "SECRET_KEY"):
        os.environ.pop(name, None)
    sys.path.insert(0, str(REPO))
    import django
    from django.core.management import call_command

    django.setup()
    call_command("migrate", verbosity=0)


def _demo_data() -> tuple[str, str, str]:
    """A few games in every state, some refusals, a heartbeat; returns an active game, an
    ended one, and the path of a player's replay link to the ended one."""
    import uuid
    from urllib.parse import urlsplit

    from django.contrib.auth import get_user_model
    from rest_framework.test import APIClient

    from games import services
    from players.services import player_for_user, player_register
    from unoservice import clock
    from unoservice.ops import figures
    from unoservice.ops.models import WorkerPing

    get_user_model().objects.create_superuser("admin", "admin@example.com", PASSWORD)
    staff = player_for_user(username="admin")
    clients = {}
    for name in ("ann", "bob", "cy", "di"):
        player, token = player_register(name=name)
        client = APIClient()
        client.credentials(HTTP_AUTHORIZATION=f"Bearer {token}")
        clients[name] = (player, client)

    def started(host: str, guest: str) -> dict:
        body = {"seats": 2, "timers": NO_TIMERS}
        game = clients[host][1].post("/api/v1/games", body, format="json").json()
        clients[guest][1].post(f"/api/v1/games/{game['id']}/join")
        return clients[host][1].post(f"/api/v1/games/{game['id']}/start").json()

    def play(game: dict, seats: list[str], moves: int) -> dict:
        for _ in range(moves):
            client = clients[seats[game["to_act"]]][1]
            legal = client.get(f"/api/v1/games/{game['id']}/legal-actions").json()["actions"]
            result = client.post(f"/api/v1/games/{game['id']}/actions", legal[0], format="json")
            game = result.json()["game"]
        return game

    busy = play(started("ann", "bob"), ["ann", "bob"], 12)
    play(started("cy", "di"), ["cy", "di"], 5)
    stuck = started("di", "ann")
    services.game_abort(game_id=stuck["id"], reason="stuck", staff=staff)
    clients["cy"][1].post("/api/v1/games", {"seats": 4, "timers": NO_TIMERS}, format="json")
    waiting_seat = ["ann", "bob"][1 - busy["to_act"]]
    for _ in range(3):
        clients[waiting_seat][1].post(
            f"/api/v1/games/{busy['id']}/actions", {"type": "draw"}, format="json"
        )
    figures.count(figures.SWEEPER_RUN)
    figures.flush()
    WorkerPing.objects.create(
        token=uuid.uuid4(), source="beat", handled_at=clock.now(), worker="celery@worker-1"
    )
    ended = play(started("bob", "cy"), ["bob", "cy"], 8)
    services.game_abort(game_id=ended["id"], reason="for the pictures", staff=staff)
    replay_url = clients["bob"][1].get(f"/api/v1/games/{ended['id']}").json()["replay_url"]
    return busy["id"], ended["id"], urlsplit(replay_url).path


def _photograph(out: Path, game_id: str, ended_id: str, replay_path: str) -> None:
    from django.contrib.staticfiles.handlers import StaticFilesHandler
    from django.test.testcases import LiveServerThread
    from playwright.sync_api import sync_playwright

    # Static files from the installed apps (the service's ServeStatic serves collected ones).
    server = LiveServerThread("127.0.0.1", static_handler=StaticFilesHandler, port=0)
    server.daemon = True
    server.start()
    server.is_ready.wait()
    if server.error:
        raise server.error
    base = f"http://127.0.0.1:{server.port}"
    out.mkdir(parents=True, exist_ok=True)
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(
                executable_path=CHROMIUM,
                headless=True,
                args=["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-sync"],
            )
            page = browser.new_page(viewport={"width": 1280, "height": 900})
            page.goto(base + "/admin/login/?next=/admin/dashboard/")
            page.fill("#id_username", "admin")
            page.fill("#id_password", PASSWORD)
            page.click("input[type=submit]")
            page.wait_for_selector("#dashboard")
            page.screenshot(path=str(out / "dashboard.png"), full_page=True)
            page.goto(base + "/admin/games/game/")
            page.screenshot(path=str(out / "games.png"))
            page.goto(base + f"/admin/games/game/{game_id}/change/")
            page.screenshot(path=str(out / "game.png"))
            _replay_moves_on(page, base + f"/admin/games/game/{game_id}/replay/", moves=5)
            page.screenshot(path=str(out / "replay.png"), full_page=True)
            page.goto(base + f"/admin/games/game/{ended_id}/audit/")
            page.screenshot(path=str(out / "audit.png"), full_page=True)
            phone = browser.new_page(viewport={"width": 360, "height": 740})
            _replay_moves_on(phone, base + replay_path, moves=3)
            phone.screenshot(path=str(out / "replay-phone.png"), full_page=True)
            browser.close()
    finally:
        server.terminate()


def _replay_moves_on(page, url: str, moves: int) -> None:
    """The viewer opened (at the deal), then `moves` moves on."""
    page.goto(url)
    page.wait_for_selector("#replay[data-move]")
    shown = int(page.get_attribute("#replay", "data-move"))
    for _ in range(moves):
        page.keyboard.press("ArrowRight")
    page.wait_for_selector(f"#replay[data-move='{shown + moves}']")


if __name__ == "__main__":
    sys.exit(main())
