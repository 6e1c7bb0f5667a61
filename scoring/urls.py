from django.urls import path

from . import apis

app_name = "scoring"

urlpatterns = [
    path("leaderboards/<str:preset>", apis.LeaderboardApi.as_view(), name="leaderboard"),
]
