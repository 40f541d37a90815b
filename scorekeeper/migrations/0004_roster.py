"""Players belong to a club's roster (or to a casual game): a label, a kind and the keys of
their name; clubs get the key of theirs. The rows are sorted out by the events app's
0002_roster_data, and the constraints follow in 0005_roster_constraints."""

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("scorekeeper", "0003_cache_table"),
    ]

    operations = [
        migrations.AlterField(
            model_name="club",
            name="name",
            field=models.CharField(max_length=100),
        ),
        migrations.AddField(
            model_name="club",
            name="name_key",
            field=models.TextField(default="", editable=False),
            preserve_default=False,
        ),
        migrations.AlterField(
            model_name="player",
            name="name",
            field=models.CharField(max_length=60),
        ),
        migrations.AddField(
            model_name="player",
            name="label",
            field=models.CharField(blank=True, default="", max_length=30),
            preserve_default=False,
        ),
        migrations.AddField(
            model_name="player",
            name="kind",
            field=models.CharField(
                choices=[
                    ("member", "member"),
                    ("guest", "guest"),
                    ("casual", "a casual game's player"),
                ],
                default="casual",
                max_length=6,
            ),
            preserve_default=False,
        ),
        migrations.AddField(
            model_name="player",
            name="match_key",
            field=models.TextField(default="", editable=False),
            preserve_default=False,
        ),
        migrations.AddField(
            model_name="player",
            name="label_key",
            field=models.TextField(blank=True, default="", editable=False),
            preserve_default=False,
        ),
        migrations.AlterField(
            model_name="player",
            name="club",
            field=models.ForeignKey(
                blank=True,
                null=True,
                on_delete=django.db.models.deletion.PROTECT,
                related_name="players",
                to="scorekeeper.club",
            ),
        ),
        migrations.AlterModelOptions(
            name="player",
            options={"ordering": ["name", "label", "id"]},
        ),
    ]
