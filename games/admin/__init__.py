"""Admin for games: head rows, their seats and deadlines, and the event log, which is
never editable (the model refuses changes, and the database's triggers too). Games are
never deleted (their events are kept for good): a stuck game is aborted instead. Beside
it: the staff replay viewer's data (replay_viewer) and the operator's dashboard.

May import: games' services, selectors, presentation, log and engine; players;
unoservice."""

from __future__ import annotations

from django import forms
from django.contrib import admin, messages
from django.core.exceptions import PermissionDenied
from django.db.models import OuterRef, Subquery
from django.http import Http404, HttpResponse, JsonResponse, StreamingHttpResponse
from django.shortcuts import redirect
from django.template.response import TemplateResponse
from django.urls import path, reverse
from django.utils.html import format_html, format_html_join
from django.utils.timesince import timesince
from django.utils.timezone import localtime

from games import selectors, services
from games.admin.replay_viewer import replay_data
from games.engine import PRESETS
from games.log.audit import audit_game
from games.models import Game, GameEvent, GameSeat, GameStatus
from players.models import Player
from unoservice import clock
from unoservice.errors import DomainError

OPEN = (GameStatus.WAITING, GameStatus.ACTIVE)


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
    fields = ("seat", "player", "joined_at", "left_at", "remove")
    readonly_fields = fields

    @admin.display(description="")
    def remove(self, seat: GameSeat) -> str:
        game = seat.game
        if seat.left_at is not None or game.status not in OPEN:
            return ""
        if game.status == GameStatus.WAITING and seat.player_id == game.host_id:
            return ""
        url = reverse("admin:games_game_remove_seat", args=[game.pk, seat.seat])
        return format_html('<a href="{}">Remove this seat…</a>', url)


class PresetFilter(admin.SimpleListFilter):
    title = "preset"
    parameter_name = "preset"

    def lookups(self, request, model_admin):
        return [(name, name) for name in PRESETS]

    def queryset(self, request, queryset):
        if self.value():
            return queryset.filter(rules__preset=self.value())
        return queryset


class PlayerFilter(admin.SimpleListFilter):
    """The games a player sat in (?player=<id>, linked from a player's page)."""

    title = "player"
    parameter_name = "player"

    def lookups(self, request, model_admin):
        player = Player.objects.filter(pk=self.value()).first() if self.value() else None
        return [(str(player.pk), player.name)] if player else []

    def queryset(self, request, queryset):
        if self.value():
            return queryset.filter(seats__player_id=self.value())
        return queryset


class DeadlineFilter(admin.SimpleListFilter):
    title = "deadlines"
    parameter_name = "deadlines"

    def lookups(self, request, model_admin):
        return [("pending", "Pending"), ("none", "None")]

    def queryset(self, request, queryset):
        if self.value() == "pending":
            return queryset.filter(next_due_at__isnull=False)
        if self.value() == "none":
            return queryset.filter(next_due_at__isnull=True)
        return queryset


class ReasonForm(forms.Form):
    reason = forms.CharField(max_length=200, help_text="Recorded in the game's event.")


