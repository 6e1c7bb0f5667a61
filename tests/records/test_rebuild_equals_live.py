"""The records are a projection of the logs: rebuilt from scratch they equal what the
live updates built, game by game as games ended, whatever the order the updates ran in."""

from __future__ import annotations

import os

import pytest
from django.core.management import call_command

from games import services
from games.models import Game
from players.services import player_register
from scoring.models import GameRecord, PlayerGame, Rating, RatingChange
from scoring.tasks import records_update

from .play import PRESETS, bots_game, people, people_game, play_to_end

pytestmark = pytest.mark.django_db

#: Games of each kind per preset: a few locally, more in CI (at most 30 per preset).
ROUNDS_PER_PRESET = 3 if os.environ.get("CI") else 1


def projections() -> dict:
    return {
        "games": sorted(
            GameRecord.objects.values_list(
                "game_id", "end_seq", "applied_seq", "status", "preset", "board"
            )
        ),
        "seats": sorted(
            PlayerGame.objects.values_list(
                "player_id",
                "game_id",
                "end_seq",
                "seat",
                "status",
                "preset",
                "rated",
                "place",
                "won",
                "score",
                "rounds",
                "rounds_won",
                "points",
                "uno_calls",
                "times_caught",
                "catches",
                "timeouts",
            )
        ),
        "ratings": sorted(
            Rating.objects.values_list(
                "player_id", "preset", "board", "mu", "sigma", "rating", "games", "last_end_seq"
            )
        ),
        "changes": sorted(
            RatingChange.objects.values_list(
                "player_id",
                "game_id",
                "end_seq",
                "preset",
                "board",
                "mu",
                "sigma",
                "rating",
                "games",
            )
        ),
    }


def games_of_every_kind(preset: str, clock, staff, round_: int, players) -> list[Game]:
    """Ten games of this preset, played to their end (or aborted)."""
    ann, bob, cid, dee = players
    played = [
        play_to_end(bots_game(staff, 2 + round_ % 3, preset), clock),
        play_to_end(people_game([ann, bob, cid], preset), clock, seed=round_),
        play_to_end(
            people_game(
                [ann, bob, cid, dee],
                preset,
                options={"target_score": 50, "teams": True, "scoring": "standard"},
            ),
            clock,
        ),
        play_to_end(
            people_game(
                [bob, cid, dee], preset, options={"target_score": 50, "scoring": "elimination"}
            ),
            clock,
        ),
        play_to_end(
            people_game(
                [ann, cid, dee], preset, timers={"abandon_after": 1, "on_abandon": "remove"}
            ),
            clock,
            idle=[cid],
        ),
        play_to_end(
            people_game([dee, bob, ann], preset, timers={"abandon_after": 1, "on_abandon": "bot"}),
            clock,
            idle=[bob],
        ),
        play_to_end(people_game([ann, bob], preset, bots=1), clock),
        play_to_end(people_game([cid, dee], preset, setup={"seed": f"s{round_}"}), clock),
    ]
    left = people_game([ann, bob, cid], preset)
    services.game_leave(game_id=left.id, player=cid)
    played.append(play_to_end(left, clock))
    aborted = people_game([dee, ann], preset)
    services.game_abort(game_id=aborted.id, reason="stuck", staff=staff)
    played.append(Game.objects.get(pk=aborted.pk))
    return played


def test_a_rebuild_gives_exactly_what_the_live_updates_built(clock):
    staff = player_register(name="staff")[0]
    players = people(4)  # the same people throughout: their ratings carry over
    ended = []
    for round_ in range(ROUNDS_PER_PRESET):
        for preset in PRESETS:
            games = games_of_every_kind(preset, clock, staff, round_, players)
            for game in reversed(games):  # updates may run in any order
                records_update(str(game.id), game.version)
            ended += games
    assert {g.status for g in ended} == {"finished", "aborted"}
    live = projections()
    assert len(live["games"]) == len(ended)
    assert {board for *_, board in live["games"]} == {"players", "bots", ""}
    places = set(PlayerGame.objects.values_list("place", flat=True))
    assert {None, 1, 2, 3} <= places

    call_command("rebuild_projections", verbosity=0)
    assert projections() == live
    call_command("rebuild_projections", batch=3, verbosity=0)
    assert projections() == live


def test_running_the_update_twice_or_out_of_order_changes_nothing(clock):
    staff = player_register(name="staff")[0]
    first = play_to_end(people_game(people(3, "a"), "classic"), clock)
    second = play_to_end(people_game(people(3, "b"), "house"), clock)
    records_update(str(second.id), second.version)
    once = projections()
    assert len(once["games"]) == 2 and len(once["changes"]) == 6

    records_update(str(second.id), second.version)
    records_update(str(first.id), first.version)
    records_update(str(first.id), 3)  # a version the game passed long ago
    assert projections() == once

    aborted = people_game(people(2, "c"), "classic")
    services.game_abort(game_id=aborted.id, reason="stuck", staff=staff)
    aborted.refresh_from_db()
    records_update(str(aborted.id), aborted.version)
    assert GameRecord.objects.get(game=aborted).status == "aborted"
    assert {(r.place, r.rated) for r in PlayerGame.objects.filter(game=aborted)} == {(None, False)}
    assert projections()["changes"] == once["changes"]
