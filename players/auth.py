"""`Authorization: Bearer <token>` for the API."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import timedelta
from functools import cache, partial

from django.contrib.auth import get_user_model
from django.db import DEFAULT_DB_ALIAS
from drf_spectacular.extensions import OpenApiAuthenticationExtension
from rest_framework import authentication, exceptions

from unoservice import clock
from unoservice.rate_limits import PlannedWindow
from unoservice.rows import Columns, fetch_one, table

from .models import ApiToken, Player, token_digest
from .owner_cache import owner_cache

_TOUCH_EVERY = timedelta(minutes=5)


@cache
def _token_query():
    """The live token with its player and, for staff, the Django user: one statement,
    compiled once. Where the throttles count in Redis, what it finds is kept there
    (players.owner_cache), and a change to any of it takes effect at once all the same."""
    user_model = get_user_model()
    token = Columns(ApiToken, "t", ["id", "player_id", "last_used_at"])
    player = Columns(Player, "p", ["id", "name", "user_id", "deactivated_at"])
    user = Columns(user_model, "u", ["id", "is_staff", "is_active"])
    sql = (
        f"SELECT {token.sql}, {player.sql}, {user.sql} FROM {table(ApiToken)} t "
        f"JOIN {table(Player)} p ON p.id = t.player_id "
        f"LEFT JOIN {table(user_model)} u ON u.id = p.user_id "
        "WHERE t.digest = %s AND t.revoked_at IS NULL"
    )
    return sql, (token, player, user)


def token_owner(digest: str) -> tuple[ApiToken, Player] | None:
    sql, parts = _token_query()
    found = fetch_one(sql, [digest], *parts, using=DEFAULT_DB_ALIAS)  # never a replica
    if found is None:
        return None
    token, player, user = found
    if user is not None:
        Player._meta.get_field("user").set_cached_value(player, user)
    token.player = player
    return token, player


def bearer_owner(http_request, value: str) -> tuple[ApiToken, Player] | None:
    """`token_owner` of the bearer token `value`, for a step before DRF authenticates
    (the replica routing); the authentication that follows takes it instead of asking
    again. Only once: a stream that checks its caller again later asks anew."""
    found = token_owner(token_digest(value))
    http_request._bearer_owner = (value, found)
    return found


@dataclass
class _Found:
    owner: tuple[ApiToken, Player] | None
    keep: Callable[[tuple[ApiToken, Player]], None] | None = None  # into the cache


def _owner_for_authentication(request, value: str) -> _Found:
    """The owner of token `value`: the one looked up before DRF authenticated, else from
    the cache of owners (which counts the request in its throttles in the same round
    trip), else from the database, with a way to keep it in the cache."""
    http_request = getattr(request, "_request", request)
    looked_up = http_request.__dict__.pop("_bearer_owner", None)
    if looked_up is not None and looked_up[0] == value:
        return _Found(looked_up[1])
    digest = token_digest(value)
    cache = owner_cache()
    lookup = None if cache is None else cache.lookup(http_request, digest, _windows(request))
    if lookup is None:
        return _Found(token_owner(digest))
    keep = partial(cache.fill, digest, asked_at_us=lookup.asked_at_us)
    if lookup.owner is not None:
        return _Found(lookup.owner, keep)
    found = token_owner(digest)
    if found is not None:
        keep(found)
    return _Found(found, keep)


def _stamp_use(token: ApiToken) -> bool:
    """Note that the token was used now, at most once every few minutes."""
    now = clock.now()
    if token.last_used_at is not None and now - token.last_used_at <= _TOUCH_EVERY:
        return False
    ApiToken.objects.filter(pk=token.pk).update(last_used_at=now)
    token.last_used_at = now
    return True


def _windows(request) -> list[PlannedWindow]:
    """The windows of the throttles of the view the request is for, as far as they can be
    counted before the caller is known."""
    view = (getattr(request, "parser_context", None) or {}).get("view")
    if view is None:
        return []
    windows = []
    for throttle in view.get_throttles():
        planned = getattr(throttle, "planned_window", None)
        window = planned(view) if planned is not None else None
        if window is not None:
            windows.append(window)
    return windows


def bearer_value(http_request) -> str | None:
    """The token of an `Authorization: Bearer <token>` header; None without one."""
    header = authentication.get_authorization_header(http_request).decode("latin-1")
    scheme, _, value = header.partition(" ")
    if scheme.lower() != BearerTokenAuthentication.keyword.lower():
        return None
    return value.strip() or None


class AccountDisabled(exceptions.AuthenticationFailed):
    default_detail = "This account is deactivated: its tokens no longer work."
    default_code = "account_disabled"


class BearerTokenAuthentication(authentication.BaseAuthentication):
    keyword = "Bearer"

    def authenticate(self, request):
        header = authentication.get_authorization_header(request).decode("latin-1")
        if not header:
            return None
        scheme, _, value = header.partition(" ")
        if scheme.lower() != self.keyword.lower():
            return None
        value = value.strip()
        if not value:
            raise exceptions.AuthenticationFailed("The bearer token is missing.")
        found = _owner_for_authentication(request, value)
        if found.owner is None:
            raise exceptions.AuthenticationFailed("The token is not valid or has been revoked.")
        token, player = found.owner
        if not player.is_active:
            raise AccountDisabled()
        if _stamp_use(token) and found.keep is not None:
            found.keep(found.owner)
        return player, token

    def authenticate_header(self, request):
        return self.keyword


class BearerTokenScheme(OpenApiAuthenticationExtension):
    target_class = "players.auth.BearerTokenAuthentication"
    name = "bearerAuth"

    def get_security_definition(self, auto_schema):
        return {
            "type": "http",
            "scheme": "bearer",
            "description": "A player's API token: `Authorization: Bearer <token>`.",
        }
