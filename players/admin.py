"""Admin for players and tokens: tokens are never shown (only their hint) and can be
revoked, not edited."""

from __future__ import annotations

from django.contrib import admin

from unoservice import clock

from .models import ApiToken, Player


class TokenInline(admin.TabularInline):
    model = ApiToken
    extra = 0
    fields = ("hint", "label", "created_at", "last_used_at", "revoked_at")
    readonly_fields = fields
    can_delete = False

    def has_add_permission(self, request, obj=None):
        return False


@admin.register(Player)
class PlayerAdmin(admin.ModelAdmin):
    list_display = ("name", "id", "user", "created_at")
    search_fields = ("name", "id", "user__username")
    readonly_fields = ("id", "created_at")
    inlines = [TokenInline]


@admin.register(ApiToken)
class ApiTokenAdmin(admin.ModelAdmin):
    list_display = ("hint", "player", "label", "created_at", "last_used_at", "revoked_at")
    list_filter = ("revoked_at",)
    search_fields = ("player__name", "hint", "label")
    readonly_fields = ("player", "digest", "hint", "created_at", "last_used_at", "revoked_at")
    actions = ["revoke"]

    def has_add_permission(self, request):
        return False

    @admin.action(description="Revoke the selected tokens")
    def revoke(self, request, queryset):
        queryset.filter(revoked_at__isnull=True).update(revoked_at=clock.now())
