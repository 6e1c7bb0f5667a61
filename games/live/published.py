"""Frames rendered once, by the writer: a game's streams forward bytes.

A write to a game whose streams are open somewhere publishes, in its notification, the
write's frames as each audience of the game sees them (each seat, the spectators): the
new events redacted for it (`event_document`, the one redaction path) and its new view
(`game_document`, without the rule set), each encoded once as one line of JSON. The
writer holds the engine state and the events it just appended, so nothing is decoded,
replayed or read for it, and the work is done once per write for the whole service
instead of once per process that holds a stream of the game (bench/streams.py,
docs/performance.md).

A process keeps the last PUBLISHED_KEPT batches of each game it heard, by the version
each follows. A stream that sent everything up to version L takes the batch that
follows L, then the one that follows it, and so on: their events, then the last one's
view, as one chunk, encoded once per audience and media type whatever the number of
streams. Whatever does not chain from L (a lost, repeated or reordered notification, a
write published as news or a hint, an ended game, a staff member's stream, a spectator
who took a seat) leaves the stream to its usual way (games.live.frames: the news, or the
table), so a batch is never skipped nor repeated: the log stays the truth.

Where the streams are: each process announces the games it holds streams of
(`streamed <game> ...`, when a game's first stream opens and every ANNOUNCE_SECONDS while
they stay open) on a channel of their own (wakeups.STREAMS_CHANNEL), which every server
process hears (games.live.watch.hear_announcements: compose's web processes hold no
stream and hear nothing else); a writer renders frames for a game it holds a stream of
or heard announced within STREAMED_SECONDS. A process that hears no announcement (a
Celery worker) publishes the news, which the streams render for themselves; one that has
heard them for KNOWN_AFTER_SECONDS without a break knows which games are streamed, and
publishes only a hint for the others, whose news no stream would read. Several
machines: the announcements and the frames travel on the one PostgreSQL's channels,
like the news.

A notification carries under 8,000 bytes: a write whose frames do not fit (a game of
many seats, a long batch) publishes the news instead.
"""

from __future__ import annotations

import threading
import time
import uuid
from collections import OrderedDict
from dataclasses import dataclass, field

import orjson

from games.engine import Viewer
from games.live import wakeups
from games.live.spectators import refresh_spectator_counts, spectator_count
from games.live.watch import version_watch
from games.models import Game, GameStatus
from games.presentation import event_document, game_document, seats_by_player

#: A process announces the games it streams this often while their streams stay open...
ANNOUNCE_SECONDS = 20.0
#: ...and a writer renders frames for a game announced within this long.
STREAMED_SECONDS = 60.0
#: Batches kept per game: a stream that lags further behind reads the table.
PUBLISHED_KEPT = 16
#: Games whose batches a process keeps.
PUBLISHED_GAMES = 1024
#: A process that has heard the announcements this long without a break knows every game
#: streamed anywhere (each is announced again every ANNOUNCE_SECONDS).
KNOWN_AFTER_SECONDS = ANNOUNCE_SECONDS + 5.0
#: The spectators' audience key (a seat's is its number).
SPECTATORS = "s"


def _json(data) -> bytes:
    return orjson.dumps(data, option=orjson.OPT_NON_STR_KEYS)


# --- where the streams are ---------------------------------------------------------------


