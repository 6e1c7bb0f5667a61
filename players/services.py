"""Writes for players: registration, tokens, profile, deactivation."""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.db import transaction

from unoservice import clock

from .models import ApiToken, Player, new_token_value, token_digest
from .owner_cache import changed_on_commit


def token_issue(*, player: Player, label: str = "") -> str:
    """Create a token for the player and return its value (shown once, stored hashed)."""
    value = new_token_value()
    ApiToken.objects.create(player=player, digest=token_digest(value), hint=value[:8], label=label)
    return value


@transaction.atomic
def player_register(*, name: str) -> tuple[Player, str]:
    player = Player.objects.create(name=name)
    return player, token_issue(player=player, label="registration")


@transaction.atomic
def player_for_user(*, username: str) -> Player:
    """The player of an existing Django user (staff use the API through one)."""
    user = get_user_model().objects.get(username=username)
    player, _ = Player.objects.get_or_create(user=user, defaults={"name": user.get_username()})
    return player


def token_revoke(*, player: Player, token_id: int) -> bool:
    revoked = ApiToken.objects.filter(player=player, pk=token_id, revoked_at__isnull=True).update(
        revoked_at=clock.now()
    )
    if revoked:
        changed_on_commit(player.pk)
    return bool(revoked)


def player_update(*, player: Player, name: str) -> Player:
    player.name = name
    player.save(update_fields=["name"])
    return player


@transaction.atomic
def player_deactivate(*, player: Player) -> None:
    """Refuse every token of the player from now on (and, for staff, the admin login too).
    The tokens are kept, not revoked, so reactivating gives them back."""
    if player.deactivated_at is None:
        player.deactivated_at = clock.now()
        player.save(update_fields=["deactivated_at"])
    if player.user_id is not None and player.user.is_active:
        player.user.is_active = False
        player.user.save(update_fields=["is_active"])


@transaction.atomic
def player_reactivate(*, player: Player) -> None:
    if player.deactivated_at is not None:
        player.deactivated_at = None
        player.save(update_fields=["deactivated_at"])
    if player.user_id is not None and not player.user.is_active:
        player.user.is_active = True
        player.user.save(update_fields=["is_active"])
