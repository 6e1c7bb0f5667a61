from django.apps import AppConfig


class OpsConfig(AppConfig):
    name = "unoservice.ops"
    label = "ops"
    verbose_name = "Service operations"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from django.contrib import admin
        from django.core.signals import got_request_exception, request_started

        from unoservice.cache_closing import skip_closing_caches_that_need_no_closing
        from unoservice.connection_checks import skip_the_check_of_quiet_connections
        from unoservice.ops.signals import count_server_error

        got_request_exception.connect(count_server_error, dispatch_uid="ops.count_server_error")
        # After django.db's close_old_connections, connected when django.db was imported.
        request_started.connect(
            skip_the_check_of_quiet_connections, dispatch_uid="ops.quiet_connections"
        )
        skip_closing_caches_that_need_no_closing()
        admin.site.index_template = "admin/ops/index.html"
