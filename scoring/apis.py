"""Players' records API: a player's stats, games and rating history; leaderboards."""

from __future__ import annotations

from django.urls import reverse
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers
from rest_framework.response import Response
from rest_framework.views import APIView

from players.models import Player
from unoservice.api import ApiError, TimeField, problem_responses
from unoservice.clock import format_time
from unoservice.pages import (
    PAGE_PARAMETERS,
    keyset_page,
    list_filters,
    page_request,
    page_serializer,
)
from unoservice.rate_limits import ScopedRateThrottle

from . import selectors
from .ratings import is_provisional


class PlayerNotFound(ApiError):
    status_code = 404
    default_code = "player_not_found"
    default_detail = "There is no such player."


class LeaderboardNotFound(ApiError):
    status_code = 404
    default_code = "leaderboard_not_found"
    default_detail = "There is no leaderboard for this preset."


class StatsOutput(serializers.Serializer):
    games = serializers.IntegerField(help_text="Ended games (finished or aborted) played.")
    wins = serializers.IntegerField()
    aborted = serializers.IntegerField()
    rounds = serializers.IntegerField(help_text="Rounds played to their end.")
    rounds_won = serializers.IntegerField()
    points = serializers.IntegerField(help_text="Points scored in rounds.")
    uno_calls = serializers.IntegerField()
    times_caught = serializers.IntegerField(help_text="Caught, or penalised, for not calling UNO.")
    catches = serializers.IntegerField(help_text="Others caught not calling UNO.")
    timeouts = serializers.IntegerField()
    average_place = serializers.FloatField(
        allow_null=True, help_text="Average finishing place in finished games (1 is best)."
    )


class PlayerStatsOutput(serializers.Serializer):
    overall = StatsOutput()
    by_preset = serializers.DictField(
        child=StatsOutput(),
        help_text='By preset; a game whose options override its preset counts under "custom".',
    )


class PlayerRecordOutput(serializers.Serializer):
    id = serializers.UUIDField()
    name = serializers.CharField()
    bot = serializers.BooleanField()
    created_at = TimeField()
    stats = PlayerStatsOutput()


class ResultOutput(serializers.Serializer):
    place = serializers.IntegerField(allow_null=True, help_text="1 is best; null if aborted.")
    won = serializers.BooleanField()
    score = serializers.IntegerField(help_text="The seat's match total.")


class GameLinksOutput(serializers.Serializer):
    view = serializers.URLField()
    replay = serializers.URLField()
    export = serializers.URLField()
    seal = serializers.URLField()


class PlayerGameOutput(serializers.Serializer):
    game = serializers.UUIDField()
    status = serializers.CharField(help_text="`finished` or `aborted`.")
    preset = serializers.CharField(help_text='The preset, or "custom".')
    ended_at = TimeField(allow_null=True)
    seat = serializers.IntegerField()
    rated = serializers.BooleanField()
    result = ResultOutput()
    links = GameLinksOutput()


class RatingChangeOutput(serializers.Serializer):
    game = serializers.UUIDField(
        allow_null=True, help_text="The game rated; null for a game you may not read."
    )
    preset = serializers.CharField()
    board = serializers.ChoiceField(choices=["players", "bots"])
    rating = serializers.FloatField(help_text="mu - 3*sigma after this game.")
    mu = serializers.FloatField()
    sigma = serializers.FloatField()
    games = serializers.IntegerField(help_text="Rated games on this board so far.")
    provisional = serializers.BooleanField()


class PlayerRefOutput(serializers.Serializer):
    id = serializers.UUIDField()
    name = serializers.CharField()


class LeaderboardEntryOutput(serializers.Serializer):
    rank = serializers.IntegerField()
    player = PlayerRefOutput()
    rating = serializers.FloatField(help_text="mu - 3*sigma.")
    mu = serializers.FloatField()
    sigma = serializers.FloatField()
    games = serializers.IntegerField(help_text="Rated games played.")
    provisional = serializers.BooleanField(help_text="Fewer than 10 rated games.")


class LeaderboardQuery(serializers.Serializer):
    bots = serializers.BooleanField(
        default=False, help_text="The board of games of bots alone instead of people's."
    )


class RatingsQuery(serializers.Serializer):
    preset = serializers.CharField(required=False, help_text="Only this preset's ratings.")


class RecordsApi(APIView):
    throttle_classes = [ScopedRateThrottle]
    throttle_scope = "reads"


