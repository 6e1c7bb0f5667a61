from __future__ import annotations

import pytest

from .play import StoppedClock


@pytest.fixture
def clock(monkeypatch, settings):
    fake = StoppedClock()
    monkeypatch.setattr("unoservice.clock.now", fake)
    settings.UNO_SCHEDULE_DEADLINE_TASKS = False  # the test sweeps, as the worker would
    return fake
