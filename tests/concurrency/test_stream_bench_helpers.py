"""bench/streams.py is a script, not a test; this checks its parts that need no server:
how it reads SSE frames, counts lost ones and measures delivery. The bench itself runs at
a tiny size in tests/e2e/test_stream_bench.py."""

from __future__ import annotations

import importlib
import json

import pytest


@pytest.fixture(scope="module")
def streams():
    return importlib.import_module("bench.streams")


def test_frames_are_split_on_blank_lines_and_keepalives_skipped(streams):
    buffer = (
        b'event: view\nid: 4\ndata: {"a": 1}\n\n: keepalive\n\n'
        b'event: event\nid: 5\ndata: {"seq": 5}\n\nevent: ev'
    )

    frames, rest = streams.split_frames(buffer)

    assert [(kind, frame_id) for kind, frame_id, _ in frames] == [(b"view", 4), (b"event", 5)]
    assert frames[1][2] == b'event: event\nid: 5\ndata: {"seq": 5}'
    assert rest == b"event: ev"


def test_a_stream_record_counts_repeats_and_gaps(streams):
    record = streams.StreamRecord("g")
    record.saw(b"view", 3, 0.0, view_frame(3, {"version": 3}))
    record.saw(b"event", 4, 1.0)
    record.saw(b"event", 4, 2.0)  # again
    record.saw(b"event", 3, 2.0)  # before the first view
    record.saw(b"event", 6, 3.0)  # 5 skipped

    assert (record.start, record.last, record.repeated, record.out_of_order) == (3, 6, 2, 1)
    assert record.arrived == {4: 1.0, 6: 3.0}
    assert record.caught_up(6) and not record.caught_up(7)


def record(game: str, start: int, arrived: dict, **counts) -> dict:
    return {
        "game": game,
        "start": start,
        "arrived": arrived,
        "repeated": counts.get("repeated", 0),
        "out_of_order": counts.get("out_of_order", 0),
        "error": counts.get("error"),
    }


def test_an_event_missing_from_one_stream_counts_as_lost_and_fails_the_goal(streams):
    records = [record("g", 2, {3: 1.0, 4: 1.1}), record("g", 2, {3: 1.0})]

    lost = streams.losses(records, {"g": 4})

    assert lost["lost"] == 1
    frames = {"count": 3, "p99_ms": 10.0}
    assert not streams.goals(frames, lost, 1.0)["frames_lost"]["met"]
    assert streams.goals(frames, streams.losses(records[:1], {"g": 4}), 1.0)["frames_lost"]["met"]


def test_a_stream_that_never_opened_loses_every_event(streams):
    assert streams.losses([record("g", None, {})], {"g": 7})["lost"] == 7


def test_delivery_runs_from_the_scheduled_time_not_the_send(streams):
    moves = [streams.Move("g", scheduled=10.0, version=5, answered=10.3)]
    records = [record("g", 2, {5: 10.4}), record("g", 2, {5: 10.1})]

    figures = streams.delivery(moves, records)

    assert figures["frames"]["count"] == 2
    assert figures["frames"]["max_ms"] == pytest.approx(400.0)
    assert figures["move_answered"]["p50_ms"] == pytest.approx(300.0)


def test_goals_need_p99_within_250_ms_and_three_quarters_of_the_moves(streams):
    none_lost = {"lost": 0, "repeated": 0, "out_of_order": 0}
    met = streams.goals({"count": 1, "p99_ms": 250.0}, none_lost, 0.75)
    missed = streams.goals({"count": 1, "p99_ms": 250.1}, none_lost, 0.74)

    assert all(goal["met"] for goal in met.values())
    assert not missed["delivery_p99_ms"]["met"]
    assert not missed["moves_with_streams_vs_without"]["met"]


def test_the_small_run_flags_are_accepted(streams):
    args = streams.parse_args(["--games", "10", "--streams-per-game", "3", "--seconds", "5"])
    full = streams.parse_args([])

    assert (args.games, args.streams_per_game, args.seconds) == (10, 3, 5.0)
    assert (full.games, full.streams_per_game, full.rate, full.workers) == (100, 10, 50.0, 4)
    assert not full.gzip and streams.parse_args(["--gzip"]).gzip


def test_web_cpu_per_frame_is_the_open_loops_extra_cost_over_the_frames_delivered(streams):
    open_loop = {"web_cpu_ms": 8.0}
    without = [{"web_cpu_ms": 5.0}, {"web_cpu_ms": 7.0}]

    per_frame = streams.cpu_per_frame(open_loop, without, moves=100, frames=1000)
    none_lost = {"lost": 0, "repeated": 0, "out_of_order": 0}
    checks = streams.goals({"count": 1, "p99_ms": 1.0}, none_lost, 1.0, per_frame)

    assert per_frame == 200.0  # (8 - 6) ms x 100 moves over 1,000 frames
    assert checks["web_cpu_us_per_frame"] == {"value": 200.0, "goal": "<= 150", "met": False}
    assert streams.cpu_per_frame(open_loop, without, moves=100, frames=0) == 0.0


def view_frame(version: int, view: dict) -> bytes:
    return b"event: view\nid: %d\ndata: %s" % (version, json.dumps(view).encode())


def test_bytes_are_counted_in_three_framings_of_the_same_stream(streams):
    """As received; with ?views=first (the views between the first and the final one
    left out); before this wave (each later view with rules and timers again, without
    rules_id and legal_actions)."""
    rules, timers = {"preset": "classic", "stacking": False}, {"turn_seconds": 30}
    first = view_frame(3, {"version": 3, "rules": rules, "timers": timers})
    later = [
        view_frame(v, {"version": v, "rules_id": "r1", "legal_actions": [{"type": "draw"}]})
        for v in (4, 5)
    ]
    record = streams.StreamRecord("g")
    for frame_id, frame in [(3, first), (4, later[0]), (5, later[1])]:
        record.received_bytes += len(frame) + 2
        record.decoded_bytes += len(frame) + 2
        record.saw(b"view", frame_id, 0.0, frame)
    record.saw(b"end", 5, 0.0)

    added = (len('"rules":') + len(json.dumps(rules, separators=(",", ":"))) + 1) + (
        len('"timers":') + len(json.dumps(timers, separators=(",", ":"))) + 1
    )
    removed = len('"rules_id":"r1",') + len('"legal_actions":[{"type":"draw"}],')
    framings = streams.bytes_framings([record.__dict__], games=1)

    assert framings["received"] == sum(len(f) + 2 for f in [first, *later])
    assert framings["views_first"] == len(first) + 2 + len(later[1]) + 2  # the final view kept
    assert framings["before"] == framings["received"] + 2 * (added - removed)
    assert (framings["smallest"], framings["smallest_ratio"]) == (
        "views_first",
        framings["views_first_ratio"],
    )
    record.received_bytes = 100  # as sent, gzipped: the goal is checked on it
    gzipped = streams.bytes_framings([record.__dict__], games=1, gzip=True)
    assert (gzipped["received"], gzipped["before"]) == (100, framings["before"])
    assert gzipped["smallest_ratio"] == round(100 / framings["before"], 3)
