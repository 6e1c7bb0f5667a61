"""Admin for games: head rows, their seats and deadlines, and the event log, which is
never editable (the model refuses changes, and the database's triggers too). Games are
never deleted (their events are kept for good): a stuck game is aborted instead."""

from __future__ import annotations

from django.contrib import admin, messages

from . import services
from .audit import audit_game
from .models import Game, GameEvent, GameSeat, GameStatus, SigningKey


class ReadOnlyInline(admin.TabularInline):
    extra = 0
    can_delete = False
    show_change_link = False

    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False


class SeatInline(ReadOnlyInline):
    model = GameSeat
    fields = ("seat", "player", "joined_at", "left_at")
    readonly_fields = fields


@admin.register(Game)
class GameAdmin(admin.ModelAdmin):
    list_display = (
        "id",
        "status",
        "visibility",
        "seat_count",
        "round",
        "version",
        "to_act",
        "deadline_at",
        "created_at",
    )
    list_filter = ("status", "visibility")
    search_fields = ("id", "host__name")
    readonly_fields = [f.name for f in Game._meta.fields if f.name != "state"]
    exclude = ("state",)
    inlines = [SeatInline]
    actions = ["audit_selected", "abort_selected"]

    def has_add_permission(self, request):
        return False

    def has_delete_permission(self, request, obj=None):
        return False

    @admin.action(description="Audit the selected games")
    def audit_selected(self, request, queryset):
        for game in queryset:
            result = audit_game(game)
            if result["ok"]:
                self.message_user(request, f"{game.id}: audit ok")
            else:
                failed = next(c for c in result["checks"] if not c["ok"])
                self.message_user(
                    request,
                    f"{game.id}: {failed['name']} failed at seq "
                    f"{failed['seq']}: {failed['detail']}",
                    messages.ERROR,
                )

    @admin.action(description="Abort the selected games (staff)")
    def abort_selected(self, request, queryset):
        from players.services import player_for_user

        staff = player_for_user(username=request.user.get_username())
        for game in queryset.filter(status__in=[GameStatus.WAITING, GameStatus.ACTIVE]):
            services.game_abort(game_id=game.id, reason="aborted from the admin", staff=staff)
            self.message_user(request, f"{game.id}: aborted")


class RecordAdmin(admin.ModelAdmin):
    """A record nobody edits from the admin: listed and shown, never added, changed or
    deleted."""

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


@admin.register(GameEvent)
class GameEventAdmin(RecordAdmin):
    list_display = ("game", "seq", "type", "actor", "recorded_at")
    list_filter = ("type",)
    search_fields = ("game__id",)
    readonly_fields = [f.name for f in GameEvent._meta.fields]


@admin.register(SigningKey)
class SigningKeyAdmin(RecordAdmin):
    """The public keys seals verify against (GET /api/v1/keys); the private key is a file,
    and keys are made and retired with manage.py create_signing_key / retire_signing_key."""

    list_display = ("key_id", "alg", "created_at", "retired_at")
    readonly_fields = [f.name for f in SigningKey._meta.fields]
