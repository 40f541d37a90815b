"""A night's record a club can trust: a corrected result keeps what the opponents confirmed
and names the director; the event's `reconfirm` (a correction shown, or confirmed again) and
`absent_credit` (what a player absent from their round earns); a round keeps the plan it was
seated from, so it can be undone; a seat can be marked absent; and the change log keeps the
round and table numbers it names (its entries outlive an undone round) and names every act of
the director.

New columns have a default in the database too, so a build from before this migration, still
serving while its successor upgrades the database, writes its rows as it did.

The log's numbers of its earlier entries are filled in from the tables they name.
"""

from typing import Any

import django.db.models.deletion
from django.db import migrations, models


def numbers_from_tables(apps: Any, schema_editor: Any) -> None:
    ResultChange = apps.get_model("events", "ResultChange")
    for change in ResultChange.objects.filter(table__isnull=False).select_related("table__round"):
        ResultChange.objects.filter(pk=change.pk).update(
            round_number=change.table.round.number, table_number=change.table.number
        )


class Migration(migrations.Migration):
    dependencies = [
        ("events", "0015_confirm_with"),
        ("scorekeeper", "0007_club_language_time_zone"),
    ]

    operations = [
        # Added in place: a SQLite table Django rebuilds loses the columns the format options
        # left behind in it (0013), which an earlier build still serving reads.
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.AddField(
                    model_name="event",
                    name="absent_credit",
                    field=models.CharField(
                        choices=[("sit-out", "a sit-out's credit"), ("none", "nothing")],
                        db_default="sit-out",
                        default="sit-out",
                        max_length=7,
                    ),
                ),
                migrations.AddField(
                    model_name="event",
                    name="reconfirm",
                    field=models.CharField(
                        choices=[
                            ("shown", "the correction is shown with what was confirmed"),
                            ("required", "the opponents confirm a correction again"),
                        ],
                        db_default="shown",
                        default="shown",
                        max_length=8,
                    ),
                ),
            ],
            database_operations=[
                migrations.RunSQL(
                    'ALTER TABLE "events_event" ADD COLUMN "absent_credit" varchar(7) '
                    "DEFAULT 'sit-out' NOT NULL",
                    'ALTER TABLE "events_event" DROP COLUMN "absent_credit"',
                ),
                migrations.RunSQL(
                    'ALTER TABLE "events_event" ADD COLUMN "reconfirm" varchar(8) '
                    "DEFAULT 'shown' NOT NULL",
                    'ALTER TABLE "events_event" DROP COLUMN "reconfirm"',
                ),
            ],
        ),
        migrations.AddField(
            model_name="result",
            name="confirmed_points",
            field=models.JSONField(blank=True, null=True),
        ),
        migrations.AddField(
            model_name="result",
            name="director",
            field=models.CharField(blank=True, db_default="", default="", max_length=100),
        ),
        migrations.AddField(
            model_name="resultchange",
            name="round_number",
            field=models.PositiveSmallIntegerField(blank=True, null=True),
        ),
        migrations.AddField(
            model_name="resultchange",
            name="table_number",
            field=models.PositiveSmallIntegerField(blank=True, null=True),
        ),
        migrations.AddField(
            model_name="round",
            name="time_called_by",
            field=models.CharField(blank=True, db_default="", default="", max_length=100),
        ),
        migrations.AddField(
            model_name="round",
            name="plan_before",
            field=models.JSONField(blank=True, null=True),
        ),
        migrations.AddField(
            model_name="tableseat",
            name="absent",
            field=models.BooleanField(db_default=False, default=False),
        ),
        migrations.AlterField(
            model_name="result",
            name="entered_by",
            field=models.ForeignKey(
                blank=True,
                null=True,
                on_delete=django.db.models.deletion.PROTECT,
                related_name="+",
                to="scorekeeper.player",
            ),
        ),
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
                    ("absent", "recorded a player absent"),
                    ("key-in", "keyed in a paper tally"),
                    ("arrive", "entered a late arrival"),
                    ("leave", "recorded a player leaving"),
                    ("seat", "seated a round"),
                    ("unseat", "undid a seated round"),
                    ("swap", "swapped two players' seats"),
                    ("seat-late", "seated a late arrival in the round"),
                    ("time", "called time"),
                    ("close", "closed the night"),
                    ("reopen", "reopened the night"),
                    ("settings", "changed the event's settings"),
                ],
                max_length=10,
            ),
        ),
        migrations.AlterField(
            model_name="resultchange",
            name="table",
            field=models.ForeignKey(
                blank=True,
                null=True,
                on_delete=django.db.models.deletion.SET_NULL,
                related_name="changes",
                to="events.table",
            ),
        ),
        migrations.AlterField(
            model_name="tabletoken",
            name="ended",
            field=models.CharField(
                blank=True,
                choices=[
                    ("left", "left the table"),
                    ("handed-over", "the director handed the table over"),
                    ("closed", "the director closed the night"),
                    ("undone", "the director undid the round it confirmed for"),
                ],
                max_length=11,
            ),
        ),
        migrations.RunPython(numbers_from_tables, migrations.RunPython.noop),
    ]
