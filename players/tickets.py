"""Stream tickets: how a browser's `EventSource`, which cannot send headers, opens a
stream without a token in its URL.

`POST /stream-tickets` (with the Bearer token) answers a ticket: signed, naming the
player and the token it came from, valid for TICKET_SECONDS. `?ticket=` then opens any
stream of that player's until it expires, reconnects included. The ticket dies with its
token (revoked) or its account (deactivated), checked at each use and while a stream
it opened stays open.
"""

from __future__ import annotations

from datetime import timedelta

from django.core import signing
from drf_spectacular.extensions import OpenApiAuthenticationExtension
from rest_framework import authentication, exceptions

from unoservice import clock
from unoservice.clock import format_time

from .auth import AccountDisabled
from .models import ApiToken

TICKET_SECONDS = 60
_SALT = "uno.stream-ticket"


class StreamTicket:
    """What `request.auth` holds for a request a ticket authenticated."""

    def __init__(self, token_id: int):
        self.token_id = token_id


def ticket_issue(*, token: ApiToken) -> dict:
    expires_at = clock.now() + timedelta(seconds=TICKET_SECONDS)
    ticket = signing.dumps({"token": token.pk}, salt=_SALT, compress=True)
    return {"ticket": ticket, "expires_at": format_time(expires_at)}


def ticket_owner(ticket: str, *, max_age: float | None = TICKET_SECONDS):
    """(player, StreamTicket) for a valid ticket; AuthenticationFailed otherwise."""
    try:
        claims = signing.loads(ticket, salt=_SALT, max_age=max_age)
    except signing.SignatureExpired:
        raise exceptions.AuthenticationFailed("The stream ticket has expired.") from None
    except signing.BadSignature:
        raise exceptions.AuthenticationFailed("The stream ticket is not valid.") from None
    token = (
        ApiToken.objects.select_related("player__user")
        .filter(pk=claims.get("token"), revoked_at__isnull=True)
        .first()
    )
    if token is None:
        raise exceptions.AuthenticationFailed("The token behind this ticket has been revoked.")
    if not token.player.is_active:
        raise AccountDisabled()
    return token.player, StreamTicket(token.pk)


class StreamTicketAuthentication(authentication.BaseAuthentication):
    """`?ticket=` on the stream endpoints (after the Bearer header, which wins)."""

    def authenticate(self, request):
        ticket = request.query_params.get("ticket")
        if ticket is None:
            return None
        return ticket_owner(ticket)

    def authenticate_header(self, request):
        return "Bearer"


def credentials_still_valid(request) -> bool:
    """Whether the credentials that opened a long-lived stream still hold: the token (or
    the token behind the ticket, whose own 60 s only bound when a stream may open) is
    live and the account active."""
    opened_by = request.user.pk
    try:
        if isinstance(request.auth, StreamTicket):
            ticket = request.query_params.get("ticket", "")
            player, _ = ticket_owner(ticket, max_age=None)
        else:
            request._authenticate()
            player = request.user
    except exceptions.AuthenticationFailed:
        return False
    return getattr(player, "pk", None) == opened_by


class StreamTicketScheme(OpenApiAuthenticationExtension):
    target_class = "players.tickets.StreamTicketAuthentication"
    name = "streamTicket"

    def get_security_definition(self, auto_schema):
        return {
            "type": "apiKey",
            "in": "query",
            "name": "ticket",
            "description": "A stream ticket from `POST /api/v1/stream-tickets`, for clients "
            "that cannot send headers (a browser's EventSource). Valid 60 s.",
        }