class PlayerRecordApi(RecordsApi):
    refusals = {"get": (PlayerNotFound,)}

    @extend_schema(
        operation_id="players_retrieve",
        summary="A player and their stats",
        responses={200: PlayerRecordOutput, **problem_responses(401, 404, 429)},
    )
    def get(self, request, player_id):
        player = _player(player_id)
        return Response(
            {
                "id": str(player.id),
                "name": player.name,
                "bot": player.bot,
                "created_at": format_time(player.created_at),
                "stats": selectors.player_stats(player),
            }
        )


class PlayerGamesApi(RecordsApi):
    refusals = {"get": (PlayerNotFound,)}

    @extend_schema(
        operation_id="players_games_list",
        summary="A player's ended games you may read, newest first",
        parameters=PAGE_PARAMETERS,
        responses={
            200: page_serializer(PlayerGameOutput, "PlayerGamePage"),
            **problem_responses(400, 401, 404, 429),
        },
    )
    def get(self, request, player_id):
        player = _player(player_id)
        games = selectors.player_games(player=player, caller=request.user)
        page = keyset_page(
            games,
            page_request(request.query_params),
            order=("-end_seq",),
            item=lambda record: _player_game(request, record),
        )
        return Response(page)


class PlayerRatingsApi(RecordsApi):
    refusals = {"get": (PlayerNotFound,)}

    @extend_schema(
        operation_id="players_ratings_list",
        summary="A player's rating after each rated game, newest first",
        parameters=[RatingsQuery, *PAGE_PARAMETERS],
        responses={
            200: page_serializer(RatingChangeOutput, "RatingChangePage"),
            **problem_responses(400, 401, 404, 429),
        },
    )
    def get(self, request, player_id):
        player = _player(player_id)
        query = list_filters(RatingsQuery, request.query_params)
        changes = selectors.rating_history(
            player=player, preset=query.get("preset"), caller=request.user
        )
        page = keyset_page(
            changes, page_request(request.query_params), order=("-end_seq",), item=_rating_change
        )
        return Response(page)


class LeaderboardApi(RecordsApi):
    refusals = {"get": (LeaderboardNotFound,)}

    @extend_schema(
        operation_id="leaderboards_retrieve",
        summary="A preset's leaderboard, best rating first",
        parameters=[
            OpenApiParameter(
                "preset",
                OpenApiTypes.STR,
                OpenApiParameter.PATH,
                enum=list(selectors.leaderboard_presets()),
            ),
            LeaderboardQuery,
            *PAGE_PARAMETERS,
        ],
        responses={
            200: page_serializer(LeaderboardEntryOutput, "LeaderboardPage"),
            **problem_responses(400, 401, 404, 429),
        },
    )
    def get(self, request, preset):
        if preset not in selectors.leaderboard_presets():
            raise LeaderboardNotFound()
        query = list_filters(LeaderboardQuery, request.query_params)
        ratings = selectors.leaderboard(preset=preset, bots=query["bots"])
        page = keyset_page(
            ratings, page_request(request.query_params), order=("-rating", "id"), item=lambda r: r
        )
        rows = page["results"]
        first = selectors.rank_of(rows[0]) if rows else 1
        page["results"] = [_entry(row, rank) for rank, row in enumerate(rows, start=first)]
        return Response(page)


def _player(player_id) -> Player:
    player = Player.objects.filter(pk=player_id).first()
    if player is None:
        raise PlayerNotFound()
    return player


def _player_game(request, record) -> dict:
    game_id = record.game_id

    def link(name: str) -> str:
        return request.build_absolute_uri(reverse(f"games:{name}", args=[game_id]))

    return {
        "game": str(game_id),
        "status": record.status,
        "preset": record.preset,
        "ended_at": format_time(record.ended_at) if record.ended_at else None,
        "seat": record.seat,
        "rated": record.rated,
        "result": {"place": record.place, "won": record.won, "score": record.score},
        "links": {name: link(route) for name, route in _LINKS.items()},
    }


_LINKS = {"view": "detail", "replay": "replay", "export": "export", "seal": "seal"}


def _rating_change(change) -> dict:
    return {
        "game": str(change.game_id) if change.readable else None,
        "preset": change.preset,
        "board": change.board,
        "rating": change.rating,
        "mu": change.mu,
        "sigma": change.sigma,
        "games": change.games,
        "provisional": is_provisional(change.games),
    }


def _entry(rating, rank: int) -> dict:
    return {
        "rank": rank,
        "player": {"id": str(rating.player_id), "name": rating.player.name},
        "rating": rating.rating,
        "mu": rating.mu,
        "sigma": rating.sigma,
        "games": rating.games,
        "provisional": rating.provisional,
    }
