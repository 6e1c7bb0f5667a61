"""The dashboard's pages under /admin/ (staff only, through the admin's own login)."""

from __future__ import annotations

from django.contrib import admin
from django.http import JsonResponse
from django.template.response import TemplateResponse
from django.urls import path

from games.admin.dashboard import CHART_HEIGHT, CHART_WIDTH, dashboard_get
from unoservice import clock

#: How often the page fetches its figures again.
REFRESH_SECONDS = 5


def dashboard_view(request):
    """The page; with `?part=figures`, only its figures (what the page polls for)."""
    board = dashboard_get(now=clock.now())
    context = {
        **admin.site.each_context(request),
        "title": "Dashboard",
        "board": board,
        "chart_width": CHART_WIDTH,
        "chart_height": CHART_HEIGHT,
        "refresh_seconds": REFRESH_SECONDS,
    }
    if request.GET.get("part") == "figures":
        return TemplateResponse(request, "admin/ops/dashboard_figures.html", context)
    return TemplateResponse(request, "admin/ops/dashboard.html", context)


def dashboard_json_view(request):
    """The same figures as JSON, for scripts and monitors."""
    return JsonResponse(dashboard_get(now=clock.now()).as_json())


urlpatterns = [
    path("", admin.site.admin_view(dashboard_view), name="ops-dashboard"),
    path("figures.json", admin.site.admin_view(dashboard_json_view), name="ops-dashboard-json"),
]
