import importlib

from django.apps import AppConfig


class GamesConfig(AppConfig):
    name = "games"
    verbose_name = "Games"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from games.log import storage_guard

        storage_guard.install(self)
        # The live streams' wiring (the version watch's handlers, the writers' frames,
        # hearing the stream announcements once the server starts) is in place before a
        # request: a process that holds no stream still renders the frames of the games
        # streamed elsewhere (games.live.published).
        importlib.import_module("games.live.frames")
