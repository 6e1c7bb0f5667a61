"""Players' replay links: an ended game's view carries `replay_url`, a link that opens the
replay page as the caller may see the game. It is signed with Django's signing (the
project's SECRET_KEY), names the game and the caller, and lasts 24 hours; it holds no
token and opens nothing but that page and the steps it draws."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import timedelta

from django.core import signing
from django.urls import reverse

from players.models import Player
from unoservice import clock

from .models import Game, GameStatus

SALT = "games.replay-link"
LIFETIME = timedelta(hours=24)


class ReplayLinkRefused(Exception):
    """The link is not one the service signed for this game, has expired, or its player
    may no longer use it. `reason` is said to the person who opened it."""

    def __init__(self, reason: str):
        super().__init__(reason)
        self.reason = reason


@dataclass(frozen=True)
class ReplayLink:
    game_id: str
    player: Player


def replay_path(game: Game, player: Player) -> str | None:
    """The replay page's path for `player`, valid for LIFETIME from now; None while the
    game has not ended."""
    if game.status not in (GameStatus.FINISHED, GameStatus.ABORTED):
        return None
    until = int((clock.now() + LIFETIME).timestamp())
    signed = signing.dumps(
        {"game": str(game.id), "player": str(player.id), "until": until}, salt=SALT
    )
    return reverse("replay-page", args=[game.id, signed])


def replay_link_open(*, game_id, signed: str) -> ReplayLink:
    """Who the link was made for, if it is good for this game now."""
    try:
        claims = signing.loads(signed, salt=SALT)
    except signing.BadSignature:
        raise ReplayLinkRefused("This replay link is not valid.") from None
    if claims.get("game") != str(game_id):
        raise ReplayLinkRefused("This replay link is for another game.")
    if claims.get("until", 0) <= clock.now().timestamp():
        raise ReplayLinkRefused(
            "This replay link has expired: open the game again to get a new one."
        )
    player = Player.objects.filter(pk=claims.get("player")).first()
    if player is None or not player.is_active:
        raise ReplayLinkRefused("This replay link's account cannot use it any more.")
    return ReplayLink(game_id=str(game_id), player=player)
