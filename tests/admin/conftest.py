"""Fixtures for the admin's tests, and for its browser tests: Playwright driving Debian's
Chromium (never a browser `playwright install` would download). Without /usr/bin/chromium
a browser test skips on a developer's machine and fails under UNO_REQUIRE_SERVICES=1
(CI, whose .ci/run installs the `chromium` package)."""

from __future__ import annotations

import shutil

import pytest
from django.contrib.auth import get_user_model
from rest_framework.test import APIClient

from players.services import player_for_user, token_issue
from unoservice.ops import figures


@pytest.fixture(autouse=True)
def fresh_tally(monkeypatch):
    """Each test counts the dashboard's figures into a tally of its own: what earlier
    tests of the same process counted (and never flushed) stays out of its table."""
    tally = figures.Tally()
    monkeypatch.setattr(figures, "_tally", tally)
    return tally


CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
#: The password of the superuser "root" that browser tests sign in as.
ADMIN_PASSWORD = "a-long-admin-password"


@pytest.fixture(scope="module")
def browser(require_service):
    if shutil.which(CHROMIUM) is None:
        require_service(f"needs Chromium at {CHROMIUM} (Debian's `chromium` package)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(
            executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS
        )
        yield chromium
        chromium.close()


@pytest.fixture
def page(browser):
    context = browser.new_context()
    context.set_default_timeout(15_000)
    yield context.new_page()
    context.close()


@pytest.fixture
def sign_in(live_server):
    """sign_in(page, path): through the admin's sign-in form as "root", landing on path."""

    def _sign_in(page, path: str) -> None:
        page.goto(live_server.url + path)
        page.fill("#id_username", "root")
        page.fill("#id_password", ADMIN_PASSWORD)
        page.click("input[type=submit]")
        page.wait_for_url(f"**{path}")

    return _sign_in


@pytest.fixture
def staff_api(settings):
    """The superuser "root" (who browser tests sign in as), through the API."""
    settings.UNO_SCHEDULE_DEADLINE_TASKS = False  # the tests sweep, as a worker would
    get_user_model().objects.create_superuser("root", "root@example.com", ADMIN_PASSWORD)
    client = APIClient()
    token = token_issue(player=player_for_user(username="root"))
    client.credentials(HTTP_AUTHORIZATION=f"Bearer {token}")
    return client