class Streamed:
    """The games with open streams: this process's own (counted) and those announced by
    the others (with when the announcement lapses)."""

    def __init__(self):
        self._lock = threading.Lock()
        self._here: dict[str, int] = {}
        self._announced_at: dict[str, float] = {}  # by this process
        self._heard: dict[str, float] = {}  # game: lapses at (monotonic)

    def opened(self, game_id) -> bool:
        """A stream of the game opened here; True when the game is to be announced now."""
        key = str(game_id)
        with self._lock:
            self._here[key] = self._here.get(key, 0) + 1
            due = time.monotonic() - self._announced_at.get(key, -1e9) >= ANNOUNCE_SECONDS
            if due:
                self._announced_at[key] = time.monotonic()
            return due

    def closed(self, game_id) -> None:
        key = str(game_id)
        with self._lock:
            left = self._here.get(key, 0) - 1
            if left > 0:
                self._here[key] = left
            else:
                self._here.pop(key, None)
                self._announced_at.pop(key, None)

    def heard(self, game_ids) -> None:
        lapses = time.monotonic() + STREAMED_SECONDS
        with self._lock:
            for key in game_ids:
                self._heard[key] = lapses
            if len(self._heard) > 4 * PUBLISHED_GAMES:
                now = time.monotonic()
                self._heard = {k: t for k, t in self._heard.items() if t > now}

    def announced(self) -> list[str]:
        """The games announced by any process within STREAMED_SECONDS."""
        now = time.monotonic()
        with self._lock:
            return [key for key, lapses in self._heard.items() if lapses > now]

    def here(self, game_id) -> bool:
        """Whether a stream of the game is open in this process."""
        with self._lock:
            return str(game_id) in self._here

    def anywhere(self, game_id) -> bool:
        key = str(game_id)
        with self._lock:
            return key in self._here or self._heard.get(key, 0.0) > time.monotonic()

    def due(self) -> list[str]:
        """The games streamed here not announced for ANNOUNCE_SECONDS (marked announced)."""
        now = time.monotonic()
        with self._lock:
            due = [
                k for k in self._here if now - self._announced_at.get(k, -1e9) >= ANNOUNCE_SECONDS
            ]
            for key in due:
                self._announced_at[key] = now
        return due


streamed = Streamed()


def announce_streamed(game_ids) -> None:
    """Tell every process (this one included) that streams of these games are open
    here, on the thread's connection."""
    wakeups._notify(_announcements(game_ids), wakeups.STREAMS_CHANNEL)


def announcements_due() -> list[str]:
    """The announcements of the games streamed here that are due (ANNOUNCE_SECONDS),
    for the version watch's listener to send."""
    return _announcements(streamed.due())


def _announcements(game_ids) -> list[str]:
    game_ids = [str(g) for g in game_ids]
    if not game_ids:
        return []
    streamed.heard(game_ids)
    # 37 bytes a game: well under 8,000 bytes a notification.
    return [wakeups.streamed_payload(game_ids[n : n + 100]) for n in range(0, len(game_ids), 100)]


def refresh_announced_counts() -> None:
    """The spectators' counts of the games streamed anywhere, read in one call now and
    then (games.live.watch.hear_announcements runs it about every second, and only the
    counts about to go stale are read): a write of such a game then renders its frames
    without a round trip of its own to Redis (0.2 ms of a web process's CPU a move)."""
    refresh_spectator_counts(streamed.announced())


# --- the writer: rendering ---------------------------------------------------------------


def render_frames(game: Game, appended, state) -> str | None:
    """The write's frames for each audience (see the module), or None: not streamed, not
    an active game (a waiting game's seats change; an ended game's views carry each
    caller's own replay link and reveal more), or too big."""
    if game.status != GameStatus.ACTIVE or state is None or not appended:
        return None
    if not streamed.anywhere(game.id):
        return None
    seats = seats_by_player(game)
    audiences = [(str(seat), Viewer(seat=seat)) for seat in sorted(set(seats.values()))]
    audiences.append((SPECTATORS, Viewer.spectator()))
    spectators = spectator_count(game.id)
    lines: list[bytes] = []
    index: dict[bytes, int] = {}
    by_audience = {}

    def line(document) -> int:
        encoded = _json(document)
        found = index.get(encoded)
        if found is None:
            found = index[encoded] = len(lines)
            lines.append(encoded)
        return found

    for key, viewer in audiences:
        events = [
            line(event_document(a.row, viewer, event=a.event))  # not ended: nothing revealed
            for a in appended
        ]
        view = game_document(game, state, viewer, spectators=spectators, with_rules=False)
        view["replay_url"] = None  # as GET /games/{id} has it until the game ends
        by_audience[key] = [*events, line(view)]
    head = {
        "prev": appended[0].row.seq - 1,
        "seqs": [a.row.seq for a in appended],
        "seats": seats,
        "aud": by_audience,
    }
    text = "\n".join(
        [f"{wakeups.payload(game.id, game.version)} {wakeups.FRAMES}{_json(head).decode()}"]
        + [encoded.decode() for encoded in lines]
    )
    if len(text.encode()) > wakeups.PAYLOAD_LIMIT:
        return None
    return text


