"""The write that ends a game numbers it in the global end order and, once committed,
sends the records update for it; no other write does."""

from __future__ import annotations

import pytest

from games import services
from players.services import player_register

from .play import people, people_game

pytestmark = pytest.mark.django_db


@pytest.fixture
def sent(monkeypatch):
    calls = []
    monkeypatch.setattr(
        "scoring.tasks.records_update.apply_async", lambda args, **kw: calls.append(tuple(args))
    )
    return calls


def test_the_ending_write_numbers_the_game_and_sends_its_update(
    clock, sent, django_capture_on_commit_callbacks
):
    staff = player_register(name="staff")[0]
    first, second = people_game(people(2, "a"), "classic"), people_game(people(2, "b"), "classic")
    with django_capture_on_commit_callbacks(execute=True):
        services.game_leave(game_id=first.id, player=first.host)
    first.refresh_from_db()
    assert first.status == "finished"  # two seats: the one left standing wins
    with django_capture_on_commit_callbacks(execute=True):
        services.game_abort(game_id=second.id, reason="stuck", staff=staff)
    second.refresh_from_db()

    assert (first.end_seq, second.end_seq) == (1, 2)
    assert sent == [(str(first.id), first.version), (str(second.id), second.version)]


def test_a_write_that_ends_nothing_sends_no_update(clock, sent, django_capture_on_commit_callbacks):
    game = people_game(people(3, "c"), "classic")
    with django_capture_on_commit_callbacks(execute=True):
        services.game_leave(game_id=game.id, player=game.host)
    game.refresh_from_db()
    assert game.status == "active" and game.end_seq is None
    assert sent == []
