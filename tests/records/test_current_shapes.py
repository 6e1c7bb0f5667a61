"""The records read a game's events in the current shape of their types, as every other
reader does: an event recorded in an older shape is upcast first, not read raw."""

from __future__ import annotations

import pytest
from django.utils import timezone

from games.log.store import NewEvent, append_events, current_parts
from games.models import Game, GameEvent
from players.services import player_register
from scoring.projections import _logs
from scoring.records import TYPES_READ

from .play import people_game, play_to_end

pytestmark = pytest.mark.django_db


def test_the_records_read_an_event_recorded_in_an_older_shape_upcast(clock):
    ann, bob, cid, dee = (player_register(name=name)[0] for name in ("ann", "bob", "cid", "dee"))
    played = play_to_end(people_game([ann, bob], "classic"), clock)
    ended = GameEvent.objects.filter(game=played, type="round_ended").first()
    game = Game.objects.get(pk=people_game([cid, dee], "classic").pk)
    # A round's end as version 1 recorded it: its shuffles in the public part.
    public = {**ended.public, "shuffles": ended.private["shuffles"]}
    append_events(game, [NewEvent("round_ended", public, None, "system", 1)], now=timezone.now())
    game.save()

    rows = GameEvent.objects.filter(game=game, type__in=TYPES_READ).order_by("seq")
    read = _logs([game.id])[game.id]
    assert read[-1][0] == "round_ended"
    assert "shuffles" not in read[-1][1]
    assert read == [(row.type, current_parts(row)[0]) for row in rows]
