from django.apps import AppConfig


class OpsConfig(AppConfig):
    name = "unoservice.ops"
    label = "ops"
    verbose_name = "Service operations"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from django.contrib import admin
        from django.core.signals import got_request_exception

        from unoservice.ops.signals import count_server_error

        got_request_exception.connect(count_server_error, dispatch_uid="ops.count_server_error")
        admin.site.index_template = "admin/ops/index.html"
