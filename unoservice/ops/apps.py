from django.apps import AppConfig


class OpsConfig(AppConfig):
    name = "unoservice.ops"
    label = "ops"
    verbose_name = "Service operations"
    default_auto_field = "django.db.models.BigAutoField"
