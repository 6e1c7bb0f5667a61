from django.urls import path

from . import apis

app_name = "players"

urlpatterns = [
    path("players", apis.PlayerRegisterApi.as_view(), name="register"),
    path("players/me", apis.PlayerMeApi.as_view(), name="me"),
    path("players/me/tokens", apis.TokenListCreateApi.as_view(), name="tokens"),
    path("players/me/tokens/<int:token_id>", apis.TokenDetailApi.as_view(), name="token"),
    path("stream-tickets", apis.StreamTicketApi.as_view(), name="stream-tickets"),
    path(
        "players/me/tokens/<int:token_id>/revoke",
        apis.TokenRevokeApi.as_view(),
        name="token-revoke",
    ),
]
