"""What a lobby page costs to render: 50 game summaries (`GET /games`), rendered

- `drf`: as the view rendered them before games.http.wire's GameSummaryPage: the page
  dict through DRF's JSONRenderer (json.dumps);
- `wire`: as it renders them now: `answer(GameSummaryPage, page)` (msgspec checks the
  page against the Struct) and WireRenderer (msgspec encodes it).

    uv run --no-sync python bench/lobby_wire.py [--seconds 0.5] [--rounds 5]
    uv run --no-sync python bench/lobby_wire.py --only wire --iterations 200  # for callgrind

Both render the same bytes (checked). The rounds alternate the two, so a loaded machine
loads both alike; each figure is the median over the rounds of the CPU per page, in
microseconds. The last line is one JSON object with every figure.
"""

import argparse
import json
import os
import statistics
import sys
import time
import uuid
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "unoservice.settings")

import django  # noqa: E402

django.setup()

from rest_framework.renderers import JSONRenderer  # noqa: E402

from games.engine.rules import rule_set_from, rules_to_dict  # noqa: E402
from games.http import wire  # noqa: E402

PAGE_SIZE = 50


def page() -> dict:
    """A page as the view's `_summary` and keyset_page build it."""
    rules = rules_to_dict(rule_set_from("house", {}))
    results = [
        {
            "id": str(uuid.UUID(int=i + 1)),
            "status": "waiting" if i % 3 else "active",
            "visibility": "public",
            "seat_count": 4,
            "seats_taken": 1 + i % 4,
            "rules": rules,
            "host": {"id": str(uuid.UUID(int=1000 + i)), "name": f"player {i}"},
            "version": 3 + i,
            "created_at": "2026-12-06T07:00:00.000000Z",
            "updated_at": "2026-12-06T07:01:00.000000Z",
        }
        for i in range(PAGE_SIZE)
    ]
    return {"results": results, "next_cursor": "WyIyMDI2LTEyLTA2In0"}


def drf(document: dict) -> bytes:
    return JSONRenderer().render(document)


def wire_render(document: dict) -> bytes:
    return wire.WireRenderer().render(wire.answer(wire.GameSummaryPage, document))


VARIANTS = {"drf": drf, "wire": wire_render}


def per_call_us(fn, document: dict, seconds: float) -> float:
    calls, start = 0, time.process_time()
    while (elapsed := time.process_time() - start) < seconds:
        fn(document)
        calls += 1
    return elapsed / calls * 1e6


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=0.5, help="per variant per round")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--only", choices=sorted(VARIANTS), help="run one variant (callgrind)")
    parser.add_argument("--iterations", type=int, default=200, help="with --only")
    args = parser.parse_args()
    document = page()
    rendered = {name: fn(document) for name, fn in VARIANTS.items()}
    assert rendered["drf"] == rendered["wire"], "the two render different bytes"
    if args.only:
        for _ in range(args.iterations):
            VARIANTS[args.only](document)
        return
    figures: dict[str, list[float]] = {name: [] for name in VARIANTS}
    for _ in range(args.rounds):
        for name, fn in VARIANTS.items():
            figures[name].append(per_call_us(fn, document, args.seconds))
    result = {f"{name}_us": round(statistics.median(v), 1) for name, v in figures.items()}
    result["bytes"] = len(rendered["wire"])
    result["load_average"] = os.getloadavg()[0]
    for name in VARIANTS:
        print(f"{name:5} {result[name + '_us']:8.1f} us per page of {PAGE_SIZE}")
    print(json.dumps(result))


if __name__ == "__main__":
    main()
