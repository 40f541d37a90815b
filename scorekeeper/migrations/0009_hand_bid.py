"""A hand keeps what its makers bid under an auction (Bid Euchre): a number of tricks,
"moon" or "loner"; every hand of a turn-up game, and every hand kept before, has none ("")."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("scorekeeper", "0008_restore_epochs"),
    ]

    operations = [
        migrations.AddField(
            model_name="hand",
            name="bid",
            field=models.CharField(blank=True, default="", max_length=5),
        ),
    ]
