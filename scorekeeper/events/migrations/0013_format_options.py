"""An event's format options move from columns every event had into one JSON column that its
format checks and reads (`Event.options`): a progressive night's rounds planned, ranking and
loner bonus; a bracket's knockout, match for third place, best of and grand final reset. A
round robin's and a bracket's rounds planned follow from their schedule and draw (the plan),
as they did. An event's format is any registered format's name.

The old columns stay in the table for now, unread and unwritten by this build, each with a
default in the database so that a new row need not name them: a build from before this
migration, still serving while its successor upgrades the database (a second app server, a
restart under way), reads and writes its events as it did. A later migration drops them.
"""

from typing import Any

from django.db import migrations, models

#: The options that were columns, by format, with the default each column now has.
MOVED = {
    "progressive": {"rounds_planned": 0, "rank_by": "total", "loner_bonus": 0},
    "bracket": {
        "knockout": "single",
        "third_place": False,
        "best_of": 1,
        "grand_final_reset": True,
    },
}
DEFAULTS = {name: default for options in MOVED.values() for name, default in options.items()}


def options_from_columns(apps: Any, schema_editor: Any) -> None:
    Event = apps.get_model("events", "Event")
    for event in Event.objects.all().iterator():
        names = MOVED.get(event.format, {})
        event.options = {name: getattr(event, name) for name in names}
        event.save(update_fields=["options"])


def columns_from_options(apps: Any, schema_editor: Any) -> None:
    """Back: the options into their columns; a round robin's rounds from its schedule (the
    columns kept every other value)."""
    Event = apps.get_model("events", "Event")
    for event in Event.objects.all().iterator():
        options = event.options if isinstance(event.options, dict) else {}
        names = list(MOVED.get(event.format, {}))
        for name in names:
            setattr(event, name, options.get(name, DEFAULTS[name]))
        if event.format == "round-robin":
            plan = event.plan if isinstance(event.plan, dict) else {}
            event.rounds_planned = len(plan.get("rounds", []))
            names.append("rounds_planned")
        event.save(update_fields=names)


class Migration(migrations.Migration):
    dependencies = [("events", "0012_directors_remedies")]

    operations = [
        migrations.AddField(
            model_name="event",
            name="options",
            field=models.JSONField(blank=True, default=dict),
        ),
        migrations.AlterField(
            model_name="event",
            name="format",
            field=models.CharField(max_length=12),
        ),
        migrations.RunPython(options_from_columns, columns_from_options),
        migrations.AlterField(
            model_name="event",
            name="rounds_planned",
            field=models.PositiveSmallIntegerField(db_default=0),
        ),
        migrations.AlterField(
            model_name="event",
            name="rank_by",
            field=models.CharField(max_length=9, default="total", db_default="total"),
        ),
        migrations.AlterField(
            model_name="event",
            name="loner_bonus",
            field=models.PositiveSmallIntegerField(default=0, db_default=0),
        ),
        migrations.AlterField(
            model_name="event",
            name="knockout",
            field=models.CharField(max_length=6, default="single", db_default="single"),
        ),
        migrations.AlterField(
            model_name="event",
            name="third_place",
            field=models.BooleanField(default=False, db_default=False),
        ),
        migrations.AlterField(
            model_name="event",
            name="best_of",
            field=models.PositiveSmallIntegerField(default=1, db_default=1),
        ),
        migrations.AlterField(
            model_name="event",
            name="grand_final_reset",
            field=models.BooleanField(default=True, db_default=True),
        ),
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.RemoveField(model_name="event", name=name)
                for name in (
                    "rounds_planned",
                    "rank_by",
                    "loner_bonus",
                    "knockout",
                    "third_place",
                    "best_of",
                    "grand_final_reset",
                )
            ],
        ),
    ]
