"""A game counts the times the names it shows were rewritten (a player's erasure), which its
reads' ETag says: a phone holding an erased name is sent the new one, not told it is current."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("scorekeeper", "0011_log_answer"),
    ]

    operations = [
        migrations.AddField(
            model_name="game",
            name="renamed",
            field=models.PositiveIntegerField(default=0),
        ),
    ]
