"""A Swiss round keeps each team's place and match points as they stood when it was paired: the
printed pairings show those, not what a result corrected since would make of them."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("events", "0026_change_log_hands"),
    ]

    operations = [
        migrations.AddField(
            model_name="round",
            name="paired_on",
            field=models.JSONField(blank=True, null=True),
        ),
    ]
