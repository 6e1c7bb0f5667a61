"""The staff replay viewer: each step it shows is what GET /replay?at=N answers staff, and
stepping through a game happens in the browser (keys, buttons, slider, ?at=N)."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from games import services
from games.admin.replay_viewer import replay_steps
from games.models import Game
from games.selectors import game_replay_get
from players.services import player_for_user, player_register

pytestmark = pytest.mark.django_db

GAMES = "/admin/games/game/"
NO_TIMERS = {"turn_seconds": None, "response_seconds": None, "uno_window_seconds": None}


def without_clock(document: dict) -> dict:
    """The document without what depends on when it was asked: the server's time, and
    the caller's replay link (signed until 24 hours from then; the viewer has no use
    for it)."""
    return {k: v for k, v in document.items() if k not in ("server_time", "replay_url")}


def bots_game(host, target_events: int) -> Game:
    """A game of bots alone at 0 ms a move (only staff may make one: `host` becomes
    staff), swept until it has at least `target_events` events."""
    host.user = get_user_model().objects.create_user(f"host-{host.id}", is_staff=True)
    host.save(update_fields=["user"])
    game = services.game_create(
        host=host,
        seats=3,
        rules={"preset": "classic", "options": {"target_score": 5000}},
        bots=[{"strategy": "greedy"}, {"strategy": "random"}, {"strategy": "greedy"}],
        seat_host=False,
        bot_think_ms=0,
    )
    services.game_start(game_id=game.id, player=host)
    for _ in range(5 * target_events):
        game = Game.objects.get(pk=game.pk)
        if game.version >= target_events or game.status != "active":
            return game
        services.game_deadlines_enforce(game_id=game.id)
    raise AssertionError(f"only {game.version} events")


@pytest.fixture
def staff():
    get_user_model().objects.create_user("root", is_staff=True, is_superuser=True)
    return player_for_user(username="root")


def test_every_step_is_what_the_replay_endpoint_answers(staff, settings):
    settings.UNO_SCHEDULE_DEADLINE_TASKS = False
    host, _ = player_register(name="host")
    game = bots_game(host, target_events=60)

    steps = replay_steps(game=game, player=staff)

    assert [s["at"] for s in steps] == list(range(game.version + 1))
    for step in steps:
        expected = game_replay_get(game=game, player=staff, at=step["at"])
        assert without_clock(step["game"]) == without_clock(expected), step["at"]
    assert steps[0]["event"] is None
    assert [s["event"]["seq"] for s in steps[1:]] == list(range(1, game.version + 1))
    assert any(s["event"]["private"] for s in steps[1:])  # staff see the private parts


def test_the_viewer_page_and_its_steps_are_staff_only(staff, settings, client):
    settings.UNO_SCHEDULE_DEADLINE_TASKS = False
    ann, _ = player_register(name="ann")
    bob, _ = player_register(name="bob")
    game = services.game_create(host=ann, seats=2, rules={"preset": "classic"}, timers=NO_TIMERS)
    services.game_join(game_id=game.id, player=bob)
    services.game_start(game_id=game.id, player=ann)
    url = f"{GAMES}{game.pk}/replay/"

    assert client.get(url).status_code == 302
    staff_client = Client()
    staff_client.force_login(staff.user)
    page = staff_client.get(url, {"at": "2"})
    assert page.status_code == 200
    assert b'data-at="2"' in page.content
    body = staff_client.get(url + "steps.json").json()
    assert len(body["steps"]) == Game.objects.get(pk=game.pk).version + 1
    assert all("hand" in seat for seat in body["steps"][-1]["game"]["seats"])
