"""Request and response shapes of a night's play: rounds, tables and their seats, the phones
joined at a table, results and their confirmation, closing the night, the change log.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext_lazy
from rest_framework import serializers

from scorekeeper.api.bodies import KnownFieldsOnly
from scorekeeper.api.fields import StrictBooleanField, StrictCharField, StrictIntegerField
from scorekeeper.events.formats import registered
from scorekeeper.events.models import Event, TableToken
from scorekeeper.events.serializers.players import IdField

#: What a seat's ``letter`` says, wherever a seat is shown.
LETTER_HELP = (
    "The seat by compass point, as the table app names it: N, E, S, W (N and S against E and "
    "W); at a six-handed table N, NE, SE, S, SW, NW (alternate seats partner)."
)


class PinField(serializers.RegexField):
    """A player's PIN: four digits, as text. A JSON number is refused, never read as text (282
    is not "0282"), and counts as no try."""

    default_error_messages = {"invalid": gettext_lazy("a PIN is four digits, sent as text")}

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(r"^[0-9]{4}$", required=False, allow_null=True, default=None, **kwargs)

    def to_internal_value(self, data: Any) -> str:
        if not isinstance(data, str):
            self.fail("invalid")
        return str(super().to_internal_value(data))


class SeatSerializer(serializers.Serializer[Any]):
    seat = serializers.IntegerField()
    letter = serializers.CharField(help_text=LETTER_HELP)
    side = serializers.IntegerField(
        help_text="0: the even seats (0 and 2; 0, 2 and 4 six-handed); 1: the odd seats."
    )
    player = serializers.IntegerField(source="player_id")
    name = serializers.CharField()


class ResultSerializer(serializers.Serializer[Any]):
    status = serializers.CharField(help_text="entered, confirmed or disputed")
    points = serializers.ListField(child=serializers.IntegerField(), help_text="By side.")
    winner = serializers.IntegerField(allow_null=True, help_text="A side; null for a tie.")
    hands = serializers.IntegerField()
    time_called = serializers.BooleanField(
        help_text="Entered as it stood when the director called time."
    )
    entered_by = serializers.IntegerField(
        source="entered_by_id",
        allow_null=True,
        help_text="The player who entered it at the table; null when a director set it.",
    )
    confirmed_by = serializers.IntegerField(source="confirmed_by_id", allow_null=True)
    confirmation = serializers.CharField(
        allow_null=True,
        help_text="How it was confirmed: same-device (on the scorer's phone), second-device (on "
        "the opponents' own phone), pin (the opponent typed their PIN), director (entered by "
        "one), or null while unconfirmed.",
    )
    disputed_by = serializers.IntegerField(source="disputed_by_id", allow_null=True)
    dispute_reason = serializers.CharField(
        allow_blank=True, help_text="Why the opponents disputed it, until it is entered again."
    )
    corrected = serializers.BooleanField(
        help_text="A director changed it after the table entered or confirmed it."
    )
    provenance = serializers.CharField(
        help_text="How it came about: played (at the table), confirmed-by-director, "
        "entered-by-director, corrected, assigned or forfeited (by the director named in "
        "`director`)."
    )
    director = serializers.CharField(
        allow_blank=True,
        help_text="The director who last set, changed or confirmed it (their display name); "
        "empty when only the table's players did.",
    )
    confirmed_points = serializers.ListField(
        child=serializers.IntegerField(),
        allow_null=True,
        help_text="What the opponents confirmed before a director changed it (by side).",
    )
    version = serializers.IntegerField()


class DeviceSerializer(serializers.Serializer[Any]):
    id = serializers.IntegerField()
    role = serializers.ChoiceField(choices=TableToken.Role.values)
    player = serializers.IntegerField(
        allow_null=True, help_text="The player a confirming phone joined for."
    )
    label = serializers.CharField(allow_blank=True)  # type: ignore[assignment]
    joined_at = serializers.DateTimeField()


class TableSerializer(serializers.Serializer[Any]):
    id = serializers.IntegerField()
    number = serializers.IntegerField()
    seats = SeatSerializer(many=True)
    team_names = serializers.ListField(child=serializers.CharField())
    game = serializers.UUIDField(
        source="game_id", allow_null=True, help_text="The scorekeeper game (hand-by-hand events)."
    )
    join_code = serializers.CharField(
        allow_null=True,
        help_text="The physical table's code for the whole night: shown to the event's "
        "directors only.",
    )
    result = ResultSerializer(allow_null=True)
    devices = DeviceSerializer(
        many=True,
        allow_null=True,
        help_text="The phones at the table now (its scoring phone and this round's confirming "
        "phones): shown to the event's directors only.",
    )


class RoundSerializer(serializers.Serializer[Any]):
    number = serializers.IntegerField()
    complete = serializers.BooleanField()
    minutes = serializers.IntegerField(allow_null=True, help_text="A timed round's length.")
    time_called_at = serializers.DateTimeField(
        allow_null=True, help_text="When the director called time."
    )
    time_called_by = serializers.CharField(
        allow_blank=True, help_text="Who called time (the director's display name)."
    )
    sit_outs = serializers.ListField(child=serializers.CharField())
    tables = TableSerializer(many=True)


class TableDetailSerializer(TableSerializer):
    event = serializers.IntegerField()
    event_name = serializers.CharField()
    format = serializers.ChoiceField(choices=list(registered()))
    winner_required = serializers.BooleanField(
        help_text="A level game is no result here (a knockout): at time, play one more hand."
    )
    round = serializers.IntegerField()
    round_started_at = serializers.DateTimeField()
    minutes = serializers.IntegerField(allow_null=True, help_text="A timed round's length.")
    time_called_at = serializers.DateTimeField(allow_null=True)
    time_called_by = serializers.CharField(allow_blank=True)
    reconfirm = serializers.ChoiceField(
        choices=Event.Reconfirm.values,
        help_text="A director's correction of a confirmed result: shown (with what was "
        "confirmed), or required (the opponents confirm it again).",
    )
    entry = serializers.ChoiceField(choices=Event.Entry.values)
    round_length = serializers.ChoiceField(choices=Event.RoundLength.values)
    hands_per_round = serializers.IntegerField(allow_null=True)
    target = serializers.IntegerField(help_text="The ruleset's target (a game-to-target round).")
    confirm_with = serializers.ChoiceField(
        choices=Event.ConfirmWith.values,
        help_text="How the opponents confirm: table (this phone or their own), "
        "opponent-device (their own phone, joined for their side), pin (their PIN).",
    )
    ask_tricks = serializers.BooleanField(
        help_text="Ask the tricks the makers took (the event's option), not only the outcome."
    )
    negative_totals = serializers.BooleanField(
        help_text="A side's total may be below 0 (an auction's sets cost the bid)."
    )
    epoch = serializers.CharField(
        required=False,
        help_text="On a table's own read (`GET /tables/{id}/`): the night's epoch, as a phone's "
        "`/tables/device/` says it.",
    )
    links = serializers.DictField(
        child=serializers.CharField(),
        allow_null=True,
        help_text="Where the table's game is read (`read`, `log`) and scored (`hands`) under "
        "/api/v1, and its result (`result`); null for a totals-only table's game paths.",
    )


class JoinSerializer(KnownFieldsOnly):
    code = StrictCharField(max_length=20)
    role = serializers.ChoiceField(choices=TableToken.Role.values, default=TableToken.Role.SCORER)
    # A field named like Field.label: DRF's metaclass takes it off the class.
    label = StrictCharField(  # type: ignore[assignment]
        max_length=60, required=False, default="", allow_blank=True
    )
    player = IdField(
        required=False,
        allow_null=True,
        default=None,
        help_text="A confirming phone's player, seated at the table: it confirms for that "
        "player's side only (it may be named later: PATCH /api/v1/tables/device/).",
    )


class EventTableSerializer(serializers.Serializer[Any]):
    id = serializers.IntegerField()
    event = serializers.IntegerField()
    event_name = serializers.CharField()
    number = serializers.IntegerField()


class JoinedSerializer(serializers.Serializer[Any]):
    token = serializers.CharField(help_text="Send as `Authorization: Bearer <token>`. Shown once.")
    role = serializers.ChoiceField(choices=TableToken.Role.values)
    event_table = EventTableSerializer(help_text="The physical table, for the whole night.")
    table = TableDetailSerializer(
        allow_null=True, help_text="This round's table there (null: no game there this round)."
    )


class DeviceHereSerializer(serializers.Serializer[Any]):
    id = serializers.IntegerField()
    role = serializers.ChoiceField(choices=TableToken.Role.values)
    player = serializers.IntegerField(
        allow_null=True, help_text="The player a confirming phone joined for; null: none named."
    )
    event_table = EventTableSerializer()
    table = TableDetailSerializer(
        allow_null=True,
        help_text="This round's table: a scoring phone follows its physical table to each "
        "new round; null while no round seats a game there.",
    )
    epoch = serializers.CharField(
        help_text="The night's epoch: empty until the database is restored from a backup, then "
        "a new id at each restore. A phone that finds it moved sends again, in their order and "
        "with their keys, the writes it made this night (docs/api.md)."
    )


class CloseSerializer(KnownFieldsOnly):
    leave_open = StrictBooleanField(
        required=False,
        default=False,
        help_text="Close even though some tables have no confirmed result.",
    )
    reason = StrictCharField(max_length=500, required=False, default="", allow_blank=True)


class OpenTableSerializer(serializers.Serializer[Any]):
    number = serializers.IntegerField()
    table = serializers.IntegerField(source="table_id")
    state = serializers.CharField(help_text="no result, entered or disputed")
    hands = serializers.IntegerField(help_text="Hands entered so far.")
    phones = serializers.IntegerField(help_text="Phones still at the table.")


class LevelTableSerializer(serializers.Serializer[Any]):
    round = serializers.IntegerField()
    number = serializers.IntegerField()
    table = serializers.IntegerField(source="table_id")


class NightSerializer(serializers.Serializer[Any]):
    closed_at = serializers.DateTimeField(allow_null=True)
    open_tables = OpenTableSerializer(many=True)
    level_tables = LevelTableSerializer(
        many=True,
        help_text="Level tables waiting for the director's cut (a party's, any round): "
        "closing waits for them (409 cut-needed), leave_open or not.",
    )


class CodeSerializer(serializers.Serializer[Any]):
    join_code = serializers.CharField()


def SidePointsField(**kwargs: Any) -> serializers.ListField:
    """Each side's points of a result, when they are entered as totals (or none)."""
    return serializers.ListField(
        # (From -999: a ruleset that takes points away, Bid Euchre's, may total below zero;
        # the result's service checks each total against the event's ruleset.)
        child=StrictIntegerField(min_value=-999, max_value=999),
        min_length=2,
        max_length=2,
        required=False,
        allow_null=True,
        default=None,
        **kwargs,
    )


