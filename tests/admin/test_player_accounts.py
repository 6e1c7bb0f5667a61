"""Accounts: staff deactivate and reactivate players from the admin, and the API follows a
user's current flags on every request (no cache keeps a token or a staff power alive)."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Permission
from django.test import Client
from rest_framework.test import APIClient

from games import services as game_services
from players.models import Player
from players.services import player_for_user, player_register, token_issue

pytestmark = pytest.mark.django_db

PLAYERS = "/admin/players/player/"


def api(token: str) -> APIClient:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Bearer {token}")
    return client


def problem_code(response) -> str:
    assert response["Content-Type"].startswith("application/problem+json")
    return response.json()["code"]


def staff_user(username: str, **flags):
    flags = {"is_staff": True, "is_superuser": True, **flags}
    # No password: the tests sign in with force_login (hashing one costs about a second).
    return get_user_model().objects.create_user(username, **flags)


def signed_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


@pytest.fixture
def admin_client():
    return signed_in(staff_user("root"))


@pytest.fixture
def ann():
    player, token = player_register(name="ann")
    return player, token


def staff_with_token(username: str):
    user = staff_user(username)
    player = player_for_user(username=username)
    return user, player, token_issue(player=player)


def run_action(client: Client, action: str, *players: Player):
    return client.post(
        PLAYERS, {"action": action, "_selected_action": [str(p.pk) for p in players]}, follow=True
    )


def test_deactivating_a_player_from_the_list_refuses_their_token_at_once(admin_client, ann):
    player, token = ann
    assert api(token).get("/api/v1/players/me").status_code == 200

    run_action(admin_client, "deactivate_selected", player)

    response = api(token).get("/api/v1/players/me")
    assert response.status_code == 401
    assert problem_code(response) == "account_disabled"
    player.refresh_from_db()
    assert player.deactivated_at is not None
    assert player.tokens.filter(revoked_at__isnull=True).count() == 1  # kept, not revoked


def test_reactivating_from_the_list_makes_the_same_token_work_again(admin_client, ann):
    player, token = ann
    run_action(admin_client, "deactivate_selected", player)

    run_action(admin_client, "reactivate_selected", player)

    assert api(token).get("/api/v1/players/me").status_code == 200
    player.refresh_from_db()
    assert player.deactivated_at is None


def test_a_deactivated_staff_player_loses_the_api_and_the_admin(admin_client):
    user, player, token = staff_with_token("sam")
    sams_admin = signed_in(user)
    assert sams_admin.get(PLAYERS).status_code == 200

    run_action(admin_client, "deactivate_selected", player)

    assert problem_code(api(token).get("/api/v1/games")) == "account_disabled"
    page = sams_admin.get(PLAYERS)
    assert page.status_code == 302
    assert page["Location"].startswith("/admin/login/")
    user.refresh_from_db()
    assert user.is_active is False


def test_the_players_list_shows_who_is_deactivated_and_filters_by_it(admin_client, ann):
    player, _ = ann
    bob, _ = player_register(name="bob")
    run_action(admin_client, "deactivate_selected", player)

    deactivated = admin_client.get(PLAYERS, {"account": "deactivated"})
    active = admin_client.get(PLAYERS, {"account": "active"})

    assert [p.name for p in deactivated.context["cl"].result_list] == ["ann"]
    assert "bob" in [p.name for p in active.context["cl"].result_list]
    assert "ann" not in [p.name for p in active.context["cl"].result_list]
    assert bob.is_active


def test_the_players_page_deactivates_only_after_confirmation(admin_client, ann):
    player, token = ann
    change_url = f"{PLAYERS}{player.pk}/change/"
    account_url = f"{PLAYERS}{player.pk}/account/"

    page = admin_client.get(change_url)
    assert account_url.encode() in page.content
    assert b"Deactivate account" in page.content
    confirm = admin_client.get(account_url)
    assert confirm.status_code == 200
    assert b"Yes, deactivate" in confirm.content
    assert api(token).get("/api/v1/players/me").status_code == 200  # a GET changes nothing

    done = admin_client.post(account_url)

    assert done.status_code == 302 and done["Location"] == change_url
    assert problem_code(api(token).get("/api/v1/players/me")) == "account_disabled"
    page = admin_client.get(change_url)
    assert b"Reactivate account" in page.content
    assert b"tokens refused" in page.content


def test_the_players_page_reactivates_a_deactivated_player(admin_client, ann):
    player, token = ann
    account_url = f"{PLAYERS}{player.pk}/account/"
    admin_client.post(account_url)

    assert b"Yes, reactivate" in admin_client.get(account_url).content
    admin_client.post(account_url)

    assert api(token).get("/api/v1/players/me").status_code == 200


def test_staff_cannot_deactivate_their_own_account():
    user, player, token = staff_with_token("sam")
    client = signed_in(user)

    client.post(f"{PLAYERS}{player.pk}/account/")
    run_action(client, "deactivate_selected", player)

    assert api(token).get("/api/v1/games").status_code == 200
    user.refresh_from_db()
    assert user.is_active


def test_staff_without_the_change_permission_cannot_deactivate_anyone(ann):
    player, token = ann
    viewer = staff_user("viewer", is_superuser=False)
    viewer.user_permissions.add(Permission.objects.get(codename="view_player"))
    client = signed_in(viewer)

    refused = client.post(f"{PLAYERS}{player.pk}/account/")
    run_action(client, "deactivate_selected", player)

    assert refused.status_code == 403
    assert client.get(PLAYERS).context["action_form"] is None  # no action offered
    assert api(token).get("/api/v1/players/me").status_code == 200


# --- staff powers follow the user's current flags ----------------------------------------
@pytest.fixture
def active_game(ann):
    host, _ = ann
    guest, _ = player_register(name="bob")
    game = game_services.game_create(host=host, seats=2, rules={"preset": "classic"})
    game_services.game_join(game_id=game.id, player=guest)
    game_services.game_start(game_id=game.id, player=host)
    return game


def test_demoting_a_staff_user_takes_their_staff_powers_away_at_once(active_game):
    user, _, token = staff_with_token("sam")
    client = api(token)
    view = client.get(f"/api/v1/games/{active_game.id}").json()
    assert all("hand" in seat for seat in view["seats"])
    assert client.get(f"/api/v1/games/{active_game.id}/audit").status_code == 200

    get_user_model().objects.filter(pk=user.pk).update(is_staff=False)

    view = client.get(f"/api/v1/games/{active_game.id}").json()
    assert not any("hand" in seat for seat in view["seats"])
    audit = client.get(f"/api/v1/games/{active_game.id}/audit")
    assert audit.status_code == 403
    assert problem_code(audit) == "staff_only"
    assert client.get("/api/v1/players/me").json()["is_staff"] is False


def test_promoting_a_user_gives_staff_powers_at_once(active_game):
    user, _, token = staff_with_token("sam")
    get_user_model().objects.filter(pk=user.pk).update(is_staff=False)
    client = api(token)
    assert client.get(f"/api/v1/games/{active_game.id}/audit").status_code == 403

    get_user_model().objects.filter(pk=user.pk).update(is_staff=True)

    assert client.get(f"/api/v1/games/{active_game.id}/audit").status_code == 200


def test_a_demoted_staff_user_is_shown_out_of_the_admin_on_the_next_request():
    user = staff_user("sam")
    client = signed_in(user)
    assert client.get(PLAYERS).status_code == 200

    get_user_model().objects.filter(pk=user.pk).update(is_staff=False)

    page = client.get(PLAYERS)
    assert page.status_code == 302
    assert page["Location"].startswith("/admin/login/")


# --- a player's games and tokens on their page ----------------------------------------------


def test_a_players_page_lists_their_games_and_links_to_all_of_them(admin_client, ann):
    player, _ = ann
    bob, _ = player_register(name="bob")
    played = game_services.game_create(host=player, seats=2, rules={"preset": "classic"})
    game_services.game_create(host=bob, seats=2, rules={"preset": "classic"})

    page = admin_client.get(f"{PLAYERS}{player.pk}/change/").content.decode()

    assert f"/admin/games/game/{played.pk}/change/" in page
    all_games = f"/admin/games/game/?player={player.pk}"
    assert all_games in page
    listed = admin_client.get(all_games).context["cl"].result_list
    assert [g.pk for g in listed] == [played.pk]


def test_a_token_revoked_from_the_players_page_is_refused_and_never_shown(admin_client, ann):
    player, token = ann
    other = token_issue(player=player, label="laptop")
    row = player.tokens.get(label="registration")
    revoke_url = f"{PLAYERS}{player.pk}/tokens/{row.pk}/revoke/"
    page = admin_client.get(f"{PLAYERS}{player.pk}/change/").content.decode()
    assert revoke_url in page
    assert token not in page and other not in page
    confirm = admin_client.get(revoke_url)
    assert token not in confirm.content.decode()
    assert api(token).get("/api/v1/players/me").status_code == 200  # a GET changes nothing

    done = admin_client.post(revoke_url)

    assert done.status_code == 302
    refused = api(token).get("/api/v1/players/me")
    assert refused.status_code == 401
    assert problem_code(refused) == "not_authenticated"
    assert api(other).get("/api/v1/players/me").status_code == 200
    page = admin_client.get(f"{PLAYERS}{player.pk}/change/").content.decode()
    assert revoke_url not in page  # a revoked token has nothing left to revoke


def test_the_token_list_revokes_through_the_service(admin_client, ann):
    player, token = ann
    row = player.tokens.get()

    response = admin_client.post(
        "/admin/players/apitoken/",
        {"action": "revoke", "_selected_action": [str(row.pk)]},
        follow=True,
    )

    assert [str(m) for m in response.context["messages"]] == [
        "1 token(s) revoked: the API refuses them from now on."
    ]
    assert problem_code(api(token).get("/api/v1/players/me")) == "not_authenticated"
