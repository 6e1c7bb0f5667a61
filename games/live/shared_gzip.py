"""A live stream's gzip, each chunk compressed once for all the streams it goes to.

A gzipped stream is one gzip member: the header, deflate blocks, and gzip's trailer (the
CRC-32 and length of what it carried) when it ends. Each chunk becomes deflate blocks of
its own, flushed to a byte boundary (it reaches the client whole), coded against the
bytes the stream sent just before it: the last WINDOW bytes, given to zlib as a preset
dictionary, which is what the client's decoder holds then. So the compressed bytes of a
chunk depend only on the chunk and on what went before it on that stream, and two streams
that sent the same chunks (the same objects: a writer's frames are encoded once per
audience, games.live.published) get the same bytes for the next one, made once: the
spectators of a game share one compression a move instead of one each (pigz compresses
blocks in parallel the same way). A stream keeps references to its last chunks instead of
a compressor's state (24 KB a stream).
"""

from __future__ import annotations

import struct
import threading
import zlib
from collections import OrderedDict

#: Level 6, a 4 KB window, hash tables of memory level 4: the ratio within 1% of zlib's
#: defaults on recorded games' frames, at a fraction of the work a chunk.
LEVEL = 6
WINDOW_BITS = 12
MEMORY_LEVEL = 4
WINDOW = 1 << WINDOW_BITS
#: gzip's header: deflate, no name, no time, unknown system.
HEADER = b"\x1f\x8b\x08\x00\x00\x00\x00\x00\x00\xff"
#: An empty final deflate block (fixed codes), which ends the member before the trailer.
FINAL_BLOCK = b"\x03\x00"
#: Compressed chunks kept for the other streams that send them after the same bytes.
KEPT = 2048

_lock = threading.Lock()
#: By the ids of the chunks before and of the chunk: those chunks (kept alive with the
#: entry, so no other object can have their ids meanwhile) and the compressed bytes.
_compressed: OrderedDict[tuple[int, ...], tuple[tuple[bytes, ...], bytes]] = OrderedDict()


class GzipStream:
    """One stream's gzip: `chunk` for each chunk in order, then `end`."""

    __slots__ = ("_tail", "_tail_size", "_crc", "_size")

    def __init__(self):
        self._tail: tuple[bytes, ...] = ()  # the last chunks sent, WINDOW bytes or more
        self._tail_size = 0
        self._crc = 0
        self._size = 0

    def chunk(self, data: bytes) -> bytes:
        """The compressed bytes of the stream's next chunk (with the header, if first)."""
        tail = self._tail
        key = (*map(id, tail), id(data))
        with _lock:
            found = _compressed.get(key)
        if found is None:
            compressed = _deflate(data, b"".join(tail)[-WINDOW:])
            with _lock:
                _compressed[key] = ((*tail, data), compressed)
                while len(_compressed) > KEPT:
                    _compressed.popitem(last=False)
        else:
            compressed = found[1]
        first = not self._size
        self._crc = zlib.crc32(data, self._crc)
        self._size += len(data)
        self._keep(data)
        return HEADER + compressed if first else compressed

    def end(self) -> bytes:
        """What ends the stream: the final block and gzip's trailer."""
        header = b"" if self._size else HEADER
        return header + FINAL_BLOCK + struct.pack("<II", self._crc, self._size & 0xFFFFFFFF)

    def _keep(self, data: bytes) -> None:
        tail, size = (*self._tail, data), self._tail_size + len(data)
        while size - len(tail[0]) >= WINDOW:
            size -= len(tail[0])
            tail = tail[1:]
        self._tail, self._tail_size = tail, size


def _deflate(data: bytes, before: bytes) -> bytes:
    """`data` as deflate blocks ending on a byte boundary, coded after `before`."""
    compressor = zlib.compressobj(LEVEL, zlib.DEFLATED, -WINDOW_BITS, MEMORY_LEVEL, zdict=before)
    return compressor.compress(data) + compressor.flush(zlib.Z_SYNC_FLUSH)
