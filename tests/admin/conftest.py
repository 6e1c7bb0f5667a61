"""Fixtures for the admin's tests."""

from __future__ import annotations

import pytest

from unoservice.ops import figures


@pytest.fixture(autouse=True)
def fresh_tally(monkeypatch):
    """Each test counts the dashboard's figures into a tally of its own: what earlier
    tests of the same process counted (and never flushed) stays out of its table."""
    tally = figures.Tally()
    monkeypatch.setattr(figures, "_tally", tally)
    return tally
