from django.urls import path

from games.http import apis

app_name = "games"

urlpatterns = [
    # The hot routes first (a URL is matched against the routes in order).
    path(
        "games/<uuid:game_id>/legal-actions",
        apis.GameLegalActionsApi.as_view(),
        name="legal-actions",
    ),
    path("games/<uuid:game_id>/actions", apis.GameActionsApi.as_view(), name="actions"),
    path("games/<uuid:game_id>/events", apis.GameEventsApi.as_view(), name="events"),
    path("games/<uuid:game_id>", apis.GameDetailApi.as_view(), name="detail"),
    path("games", apis.GameListCreateApi.as_view(), name="list"),
    path("quick-match", apis.QuickMatchApi.as_view(), name="quick-match"),
    path("games/<uuid:game_id>/join", apis.GameJoinApi.as_view(), name="join"),
    path("games/<uuid:game_id>/leave", apis.GameLeaveApi.as_view(), name="leave"),
    path("games/<uuid:game_id>/start", apis.GameStartApi.as_view(), name="start"),
    path("games/<uuid:game_id>/abort", apis.GameAbortApi.as_view(), name="abort"),
    path("games/<uuid:game_id>/rematch", apis.GameRematchApi.as_view(), name="rematch"),
    path("games/<uuid:game_id>/stream", apis.GameStreamApi.as_view(), name="stream"),
    path("games/<uuid:game_id>/replay", apis.GameReplayApi.as_view(), name="replay"),
    path("games/<uuid:game_id>/export", apis.GameExportApi.as_view(), name="export"),
    path("games/<uuid:game_id>/audit", apis.GameAuditApi.as_view(), name="audit"),
    path("games/<uuid:game_id>/seal", apis.GameSealApi.as_view(), name="seal"),
    path("keys", apis.SigningKeysApi.as_view(), name="keys"),
    path("players/me/stream", apis.PlayerStreamApi.as_view(), name="player-stream"),
]
