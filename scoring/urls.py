from django.urls import path

from . import apis

app_name = "scoring"

urlpatterns = [
    path("players/<uuid:player_id>", apis.PlayerRecordApi.as_view(), name="player"),
    path("players/<uuid:player_id>/games", apis.PlayerGamesApi.as_view(), name="player-games"),
    path(
        "players/<uuid:player_id>/ratings",
        apis.PlayerRatingsApi.as_view(),
        name="player-ratings",
    ),
    path("leaderboards/<str:preset>", apis.LeaderboardApi.as_view(), name="leaderboard"),
]
