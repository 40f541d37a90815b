"""No two clubs with one name, no two players of one name and label in a club, and a player
is a club's unless they are a casual game's (after the events app's 0002_roster_data)."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("scorekeeper", "0004_roster"),
        ("events", "0002_roster_data"),
    ]

    operations = [
        migrations.AlterField(
            model_name="club",
            name="name_key",
            field=models.TextField(editable=False, unique=True),
        ),
        migrations.AddConstraint(
            model_name="player",
            constraint=models.UniqueConstraint(
                condition=models.Q(club__isnull=False),
                fields=("club", "match_key", "label_key"),
                name="player_name_once_per_club",
            ),
        ),
        migrations.AddConstraint(
            model_name="player",
            constraint=models.CheckConstraint(
                condition=models.Q(kind="casual", club__isnull=True)
                | (~models.Q(kind="casual") & models.Q(club__isnull=False)),
                name="player_of_a_club_unless_casual",
            ),
        ),
    ]
