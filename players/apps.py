from django.apps import AppConfig


class PlayersConfig(AppConfig):
    name = "players"
    verbose_name = "Players"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self):
        from .owner_cache import connect_signals

        connect_signals()
