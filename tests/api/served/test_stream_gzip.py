"""A stream's gzip (games.live.shared_gzip): every stream decodes to exactly what it was
sent, chunk by chunk as it arrives and whole with gzip's trailer; streams that sent the
same chunks share each next chunk's compression; the ratio is a continuous compressor's."""

from __future__ import annotations

import gzip
import random
import zlib

import orjson

from games.live import shared_gzip
from games.live.shared_gzip import GzipStream


def view_chunk(rng: random.Random, version: int) -> bytes:
    """A chunk shaped like a stream's batch: an event, then a view much like the last."""
    hand = [
        f"{rng.choice(['red', 'blue', 'green', 'yellow'])}-{rng.randrange(10)}" for _ in range(7)
    ]
    event = {"seq": version, "type": "card_played", "seat": version % 2, "card": hand[0]}
    view = {"version": version, "you": {"seat": 0, "hand": hand}, "hand_sizes": [7, 6]}
    return b"event: event\nid: %d\ndata: %s\n\nevent: view\nid: %d\ndata: %s\n\n" % (
        version,
        orjson.dumps(event),
        version,
        orjson.dumps(view),
    )


def test_each_stream_decodes_chunk_by_chunk_and_whole_to_exactly_what_it_was_sent():
    rng = random.Random(7)
    shared = [view_chunk(rng, n) for n in range(1, 40)]
    own_first = [b'event: view\nid: 0\ndata: {"first": %d}\n\n' % n for n in range(3)]
    keepalive = b": keepalive\n\n"
    streams = []
    for n, first in enumerate(own_first):
        # Each stream starts with a chunk of its own, joins the shared chunks at its own
        # point, and one of them gets a keepalive in between.
        sent = [first, *shared[n * 5 :]]
        if n == 1:
            sent.insert(10, keepalive)
        streams.append(sent)
    for sent in streams:
        gzipped, decoder, wire = GzipStream(), zlib.decompressobj(16 + zlib.MAX_WBITS), []
        for chunk in sent:
            piece = gzipped.chunk(chunk)
            wire.append(piece)
            assert decoder.decompress(piece) == chunk  # whole on arrival
        wire.append(gzipped.end())
        assert gzip.decompress(b"".join(wire)) == b"".join(sent)  # the trailer's CRC holds
        assert decoder.decompress(wire[-1]) == b"" and decoder.eof


def test_streams_that_sent_the_same_chunks_share_the_next_ones_compression(monkeypatch):
    rng = random.Random(3)
    shared = [view_chunk(rng, n) for n in range(1, 40)]
    made = []
    deflate = shared_gzip._deflate
    monkeypatch.setattr(
        shared_gzip, "_deflate", lambda data, before: made.append(data) or deflate(data, before)
    )
    spectators = [GzipStream() for _ in range(8)]
    for n, stream in enumerate(spectators):  # each its own first view
        stream.chunk(b'event: view\nid: 0\ndata: {"n": %d}\n\n' % n)
    assert len(made) == 8
    pieces = []
    for chunk in shared:
        made.clear()
        pieces = [stream.chunk(chunk) for stream in spectators]
    # Once each stream's own first chunk has left the window its next chunk is coded
    # against (4 KB), the streams send the same bytes, compressed once.
    assert sum(map(len, shared[-20:])) > shared_gzip.WINDOW
    assert made == [shared[-1]]
    assert len({id(piece) for piece in pieces}) == 1


def test_the_ratio_is_a_continuous_compressors():
    rng = random.Random(11)
    chunks = [view_chunk(rng, n) for n in range(1, 200)]
    gzipped = GzipStream()
    ours = sum(len(gzipped.chunk(c)) for c in chunks) + len(gzipped.end())
    continuous = zlib.compressobj(6, zlib.DEFLATED, 16 + 12, 4)
    theirs = sum(len(continuous.compress(c) + continuous.flush(zlib.Z_SYNC_FLUSH)) for c in chunks)
    theirs += len(continuous.flush())
    assert ours <= theirs * 1.05, (ours, theirs)
    assert ours < sum(map(len, chunks)) / 3
