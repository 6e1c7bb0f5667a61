"""bench/engine_bytecodes.py counts the bytecodes the engine runs, a measure the load
cannot move: it must count every instruction of the code it watches, stop counting when
it is done, and give the same figures on every run of the same code."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from .conftest import bench_script


@pytest.fixture(scope="module")
def bench(repo_dir):
    with bench_script(repo_dir, "engine_bytecodes.py") as module:
        yield module


def summing(n: int) -> int:
    total = 0
    for i in range(n):
        total += i
    return total


def test_each_loop_pass_adds_the_same_instructions_and_nothing_after_the_count_is_counted(
    bench,
):
    counts = []
    for n in (0, 1, 10):
        with bench.BytecodeCount(by_kind=True) as count:
            summing(n)
        summing(100)  # after the count: not counted
        counts.append(count)
    empty, once, ten = (c.by_code[summing.__code__] for c in counts)
    assert empty > 0 and once > empty
    assert ten - empty == 10 * (once - empty)
    assert counts[2].by_kind["FOR_ITER"] == 11
    assert counts[2].total == sum(counts[2].by_kind.values())


def test_the_counts_are_the_same_on_every_run_whatever_the_hash_seed(repo_dir):
    runs = []
    for hash_seed in ("1", "2"):
        done = subprocess.run(
            [sys.executable, "bench/engine_bytecodes.py", "--rounds", "3", "--top", "0"],
            cwd=repo_dir,
            env={**os.environ, "PYTHONHASHSEED": hash_seed},
            capture_output=True,
            text=True,
            timeout=300,
        )
        assert done.returncode == 0, done.stderr[-3000:]
        runs.append(json.loads(done.stdout.strip().splitlines()[-1]))
    assert runs[0] == runs[1]
    figures = runs[0]
    assert figures["replay_1000_events"]["events"] == 1000
    for name in ("engine_classic", "engine_house", "rlcard"):
        assert figures[name]["per_round"] > 10_000, figures
        assert figures[name]["actions_per_round"] > 10, figures
