"""Leaderboards in the admin: the ratings, best first, filtered by preset and board. Read
only: every figure is a projection of the game logs (`manage.py rebuild_projections`)."""

from __future__ import annotations

from django.contrib import admin

from .models import Rating


@admin.register(Rating)
class RatingAdmin(admin.ModelAdmin):
    list_display = ("player", "preset", "board", "rating", "mu", "sigma", "games", "provisional")
    list_filter = ("preset", "board")
    search_fields = ("player__name", "=player__id")
    ordering = ("preset", "board", "-rating", "id")
    list_select_related = ("player",)
    fields = ("player", "preset", "board", "rating", "mu", "sigma", "games", "last_end_seq")
    readonly_fields = fields

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return request.method in ("GET", "HEAD") and super().has_view_permission(request, obj)

    def has_delete_permission(self, request, obj=None):
        return False

    @admin.display(boolean=True)
    def provisional(self, rating: Rating) -> bool:
        return rating.provisional
