"""Cross-process wake-ups: a committed write announces the game's new version on a
PostgreSQL channel, and each web process listens on it (games.live.watch).

The announcement carries what the write committed when it fits in a notification
(`news`: the head row without its engine state, and the new events, encoded once by the
writer; PostgreSQL takes payloads under 8,000 bytes, and a move's weigh 2-4 KB), so that a
process holding streams of the game builds their frames without reading the table. A
bigger write sends the version alone, a hint to read the log again. Either way the log
stays the truth: a reader that finds a gap in seq, a hint, or nothing for a while reads
the table, so a lost, repeated or reordered notification delays a frame and never loses
or repeats one. SQLite has no channel: the news reaches the streams of the writing
process only (through `events_committed`), and readers poll the head rows.

A write that changes which games a player sits in (a game created with them seated, a
seat taken, a rematch of a game they sat in) also names each such player on the same
channel (`player <id>`), so that the player's own stream, which waits on the games it
knows of, learns of one it does not know yet."""

from __future__ import annotations

import functools
import logging
import uuid

import orjson
from django.db import DEFAULT_DB_ALIAS, connection

from games.models import Game, GameEvent

CHANNEL = "uno_game_versions"
#: Where the games with open streams are announced (games.live.published): a channel of
#: its own, so that a process that holds no stream but writes (compose's web processes)
#: hears the announcements without hearing every move.
STREAMS_CHANNEL = "uno_game_streams"
_PLAYER = "player "
_STREAMED = "streamed "
#: A frames payload's data starts with this (a news' is JSON: `{`).
FRAMES = "F"

logger = logging.getLogger(__name__)
#: PostgreSQL refuses a notification payload of 8,000 bytes or more.
PAYLOAD_LIMIT = 7999
#: The head row's fields a notification leaves out: the engine state (4 KB and more),
#: which a reader brings up to date from the events.
_LEFT_OUT = {"state"}
_EVENT_FIELDS = (
    "seq",
    "type",
    "schema_version",
    "public",
    "private",
    "private_digest",
    "actor",
    "recorded_at",
    "prev_hash",
    "hash",
)


def announce(game_id, version: int) -> None:
    """Inside the writing transaction: PostgreSQL delivers the notification when (and
    only if) the transaction commits, so listeners never hear of a write they cannot
    read yet, nor of one rolled back."""
    _notify([payload(game_id, version)])


#: Set by games.live.published: `(game, appended, state) -> str | None`, the write's
#: frames, already redacted and encoded for each audience of the game's streams
#: (`<game> <version> F...`), or None when the game is streamed nowhere this process
#: knows of, has ended, or the frames do not fit: the news is published instead.
frames_renderer = None
#: Set by games.live.published: `(game_id) -> bool`, False when this process knows the
#: game is streamed nowhere, so that no reader could use its news: a hint then says as
#: much, for a fraction of the work and of the channel's bytes.
news_wanted = None


def announce_news(game: Game, rows: list[GameEvent], appended=None, state=None) -> str:
    """Like `announce`, with the head row and the write's new events when they fit (see
    the module) and may serve a stream (`news_wanted`), or, for a game whose streams are
    open (`frames_renderer`), its frames as each audience sees them. Returns the payload,
    which the writing process's own streams hear without the channel (`events_committed`)."""
    text = None
    renderer = frames_renderer
    if renderer is not None and appended is not None:
        try:
            text = renderer(game, appended, state)
        except Exception:  # the news instead: the streams render for themselves
            logger.warning("frames of game %s not rendered", game.id, exc_info=True)
    if text is None:
        wanted = news_wanted
        if wanted is None or wanted(game.id):
            text = news_payload(game, rows)
        else:
            text = payload(game.id, game.version)
    _notify([text])
    return text


def news_payload(game: Game, rows: list[GameEvent]) -> str:
    """`<game> <version> <JSON>`, or the hint `<game> <version>` when it would not fit."""
    hint = payload(game.id, game.version)
    head = {f.attname: getattr(game, f.attname) for f in _head_fields()}
    events = [{name: getattr(row, name) for name in _EVENT_FIELDS} for row in rows]
    try:
        data = orjson.dumps({"head": head, "events": events}, option=orjson.OPT_NON_STR_KEYS)
    except TypeError:  # a value JSON cannot hold: the readers read the table
        return hint
    if len(hint) + 1 + len(data) > PAYLOAD_LIMIT:
        return hint
    return f"{hint} {data.decode()}"


