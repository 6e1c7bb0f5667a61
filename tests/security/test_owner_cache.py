"""Token owners kept in Redis (players.owner_cache): a request is authenticated and
throttled in one round trip, and still every change to a token, a player or a user
takes effect at once. Against the real Redis, with transactions that commit (the marks
are written once a change has committed)."""

from __future__ import annotations

import uuid
from pathlib import Path

import pytest
import redis
from django.contrib.auth import get_user_model
from django.core.cache import caches
from django.test import override_settings
from rest_framework.test import APIClient

from players import services
from players.models import token_digest
from players.owner_cache import owner_cache
from unoservice import env

ME = "/api/v1/players/me"
TOKENS = "/api/v1/players/me/tokens"


@pytest.fixture
def redis_caches(redis_url):
    """Django's caches in the test Redis, under a prefix of this test's own."""
    config = env.cache(redis_url, Path("/nonexistent"))
    prefix = uuid.uuid4().hex
    with override_settings(
        CACHES={alias: {**conf, "KEY_PREFIX": prefix} for alias, conf in config.items()}
    ):
        yield redis.Redis.from_url(redis_url), prefix
    caches["default"].clear()


def bearer(token: str) -> APIClient:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Bearer {token}")
    return client


def entry_of(connection, prefix: str, token: str) -> bytes | None:
    return connection.get(f"{prefix}:1:owner:{token_digest(token)}")


@pytest.mark.django_db(transaction=True)
def test_a_second_request_is_answered_from_the_cache_and_counted_once(redis_caches):
    connection, prefix = redis_caches
    player, token = services.player_register(name="ann")

    for _ in range(3):
        assert bearer(token).get(ME).status_code == 200

    assert entry_of(connection, prefix, token) is not None
    window = connection.keys(f"{prefix}:1:throttle_*_{player.id}:window")
    assert len(window) == 1
    assert connection.zcard(window[0]) == 3  # each request once, cached or not


@pytest.mark.django_db(transaction=True)
def test_a_revoked_token_is_refused_at_once_though_its_owner_was_cached(redis_caches):
    connection, prefix = redis_caches
    _, token = services.player_register(name="ann")
    spare = bearer(token).post(TOKENS, {"label": "spare"}, format="json").json()
    assert bearer(spare["token"]).get(ME).status_code == 200
    assert entry_of(connection, prefix, spare["token"]) is not None

    assert bearer(token).post(f"{TOKENS}/{spare['id']}/revoke").status_code == 200

    refused = bearer(spare["token"]).get(ME)
    assert refused.status_code == 401
    assert refused.json()["code"] == "not_authenticated"
    assert bearer(token).get(ME).status_code == 200


@pytest.mark.django_db(transaction=True)
def test_a_deactivated_player_is_refused_at_once_and_welcome_again_once_reactivated(
    redis_caches,
):
    player, token = services.player_register(name="ann")
    assert bearer(token).get(ME).status_code == 200

    services.player_deactivate(player=player)
    refused = bearer(token).get(ME)

    assert refused.status_code == 401
    assert refused.json()["code"] == "account_disabled"
    services.player_reactivate(player=player)
    assert bearer(token).get(ME).status_code == 200


@pytest.mark.django_db(transaction=True)
def test_a_rename_and_a_lost_staff_flag_show_at_once(redis_caches):
    get_user_model().objects.create_user("root", is_staff=True)
    player = services.player_for_user(username="root")
    token = services.token_issue(player=player)
    assert bearer(token).get(ME).json()["is_staff"] is True

    assert bearer(token).patch(ME, {"name": "renamed"}, format="json").status_code == 200
    user = get_user_model().objects.get(username="root")
    user.is_staff = False
    user.save()

    me = bearer(token).get(ME).json()
    assert me["name"] == "renamed"
    assert me["is_staff"] is False


@pytest.mark.django_db(transaction=True)
def test_an_entry_filled_from_a_read_that_raced_a_change_is_never_used(redis_caches):
    """The fill's time is read before the database is: a change marked after it (so
    committed after the lookup began) leaves the entry unused, whatever order the fill
    and the mark reach Redis in."""
    connection, prefix = redis_caches
    player, token = services.player_register(name="ann")
    cache, digest = owner_cache(), token_digest(token)
    request = APIClient().get(ME).wsgi_request

    missed = cache.lookup(request, digest, [])
    assert missed.owner is None
    from players.auth import token_owner

    read_before_the_change = token_owner(digest)
    cache.mark_changed(player.id)  # the change commits and is marked here
    cache.fill(digest, read_before_the_change, missed.asked_at_us)

    assert entry_of(connection, prefix, token) is not None
    assert cache.lookup(request, digest, []).owner is None
    later = cache.lookup(request, digest, [])
    cache.fill(digest, token_owner(digest), later.asked_at_us)
    assert cache.lookup(request, digest, []).owner is not None


@pytest.mark.django_db(transaction=True)
def test_without_a_reachable_redis_tokens_are_checked_in_the_database():
    config = env.cache(f"redis://127.0.0.1:{_closed_port()}/0", Path("/nonexistent"))
    player, token = services.player_register(name="ann")
    with override_settings(CACHES=config):
        assert owner_cache() is not None
        assert bearer(token).get(ME).json()["id"] == str(player.id)
        services.player_deactivate(player=player)
        assert bearer(token).get(ME).status_code == 401


def _closed_port() -> int:
    import socket

    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]
