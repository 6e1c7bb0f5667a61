from django.apps import AppConfig


class ScoringConfig(AppConfig):
    name = "scoring"
    verbose_name = "Scoring"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from games.write import game_ended

        from .tasks import schedule_records_update

        game_ended.connect(schedule_records_update, dispatch_uid="scoring.records_update")
