"""How the opponents confirm a result becomes one option of an event, `confirm_with`: `table`
(the table's phone or their own), `opponent-device` (a phone of their own, joined for their
side: what `second_device_required` asked) or `pin` (the opponent's PIN). Each entrant gets a
PIN (those already entered too, each their own); a confirming phone may name its player; a
result says whether a PIN confirmed it, and counts wrong PINs.

`second_device_required` leaves the models but keeps its place in the table, with a default in
the database, and the new columns have one there too: a build from before, still serving while
this one upgrades the database, reads and writes its rows as it did. So do the columns 0013
kept: SQLite changes a table by building it again from a model, so the model it is given holds
them too.
"""

from typing import Any

import django.db.models.deletion
from django.db import migrations, models
from django.db.migrations.operations.base import Operation

import scorekeeper.events.models

#: The event's columns that 0013 left in the table, unread, each with its default there.
KEPT_BY_0013 = {
    "rounds_planned": models.PositiveSmallIntegerField(db_default=0),
    "rank_by": models.CharField(max_length=9, db_default="total"),
    "loner_bonus": models.PositiveSmallIntegerField(db_default=0),
    "knockout": models.CharField(max_length=6, db_default="single"),
    "third_place": models.BooleanField(db_default=False),
    "best_of": models.PositiveSmallIntegerField(db_default=1),
    "grand_final_reset": models.BooleanField(db_default=True),
}
SECOND_DEVICE = "second_device_required"


def confirm_with_field() -> models.CharField[Any, Any]:
    return models.CharField(
        choices=[
            ("table", "on the table's scoring phone, or a phone of their own"),
            ("opponent-device", "on a phone of their own, joined for their side"),
            ("pin", "by typing the confirming opponent's PIN"),
        ],
        default="table",
        db_default="table",
        max_length=15,
    )


def second_device_field(*, kept: bool) -> models.BooleanField[Any, Any]:
    """The old column as it was, or as it stays: with a default in the database."""
    if kept:
        return models.BooleanField(default=False, db_default=False)
    return models.BooleanField(default=False)


class ConfirmWithForSecondDevice(Operation):
    """`confirm_with` added and filled from `second_device_required`, which leaves the models
    and stays in the table with a default in the database."""

    reversible = True

    def state_forwards(self, app_label: str, state: Any) -> None:
        state.add_field(app_label, "event", "confirm_with", confirm_with_field(), True)
        state.remove_field(app_label, "event", SECOND_DEVICE)

    @staticmethod
    def _event(app_label: str, state: Any, *, confirm_with: bool, kept: bool) -> Any:
        """The event as its table stands: the state's fields, the columns kept unread, and
        `confirm_with` and `second_device_required` as asked."""
        table = state.clone()
        table.__dict__.pop("apps", None)
        fields = table.models[app_label, "event"].fields
        for name, field in KEPT_BY_0013.items():
            fields[name] = field.clone()
        fields[SECOND_DEVICE] = second_device_field(kept=kept)
        if confirm_with:
            fields["confirm_with"] = confirm_with_field()
        else:
            fields.pop("confirm_with", None)
        return table.apps.get_model(app_label, "Event")

    def database_forwards(
        self, app_label: str, schema_editor: Any, from_state: Any, to_state: Any
    ) -> None:
        before = self._event(app_label, from_state, confirm_with=False, kept=False)
        added = self._event(app_label, to_state, confirm_with=True, kept=False)
        after = self._event(app_label, to_state, confirm_with=True, kept=True)
        schema_editor.add_field(before, added._meta.get_field("confirm_with"))
        schema_editor.alter_field(
            added, added._meta.get_field(SECOND_DEVICE), after._meta.get_field(SECOND_DEVICE)
        )
        _confirm_with_from_second_device(schema_editor, after)

    def database_backwards(
        self, app_label: str, schema_editor: Any, from_state: Any, to_state: Any
    ) -> None:
        after = self._event(app_label, from_state, confirm_with=True, kept=True)
        added = self._event(app_label, from_state, confirm_with=True, kept=False)
        schema_editor.alter_field(
            after, after._meta.get_field(SECOND_DEVICE), added._meta.get_field(SECOND_DEVICE)
        )
        _second_device_from_confirm_with(schema_editor, added)
        schema_editor.remove_field(added, added._meta.get_field("confirm_with"))

    def describe(self) -> str:
        return "An event's confirm_with, from second_device_required (kept, unread)"


def _confirm_with_from_second_device(schema_editor: Any, Event: Any) -> None:
    table = schema_editor.quote_name(Event._meta.db_table)
    schema_editor.execute(
        f"UPDATE {table} SET confirm_with = %s WHERE {SECOND_DEVICE} = %s",
        ["opponent-device", True],
    )


def _second_device_from_confirm_with(schema_editor: Any, Event: Any) -> None:
    table = schema_editor.quote_name(Event._meta.db_table)
    schema_editor.execute(f"UPDATE {table} SET {SECOND_DEVICE} = %s", [False])
    schema_editor.execute(
        f"UPDATE {table} SET {SECOND_DEVICE} = %s WHERE confirm_with = %s",
        [True, "opponent-device"],
    )


def a_pin_each(apps: Any, schema_editor: Any) -> None:
    Entrant = apps.get_model("events", "Entrant")
    for entrant in Entrant.objects.only("pk").iterator():
        Entrant.objects.filter(pk=entrant.pk).update(pin=scorekeeper.events.models.pin_new())


class Migration(migrations.Migration):
    # The players' table is older than the events' (events 0002 needs it).
    dependencies = [("events", "0014_director_invitee")]

    operations = [
        ConfirmWithForSecondDevice(),
        migrations.AddField(
            model_name="entrant",
            name="pin",
            field=models.CharField(
                default=scorekeeper.events.models.pin_new, db_default="", max_length=4
            ),
        ),
        migrations.RunPython(a_pin_each, migrations.RunPython.noop),
        migrations.AddField(
            model_name="result",
            name="by_pin",
            field=models.BooleanField(default=False, db_default=False),
        ),
        migrations.AddField(
            model_name="result",
            name="pin_misses",
            field=models.PositiveSmallIntegerField(default=0, db_default=0),
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