@admin.register(Game)
class GameAdmin(admin.ModelAdmin):
    # Fits a 1280 px wide screen beside the filters: a short id (the full one is its
    # title, and the search finds games by it), the last event and its age in one column.
    list_display = (
        "game",
        "status",
        "preset",
        "seats",
        "players",
        "version",
        "last_event",
        "created",
    )
    list_filter = (
        "status",
        PresetFilter,
        "seat_count",
        "visibility",
        DeadlineFilter,
        ("ended_at", admin.DateFieldListFilter),
        PlayerFilter,
    )
    search_fields = ("id", "host__name", "seats__player__name")
    readonly_fields = [
        *(f.name for f in Game._meta.fields if f.name not in ("state", "open_deadlines")),
        "deadlines",
    ]
    exclude = ("state", "open_deadlines")
    inlines = [SeatInline]
    actions = ["audit_selected", "abort_selected"]
    change_form_template = "admin/games/game/change_form.html"

    def has_add_permission(self, request):
        return False

    def has_delete_permission(self, request, obj=None):
        return False

    def changelist_view(self, request, extra_context=None):
        """The list of games leaves out the admin's navigation column: its columns and the
        filters then fit a 1280 px wide screen (the breadcrumbs still lead home)."""
        narrow = {"is_nav_sidebar_enabled": False}
        return super().changelist_view(request, {**(extra_context or {}), **narrow})

    def change_view(self, request, object_id, form_url="", extra_context=None):
        """Nothing on a game's page is edited there (a game changes only by its events;
        abort has its own page), so it shows no Save buttons; the change permission
        stays, for aborting."""
        no_saving = {"show_save": False, "show_save_and_continue": False}
        return super().change_view(
            request, object_id, form_url, {**(extra_context or {}), **no_saving}
        )

    def get_queryset(self, request):
        last = GameEvent.objects.filter(game=OuterRef("pk"), seq=OuterRef("version"))
        return (
            super()
            .get_queryset(request)
            .select_related("host")
            .annotate(
                last_event_type=Subquery(last.values("type")[:1]),
                last_event_at=Subquery(last.values("recorded_at")[:1]),
            )
        )

    # --- columns --------------------------------------------------------------------------
    @admin.display(description="Preset")
    def preset(self, game: Game) -> str:
        return (game.rules or {}).get("preset", "")

    @admin.display(description="Players")
    def players(self, game: Game) -> str:
        return ", ".join(s.name + (" (left)" if s.left else "") for s in game.seat_rows())

    @admin.display(description="Game", ordering="id")
    def game(self, game: Game) -> str:
        return format_html('<span title="{}">{}…</span>', game.id, str(game.id)[:8])

    @admin.display(description="Seats", ordering="seat_count")
    def seats(self, game: Game) -> int:
        return game.seat_count

    @admin.display(description="Last event", ordering="last_event_at")
    def last_event(self, game: Game) -> str:
        kind, at = getattr(game, "last_event_type", None), getattr(game, "last_event_at", None)
        if not kind:
            return "—"
        age = timesince(at, clock.now()).split(",")[0]  # "3 hours", not "3 hours, 2 minutes"
        return format_html("{}<br><small>{} ago</small>", kind, age)

    @admin.display(description="Created", ordering="created_at")
    def created(self, game: Game) -> str:
        return format_html(
            '<time datetime="{}">{}</time>',
            game.created_at.isoformat(),
            localtime(game.created_at).strftime("%Y-%m-%d %H:%M"),
        )

    @admin.display(description="Open deadlines")
    def deadlines(self, game: Game) -> str:
        rows = sorted((game.open_deadlines or {}).items(), key=lambda kv: kv[1].get("due_at", ""))
        if not rows:
            return "None"
        return format_html(
            "<table><tr><th>Kind</th><th>Seat</th><th>Closes at</th><th>Due at</th>"
            "<th>Token</th></tr>{}</table>",
            format_html_join(
                "",
                "<tr><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>",
                (
                    (d.get("kind"), d.get("seat"), d.get("closes_at"), d.get("due_at"), token)
                    for token, d in rows
                ),
            ),
        )

    # --- actions on the list ----------------------------------------------------------------
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
        staff = _staff_player(request)
        for game in queryset.filter(status__in=OPEN):
            services.game_abort(game_id=game.id, reason="aborted from the admin", staff=staff)
            self.message_user(request, f"{game.id}: aborted")

    # --- a game's own pages -----------------------------------------------------------------
    def get_urls(self):
        view = self.admin_site.admin_view
        own = [
            path("<uuid:game_id>/abort/", view(self.abort_view), name="games_game_abort"),
            path(
                "<uuid:game_id>/seats/<int:seat>/remove/",
                view(self.remove_seat_view),
                name="games_game_remove_seat",
            ),
            path("<uuid:game_id>/audit/", view(self.audit_view), name="games_game_audit"),
            path("<uuid:game_id>/export/", view(self.export_view), name="games_game_export"),
            path("<uuid:game_id>/replay/", view(self.replay_view), name="games_game_replay"),
            path(
                "<uuid:game_id>/replay/steps.json",
                view(self.replay_steps_view),
                name="games_game_replay_steps",
            ),
        ]
        return [*own, *super().get_urls()]

    def abort_view(self, request, game_id):
        game = self._game_for_change(request, game_id)

        def abort(reason: str) -> str:
            services.game_abort(game_id=game.id, reason=reason, staff=_staff_player(request))
            return f"The game is aborted: {reason}"

        return self._with_reason(request, game, f"Abort game {game.id}?", abort)

    def remove_seat_view(self, request, game_id, seat):
        game = self._game_for_change(request, game_id)

        def remove(reason: str) -> str:
            services.game_seat_remove(
                game_id=game.id, seat=seat, reason=reason, staff=_staff_player(request)
            )
            return f"Seat {seat} is removed: {reason}"

        return self._with_reason(request, game, f"Remove seat {seat} of game {game.id}?", remove)

    def audit_view(self, request, game_id):
        game = self._game_for_view(request, game_id)
        context = {
            **self.admin_site.each_context(request),
            "opts": self.opts,
            "game": game,
            "title": f"Audit of game {game.id}",
            "result": audit_game(game),
            "seal": game.seal,
            "seal_key": _listed_key(game.seal),
            "change_url": self._change_url(game),
        }
        return TemplateResponse(request, "admin/games/game/audit.html", context)

    def export_view(self, request, game_id):
        game = self._game_for_view(request, game_id)
        lines = selectors.export_lines(game=game, player=_staff_player(request))
        response = StreamingHttpResponse(lines, content_type="application/x-ndjson")
        response["Content-Disposition"] = f'attachment; filename="game-{game.id}.ndjson"'
        return response

    def replay_view(self, request, game_id):
        """The viewer: every hand, the table and the event of each step (?at=N). The audit
        links a failing check's first event as ?fault=N&check=NAME, which opens that step
        marked."""
        game = self._game_for_view(request, game_id)
        fault = _step_param(request, "fault", game.version)
        at = _step_param(request, "at", game.version)
        context = {
            **self.admin_site.each_context(request),
            "opts": self.opts,
            "game": game,
            "at": at if at is not None else fault,  # None: the viewer opens at the deal
            "fault": fault,
            "fault_check": request.GET.get("check", "")[:40],
            "title": f"Replay of game {game.id}",
            "steps_url": reverse("admin:games_game_replay_steps", args=[game.pk]),
            "change_url": self._change_url(game),
        }
        return TemplateResponse(request, "admin/games/game/replay.html", context)

    def replay_steps_view(self, request, game_id):
        game = self._game_for_view(request, game_id)
        return JsonResponse(replay_data(game=game, player=_staff_player(request)))

    def _with_reason(self, request, game: Game, title: str, act) -> HttpResponse:
        """GET asks for a reason; POST does it through the service (a refusal, such as a
        game that ended meanwhile, is shown as a message)."""
        form = ReasonForm(request.POST or None)
        if request.method == "POST" and form.is_valid():
            try:
                self.message_user(request, act(form.cleaned_data["reason"]), messages.SUCCESS)
            except DomainError as refused:
                self.message_user(request, refused.detail, messages.ERROR)
            return redirect(self._change_url(game))
        context = {
            **self.admin_site.each_context(request),
            "opts": self.opts,
            "game": game,
            "title": title,
            "form": form,
            "change_url": self._change_url(game),
        }
        return TemplateResponse(request, "admin/games/game/reason.html", context)

    def _game_for_view(self, request, game_id) -> Game:
        game = self.get_object(request, str(game_id))
        if game is None:
            raise Http404("No such game.")
        if not self.has_view_permission(request, game):
            raise PermissionDenied
        return game

    def _game_for_change(self, request, game_id) -> Game:
        game = self._game_for_view(request, game_id)
        if not self.has_change_permission(request, game):
            raise PermissionDenied
        return game

    def _change_url(self, game: Game) -> str:
        return reverse("admin:games_game_change", args=[game.pk])


def _step_param(request, name: str, version: int) -> int | None:
    """A step number from the query string, kept within the game (None: absent or not a
    number)."""
    try:
        return max(0, min(int(request.GET[name]), version))
    except (KeyError, ValueError):
        return None


def _listed_key(seal: dict | None) -> dict | None:
    """The key a seal names, as GET /api/v1/keys lists it (None: no seal, or no such key)."""
    if not seal:
        return None
    keys = selectors.signing_keys_get()["keys"]
    return next((key for key in keys if key["key_id"] == seal.get("key_id")), None)


def _staff_player(request):
    from players.services import player_for_user

    return player_for_user(username=request.user.get_username())


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
