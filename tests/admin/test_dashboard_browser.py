"""The admin in a real browser (Playwright driving Debian's Chromium, never a browser
that `playwright install` would download): sign in, the dashboard's numbers against the
database as games are played and aborted, and a token revoked in the admin refused by the
API at once.

Without /usr/bin/chromium these tests skip on a developer's machine and fail under
UNO_REQUIRE_SERVICES=1 (CI, whose .ci/run installs the `chromium` package)."""

from __future__ import annotations

import json
import urllib.error
import urllib.request

import pytest
from django.contrib.auth import get_user_model
from rest_framework.test import APIClient

from games import services
from games.models import Game, GameEvent, GameStatus
from players.models import ApiToken
from players.services import player_for_user, player_register, token_issue
from unoservice.ops import figures

from .conftest import ADMIN_PASSWORD

pytestmark = pytest.mark.django_db(transaction=True)

NO_TIMERS = {"turn_seconds": None, "response_seconds": None, "uno_window_seconds": None}


@pytest.fixture
def staff():
    """A superuser who signs in with a password, and their player with an API token."""
    get_user_model().objects.create_superuser("root", "root@example.com", ADMIN_PASSWORD)
    player = player_for_user(username="root")
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Bearer {token_issue(player=player)}")
    return client


def api_client(name: str):
    player, token = player_register(name=name)
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Bearer {token}")
    return player, client


def started(host: APIClient, guest: APIClient, **body) -> dict:
    game = host.post("/api/v1/games", {"seats": 2, "timers": NO_TIMERS, **body}, format="json")
    assert game.status_code == 201, game.content
    game_id = game.json()["id"]
    assert guest.post(f"/api/v1/games/{game_id}/join").status_code == 200
    start = host.post(f"/api/v1/games/{game_id}/start")
    assert start.status_code == 200, start.content
    return start.json()


def play_a_few_moves(game: dict, seats: dict[int, APIClient], moves: int) -> None:
    for _ in range(moves):
        to_act = seats[game["to_act"]]
        legal = to_act.get(f"/api/v1/games/{game['id']}/legal-actions").json()["actions"]
        result = to_act.post(f"/api/v1/games/{game['id']}/actions", legal[0], format="json")
        assert result.status_code == 200, result.content
        game = result.json()["game"]


def finished_by_staff(staff: APIClient, guest: APIClient) -> dict:
    """Staff (seat 0) wins with its last card; the guest's two wilds pass the target."""
    position = {"hands": {"0": ["red-5"], "1": ["wild", "wild"]}, "discard": ["red-3"]}
    game = started(
        staff, guest, position={**position, "to_act": 0}, rules={"options": {"target_score": 50}}
    )
    result = staff.post(
        f"/api/v1/games/{game['id']}/actions", {"type": "play", "card": "red-5"}, format="json"
    )
    assert result.json()["game"]["status"] == "finished"
    return result.json()["game"]


def figure(page, key: str) -> str:
    return page.locator(f'[data-figure="{key}"]').first.inner_text().strip()


def expected_games() -> dict[str, str]:
    count = Game.objects.filter
    return {
        "games_waiting": str(count(status=GameStatus.WAITING).count()),
        "games_active": str(count(status=GameStatus.ACTIVE).count()),
        "games_finished_today": str(count(status=GameStatus.FINISHED).count()),
        "games_aborted_today": str(count(status=GameStatus.ABORTED).count()),
        "events_last_hour": str(GameEvent.objects.count()),
    }


def test_the_dashboard_shows_the_databases_numbers_and_follows_them_live(
    page, live_server, staff, sign_in
):
    ann, ann_client = api_client("ann")
    bob, bob_client = api_client("bob")
    played = started(ann_client, bob_client)
    play_a_few_moves(played, {0: ann_client, 1: bob_client}, moves=4)
    to_abort = started(bob_client, ann_client)
    finished_by_staff(staff, ann_client)
    ann_client.post("/api/v1/games", {"seats": 3, "timers": NO_TIMERS}, format="json")
    services.game_abort(
        game_id=to_abort["id"], reason="stuck", staff=player_for_user(username="root")
    )
    waiting_seat = 1 - Game.objects.get(pk=played["id"]).to_act
    refused = [ann_client, bob_client][waiting_seat].post(
        f"/api/v1/games/{played['id']}/actions", {"type": "draw"}, format="json"
    )
    assert refused.status_code == 409
    figures.flush()

    sign_in(page, "/admin/dashboard/")

    expected = expected_games()
    assert expected["games_aborted_today"] == "1"
    assert {key: figure(page, key) for key in expected} == expected
    assert figure(page, "refused:not_your_turn") == "1"
    bars = page.locator("#events-chart rect")
    assert bars.count() == 60
    counts = [int(c) for c in bars.evaluate_all("rs => rs.map(r => r.dataset.count)")]
    assert sum(counts) == GameEvent.objects.count()

    # Live: the page fetches its figures again by itself.
    services.game_abort(game_id=played["id"], reason="live", staff=player_for_user(username="root"))
    page.wait_for_function(
        "() => document.querySelector('[data-figure=\"games_aborted_today\"]').textContent.trim()"
        " === '2'",
        timeout=15_000,
    )
    assert figure(page, "games_active") == "0"

    # Each number opens the list behind it.
    page.click('[data-figure="games_aborted_today"]')
    page.wait_for_selector("#result_list")
    listed = page.locator("#result_list tbody tr").count()
    assert listed == Game.objects.filter(status=GameStatus.ABORTED).count() == 2


def test_a_token_revoked_in_the_admin_is_refused_by_the_api(page, live_server, staff, sign_in):
    player, _ = player_register(name="ann")
    token = token_issue(player=player, label="phone")
    row = ApiToken.objects.get(player=player, label="phone")

    def games_status() -> tuple[int, str | None]:
        request = urllib.request.Request(
            live_server.url + "/api/v1/games", headers={"Authorization": f"Bearer {token}"}
        )
        try:
            with urllib.request.urlopen(request, timeout=10) as response:
                return response.status, None
        except urllib.error.HTTPError as refused:
            return refused.code, json.loads(refused.read())["code"]

    assert games_status() == (200, None)

    sign_in(page, "/admin/players/apitoken/")
    assert token not in page.content()  # only its hint is ever shown
    page.check(f'input[name="_selected_action"][value="{row.pk}"]')
    page.select_option('select[name="action"]', "revoke")
    page.click('button[name="index"]')
    page.wait_for_selector(".messagelist")

    assert games_status() == (401, "not_authenticated")
