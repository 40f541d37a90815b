"""Restores are remembered in the restored database: each starts a new night epoch, and the
phones that made contact since are counted."""

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("scorekeeper", "0007_club_language_time_zone"),
    ]

    operations = [
        migrations.CreateModel(
            name="Restore",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("epoch", models.CharField(max_length=32, unique=True)),
                ("backup", models.CharField(max_length=255)),
                ("restored_by", models.CharField(blank=True, max_length=150)),
                ("restored_at", models.DateTimeField(auto_now_add=True)),
            ],
            options={
                "ordering": ["id"],
            },
        ),
        migrations.CreateModel(
            name="RestoreContact",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("device", models.BigIntegerField()),
                ("seen_at", models.DateTimeField(auto_now_add=True)),
                (
                    "restore",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="contacts",
                        to="scorekeeper.restore",
                    ),
                ),
            ],
            options={
                "constraints": [
                    models.UniqueConstraint(
                        fields=("restore", "device"), name="restore_contact_once"
                    )
                ],
            },
        ),
    ]
