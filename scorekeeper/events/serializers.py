"""Request and response shapes of the events API. Serializers parse and render; services decide."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from scorekeeper import names
from scorekeeper.api.fields import (
    RulesetField,
    StrictBooleanField,
    StrictCharField,
    StrictIntegerField,
)
from scorekeeper.events.models import Event, RosterChange, TableToken
from scorekeeper.events.selectors import LEADERBOARD_ORDER
from scorekeeper.models import Player

MAX_ID = 2**63 - 1


def IdField(**kwargs: Any) -> StrictIntegerField:
    return StrictIntegerField(min_value=1, max_value=MAX_ID, **kwargs)


class PlayerEntrySerializer(serializers.Serializer[Any]):
    """Who is meant: a player of the club by id, or by name. By name, the club's one player
    of that name is taken, or someone new is added; a `label` picks one of several players of
    that name (or adds one); `new` adds someone new even when the name is taken (with a label
    to tell them apart)."""

    player = IdField(required=False)
    name = StrictCharField(max_length=names.PERSON, required=False)
    # A field named like Field.label: DRF's metaclass takes it off the class.
    label = StrictCharField(  # type: ignore[assignment]
        max_length=names.LABEL, required=False, allow_blank=True
    )
    new = StrictBooleanField(required=False, default=False)


_ENTRY_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "player": {"type": "integer", "minimum": 1},
        "name": {"type": "string", "maxLength": names.PERSON},
        "label": {"type": "string", "maxLength": names.LABEL},
        "new": {"type": "boolean"},
    },
    "additionalProperties": False,
}


@extend_schema_field(
    {
        "oneOf": [
            {"type": "string", "maxLength": names.PERSON},
            {"type": "integer", "minimum": 1},
            _ENTRY_SCHEMA,
        ]
    }
)
class PlayerRefField(serializers.Field[Any, Any, Any, Any]):
    """A player by name (the club's player of that name, or someone new), by id, or as an
    object like a single entry's body (`{"name": ..., "label": ..., "new": true}`)."""

    default_error_messages = {"invalid": "Give a player's name, id, or name and label."}

    def to_internal_value(self, data: Any) -> str | int | dict[str, Any]:
        if isinstance(data, dict):
            entry = PlayerEntrySerializer(data=data)
            entry.is_valid(raise_exception=True)
            return dict(entry.validated_data)
        if isinstance(data, bool) or not isinstance(data, str | int):
            self.fail("invalid")
        if isinstance(data, int) and not 1 <= data <= MAX_ID:
            self.fail("invalid")
        if isinstance(data, str) and not 0 < len(data.strip()) <= names.PERSON:
            self.fail("invalid")
        return data

    def to_representation(self, value: Any) -> Any:
        return value


class PlayerSerializer(serializers.Serializer[Any]):
    """A player of a club's roster: the name as stored, the label that tells them apart from
    another of that name, and both as shown."""

    player = serializers.IntegerField()
    name = serializers.CharField()
    # A field named like Field.label: DRF's metaclass takes it off the class.
    label = serializers.CharField(allow_blank=True)  # type: ignore[assignment]
    shown = serializers.CharField(help_text='The name with its label: "John Smith (Tuesday)".')


# Clubs ----------------------------------------------------------------------------------------


class ClubSerializer(serializers.Serializer[Any]):
    id = serializers.IntegerField()
    name = serializers.CharField()
    language = serializers.CharField(
        help_text="The language of the club's emails, and of its pages and messages for "
        "visitors who ask for none the server speaks (`en`, `ko`; empty: the server's default)."
    )
    time_zone = serializers.CharField(
        help_text="The IANA time zone of the club's pages, printouts and exports."
    )
    created_at = serializers.DateTimeField()


class ClubUpdateSerializer(serializers.Serializer[Any]):
    language = serializers.ChoiceField(choices=["", "en", "ko"], required=False)
    time_zone = StrictCharField(max_length=64, required=False)


class ClubCreateSerializer(serializers.Serializer[Any]):
    name = StrictCharField(max_length=100)


class RosterPlayerSerializer(PlayerSerializer):
    player = serializers.IntegerField(source="pk")
    kind = serializers.ChoiceField(choices=[Player.Kind.MEMBER, Player.Kind.GUEST])
    events = serializers.IntegerField(help_text="How many of the club's events they entered.")
    last_played = serializers.DateField(allow_null=True, help_text="The last of those events.")


class RosterQuerySerializer(serializers.Serializer[Any]):
    name = StrictCharField(
        max_length=names.PERSON, required=False, help_text="Only the players of this name."
    )


class MatchedSerializer(PlayerSerializer):
    """The player an entry took: `existing` (found on the roster) or `new` (added to it)."""

    kind = serializers.CharField()
    matched = serializers.ChoiceField(choices=["existing", "new"])


class PlayerAddSerializer(PlayerEntrySerializer):
    kind = serializers.ChoiceField(
        choices=[Player.Kind.MEMBER, Player.Kind.GUEST],
        required=False,
        help_text="member (the default for someone new) or guest",
    )


class PlayerUpdateSerializer(serializers.Serializer[Any]):
    name = StrictCharField(max_length=names.PERSON, required=False)
    # A field named like Field.label: DRF's metaclass takes it off the class.
    label = StrictCharField(  # type: ignore[assignment]
        max_length=names.LABEL, required=False, allow_blank=True
    )
    kind = serializers.ChoiceField(choices=[Player.Kind.MEMBER, Player.Kind.GUEST], required=False)
    reason = StrictCharField(max_length=500, required=False, default="", allow_blank=True)


class PlayerMergeSerializer(serializers.Serializer[Any]):
    absorb = IdField(help_text="The other record of the same person: it is merged into this one.")
    reason = StrictCharField(max_length=500, required=False, default="", allow_blank=True)


class PlayerSplitSerializer(serializers.Serializer[Any]):
    events = serializers.ListField(
        child=IdField(),
        min_length=1,
        max_length=1000,
        help_text="The events whose games belong to the other person.",
    )
    name = StrictCharField(
        max_length=names.PERSON, required=False, help_text="By default the same name."
    )
    # A field named like Field.label: DRF's metaclass takes it off the class.
    label = StrictCharField(  # type: ignore[assignment]
        max_length=names.LABEL, allow_blank=True, help_text="Tells the two apart."
    )
    kind = serializers.ChoiceField(
        choices=[Player.Kind.MEMBER, Player.Kind.GUEST], default=Player.Kind.GUEST
    )
    reason = StrictCharField(max_length=500, required=False, default="", allow_blank=True)


class RosterChangeSerializer(serializers.Serializer[Any]):
    id = serializers.IntegerField()
    action = serializers.ChoiceField(choices=RosterChange.Action.values)
    player = serializers.IntegerField(help_text="The record kept, split or renamed.")
    other = serializers.IntegerField(
        allow_null=True, help_text="The record absorbed, or split off."
    )
    actor = serializers.CharField()
    reason = serializers.CharField(allow_blank=True)
    before = serializers.JSONField()
    after = serializers.JSONField()
    created_at = serializers.DateTimeField()


class DirectorAddSerializer(serializers.Serializer[Any]):
    username = StrictCharField(max_length=150)


class DirectorSerializer(serializers.Serializer[Any]):
    club = serializers.IntegerField(source="club_id")
    username = serializers.CharField(source="user.username")


class SeasonSerializer(serializers.Serializer[Any]):
    id = serializers.IntegerField()
    name = serializers.CharField()
    starts_on = serializers.DateField()
    ends_on = serializers.DateField()


class SeasonCreateSerializer(serializers.Serializer[Any]):
    name = StrictCharField(max_length=100)
    starts_on = serializers.DateField()
    ends_on = serializers.DateField()


# Events ---------------------------------------------------------------------------------------


class EventSerializer(serializers.Serializer[Any]):
    id = serializers.IntegerField()
    club = serializers.IntegerField(source="club_id")
    club_name = serializers.CharField(source="club.name")
    season = serializers.IntegerField(source="season_id", allow_null=True)
    name = serializers.CharField()
    date = serializers.DateField()
    format = serializers.ChoiceField(choices=Event.Format.values)
    ruleset = serializers.JSONField()
    preset = serializers.CharField()
    round_length = serializers.ChoiceField(choices=Event.RoundLength.values)
    hands_per_round = serializers.IntegerField(allow_null=True)
    entry = serializers.ChoiceField(choices=Event.Entry.values)
    rounds_planned = serializers.IntegerField()
    sit_out_credit = serializers.ChoiceField(choices=Event.SitOutCredit.values)
    sit_out_points = serializers.IntegerField()
    status = serializers.CharField(help_text="draft, running or finished")
    published = serializers.BooleanField()
    round_minutes = serializers.IntegerField(
        allow_null=True, help_text="A timed round's length in minutes; null: untimed."
    )
    second_device_required = serializers.BooleanField(
        help_text="The opponents confirm on a phone of their own, never the scorer's."
    )
    time_called_win_points = serializers.IntegerField(
        allow_null=True,
        help_text="Team events: match points of a win decided when time was called "
        "(null: a win is a win).",
    )
    closed_at = serializers.DateTimeField(
        allow_null=True, help_text="When the director closed the night (codes and tokens ended)."
    )


class EventCreateSerializer(serializers.Serializer[Any]):
    name = StrictCharField(max_length=100)
    format = serializers.ChoiceField(choices=Event.Format.values)
    ruleset = RulesetField(required=False, default="standard")
    round_length = serializers.ChoiceField(
        choices=Event.RoundLength.values, default=Event.RoundLength.GAME
    )
    hands_per_round = StrictIntegerField(
        min_value=1, max_value=20, required=False, allow_null=True, default=None
    )
    entry = serializers.ChoiceField(choices=Event.Entry.values, default=Event.Entry.HANDS)
    rounds_planned = StrictIntegerField(min_value=0, max_value=30, required=False, default=0)
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
    second_device_required = StrictBooleanField(required=False, default=False)
    time_called_win_points = StrictIntegerField(
        min_value=0, max_value=2, required=False, allow_null=True, default=None
    )


class EventUpdateSerializer(serializers.Serializer[Any]):
    name = StrictCharField(max_length=100, required=False)
    published = StrictBooleanField(required=False)
    status = StrictCharField(
        max_length=8, required=False, help_text="running, or finished (the director's word)"
    )
    rounds_planned = StrictIntegerField(min_value=1, max_value=30, required=False)
    round_minutes = StrictIntegerField(min_value=1, max_value=240, required=False)
    second_device_required = StrictBooleanField(required=False)
    time_called_win_points = StrictIntegerField(min_value=0, max_value=2, required=False)
    date = serializers.DateField(required=False)
    season = IdField(required=False, allow_null=True, help_text="A season of the club; null: none.")


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


class EventTeamAddSerializer(serializers.Serializer[Any]):
    name = StrictCharField(max_length=100)
    players = serializers.ListField(child=PlayerRefField(), min_length=2, max_length=2)


# Rounds, tables, results ------------------------------------------------------------------------


class SeatSerializer(serializers.Serializer[Any]):
    seat = serializers.IntegerField()
    side = serializers.IntegerField(help_text="0: seats 0 and 2; 1: seats 1 and 3.")
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
    entered_by = serializers.IntegerField(source="entered_by_id")
    confirmed_by = serializers.IntegerField(source="confirmed_by_id", allow_null=True)
    confirmation = serializers.CharField(
        allow_null=True,
        help_text="same-device (on the scorer's phone), second-device (on the opponents' own "
        "phone), director (entered by one), or null while unconfirmed.",
    )
    disputed_by = serializers.IntegerField(source="disputed_by_id", allow_null=True)
    dispute_reason = serializers.CharField(
        allow_blank=True, help_text="Why the opponents disputed it, until it is entered again."
    )
    corrected = serializers.BooleanField()
    version = serializers.IntegerField()


class DeviceSerializer(serializers.Serializer[Any]):
    id = serializers.IntegerField()
    role = serializers.ChoiceField(choices=TableToken.Role.values)
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
    sit_outs = serializers.ListField(child=serializers.CharField())
    tables = TableSerializer(many=True)


class TableDetailSerializer(TableSerializer):
    event = serializers.IntegerField()
    event_name = serializers.CharField()
    format = serializers.ChoiceField(choices=Event.Format.values)
    round = serializers.IntegerField()
    round_started_at = serializers.DateTimeField()
    minutes = serializers.IntegerField(allow_null=True, help_text="A timed round's length.")
    time_called_at = serializers.DateTimeField(allow_null=True)
    entry = serializers.ChoiceField(choices=Event.Entry.values)
    round_length = serializers.ChoiceField(choices=Event.RoundLength.values)
    hands_per_round = serializers.IntegerField(allow_null=True)
    target = serializers.IntegerField(help_text="The ruleset's target (a game-to-target round).")
    second_device_required = serializers.BooleanField()
    links = serializers.DictField(
        child=serializers.CharField(),
        allow_null=True,
        help_text="Where the table's game is read (`read`, `log`) and scored (`hands`) under "
        "/api/v1, and its result (`result`); null for a totals-only table's game paths.",
    )


class JoinSerializer(serializers.Serializer[Any]):
    code = StrictCharField(max_length=20)
    role = serializers.ChoiceField(choices=TableToken.Role.values, default=TableToken.Role.SCORER)
    # A field named like Field.label: DRF's metaclass takes it off the class.
    label = StrictCharField(  # type: ignore[assignment]
        max_length=60, required=False, default="", allow_blank=True
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
    event_table = EventTableSerializer()
    table = TableDetailSerializer(
        allow_null=True,
        help_text="This round's table: a scoring phone follows its physical table to each "
        "new round; null while no round seats a game there.",
    )


class CloseSerializer(serializers.Serializer[Any]):
    leave_open = StrictBooleanField(
        required=False,
        default=False,
        help_text="Close even though some tables have no confirmed result.",
    )


class OpenTableSerializer(serializers.Serializer[Any]):
    number = serializers.IntegerField()
    table = serializers.IntegerField(source="table_id")
    state = serializers.CharField(help_text="no result, entered or disputed")
    hands = serializers.IntegerField(help_text="Hands entered so far.")
    phones = serializers.IntegerField(help_text="Phones still at the table.")


class NightSerializer(serializers.Serializer[Any]):
    closed_at = serializers.DateTimeField(allow_null=True)
    open_tables = OpenTableSerializer(many=True)


class CodeSerializer(serializers.Serializer[Any]):
    join_code = serializers.CharField()


class ResultEnterSerializer(serializers.Serializer[Any]):
    entered_by = IdField(help_text="The player entering it (seated at the table).")
    points = serializers.ListField(
        child=StrictIntegerField(min_value=0, max_value=999),
        min_length=2,
        max_length=2,
        required=False,
        allow_null=True,
        default=None,
        help_text="Totals-only events: each side's points. Hand-by-hand events leave it out.",
    )
    time_called = StrictBooleanField(
        required=False,
        default=False,
        help_text="The result as it stands when the director called time (the round unfinished).",
    )


class ResultConfirmSerializer(serializers.Serializer[Any]):
    confirmed_by = IdField(help_text="A player of the other side from whoever entered it.")


class ResultDisputeSerializer(serializers.Serializer[Any]):
    player = IdField()
    reason = StrictCharField(max_length=500)


class ResultCorrectSerializer(serializers.Serializer[Any]):
    reason = StrictCharField(max_length=500)
    points = serializers.ListField(
        child=StrictIntegerField(min_value=0, max_value=999),
        min_length=2,
        max_length=2,
        required=False,
        allow_null=True,
        default=None,
    )
    time_called = StrictBooleanField(required=False, default=False)


class ReasonSerializer(serializers.Serializer[Any]):
    reason = StrictCharField(max_length=500, required=False, default="", allow_blank=True)


class ChangeSerializer(serializers.Serializer[Any]):
    round = serializers.IntegerField(source="table.round.number", allow_null=True)
    table = serializers.IntegerField(
        source="table.number", allow_null=True, help_text="Null for a team withdrawn."
    )
    action = serializers.CharField()
    actor = serializers.CharField()
    reason = serializers.CharField(allow_blank=True)
    before = serializers.JSONField(allow_null=True)
    after = serializers.JSONField(allow_null=True)
    created_at = serializers.DateTimeField()


# Standings, leaderboards, players ------------------------------------------------------------


class StandingRowSerializer(serializers.Serializer[Any]):
    rank = serializers.IntegerField()
    key = serializers.IntegerField(help_text="A player id, or a team id in team events.")
    name = serializers.CharField()
    players = serializers.ListField(child=serializers.CharField())
    active = serializers.BooleanField()
    played = serializers.IntegerField()
    wins = serializers.IntegerField()
    losses = serializers.IntegerField()
    ties = serializers.IntegerField()
    points_for = serializers.IntegerField()
    points_against = serializers.IntegerField()
    byes = serializers.IntegerField()
    credit = serializers.IntegerField(help_text="Sit-out credit.")
    total = serializers.IntegerField()
    match_points = serializers.IntegerField()
    euchres = serializers.IntegerField()
    loners_made = serializers.IntegerField()
    best_game = serializers.IntegerField()
    head_to_head = serializers.IntegerField()
    tie_break = serializers.CharField(allow_null=True)
    time_called = serializers.IntegerField(
        help_text="Games whose result stood as it was when time was called."
    )


class PrizeWinnerSerializer(serializers.Serializer[Any]):
    name = serializers.CharField()
    value = serializers.IntegerField()
    round = serializers.IntegerField(allow_null=True)


class SidePrizeSerializer(serializers.Serializer[Any]):
    kind = serializers.CharField()
    title = serializers.CharField()
    winners = PrizeWinnerSerializer(many=True)


class StandingsSerializer(serializers.Serializer[Any]):
    event = serializers.IntegerField(source="event.id")
    ranked_by = serializers.CharField()
    tie_breaks = serializers.ListField(child=serializers.CharField())
    rounds = serializers.IntegerField()
    waiting = serializers.IntegerField(help_text="Results entered, not yet confirmed.")
    rows = StandingRowSerializer(many=True)
    side_prizes = SidePrizeSerializer(many=True)


class StatsSerializer(serializers.Serializer[Any]):
    games = serializers.IntegerField()
    events = serializers.IntegerField()
    wins = serializers.IntegerField()
    points = serializers.IntegerField()
    points_against = serializers.IntegerField()
    hands = serializers.IntegerField()
    made = serializers.IntegerField(help_text="As maker: made 3 or 4 tricks.")
    marched = serializers.IntegerField(help_text="As maker: took all five.")
    euchred = serializers.IntegerField(help_text="As maker: euchred.")
    euchres = serializers.IntegerField(help_text="As a defender: euchred the makers.")
    loners_tried = serializers.IntegerField()
    loners_made = serializers.IntegerField()
    best_game = serializers.IntegerField()


class LeaderRowSerializer(StatsSerializer):
    rank = serializers.IntegerField()
    player = serializers.IntegerField()
    name = serializers.CharField()


class LeaderboardQuerySerializer(serializers.Serializer[Any]):
    season = serializers.IntegerField(min_value=1, max_value=MAX_ID, required=False)
    order = serializers.ChoiceField(choices=list(LEADERBOARD_ORDER), default="points")
    limit = serializers.IntegerField(min_value=1, max_value=500, default=100)


class HistorySerializer(serializers.Serializer[Any]):
    event = serializers.IntegerField()
    event_name = serializers.CharField()
    date = serializers.DateField()
    round = serializers.IntegerField()
    table = serializers.IntegerField()
    partners = serializers.ListField(child=serializers.CharField())
    opponents = serializers.ListField(child=serializers.CharField())
    points_for = serializers.IntegerField()
    points_against = serializers.IntegerField()
    won = serializers.BooleanField()
    tied = serializers.BooleanField()
    euchres = serializers.IntegerField()
    loners_made = serializers.IntegerField()


class PlayerRecordSerializer(serializers.Serializer[Any]):
    id = serializers.IntegerField(source="player.id")
    name = serializers.CharField(source="player.name")
    # A field named like Field.label: DRF's metaclass takes it off the class.
    label = serializers.CharField(source="player.label", allow_blank=True)  # type: ignore[assignment]
    shown = serializers.CharField(source="player.shown")
    club = serializers.IntegerField(source="player.club_id")
    stats = StatsSerializer()
    history = HistorySerializer(many=True)


class PlayerQuerySerializer(serializers.Serializer[Any]):
    season = serializers.IntegerField(min_value=1, max_value=MAX_ID, required=False)
    limit = serializers.IntegerField(min_value=1, max_value=200, default=50)
    offset = serializers.IntegerField(min_value=0, max_value=10**6, default=0)
