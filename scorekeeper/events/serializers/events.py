"""Request and response shapes of an event: the event, its entrants and its teams."""

from __future__ import annotations

from typing import Any, TypeVar

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from drf_spectacular.extensions import OpenApiSerializerFieldExtension
from rest_framework import serializers

from scorekeeper.api.bodies import KnownFieldsOnly
from scorekeeper.api.fields import (
    RulesetField,
    StrictBooleanField,
    StrictCharField,
    StrictIntegerField,
)
from scorekeeper.errors import Malformed
from scorekeeper.events.formats import option_fields, registered
from scorekeeper.events.formats.options import OptionField
from scorekeeper.events.models import Event
from scorekeeper.events.serializers.players import (
    IdField,
    MatchedSerializer,
    PlayerRefField,
    PlayerSerializer,
)

S = TypeVar("S", bound=serializers.Serializer[Any])

RECONFIRM = (
    "A confirmed result the director changes: shown (phones and pages show the correction "
    "and what was confirmed) or required (it waits for the opponents to confirm it again)."
)
ABSENT_CREDIT = (
    "Individuals: what a player absent from a round they were seated in earns for it: "
    "sit-out (a bye's credit) or none."
)
TIME_CALLED_WIN = (
    "Formats ranked by match points (team events): the match points of a win decided when "
    "time was called (null: a win is a win). A number for a format whose players rank by "
    "points or games won is 400 not-an-option."
)


class _EventSettingsOnly(KnownFieldsOnly):
    """An event's body of known settings only: a misspelt setting or option is a 400 naming
    it, not a change that silently never happens; its format, once made, is its own 400."""

    not_a_field = gettext_lazy("an event has no setting %(name)s")

    def unknown_field(self, name: object) -> Malformed:
        if name == "format":
            return Malformed(
                _("an event's format is chosen when the event is made"),
                code="format-fixed",
                field=name,
            )
        return super().unknown_field(name)


