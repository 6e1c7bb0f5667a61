"""kombu's transports as the service uses them.

The embedded mode's Celery broker: kombu's filesystem transport, with every message
written whole before a worker can see it.

kombu creates a message's file under its final name and then writes it, so a worker
listing the folder in between takes an empty file, fails to decode it and exits
(celery/kombu#1551), which stops `bin/serve`. Here a message is written under a name the
worker ignores and renamed into place, which is atomic within a folder.

Redis (compose): kombu's transport, with one client per channel for its synchronous
commands. kombu makes a new `redis.Redis` for each (every task published), and building
one (its table of response callbacks) was about a third of the 1.1 ms of CPU a
published task cost; a client is a thin, thread-safe wrapper of the channel's connection
pool, so one serves them all. A timed game publishes a deadline sweep on most moves.
"""

from __future__ import annotations

import os
import uuid
from time import monotonic

from kombu.transport import filesystem, redis
from kombu.utils.encoding import str_to_bytes
from kombu.utils.json import dumps

#: A message being written: the worker takes only names ending in ".<queue>.msg".
PARTIAL_SUFFIX = ".partial"


class Channel(filesystem.Channel):
    def _put(self, queue, payload, **kwargs):
        # kombu's name: sorted names are the order messages were sent in
        name = f"{int(round(monotonic() * 1000))}_{uuid.uuid4()}.{queue}.msg"
        final = os.path.join(self.data_folder_out, name)
        partial = final + PARTIAL_SUFFIX
        try:
            with open(partial, "wb") as file:
                file.write(str_to_bytes(dumps(payload)))
            os.replace(partial, final)
        except OSError as exc:
            raise filesystem.ChannelError(f"Cannot add file {final!r} to directory") from exc


class FilesystemTransport(filesystem.Transport):
    Channel = Channel


class RedisChannel(redis.Channel):
    _kept_client = None

    def _create_client(self, asynchronous=False):
        if asynchronous:  # kombu keeps that one itself (`client`)
            return super()._create_client(asynchronous=True)
        kept = self._kept_client
        if kept is None or kept.connection_pool is not self.pool:  # a new pool after a fork
            kept = self._kept_client = super()._create_client()
        return kept


class RedisTransport(redis.Transport):
    Channel = RedisChannel
