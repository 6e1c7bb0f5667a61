"""Enforced deadlines are counted by kind, with how late they were enforced."""

from __future__ import annotations

from prometheus_client import REGISTRY

from games.services import game_deadlines_enforce

from .test_deadline_enforcement import PLAIN_HANDS, position


def figure(name: str, **labels) -> float:
    return REGISTRY.get_sample_value(name, labels) or 0.0


def test_an_enforced_turn_timeout_is_counted_with_its_lateness(started_game, clock):
    game, _ = started_game(setup=position(PLAIN_HANDS), timers={"turn_seconds": 10})
    enforced = figure("uno_deadlines_enforced_total", kind="turn")
    late_sum = figure("uno_deadline_lateness_seconds_sum", kind="turn")
    within_5s = figure("uno_deadline_lateness_seconds_bucket", kind="turn", le="5.0")

    clock.advance(12.5)
    assert game_deadlines_enforce(game_id=game.id) == 1

    assert figure("uno_deadlines_enforced_total", kind="turn") == enforced + 1
    assert figure("uno_deadline_lateness_seconds_sum", kind="turn") == late_sum + 2.5
    assert figure("uno_deadline_lateness_seconds_bucket", kind="turn", le="5.0") == within_5s + 1
