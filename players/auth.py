"""`Authorization: Bearer <token>` for the API."""

from __future__ import annotations

from datetime import timedelta

from django.utils import timezone
from drf_spectacular.extensions import OpenApiAuthenticationExtension
from rest_framework import authentication, exceptions

from .models import ApiToken, token_digest

_TOUCH_EVERY = timedelta(minutes=5)


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
        token = (
            ApiToken.objects.select_related("player__user")
            .filter(digest=token_digest(value), revoked_at__isnull=True)
            .first()
        )
        if token is None:
            raise exceptions.AuthenticationFailed("The token is not valid or has been revoked.")
        now = timezone.now()
        if token.last_used_at is None or now - token.last_used_at > _TOUCH_EVERY:
            ApiToken.objects.filter(pk=token.pk).update(last_used_at=now)
        return token.player, token

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
