"""Admin for players and tokens: tokens are never shown (only their hint) and can be
revoked, not edited, from the token list or a player's page. Staff deactivate and
reactivate players here, from the list (an action) or from a player's page (a button that
asks for confirmation). A player's page lists their games."""

from __future__ import annotations

from django.contrib import admin, messages
from django.core.exceptions import PermissionDenied
from django.http import Http404
from django.shortcuts import redirect
from django.template.response import TemplateResponse
from django.urls import path, reverse
from django.utils.html import format_html, format_html_join

from . import services
from .models import ApiToken, Player

#: How many of a player's games their page lists (the rest: the games list, filtered).
GAMES_SHOWN = 20


class TokenInline(admin.TabularInline):
    """A player's tokens: only their hint is ever shown (the value is not stored)."""

    model = ApiToken
    extra = 0
    fields = ("hint", "label", "created_at", "last_used_at", "revoked_at", "revoke")
    readonly_fields = fields
    can_delete = False

    def has_add_permission(self, request, obj=None):
        return False

    @admin.display(description="")
    def revoke(self, token: ApiToken) -> str:
        if token.revoked_at is not None:
            return ""
        url = reverse("admin:players_player_revoke_token", args=[token.player_id, token.pk])
        return format_html('<a href="{}">Revoke…</a>', url)


class AccountFilter(admin.SimpleListFilter):
    title = "account"
    parameter_name = "account"

    def lookups(self, request, model_admin):
        return [("active", "Active"), ("deactivated", "Deactivated")]

    def queryset(self, request, queryset):
        deactivated = queryset.filter(deactivated_at__isnull=False) | queryset.filter(
            user__is_active=False
        )
        if self.value() == "active":
            return queryset.exclude(pk__in=deactivated.values("pk"))
        if self.value() == "deactivated":
            return deactivated
        return queryset


