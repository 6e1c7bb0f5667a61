"""The URL root. The API is versioned under /api/v1/; each app adds its own urls.py there."""

from django.contrib import admin
from django.urls import include, path
from drf_spectacular.views import SpectacularAPIView, SpectacularRedocView, SpectacularSwaggerView

# The games' routes first: a request's URL is matched against the routes in order, and
# moves and reads of games are most of the traffic (no two routes match the same path).
api_v1 = [
    path("", include("games.urls")),
    path("", include("unoservice.ops.urls")),
    path("", include("players.urls")),
    path("", include("scoring.urls")),
]

urlpatterns = [
    path("api/v1/", include(api_v1)),
    path("api/schema/", SpectacularAPIView.as_view(), name="schema"),
    path("api/docs/", SpectacularSwaggerView.as_view(url_name="schema"), name="swagger-ui"),
    path(
        "api/redoc/",
        SpectacularRedocView.as_view(url_name="schema", template_name="ops/redoc.html"),
        name="redoc",
    ),
    path("admin/dashboard/", include("games.admin.dashboard_views")),
    path("admin/", admin.site.urls),
    path("", include("games.http.replay_page")),
]

handler400 = "unoservice.api.bad_request"
handler404 = "unoservice.api.not_found"
handler500 = "unoservice.api.server_error"