# --- the streams: forwarding -------------------------------------------------------------


@dataclass
class PublishedBatch:
    prev: int
    version: int
    seqs: list[int]
    seats: dict[str, int]
    documents: dict[str, list[bytes]]  # by audience: its events' JSON, then its view's
    chunks: dict = field(default_factory=dict)


def decode_frames(version: int, data: str) -> PublishedBatch | None:
    head_text, *lines = data.removeprefix(wakeups.FRAMES).split("\n")
    head = orjson.loads(head_text)
    encoded = [text.encode() for text in lines]
    seqs = head["seqs"]
    if not seqs or seqs[-1] != version or seqs != list(range(head["prev"] + 1, version + 1)):
        return None
    documents = {key: [encoded[i] for i in picks] for key, picks in head["aud"].items()}
    return PublishedBatch(head["prev"], version, seqs, head["seats"], documents)


class Published:
    """The batches heard, by game and by the version each follows."""

    def __init__(self, games: int = PUBLISHED_GAMES, kept: int = PUBLISHED_KEPT):
        self.games, self.kept = games, kept
        self._lock = threading.Lock()
        self._batches: OrderedDict[uuid.UUID, dict[int, PublishedBatch]] = OrderedDict()

    def take(self, game_id, version: int, data: str) -> None:
        batch = decode_frames(version, data)
        if batch is None:
            return
        with self._lock:
            kept = self._batches.get(game_id)
            if kept is None:
                kept = self._batches[game_id] = {}
            kept.setdefault(batch.prev, batch)  # a repeat changes nothing
            while len(kept) > self.kept:
                del kept[min(kept)]
            self._batches.move_to_end(game_id)
            while len(self._batches) > self.games:
                self._batches.popitem(last=False)

    def chain(self, game_id, after: int) -> list[PublishedBatch]:
        """The batches that follow `after`, one after the other, as far as they go."""
        with self._lock:
            kept = self._batches.get(game_id)
            if not kept:
                return []
            found = []
            while (batch := kept.get(after)) is not None:
                found.append(batch)
                after = batch.version
            return found

    def forget(self) -> None:
        with self._lock:
            self._batches.clear()


published = Published()


def listener_of(player) -> str | None:
    """Who a stream's audience is looked up by (`audience_of`): the player's id, or None
    for staff (who see more: their streams render for themselves)."""
    return None if player.is_staff else str(player.id)


def audience_of(batch: PublishedBatch, listener: str | None) -> str | None:
    """The stream's audience in the batch: its seat, or the spectators'; None for staff
    (`listener_of`, looked up once a stream)."""
    if listener is None:
        return None
    seat = batch.seats.get(listener)
    return SPECTATORS if seat is None else str(seat)


def chunk_of(
    batches: list[PublishedBatch], audience: str, encoder, with_view: bool
) -> bytes | None:
    """The chained batches' events, then the last one's view (`with_view`), as one chunk
    for `audience` in the encoder's media type, encoded once."""
    last = batches[-1]
    key = (batches[0].prev, audience, encoder.media_type, with_view)
    chunk = last.chunks.get(key)
    if chunk is not None:
        return chunk
    frames = []
    for batch in batches:
        documents = batch.documents.get(audience)
        if documents is None:
            return None
        events = documents[: len(batch.seqs)]
        frames += [
            encoder.raw_frame(b"event", s, d) for s, d in zip(batch.seqs, events, strict=True)
        ]
    if with_view:
        frames.append(encoder.raw_frame(b"view", last.version, last.documents[audience][-1]))
    chunk = last.chunks[key] = b"".join(frames)
    return chunk


def take(game_id, version: int, data: str) -> None:
    published.take(game_id, version, data)


wakeups.frames_renderer = render_frames


def news_wanted(game_id) -> bool:
    """Whether a write's news may serve a stream of the game: unless this process has
    heard the announcements long enough to know the game is streamed nowhere (a stream
    that opens meanwhile hears a hint, and reads the table)."""
    return version_watch.heard_announcements_for() < KNOWN_AFTER_SECONDS or streamed.anywhere(
        game_id
    )


wakeups.news_wanted = news_wanted
