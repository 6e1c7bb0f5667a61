import importlib

from django.apps import AppConfig

from unoservice import serving


class GamesConfig(AppConfig):
    name = "games"
    verbose_name = "Games"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from games.log import storage_guard

        storage_guard.install(self)
        serving.started.connect(_serve_live_streams, dispatch_uid="games.serve_live_streams")


def _serve_live_streams(sender, **kwargs) -> None:
    """A server process starts: the live streams' wiring (the version watch's handlers,
    the writers' frames) is in place before its first request, and it hears where games
    are streamed, so that a process that holds no stream still renders the frames of the
    games streamed elsewhere (games.live.published)."""
    importlib.import_module("games.live.frames")
    importlib.import_module("games.live.watch").start_hearing_announcements()
