"""The Celery app: `celery -A unoservice worker` and `celery -A unoservice beat`.

All settings come from Django's settings, under the CELERY_ prefix (unoservice/settings.py).
"""

import logging.config
import os

from celery import Celery, signals

from unoservice.private_files import keep_new_files_private

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "unoservice.settings")

app = Celery("unoservice")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()


#: The tasks that play games no person plays (games.timers.deadlines): sent to UNO_BOTS_QUEUE.
BOT_TASKS = frozenset({"games.sweep_bot_deadlines"})


def route_task(name, args, kwargs, options, task=None, **kw):
    """CELERY_TASK_ROUTES: the bots' tasks go to the bots queue, named by the settings
    when each is sent; every other task to the default queue."""
    if name in BOT_TASKS:
        from django.conf import settings

        return {"queue": settings.UNO_BOTS_QUEUE}
    return None


@signals.setup_logging.connect
def _log_like_the_web_server(**kwargs) -> None:
    """The worker and beat log with the service's configuration (LOG_LEVEL, LOG_FORMAT),
    not Celery's own: connecting this signal is how Celery is told to leave logging
    alone, so its --loglevel option has no effect."""
    from django.conf import settings

    logging.config.dictConfig(settings.LOGGING)


@signals.import_modules.connect
def _keep_new_files_private(**kwargs) -> None:
    """A worker or beat is starting: what it writes in the data folder (beat's schedule,
    the filesystem broker's messages) is for its own user only. This runs before beat
    opens its schedule file, which beat_init would be too late for."""
    keep_new_files_private()


@signals.worker_ready.connect
def _serve_metrics(**kwargs) -> None:
    """A worker in its own container serves its figures itself (`UNO_METRICS_PORT`)."""
    port = os.environ.get("UNO_METRICS_PORT")
    if port:
        from unoservice.ops.metrics_endpoint import serve_worker_metrics

        serve_worker_metrics(int(port))


@signals.worker_process_shutdown.connect
def _metrics_process_ended(**kwargs) -> None:
    from unoservice import metrics

    metrics.process_ended()
