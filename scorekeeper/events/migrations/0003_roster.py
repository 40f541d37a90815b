"""A player's kind (member or guest) is on the player now; the roster's change log."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("events", "0002_roster_data"),
        ("scorekeeper", "0004_roster"),
    ]

    operations = [
        migrations.DeleteModel(
            name="Membership",
        ),
        migrations.CreateModel(
            name="RosterChange",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                (
                    "action",
                    models.CharField(
                        choices=[
                            ("merge", "merged two records"),
                            ("split", "split a record in two"),
                            ("rename", "renamed a record"),
                        ],
                        max_length=6,
                    ),
                ),
                ("player", models.PositiveBigIntegerField()),
                ("other", models.PositiveBigIntegerField(blank=True, null=True)),
                ("actor", models.CharField(max_length=100)),
                ("reason", models.TextField(blank=True)),
                ("before", models.JSONField()),
                ("after", models.JSONField()),
                ("created_at", models.DateTimeField(auto_now_add=True)),
                (
                    "club",
                    models.ForeignKey(
                        on_delete=models.CASCADE,
                        related_name="roster_changes",
                        to="scorekeeper.club",
                    ),
                ),
            ],
            options={
                "ordering": ["club", "id"],
            },
        ),
    ]