def parse_news(text: str) -> tuple[uuid.UUID, int, str | None] | None:
    """(game, version, the news' JSON or None for a hint), without decoding the JSON: a
    process decodes only the news of games it streams."""
    game_id, _, rest = text.partition(" ")
    version, _, data = rest.partition(" ")
    try:
        return uuid.UUID(game_id), int(version), data or None
    except ValueError:
        return None


def decode_news(data: str) -> tuple[Game, list[GameEvent]]:
    """The head row (its `state` None) and the new events, as the table would give them.
    Built as the ORM builds rows it read (`from_db`, the values in field order, only UUIDs
    and times parsed): every process holding a stream of the game decodes every write's
    news, and the keyword constructors and every field's parsing cost it 74 us a write
    against 64 (a move's news of about 3 KB, measured in one process)."""
    decoded = orjson.loads(data)
    head = decoded["head"]
    alias = DEFAULT_DB_ALIAS  # the only database; no connection proxy looked up per row
    names, parsers = _head_decoding()
    game = Game.from_db(alias, names, _values(head, names, parsers))
    game.state = None
    names, parsers = _event_decoding()
    extra = {"id": None, "game_id": game.id}
    rows = [
        GameEvent.from_db(alias, names, _values({**event, **extra}, names, parsers))
        for event in decoded["events"]
    ]
    return game, rows


def _values(document: dict, names: list[str], parsers: list) -> list:
    return [
        value if parse is None or value is None else parse(value)
        for value, parse in zip((document[name] for name in names), parsers, strict=True)
    ]


@functools.cache
def _head_decoding() -> tuple[list[str], list]:
    return _decoding(_head_fields())


@functools.cache
def _event_decoding() -> tuple[list[str], list]:
    return _decoding(GameEvent._meta.concrete_fields)


def _decoding(fields) -> tuple[list[str], list]:
    """Each field's name and how its JSON value becomes the Python one: None where JSON
    gives it as it is (JSON fields, text, numbers, booleans), else the field's parsing
    (UUIDs, times)."""
    as_is = (int, str, bool, dict, list)
    parsers = []
    for field in fields:
        kind = field.get_internal_type()
        if kind == "JSONField" or _json_type(field) in as_is:
            parsers.append(None)
        else:
            parsers.append(field.to_python)
    return [f.attname for f in fields], parsers


def _json_type(field):
    """The Python type of a field's values when JSON holds them as they are."""
    kind = (field.target_field if field.is_relation else field).get_internal_type()
    if kind in ("CharField", "TextField"):
        return str
    if kind == "BooleanField":
        return bool
    if kind.endswith(("IntegerField", "AutoField")):
        return int
    return None


def _head_fields() -> list:
    return [f for f in Game._meta.concrete_fields if f.name not in _LEFT_OUT]


def announce_players(player_ids) -> None:
    """Inside the writing transaction, like `announce`: these players' games changed."""
    _notify([player_payload(player_id) for player_id in sorted(set(map(str, player_ids)))])


def _notify(payloads: list[str], channel: str = CHANNEL) -> None:
    if connection.vendor != "postgresql" or not payloads:
        return
    with connection.cursor() as cursor:
        for text in payloads:
            cursor.execute("SELECT pg_notify(%s, %s)", [channel, text])


def payload(game_id, version: int) -> str:
    return f"{game_id} {version}"


def player_payload(player_id) -> str:
    return f"{_PLAYER}{player_id}"


def streamed_payload(game_ids) -> str:
    """`streamed <game> <game> ...`: this process holds streams of these games (their
    writers then publish frames, games.live.published)."""
    return _STREAMED + " ".join(str(g) for g in game_ids)


def parse_streamed_payload(text: str) -> list[str] | None:
    if not text.startswith(_STREAMED):
        return None
    return text.removeprefix(_STREAMED).split()


def parse_player_payload(text: str) -> uuid.UUID | None:
    if not text.startswith(_PLAYER):
        return None
    try:
        return uuid.UUID(text.removeprefix(_PLAYER))
    except ValueError:
        return None
