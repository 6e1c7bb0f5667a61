"""Which requests read the streaming replica (unoservice.replica), when there is one.

- An ended game's export, replay, audit and seal: its log no longer changes. The head row
  is first read on the replica; unless it is there and has ended, the request reads the
  primary (a game still played, or one whose end the replica has not replayed yet).
- Players' records, ratings and finished games, and the leaderboards: figures that a
  worker updates after a game ends, eventually consistent by nature; but a player's own
  (the token's) read the primary, so that a client reads its own writes.

Everything else reads the primary: the lobby, a game being played, its streams and
long-polls, the tokens. A replica that cannot be reached sends the request to the
primary."""

from __future__ import annotations

import logging
import re
import uuid

from asgiref.sync import iscoroutinefunction
from django.db import DEFAULT_DB_ALIAS, DatabaseError
from django.utils.decorators import sync_and_async_middleware

from games.models import Game, GameStatus
from players.auth import bearer_owner, bearer_value
from unoservice.replica import REPLICA, iterate_reading_from, reads_from

logger = logging.getLogger(__name__)

UUID = r"[0-9a-fA-F]{8}-?(?:[0-9a-fA-F]{4}-?){3}[0-9a-fA-F]{12}"
ENDED_GAME_READS = re.compile(rf"^/api/v1/games/(?P<game>{UUID})/(?:export|replay|audit|seal)$")
SETTLED_READS = re.compile(
    rf"^/api/v1/(?:players/(?P<player>{UUID})(?:/games|/ratings)?|leaderboards/[^/]+)$"
)
ENDED = (GameStatus.FINISHED, GameStatus.ABORTED)


def database_for(request) -> str:
    if request.method not in ("GET", "HEAD"):
        return DEFAULT_DB_ALIAS
    path = request.path_info
    settled = SETTLED_READS.match(path)
    if settled is not None:
        return DEFAULT_DB_ALIAS if _is_callers_own(request, settled["player"]) else REPLICA
    found = ENDED_GAME_READS.match(path)
    if found is None:
        return DEFAULT_DB_ALIAS
    try:
        with reads_from(REPLICA):
            game = Game.head_row(found["game"])
    except DatabaseError as exc:
        logger.warning("the replica cannot be read, reading the primary: %s", exc)
        return DEFAULT_DB_ALIAS
    return REPLICA if game is not None and game.status in ENDED else DEFAULT_DB_ALIAS


def _is_callers_own(request, player_id: str | None) -> bool:
    if player_id is None:
        return False
    token = bearer_value(request)
    found = bearer_owner(request, token) if token else None
    if found is None:
        return False
    try:
        return uuid.UUID(player_id) == found[1].id
    except ValueError:
        return False


@sync_and_async_middleware
def replica_reads_middleware(get_response):
    """Installed only with a replica (unoservice/settings.py). The routes above are
    synchronous views; a request served asynchronously (a long-poll) passes by."""
    if iscoroutinefunction(get_response):
        return get_response

    def read(request):
        database = database_for(request)
        if database == DEFAULT_DB_ALIAS:
            return get_response(request)
        with reads_from(database):
            response = get_response(request)
        if response.streaming:  # its body is read after this returns
            response.streaming_content = iterate_reading_from(database, response.streaming_content)
        return response

    return read
