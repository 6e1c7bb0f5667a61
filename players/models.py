"""Players and their API tokens.

A player is who sits at a table: a display name, and for staff a link to a Django user.
Tokens are shown once and stored as their SHA-256 digest; a player may hold several and
revoke any of them. Staff can deactivate a player (staff or not): every token of theirs is
then refused until they are reactivated.
"""

from __future__ import annotations

import hashlib
import secrets
import uuid

from django.conf import settings
from django.db import models

TOKEN_PREFIX = "uno_"


def token_digest(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


class Player(models.Model):
    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    name = models.CharField(max_length=40)
    user = models.OneToOneField(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="player",
        help_text="Staff players are Django users; others have none.",
    )
    bot = models.BooleanField(
        default=False, help_text="A server bot, made for one seat of one game (no tokens)."
    )
    created_at = models.DateTimeField(auto_now_add=True)
    deactivated_at = models.DateTimeField(
        null=True,
        blank=True,
        editable=False,
        help_text="Set while the account is deactivated: its tokens are refused.",
    )

    class Meta:
        ordering = ["created_at"]

    def __str__(self) -> str:
        return self.name

    @property
    def is_active(self) -> bool:
        """False once staff deactivated the player, or the linked Django user."""
        if self.deactivated_at is not None:
            return False
        return self.user_id is None or self.user.is_active

    # DRF treats request.user as a user: a player authenticated by token is one.
    is_authenticated = True
    is_anonymous = False

    @property
    def is_staff(self) -> bool:
        return bool(self.user_id and self.user.is_staff)


class ApiToken(models.Model):
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="tokens")
    digest = models.CharField(max_length=64, unique=True)
    hint = models.CharField(max_length=12, help_text="The token's first characters.")
    label = models.CharField(max_length=60, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    last_used_at = models.DateTimeField(null=True, blank=True)
    revoked_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at"]

    def __str__(self) -> str:
        return f"{self.hint}… ({self.player})"

    @property
    def is_active(self) -> bool:
        return self.revoked_at is None


def new_token_value() -> str:
    return TOKEN_PREFIX + secrets.token_urlsafe(32)
