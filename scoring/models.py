"""Players' records: projections of the game logs (read side), rebuildable at any time
(`manage.py rebuild_projections`).

One consumer at a time (the lock on `RecordsCursor`'s row) applies ended games in the
global order they ended (`Game.end_seq`), so ratings come out the same on every rebuild.
Per game, `GameRecord` says which log seq was applied; per seat, `PlayerGame` holds the
figures and the place (the match history, and the stats are sums of it); `Rating` is a
player's current skill on one board, `RatingChange` its history.
"""

from __future__ import annotations

from django.db import models

from games.models import Game
from players.models import Player

from .ratings import is_provisional

#: The one row of RecordsCursor.
CURSOR_ID = 1


class Board(models.TextChoices):
    PLAYERS = "players"
    BOTS = "bots"


class RecordsCursor(models.Model):
    """How far the records have applied the ended games; its row lock is the consumers'."""

    id = models.PositiveSmallIntegerField(primary_key=True, default=CURSOR_ID)
    last_end_seq = models.PositiveBigIntegerField(default=0)
    rebuilt_at = models.DateTimeField(null=True, blank=True)

    def __str__(self) -> str:
        return f"records applied up to end {self.last_end_seq}"


class GameRecord(models.Model):
    game = models.OneToOneField(
        Game, primary_key=True, on_delete=models.CASCADE, related_name="record"
    )
    end_seq = models.PositiveBigIntegerField(unique=True)
    applied_seq = models.PositiveIntegerField(help_text="The last seq of the log applied.")
    status = models.CharField(max_length=10)
    preset = models.CharField(max_length=40, help_text='The preset, or "custom".')
    board = models.CharField(max_length=10, blank=True, help_text="Empty when unrated.")

    def __str__(self) -> str:
        return f"record of {self.game_id}"


class PlayerGame(models.Model):
    """One seat's part in one ended game (seats held when the game started)."""

    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="game_records")
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="player_records")
    end_seq = models.PositiveBigIntegerField()
    ended_at = models.DateTimeField(null=True)
    seat = models.PositiveSmallIntegerField()
    status = models.CharField(max_length=10)
    preset = models.CharField(max_length=40)
    rated = models.BooleanField(default=False)
    place = models.PositiveSmallIntegerField(null=True)
    won = models.BooleanField(default=False)
    score = models.IntegerField(default=0)
    rounds = models.PositiveIntegerField(default=0)
    rounds_won = models.PositiveIntegerField(default=0)
    points = models.IntegerField(default=0)
    uno_calls = models.PositiveIntegerField(default=0)
    times_caught = models.PositiveIntegerField(default=0)
    catches = models.PositiveIntegerField(default=0)
    timeouts = models.PositiveIntegerField(default=0)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["game", "seat"], name="one_record_per_seat"),
        ]
        indexes = [models.Index(fields=["player", "-end_seq"], name="player_games_newest")]

    def __str__(self) -> str:
        return f"{self.player_id} in {self.game_id}"


class Rating(models.Model):
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="ratings")
    preset = models.CharField(max_length=40)
    board = models.CharField(max_length=10, choices=Board.choices)
    mu = models.FloatField()
    sigma = models.FloatField()
    rating = models.FloatField(help_text="mu - 3*sigma")
    games = models.PositiveIntegerField(default=0, help_text="Rated games played.")
    last_end_seq = models.PositiveBigIntegerField()

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["player", "preset", "board"], name="one_rating_per_board"
            ),
        ]
        indexes = [models.Index(fields=["preset", "board", "-rating"], name="leaderboard")]

    def __str__(self) -> str:
        return f"{self.player} on {self.preset}/{self.board}: {self.rating:.2f}"

    @property
    def provisional(self) -> bool:
        return is_provisional(self.games)


class RatingChange(models.Model):
    """A player's rating after one rated game."""

    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="rating_changes")
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="rating_changes")
    end_seq = models.PositiveBigIntegerField()
    preset = models.CharField(max_length=40)
    board = models.CharField(max_length=10, choices=Board.choices)
    mu = models.FloatField()
    sigma = models.FloatField()
    rating = models.FloatField()
    games = models.PositiveIntegerField()

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["player", "game"], name="one_change_per_game"),
        ]
        indexes = [models.Index(fields=["player", "-end_seq"], name="player_ratings_newest")]

    def __str__(self) -> str:
        return f"{self.player_id} after {self.game_id}: {self.rating:.2f}"
