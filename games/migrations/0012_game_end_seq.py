from django.db import migrations, models


def number_ended_games(apps, schema_editor):
    """Games that ended before the column existed, in the order they ended."""
    Game = apps.get_model("games", "Game")
    ended = Game.objects.filter(status__in=["finished", "aborted"]).order_by(
        "ended_at", "updated_at", "id"
    )
    for number, game_id in enumerate(ended.values_list("id", flat=True).iterator(), start=1):
        Game.objects.filter(pk=game_id).update(end_seq=number)


class Migration(migrations.Migration):
    dependencies = [("games", "0011_events_by_time")]

    operations = [
        migrations.AddField(
            model_name="game",
            name="end_seq",
            field=models.PositiveBigIntegerField(
                blank=True,
                editable=False,
                help_text="The global order games ended in (1, 2, 3 …), given in the ending "
                "transaction: players' records apply ratings in this order.",
                null=True,
                unique=True,
            ),
        ),
        migrations.RunPython(number_ended_games, migrations.RunPython.noop),
    ]
