"""How the opponents confirm a result becomes one option of an event, `confirm_with`: `table`
(the table's phone or their own), `opponent-device` (a phone of their own, joined for their
side: what `second_device_required` asked) or `pin` (the opponent's PIN). Each entrant gets a
PIN (those already entered too, each their own); a confirming phone may name its player; a
result says whether a PIN confirmed it, and counts wrong PINs.

`second_device_required` leaves the models but keeps its place in the table, with a default in
the database: a build from before, still serving while this one upgrades the database, reads
and writes its events as it did.
"""

from typing import Any

import django.db.models.deletion
from django.db import migrations, models

import scorekeeper.events.models


def confirm_with_from_second_device(apps: Any, schema_editor: Any) -> None:
    Event = apps.get_model("events", "Event")
    Event.objects.filter(second_device_required=True).update(confirm_with="opponent-device")


def second_device_from_confirm_with(apps: Any, schema_editor: Any) -> None:
    Event = apps.get_model("events", "Event")
    Event.objects.update(second_device_required=False)
    Event.objects.filter(confirm_with="opponent-device").update(second_device_required=True)


def a_pin_each(apps: Any, schema_editor: Any) -> None:
    Entrant = apps.get_model("events", "Entrant")
    for entrant in Entrant.objects.only("pk").iterator():
        Entrant.objects.filter(pk=entrant.pk).update(pin=scorekeeper.events.models.pin_new())


class Migration(migrations.Migration):
    dependencies = [
        ("events", "0014_director_invitee"),
        ("scorekeeper", "0009_log_answer"),
    ]

    operations = [
        migrations.AddField(
            model_name="event",
            name="confirm_with",
            field=models.CharField(
                choices=[
                    ("table", "on the table's scoring phone, or a phone of their own"),
                    ("opponent-device", "on a phone of their own, joined for their side"),
                    ("pin", "by typing the confirming opponent's PIN"),
                ],
                default="table",
                max_length=15,
            ),
        ),
        migrations.RunPython(confirm_with_from_second_device, second_device_from_confirm_with),
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.RemoveField(model_name="event", name="second_device_required"),
            ],
            database_operations=[
                migrations.AlterField(
                    model_name="event",
                    name="second_device_required",
                    field=models.BooleanField(default=False, db_default=False),
                ),
            ],
        ),
        migrations.AddField(
            model_name="entrant",
            name="pin",
            field=models.CharField(default=scorekeeper.events.models.pin_new, max_length=4),
        ),
        migrations.RunPython(a_pin_each, migrations.RunPython.noop),
        migrations.AddField(
            model_name="result",
            name="by_pin",
            field=models.BooleanField(default=False),
        ),
        migrations.AddField(
            model_name="result",
            name="pin_misses",
            field=models.PositiveSmallIntegerField(default=0),
        ),
        migrations.AddField(
            model_name="tabletoken",
            name="player",
            field=models.ForeignKey(
                blank=True,
                null=True,
                on_delete=django.db.models.deletion.SET_NULL,
                related_name="+",
                to="scorekeeper.player",
            ),
        ),
    ]