@admin.register(Player)
class PlayerAdmin(admin.ModelAdmin):
    list_display = ("name", "id", "user", "staff", "active", "created_at")
    list_filter = (AccountFilter,)
    list_select_related = ("user",)
    search_fields = ("name", "id", "user__username")
    readonly_fields = ("id", "created_at", "account", "games")
    inlines = [TokenInline]
    actions = ["deactivate_selected", "reactivate_selected"]

    @admin.display(boolean=True)
    def staff(self, player: Player) -> bool:
        return player.is_staff

    @admin.display(boolean=True)
    def active(self, player: Player) -> bool:
        return player.is_active

    @admin.display(description="Account")
    def account(self, player: Player) -> str:
        if player.deactivated_at is not None:
            return f"Deactivated since {player.deactivated_at:%Y-%m-%d %H:%M} UTC: tokens refused"
        if not player.is_active:
            return "Deactivated (its Django user is inactive): tokens refused"
        return "Active"

    @admin.display(description="Games")
    def games(self, player: Player) -> str:
        seats = player.seats.select_related("game").order_by("-game__created_at")
        total = seats.count()
        if not total:
            return "None"
        rows = format_html_join(
            "",
            '<li><a href="{}">{}</a>: {}, seat {}, version {}</li>',
            (
                (
                    reverse("admin:games_game_change", args=[s.game_id]),
                    s.game_id,
                    s.game.status,
                    s.seat,
                    s.game.version,
                )
                for s in seats[:GAMES_SHOWN]
            ),
        )
        every = reverse("admin:games_game_changelist") + f"?player={player.pk}"
        return format_html('<ul>{}</ul><a href="{}">All {} game(s)</a>', rows, every, total)

    @admin.action(
        description="Deactivate the selected players (their tokens are refused)",
        permissions=["change"],
    )
    def deactivate_selected(self, request, queryset):
        done = 0
        for player in queryset.select_related("user"):
            if self._is_own(request, player):
                self.message_user(
                    request, "You cannot deactivate your own account.", messages.WARNING
                )
                continue
            services.player_deactivate(player=player)
            done += 1
        self.message_user(request, f"{done} player(s) deactivated.", messages.SUCCESS)

    @admin.action(description="Reactivate the selected players", permissions=["change"])
    def reactivate_selected(self, request, queryset):
        players = list(queryset.select_related("user"))
        for player in players:
            services.player_reactivate(player=player)
        self.message_user(request, f"{len(players)} player(s) reactivated.", messages.SUCCESS)

    # --- the button on a player's page ----------------------------------------------------
    def get_urls(self):
        account = path(
            "<path:object_id>/account/",
            self.admin_site.admin_view(self.account_view),
            name="players_player_account",
        )
        revoke = path(
            "<path:object_id>/tokens/<int:token_id>/revoke/",
            self.admin_site.admin_view(self.revoke_token_view),
            name="players_player_revoke_token",
        )
        return [account, revoke, *super().get_urls()]

    def revoke_token_view(self, request, object_id, token_id):
        """GET asks to confirm; POST revokes the token (refused from the next request)."""
        player = self.get_object(request, object_id)
        if player is None:
            raise Http404("No such player.")
        if not self.has_change_permission(request, player):
            raise PermissionDenied
        token = player.tokens.filter(pk=token_id).first()
        if token is None:
            raise Http404("No such token.")
        if request.method == "POST":
            if services.token_revoke(player=player, token_id=token.pk):
                self.message_user(request, f"Token {token.hint}… is revoked: the API refuses it.")
            return redirect(self._change_url(player))
        context = {
            **self.admin_site.each_context(request),
            "opts": self.opts,
            "player": player,
            "token": token,
            "title": f"Revoke the token {token.hint}… of {player}?",
            "change_url": self._change_url(player),
        }
        return TemplateResponse(request, "admin/players/player/token_revoke.html", context)

    def account_view(self, request, object_id):
        """GET asks to confirm; POST deactivates an active player or reactivates one."""
        player = self.get_object(request, object_id)
        if player is None:
            raise Http404("No such player.")
        if not self.has_change_permission(request, player):
            raise PermissionDenied
        deactivating = player.is_active
        if deactivating and self._is_own(request, player):
            self.message_user(request, "You cannot deactivate your own account.", messages.ERROR)
            return redirect(self._change_url(player))
        if request.method == "POST":
            if deactivating:
                services.player_deactivate(player=player)
                self.message_user(request, f"{player} is deactivated: their tokens are refused.")
            else:
                services.player_reactivate(player=player)
                self.message_user(request, f"{player} is active again.")
            return redirect(self._change_url(player))
        context = {
            **self.admin_site.each_context(request),
            "opts": self.opts,
            "player": player,
            "deactivating": deactivating,
            "title": f"{'Deactivate' if deactivating else 'Reactivate'} {player}?",
            "tokens": player.tokens.filter(revoked_at__isnull=True).count(),
            "change_url": self._change_url(player),
        }
        return TemplateResponse(request, "admin/players/player/account_confirm.html", context)

    def _change_url(self, player: Player) -> str:
        return reverse("admin:players_player_change", args=[player.pk])

    @staticmethod
    def _is_own(request, player: Player) -> bool:
        return player.user_id is not None and player.user_id == request.user.pk


@admin.register(ApiToken)
class ApiTokenAdmin(admin.ModelAdmin):
    list_display = ("hint", "player", "label", "created_at", "last_used_at", "revoked_at")
    list_filter = ("revoked_at",)
    search_fields = ("player__name", "hint", "label")
    readonly_fields = ("player", "digest", "hint", "created_at", "last_used_at", "revoked_at")
    actions = ["revoke"]

    def has_add_permission(self, request):
        return False

    @admin.action(description="Revoke the selected tokens", permissions=["change"])
    def revoke(self, request, queryset):
        revoked = sum(
            services.token_revoke(player=token.player, token_id=token.pk)
            for token in queryset.select_related("player")
        )
        self.message_user(
            request,
            f"{revoked} token(s) revoked: the API refuses them from now on.",
            messages.SUCCESS,
        )
