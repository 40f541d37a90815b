"""The change log keeps a director's cut: the draw that decides a level table where the
event's format moves its winners (a party)."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("events", "0013_format_options"),
    ]

    operations = [
        migrations.AlterField(
            model_name="resultchange",
            name="action",
            field=models.CharField(
                choices=[
                    ("enter", "entered the result"),
                    ("confirm", "confirmed the result"),
                    ("dispute", "disputed the result"),
                    ("correct", "corrected the result"),
                    ("assign", "assigned a result"),
                    ("forfeit", "recorded a forfeit"),
                    ("substitute", "seated a substitute"),
                    ("withdraw", "withdrew a team"),
                    ("cut", "decided a level table by a cut"),
                ],
                max_length=10,
            ),
        ),
    ]