class ResultEnterSerializer(KnownFieldsOnly):
    entered_by = IdField(help_text="The player entering it (seated at the table).")
    points = SidePointsField(
        help_text="Totals-only events: each side's points. Hand-by-hand events leave it out."
    )
    time_called = StrictBooleanField(
        required=False,
        default=False,
        help_text="The result as it stands when the director called time (the round unfinished).",
    )
    pin = PinField(
        help_text="The entering player's PIN (four digits), where the event confirms with PINs: "
        "the entry, and the opponent's confirmation, each proven by its side.",
    )


class DeviceNameSerializer(KnownFieldsOnly):
    player = IdField(help_text="The player this confirming phone is for, seated at its table.")


class ResultConfirmSerializer(KnownFieldsOnly):
    confirmed_by = IdField(help_text="A player of the other side from whoever entered it.")
    pin = PinField(
        help_text="The confirming player's PIN (four digits), where the event confirms with one.",
    )


class ResultDisputeSerializer(KnownFieldsOnly):
    player = IdField()
    reason = StrictCharField(max_length=500)


class ResultCorrectSerializer(KnownFieldsOnly):
    reason = StrictCharField(max_length=500)
    points = SidePointsField()
    time_called = StrictBooleanField(
        required=False,
        help_text="The result is as it stood when time was called; absent: as the result has it.",
    )


class ReasonSerializer(KnownFieldsOnly):
    reason = StrictCharField(max_length=500, required=False, default="", allow_blank=True)


class ChangeSerializer(serializers.Serializer[Any]):
    id = serializers.IntegerField(
        help_text="Its place in the log: the newest a director has read of a table (or of "
        "the event as a whole) is what their next change of it sends as If-Match."
    )
    round = serializers.IntegerField(allow_null=True, help_text="The round it names; null: none.")
    table = serializers.IntegerField(
        allow_null=True,
        help_text="The table it names; null for an act on the event or a round as a whole.",
    )
    action = serializers.CharField()
    actor = serializers.CharField()
    reason = serializers.CharField(allow_blank=True)
    before = serializers.JSONField(allow_null=True)
    after = serializers.JSONField(allow_null=True)
    players = serializers.DictField(
        child=serializers.CharField(),
        help_text="The name of each player its before and after name by id (`entered_by`, "
        "`confirmed_by`, `disputed_by`, `player`, `players`, a cut's `won_by`), by id, as the "
        "roster has it now: the log keeps ids only, so erasing a player's name rewrites none "
        "of it.",
    )
    created_at = serializers.DateTimeField()
