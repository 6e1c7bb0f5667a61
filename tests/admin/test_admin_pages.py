"""The admin: games, events (never editable), players and tokens."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model

from games import services
from games.models import GameEvent
from players.services import player_register

pytestmark = pytest.mark.django_db


@pytest.fixture
def admin_client(client):
    client.force_login(get_user_model().objects.create_superuser("root", "root@example.com", "pw"))
    return client


@pytest.fixture
def game():
    host, _ = player_register(name="ann")
    guest, _ = player_register(name="bob")
    game = services.game_create(host=host, seats=2, rules={"preset": "classic"})
    services.game_join(game_id=game.id, player=guest)
    services.game_start(game_id=game.id, player=host)
    return game


def test_every_admin_list_page_renders(admin_client, game):
    services.game_abort(game_id=game.id, reason="sealed", staff=game.host)
    pages = ("games/game", "games/gameevent", "players/player")
    for path in (*pages, "players/apitoken"):
        response = admin_client.get(f"/admin/{path}/")
        assert response.status_code == 200, path


def test_an_event_cannot_be_changed_or_deleted_from_the_admin(admin_client, game):
    event = GameEvent.objects.filter(game=game).first()
    page = admin_client.get(f"/admin/games/gameevent/{event.pk}/change/")
    assert page.status_code == 200
    assert b'name="_save"' not in page.content
    response = admin_client.post(f"/admin/games/gameevent/{event.pk}/delete/", {"post": "yes"})
    assert response.status_code == 403
    assert GameEvent.objects.filter(pk=event.pk).exists()


def test_a_games_page_offers_no_save_since_nothing_on_it_is_edited_there(admin_client, game):
    page = admin_client.get(f"/admin/games/game/{game.pk}/change/")

    assert page.status_code == 200
    assert b'name="_save"' not in page.content
    assert b'name="_continue"' not in page.content
    assert b"Abort" in page.content


def test_the_audit_action_reports_a_clean_game(admin_client, game):
    response = admin_client.post(
        "/admin/games/game/",
        {"action": "audit_selected", "_selected_action": [str(game.id)]},
        follow=True,
    )
    shown = [str(m) for m in response.context["messages"]]
    assert shown == [f"{game.id}: audit ok"]


def test_the_abort_action_aborts_with_an_event(admin_client, game):
    admin_client.post(
        "/admin/games/game/", {"action": "abort_selected", "_selected_action": [str(game.id)]}
    )
    game.refresh_from_db()
    assert game.status == "aborted"
    assert GameEvent.objects.filter(game=game, type="game_aborted").exists()
