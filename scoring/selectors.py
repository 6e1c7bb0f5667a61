"""Reads of the players' records: stats summed from the per-seat records, a player's
games (only those the caller may read), rating history, leaderboards."""

from __future__ import annotations

from django.db.models import (
    Avg,
    BooleanField,
    Count,
    Exists,
    ExpressionWrapper,
    IntegerField,
    OuterRef,
    Q,
    QuerySet,
    Sum,
)
from django.db.models.functions import Cast, Coalesce

from games.engine import PRESETS
from games.models import GameSeat, Visibility
from players.models import Player

from .models import Board, PlayerGame, Rating, RatingChange
from .projections import CUSTOM

#: The figures of each `stats` entry, summed over the player's seats.
SUMMED = ("rounds", "rounds_won", "points", "uno_calls", "times_caught", "catches", "timeouts")


def leaderboard_presets() -> tuple[str, ...]:
    return (*PRESETS, CUSTOM)


def player_stats(player: Player) -> dict:
    """`{"overall": {...}, "by_preset": {preset: {...}}}`."""
    records = PlayerGame.objects.filter(player=player)
    by_preset = {
        row.pop("preset"): _figures(row)
        for row in records.values("preset").annotate(**_aggregates()).order_by("preset")
    }
    return {"overall": _figures(records.aggregate(**_aggregates())), "by_preset": by_preset}


def _aggregates() -> dict:
    summed = {name: Coalesce(Sum(name), 0) for name in SUMMED}
    return {
        "games": Count("id"),
        "wins": Coalesce(Sum(Cast("won", IntegerField())), 0),
        "aborted": Count("id", filter=Q(status="aborted")),
        **summed,
        "average_place": Avg("place"),
    }


def _figures(row: dict) -> dict:
    average = row["average_place"]
    return {**row, "average_place": None if average is None else round(average, 3)}


def player_games(*, player: Player, caller: Player) -> QuerySet[PlayerGame]:
    """The player's ended games the caller may read."""
    records = PlayerGame.objects.filter(player=player)
    return records if caller.is_staff else records.filter(_readable_by(caller))


def rating_history(*, player: Player, preset: str | None, caller: Player):
    """The player's ratings, each with `readable`: whether the caller may read its game
    (the rating is shown either way, the game only if readable)."""
    changes = RatingChange.objects.filter(player=player)
    if preset:
        changes = changes.filter(preset=preset)
    readable = Q(pk__isnull=False) if caller.is_staff else _readable_by(caller)
    return changes.annotate(readable=ExpressionWrapper(readable, output_field=BooleanField()))


def _readable_by(caller: Player) -> Q:
    """Games the caller may read: public ones, and invite games they sit or sat in."""
    seated = GameSeat.objects.filter(game=OuterRef("game_id"), player=caller)
    return Q(game__visibility=Visibility.PUBLIC) | Q(Exists(seated))


def leaderboard(*, preset: str, bots: bool) -> QuerySet[Rating]:
    board = Board.BOTS if bots else Board.PLAYERS
    return Rating.objects.filter(preset=preset, board=board).select_related("player")


def rank_of(rating: Rating) -> int:
    """Its place on its board (ties broken by the row's id, as pages are)."""
    ahead = Rating.objects.filter(preset=rating.preset, board=rating.board).filter(
        Q(rating__gt=rating.rating) | Q(rating=rating.rating, id__lt=rating.id)
    )
    return ahead.count() + 1