class OptionIntegerField(StrictIntegerField):
    """A whole-number option of a format, as a request takes it: the schema gives the
    option's own bounds (its ``minimum`` to ``maximum``, or its ``values``), which its format
    checks (a 400 with the option's code and words, naming it), not this field."""

    def __init__(self, *, option: OptionField, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.option = option


# drf-spectacular registers an extension in its untyped __init_subclass__.
class OptionIntegerScheme(OpenApiSerializerFieldExtension):  # type: ignore[no-untyped-call]
    """The schema of a whole-number option: its bounds, from the option its format checks."""

    target_class = OptionIntegerField

    def map_serializer_field(self, auto_schema: Any, direction: str) -> dict[str, Any]:
        option: OptionField = self.target.option
        if option.values:
            return {"type": "integer", "enum": list(option.values)}
        return {"type": "integer", "minimum": option.minimum, "maximum": option.maximum}


def _option_field(option: OptionField, *, output: bool) -> serializers.Field[Any, Any, Any, Any]:
    """An option of a format as a top-level field of an event: shown from its format's
    values (`Event.option_values`), or taken when given (its format checks the value)."""
    extra: dict[str, Any] = {"help_text": option.help}
    if output:
        extra.update(source=f"option_values.{option.name}", allow_null=option.default is None)
    else:
        extra["required"] = False
    field: serializers.Field[Any, Any, Any, Any]
    if option.kind == "choice":
        values = [value for value, _label in option.choices]
        field = serializers.ChoiceField(choices=values, **extra)
    elif option.kind == "bool":
        field = serializers.BooleanField(**extra) if output else StrictBooleanField(**extra)
    else:
        field = (
            serializers.IntegerField(**extra)
            if output
            else OptionIntegerField(option=option, **extra)
        )
    return field


def _with_options(base: type[S], *, output: bool) -> type[S]:
    """The serializer with every registered format's options as fields of its own."""
    fields = {
        name: _option_field(option, output=output)
        for name, option in option_fields().items()
        if name not in base._declared_fields
    }
    made = type(base.__name__.removeprefix("_"), (base,), fields)
    made.__module__ = base.__module__
    return made


class _EventSerializer(serializers.Serializer[Any]):
    """An event: what every event has, and every format's options (its own format's values;
    the others at their defaults, as earlier builds showed them)."""

    id = serializers.IntegerField()
    club = serializers.IntegerField(source="club_id")
    club_name = serializers.CharField(source="club.name")
    season = serializers.IntegerField(source="season_id", allow_null=True)
    name = serializers.CharField()
    date = serializers.DateField()
    format = serializers.ChoiceField(choices=list(registered()))
    ruleset = serializers.JSONField()
    preset = serializers.CharField()
    round_length = serializers.ChoiceField(choices=Event.RoundLength.values)
    hands_per_round = serializers.IntegerField(allow_null=True)
    entry = serializers.ChoiceField(choices=Event.Entry.values)
    rounds_planned = serializers.IntegerField(
        source="option_values.rounds_planned",
        help_text="Rounds the night plans: the director's, or as many as its teams make.",
    )
    sit_out_credit = serializers.ChoiceField(choices=Event.SitOutCredit.values)
    sit_out_points = serializers.IntegerField()
    status = serializers.CharField(help_text="draft, running or finished")
    published = serializers.BooleanField()
    round_minutes = serializers.IntegerField(
        allow_null=True, help_text="A timed round's length in minutes; null: untimed."
    )
    confirm_with = serializers.ChoiceField(
        choices=Event.ConfirmWith.values,
        help_text="How the opponents confirm a table's result: table (on the scorer's phone, "
        "flagged same-device, or their own), opponent-device (only on a phone of their own, "
        "joined for their side), pin (the confirming opponent types their PIN).",
    )
    reconfirm = serializers.ChoiceField(choices=Event.Reconfirm.values, help_text=RECONFIRM)
    absent_credit = serializers.ChoiceField(
        choices=Event.AbsentCredit.values, help_text=ABSENT_CREDIT
    )
    ask_tricks = serializers.BooleanField(
        help_text="The tables' phones ask the tricks the makers took, not only how the hand "
        "ended (made, march, euchred)."
    )
    time_called_win_points = serializers.IntegerField(
        allow_null=True,
        help_text="Team events: match points of a win decided when time was called "
        "(null: a win is a win).",
    )
    side_prizes = serializers.ListField(
        child=serializers.CharField(),
        allow_null=True,
        help_text="The side prizes given, by kind (null: all the format has).",
    )
    closed_at = serializers.DateTimeField(
        allow_null=True, help_text="When the director closed the night (codes and tokens ended)."
    )


class _EventCreateSerializer(_EventSettingsOnly):
    """A new event: what every event has, and its format's options (each a field of its own,
    checked by the format; an option of another format is a 400 naming it)."""

    name = StrictCharField(max_length=100)
    format = serializers.ChoiceField(choices=list(registered()))
    ruleset = RulesetField(required=False, default="standard")
    round_length = serializers.ChoiceField(
        choices=Event.RoundLength.values, default=Event.RoundLength.GAME
    )
    hands_per_round = StrictIntegerField(
        min_value=1, max_value=20, required=False, allow_null=True, default=None
    )
    entry = serializers.ChoiceField(choices=Event.Entry.values, default=Event.Entry.HANDS)
    sit_out_credit = serializers.ChoiceField(
        choices=Event.SitOutCredit.values, default=Event.SitOutCredit.NONE
    )
    sit_out_points = StrictIntegerField(min_value=0, max_value=100, required=False, default=0)
    season = IdField(required=False, allow_null=True, default=None)
    date = serializers.DateField(required=False, allow_null=True, default=None)
    published = StrictBooleanField(required=False, default=False)
    seed = StrictIntegerField(
        min_value=0, max_value=2**31 - 1, required=False, allow_null=True, default=None
    )
    round_minutes = StrictIntegerField(
        min_value=1, max_value=240, required=False, allow_null=True, default=None
    )
    confirm_with = serializers.ChoiceField(
        choices=Event.ConfirmWith.values, required=False, default=Event.ConfirmWith.TABLE
    )
    reconfirm = serializers.ChoiceField(
        choices=Event.Reconfirm.values, default=Event.Reconfirm.SHOWN, help_text=RECONFIRM
    )
    absent_credit = serializers.ChoiceField(
        choices=Event.AbsentCredit.values,
        default=Event.AbsentCredit.SIT_OUT,
        help_text=ABSENT_CREDIT,
    )
    ask_tricks = StrictBooleanField(required=False, default=False)
    time_called_win_points = StrictIntegerField(
        min_value=0,
        max_value=2,
        required=False,
        allow_null=True,
        default=None,
        help_text=TIME_CALLED_WIN,
    )
    side_prizes = serializers.ListField(
        child=StrictCharField(max_length=20), max_length=10, required=False, default=None
    )


class _EventUpdateSerializer(_EventSettingsOnly):
    """A director's change: any of these, and any option of the event's format. Each
    setting changed goes into the change log with its old and new value. A closed night
    changes only its name, date, season and publishing until it is reopened; the ruleset,
    round length, hands a round and entry only until the first round is seated."""

    name = StrictCharField(max_length=100, required=False)
    published = StrictBooleanField(required=False)
    status = StrictCharField(
        max_length=8,
        required=False,
        help_text="running (reopen a closed night), or finished (close the night, as close/ does without leave_open)",
    )
    round_minutes = StrictIntegerField(
        min_value=1,
        max_value=240,
        required=False,
        allow_null=True,
        help_text="A timed round's length in minutes; null: untimed.",
    )
    confirm_with = serializers.ChoiceField(choices=Event.ConfirmWith.values, required=False)
    reconfirm = serializers.ChoiceField(
        choices=Event.Reconfirm.values, required=False, help_text=RECONFIRM
    )
    absent_credit = serializers.ChoiceField(
        choices=Event.AbsentCredit.values, required=False, help_text=ABSENT_CREDIT
    )
    time_called_win_points = StrictIntegerField(
        min_value=0, max_value=2, required=False, allow_null=True, help_text=TIME_CALLED_WIN
    )
    sit_out_credit = serializers.ChoiceField(choices=Event.SitOutCredit.values, required=False)
    sit_out_points = StrictIntegerField(min_value=0, max_value=100, required=False)
    ruleset = RulesetField(required=False, help_text="Until the first round is seated.")
    round_length = serializers.ChoiceField(
        choices=Event.RoundLength.values, required=False, help_text="Until the first round."
    )
    hands_per_round = StrictIntegerField(
        min_value=1,
        max_value=20,
        required=False,
        allow_null=True,
        help_text="Until the first round.",
    )
    entry = serializers.ChoiceField(
        choices=Event.Entry.values, required=False, help_text="Until the first round."
    )
    ask_tricks = StrictBooleanField(required=False)
    date = serializers.DateField(required=False)
    season = IdField(required=False, allow_null=True, help_text="A season of the club; null: none.")
    side_prizes = serializers.ListField(
        child=StrictCharField(max_length=20),
        max_length=10,
        required=False,
        allow_null=True,
        help_text="The side prizes given, by kind; null: all the format has.",
    )
    reason = StrictCharField(
        max_length=500, required=False, help_text="Why (kept in the change log)."
    )


EventSerializer = _with_options(_EventSerializer, output=True)


class EventDetailSerializer(EventSerializer):  # type: ignore[valid-type,misc]
    """An event on its own: with its version, what a director's change of it sends back as
    If-Match."""

    version = serializers.IntegerField(
        help_text="The newest entry of the event's change log about the event as a whole "
        "(its settings, players, rounds, time, closing; 0: none)."
    )


EventCreateSerializer = _with_options(_EventCreateSerializer, output=False)
EventUpdateSerializer = _with_options(_EventUpdateSerializer, output=False)


class EntrantSerializer(serializers.Serializer[Any]):
    player = serializers.IntegerField(source="player_id")
    name = serializers.CharField(source="player.name")
    # A field named like Field.label: DRF's metaclass takes it off the class.
    label = serializers.CharField(source="player.label", allow_blank=True)  # type: ignore[assignment]
    shown = serializers.CharField(source="player.shown")
    team = serializers.IntegerField(source="team_id", allow_null=True)
    active = serializers.BooleanField()


class EntrantAddedSerializer(EntrantSerializer):
    matched = serializers.ChoiceField(
        choices=["existing", "new"],
        help_text="Whether the entry took a player of the club's roster or added a new one.",
    )


class EventTeamSerializer(serializers.Serializer[Any]):
    id = serializers.IntegerField()
    name = serializers.CharField()
    seed = serializers.IntegerField()
    active = serializers.BooleanField()
    players = serializers.ListField(child=serializers.CharField(), help_text="As shown.")
    members = PlayerSerializer(many=True)


class EventTeamAddedSerializer(EventTeamSerializer):
    matched = MatchedSerializer(many=True, help_text="The player each entry took, in order.")


class EventTeamAddSerializer(KnownFieldsOnly):
    name = StrictCharField(max_length=100)
    players = serializers.ListField(child=PlayerRefField(), min_length=2, max_length=2)
