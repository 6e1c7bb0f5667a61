"""Stream slots (games.live.slots): at most UNO_STREAMS_PER_PLAYER per player, counted
in one place for every web process, given back when a stream ends and expiring when its
process could not give it back. Each test runs on both stores: the SQLite file (one
machine) and Redis (several)."""

from __future__ import annotations

import time
import uuid
from datetime import UTC, datetime, timedelta

import pytest

from games.live.slots import (
    LEASE_GRACE_SECONDS,
    FileSlots,
    RedisSlots,
    Renewals,
    TooManyStreams,
    renewals,
)


class Clock:
    """Starts at the real time: Redis expires the keys themselves by the real clock."""

    def __init__(self):
        self.now = datetime.now(UTC)

    def __call__(self) -> datetime:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += timedelta(seconds=seconds)


@pytest.fixture
def clock(monkeypatch) -> Clock:
    fake = Clock()
    monkeypatch.setattr("unoservice.clock.now", fake)
    return fake


@pytest.fixture(params=["file", "redis"])
def store_of(request, tmp_path):
    """store_of(limit) -> a store of each kind; every store a test makes counts in the
    same place (the same file, the same Redis keys), as the web processes' do."""
    prefix = f"uno:test-streams:{uuid.uuid4().hex}:"

    def make(limit: int):
        if request.param == "file":
            return FileSlots(tmp_path / "streams.sqlite3", limit)
        return RedisSlots(request.getfixturevalue("redis_url"), limit, prefix=prefix)

    return make


def test_a_claim_past_the_limit_is_refused_until_a_slot_is_released(store_of, clock):
    store = store_of(3)
    slots = [store.claim("ann", 30) for _ in range(3)]

    with pytest.raises(TooManyStreams) as refused:
        store.claim("ann", 30)
    assert store.held("ann") == 3
    assert store.claim("bob", 30)  # another player's slots are their own

    slots[1].release()
    assert store.held("ann") == 2
    assert store.claim("ann", 30)
    assert refused.value.status_code == 429 and refused.value.code == "too_many_streams"


def test_retry_after_says_when_the_players_first_stream_will_have_ended(store_of, clock):
    store = store_of(2)
    store.claim("ann", 20)
    clock.advance(5)
    store.claim("ann", 30)
    clock.advance(3)

    with pytest.raises(TooManyStreams) as refused:
        store.claim("ann", 30)

    assert refused.value.wait == 12  # the first one's 20 s wait ends 12 s from now


def test_slots_a_killed_process_never_gave_back_expire(store_of, clock):
    store = store_of(2)
    store.claim("ann", 30)  # never released: its process was killed
    store.claim("ann", 10)

    clock.advance(10 + LEASE_GRACE_SECONDS + 0.1)
    assert store.held("ann") == 1
    assert store.claim("ann", 30)
    with pytest.raises(TooManyStreams):
        store.claim("ann", 30)

    clock.advance(30)
    assert store.held("ann") == 1  # the first claim's lease is over, the last one's runs


def test_a_process_renews_its_open_streams_slots_together_and_never_one_given_back(store_of, clock):
    """One renewal for every slot the process's streams hold, whoever's they are; a slot
    given back is neither renewed nor claimed again by it."""
    store = store_of(5)
    ann, ann_too, bob = store.claim("ann", 10), store.claim("ann", 10), store.claim("bob", 10)
    store.claim("ann", 10)  # no stream holds it: its lease runs out
    renewals.hold([ann, ann_too, bob])
    ann_too.release()

    clock.advance(9)
    renewals.renew_all(60)
    clock.advance(1 + LEASE_GRACE_SECONDS + 0.1)  # the claims' leases are over

    assert (store.held("ann"), store.held("bob")) == (1, 1)  # ann, bob
    held = {slot.id for slot in renewals.held()}
    assert ann.id in held and bob.id in held and ann_too.id not in held
    clock.advance(60 - 1)
    assert (store.held("ann"), store.held("bob")) == (0, 0)
    ann.release()
    bob.release()
    assert not {ann.id, bob.id} & {slot.id for slot in renewals.held()}


def test_renewals_fall_due_once_per_period_for_the_first_to_ask():
    renewals = Renewals()  # as if it had just renewed
    start = time.monotonic()

    assert not renewals.due(start + 29, every=30)
    assert renewals.due(start + 30, every=30)  # this caller renews
    assert not renewals.due(start + 30.5, every=30)  # the others need not
    assert renewals.due(start + 61, every=30)


def test_every_process_counts_in_the_same_place(store_of, clock):
    """Two stores on the same file or Redis, as two web processes have."""
    first, second = store_of(2), store_of(2)

    first.claim("ann", 30)
    second.claim("ann", 30)

    with pytest.raises(TooManyStreams):
        first.claim("ann", 30)
    with pytest.raises(TooManyStreams):
        second.claim("ann", 30)


def test_while_redis_cannot_be_reached_streams_go_through_uncounted(get_free_port, caplog):
    store = RedisSlots(f"redis://127.0.0.1:{get_free_port()}/0", 1)  # nothing listens

    slots = [store.claim("ann", 30), store.claim("ann", 30)]

    assert [slot.counted for slot in slots] == [False, False]
    slots[0].release()  # nothing to give back, and no error
    assert "stream slots unavailable" in caplog.text


def test_holders_count_each_holder_once_across_processes_until_released_or_expired(store_of, clock):
    """A game's spectators: two stores (two web processes), a viewer with two streams
    counted once, a lease its process never gave back expiring."""
    first, second = store_of(2**31), store_of(2**31)
    bob = first.claim("spectators:g", 30, holder="bob")
    second.claim("spectators:g", 30, holder="bob")
    cid = second.claim("spectators:g", 10, holder="cid")  # its process dies
    first.claim("spectators:other", 30, holder="dee")

    assert first.holders("spectators:g") == second.holders("spectators:g") == 2
    bob.release()
    assert first.holders("spectators:g") == 2  # bob's other stream is open
    clock.advance(10 + LEASE_GRACE_SECONDS + 0.1)
    assert second.holders("spectators:g") == 1
    assert cid.store.holders("spectators:other") == 1
