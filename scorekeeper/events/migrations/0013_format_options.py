"""An event's format options move from columns every event had into one JSON column that its
format checks and reads (`Event.options`): a progressive night's rounds planned, ranking and
loner bonus; a bracket's knockout, match for third place, best of and grand final reset. A
round robin's and a bracket's rounds planned follow from their schedule and draw (the plan),
as they did. An event's format is any registered format's name, and the change log keeps a
director's cut (the draw that decides a level table where the format moves its winners).

The old columns stay in the table for now, unread and unwritten by this build, each with a
default in the database so that a new row need not name them: a build from before this
migration, still serving while its successor upgrades the database (a second app server, a
restart under way), reads and writes its events as it did. A later migration drops them.

It is one operation: a new database renders the app's models once for it, not once a column
(Django renders them again after every operation).
"""

from typing import Any

from django.db import migrations, models
from django.db.migrations.operations.base import Operation

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
ACTIONS = [
    ("enter", "entered the result"),
    ("confirm", "confirmed the result"),
    ("dispute", "disputed the result"),
    ("correct", "corrected the result"),
    ("assign", "assigned a result"),
    ("forfeit", "recorded a forfeit"),
    ("substitute", "seated a substitute"),
    ("withdraw", "withdrew a team"),
]
CUT = ("cut", "decided a level table by a cut")


def options_from_columns(Event: Any) -> None:
    for event in Event.objects.all().iterator():
        names = MOVED.get(event.format, {})
        event.options = {name: getattr(event, name) for name in names}
        event.save(update_fields=["options"])


def columns_from_options(Event: Any) -> None:
    """Back: the options into their columns; a round robin's rounds from its schedule (the
    columns kept every other value)."""
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


class OptionsIntoOneField(Operation):
    """The event's `options` added and filled from the old columns, which leave the models
    but keep their place in the table, with a default in the database; the format a name of
    any format; the change log's cut."""

    reversible = True

    def options(self) -> models.JSONField[Any]:
        return models.JSONField(default=dict, blank=True)

    def state_forwards(self, app_label: str, state: Any) -> None:
        # The models are rendered again once, when next needed: not after each change.
        state.__dict__.pop("apps", None)
        self._with_options(app_label, state)
        state.alter_field(app_label, "event", "format", models.CharField(max_length=12), True)
        state.alter_field(
            app_label,
            "resultchange",
            "action",
            models.CharField(choices=[*ACTIONS, CUT], max_length=10),
            True,
        )
        for name in DEFAULTS:
            state.remove_field(app_label, "event", name)

    def _with_options(self, app_label: str, state: Any) -> None:
        state.add_field(app_label, "event", "options", self.options(), True)

    def _event(self, app_label: str, state: Any, *, kept: bool) -> Any:
        """The event with its options and the old columns; ``kept``: each of those with a
        default in the database, as they stay."""
        moved = state.clone()
        moved.__dict__.pop("apps", None)
        self._with_options(app_label, moved)
        for name, default in DEFAULTS.items() if kept else ():
            field = moved.models[app_label, "event"].fields[name].clone()
            field.db_default = default
            moved.alter_field(app_label, "event", name, field, True)
        return moved.apps.get_model(app_label, "Event")

    def _altered(self, editor: Any, model: Any, source: Any, target: Any) -> None:
        """Each old column from ``source``'s field to ``target``'s, on ``model`` (whose
        fields are all ``target``'s: rebuilding a SQLite table builds them all so)."""
        for name in DEFAULTS:
            editor.alter_field(model, source._meta.get_field(name), target._meta.get_field(name))

    def database_forwards(
        self, app_label: str, schema_editor: Any, from_state: Any, to_state: Any
    ) -> None:
        Before = from_state.apps.get_model(app_label, "Event")
        field = self.options()
        field.set_attributes_from_name("options")
        schema_editor.add_field(Before, field)
        Kept = self._event(app_label, from_state, kept=True)
        options_from_columns(Kept)
        self._altered(schema_editor, Kept, Before, Kept)

    def database_backwards(
        self, app_label: str, schema_editor: Any, from_state: Any, to_state: Any
    ) -> None:
        Event = self._event(app_label, to_state, kept=False)
        Kept = self._event(app_label, to_state, kept=True)
        self._altered(schema_editor, Event, Kept, Event)
        columns_from_options(Event)
        schema_editor.remove_field(Event, Event._meta.get_field("options"))

    def describe(self) -> str:
        return "The events' format options into one field; the old columns kept, unread"


class Migration(migrations.Migration):
    dependencies = [("events", "0012_directors_remedies")]

    operations = [OptionsIntoOneField()]
