"""kombu's transports as the service uses them.

The embedded mode's Celery broker: kombu's filesystem transport, with every message
written whole before a worker can see it.

kombu creates a message's file under its final name and then writes it, so a worker
listing the folder in between takes an empty file, fails to decode it and exits
(celery/kombu#1551), which stops `bin/serve`. Here a message is written under a name the
worker ignores and renamed into place, which is atomic within a folder.

A fanout exchange's table of bound queues (each worker binds its remote-control queue to
`celery.pidbox` as it starts, and bin/serve starts two workers at once) had the same
flaw: kombu creates the table's file empty, then locks and writes it, so a worker binding
meanwhile read nothing, failed to decode it and exited, or truncated the other's binding.
Here the table is changed under a lock file that every binder takes first, and written
whole by a rename, so a reader always finds a complete table.

Redis (compose): kombu's transport, with one client per channel for its synchronous
commands. kombu makes a new `redis.Redis` for each (every task published), and building
one (its table of response callbacks) was about a third of the 1.1 ms of CPU a
published task cost; a client is a thin, thread-safe wrapper of the channel's connection
pool, so one serves them all. A timed game publishes a deadline sweep on most moves.
"""

from __future__ import annotations

import contextlib
import os
import uuid
from time import monotonic

from kombu.transport import filesystem, redis, virtual
from kombu.utils.encoding import str_to_bytes
from kombu.utils.json import dumps, loads

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

    def _queue_bind(self, exchange, routing_key, pattern, queue):
        bound = filesystem.exchange_queue_t(routing_key or "", pattern or "", queue or "")
        with self._exchange_table(exchange) as queues:
            if bound not in queues:
                queues.insert(0, bound)

    def _delete(self, queue, exchange, routing_key, pattern, *args, **kwargs):
        # kombu's virtual channel forgets the queue; the table is changed here, not by
        # the filesystem channel's own unlocked rewrite
        virtual.Channel._delete(self, queue, exchange, routing_key, pattern, *args, **kwargs)
        bound = filesystem.exchange_queue_t(routing_key or "", pattern or "", queue or "")
        with self._exchange_table(exchange) as queues:
            if bound in queues:
                queues.remove(bound)

    @contextlib.contextmanager
    def _exchange_table(self, exchange):
        """The exchange's bound queues, for the block to change: read and written back
        while this process holds the exchange's lock file, written whole by a rename."""
        table = self._exchange_file(exchange)
        self.control_folder.mkdir(exist_ok=True)
        try:
            with open(f"{table}.lock", "ab") as guard:
                filesystem.lock(guard, filesystem.LOCK_EX)
                try:
                    try:
                        queues = [
                            filesystem.exchange_queue_t(*q) for q in loads(table.read_bytes())
                        ]
                    except FileNotFoundError:
                        queues = []
                    before = list(queues)
                    yield queues
                    if queues != before:
                        partial = f"{table}{PARTIAL_SUFFIX}"
                        with open(partial, "wb") as file:
                            file.write(str_to_bytes(dumps(queues)))
                        os.replace(partial, table)
                finally:
                    filesystem.unlock(guard)
        except OSError as exc:
            raise filesystem.ChannelError(f"Cannot change {table}") from exc


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
