"""The embedded mode's broker never hands a worker a message that is still being written
(kombu's own filesystem transport does, and the worker then exits: celery/kombu#1551)."""

import builtins
import contextlib
import multiprocessing
import os
import queue
import time

import pytest
from kombu import Connection

from unoservice import broker, env

MESSAGES = 1000


def _channel(folder, transport):
    options = {
        "data_folder_in": str(folder),
        "data_folder_out": str(folder),
        "processed_folder": str(folder),
        "store_processed": False,
        "control_folder": str(folder / "control"),
    }
    return Connection(
        "filesystem://localhost//", transport=transport, transport_options=options
    ).default_channel


def _send(folder, transport):
    channel = _channel(folder, transport)
    for number in range(MESSAGES):
        channel._put("q", {"number": number, "padding": "x" * 20_000})


def test_the_embedded_broker_uses_the_transport_that_writes_messages_whole():
    assert env.broker_transport("filesystem://localhost//") == (
        "unoservice.broker:FilesystemTransport"
    )
    assert env.broker_transport("amqp://127.0.0.1//") is None


def test_while_a_message_is_being_written_a_worker_finds_nothing(tmp_path, monkeypatch):
    channel = _channel(tmp_path, broker.FilesystemTransport)
    real_open = builtins.open
    looked = []

    class LookingFile:
        """A file being written to the queue: before it gets its content, the worker
        looks at the queue."""

        def __init__(self, file):
            self.file = file

        def write(self, data):
            with pytest.raises(queue.Empty):
                channel._get("q")
            looked.append(True)
            return self.file.write(data)

        def __enter__(self):
            return self

        def __exit__(self, *exc):
            self.file.close()

        def __getattr__(self, name):
            return getattr(self.file, name)

    def open_looking(path, mode="r", *args, **kwargs):
        file = real_open(path, mode, *args, **kwargs)
        writing_to_queue = "w" in mode and str(path).startswith(str(tmp_path))
        return LookingFile(file) if writing_to_queue else file

    monkeypatch.setattr(builtins, "open", open_looking)
    channel._put("q", {"number": 1})
    monkeypatch.undo()

    assert looked
    assert channel._get("q") == {"number": 1}
    assert os.listdir(tmp_path) == []


def test_a_worker_reading_while_another_process_sends_gets_every_message_whole(tmp_path):
    sender = multiprocessing.get_context("spawn").Process(
        target=_send, args=(tmp_path, "unoservice.broker:FilesystemTransport")
    )
    sender.start()
    channel = _channel(tmp_path, broker.FilesystemTransport)
    numbers, deadline = [], time.monotonic() + 60
    try:
        while len(numbers) < MESSAGES and time.monotonic() < deadline:
            with contextlib.suppress(queue.Empty):
                numbers.append(channel._get("q")["number"])
    finally:
        sender.join(timeout=60)

    assert sorted(numbers) == list(range(MESSAGES))  # each once; kombu keeps no order within a ms


BINDERS = 6
EXCHANGES = 300


def _bind_all(folder, transport, name, start):
    """One worker starting: binds its queue to each fanout exchange (as a Celery worker
    binds its remote-control queue to `celery.pidbox`), all binders at once."""
    channel = _channel(folder, transport)
    start.wait()
    for exchange in range(EXCHANGES):
        channel._queue_bind(f"fanout{exchange}", "", "", name)


def test_workers_that_start_together_each_bind_their_queue_and_none_fails(tmp_path):
    """kombu's transport creates an exchange's table under its final name and then writes
    it: a second worker binding meanwhile read an empty table and exited (the embedded
    mode starts two workers at once), or overwrote the first one's binding."""
    context = multiprocessing.get_context("spawn")
    start = context.Barrier(BINDERS)
    binders = [
        context.Process(
            target=_bind_all,
            args=(tmp_path, "unoservice.broker:FilesystemTransport", f"q{n}", start),
        )
        for n in range(BINDERS)
    ]
    for binder in binders:
        binder.start()
    for binder in binders:
        binder.join(timeout=60)

    assert [binder.exitcode for binder in binders] == [0] * BINDERS
    channel = _channel(tmp_path, broker.FilesystemTransport)
    for exchange in range(EXCHANGES):
        bound = sorted(entry.queue for entry in channel.get_table(f"fanout{exchange}"))
        assert bound == [f"q{n}" for n in range(BINDERS)], exchange


def test_a_queue_deleted_leaves_the_other_bindings_of_its_exchange(tmp_path):
    channel = _channel(tmp_path, broker.FilesystemTransport)
    for name in ("q0", "q1"):
        channel._queue_bind("fanout", "", "", name)
    channel._put("q0", {"number": 1})

    channel._delete("q0", "fanout", "", "")
    channel._delete("q0", "fanout", "", "")  # a second time changes nothing

    assert [entry.queue for entry in channel.get_table("fanout")] == ["q1"]
    with pytest.raises(queue.Empty):
        channel._get("q0")  # its messages went with it
    assert sorted(os.listdir(tmp_path / "control")) == ["fanout.exchange", "fanout.exchange.lock"]
