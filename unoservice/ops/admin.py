from django.contrib import admin

from unoservice.ops.models import WorkerPing


@admin.register(WorkerPing)
class WorkerPingAdmin(admin.ModelAdmin):
    """Read-only: the rows are facts written by workers."""

    list_display = ("handled_at", "source", "worker", "requested_at", "token")
    list_filter = ("source", "worker")
    date_hierarchy = "handled_at"

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False
