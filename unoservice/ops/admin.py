from django.contrib import admin

from unoservice.ops.models import FigureBucket, WorkerPing


class FactAdmin(admin.ModelAdmin):
    """Read-only: the rows are facts written by the service."""

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False


@admin.register(WorkerPing)
class WorkerPingAdmin(FactAdmin):
    list_display = ("handled_at", "source", "worker", "requested_at", "token")
    list_filter = ("source", "worker")
    date_hierarchy = "handled_at"


class FigureKindFilter(admin.SimpleListFilter):
    title = "kind"
    parameter_name = "kind"

    def lookups(self, request, model_admin):
        return [
            ("refused:", "Moves refused"),
            ("throttled:", "Throttled requests"),
            ("server_error:", "Server errors"),
            ("sweeper_run", "Sweeper runs"),
        ]

    def queryset(self, request, queryset):
        if self.value():
            return queryset.filter(name__startswith=self.value())
        return queryset


@admin.register(FigureBucket)
class FigureBucketAdmin(FactAdmin):
    """The dashboard's per-minute counts (kept UNO_FIGURES_RETENTION_DAYS)."""

    list_display = ("minute", "name", "count", "last_at")
    list_filter = (FigureKindFilter,)
    search_fields = ("name",)
    date_hierarchy = "minute"
