"""Request and response shapes of an event: the event, its entrants and its teams."""

from __future__ import annotations

from typing import Any

from rest_framework import serializers

from scorekeeper.api.fields import (
    RulesetField,
    StrictBooleanField,
    StrictCharField,
    StrictIntegerField,
)
from scorekeeper.events.models import Event
from scorekeeper.events.serializers.players import (
    IdField,
    MatchedSerializer,
    PlayerRefField,
    PlayerSerializer,
)


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
    ask_tricks = serializers.BooleanField(
        help_text="The tables' phones ask the tricks the makers took, not only how the hand "
        "ended (made, march, euchred)."
    )
    time_called_win_points = serializers.IntegerField(
        allow_null=True,
        help_text="Team events: match points of a win decided when time was called "
        "(null: a win is a win).",
    )
    rank_by = serializers.ChoiceField(
        choices=Event.RankBy.values,
        help_text="Progressive events: total points, points per round played, or games won.",
    )
    loner_bonus = serializers.IntegerField(help_text="Points added for each loner made.")
    side_prizes = serializers.ListField(
        child=serializers.CharField(),
        allow_null=True,
        help_text="The side prizes given, by kind (null: all the format has).",
    )
    closed_at = serializers.DateTimeField(
        allow_null=True, help_text="When the director closed the night (codes and tokens ended)."
    )
    knockout = serializers.ChoiceField(choices=Event.Knockout.values, help_text="Brackets.")
    third_place = serializers.BooleanField(help_text="Single elimination: a match for third.")
    best_of = serializers.IntegerField(help_text="A bracket's matches: 1 game, or best of 3.")
    grand_final_reset = serializers.BooleanField(
        help_text="Double elimination: a second grand final if the winners' champion loses."
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
    ask_tricks = StrictBooleanField(required=False, default=False)
    time_called_win_points = StrictIntegerField(
        min_value=0, max_value=2, required=False, allow_null=True, default=None
    )
    rank_by = serializers.ChoiceField(choices=Event.RankBy.values, default=Event.RankBy.TOTAL)
    loner_bonus = StrictIntegerField(min_value=0, max_value=10, default=0)
    side_prizes = serializers.ListField(
        child=StrictCharField(max_length=20), max_length=10, required=False, default=None
    )
    knockout = serializers.ChoiceField(choices=Event.Knockout.values, default=Event.Knockout.SINGLE)
    third_place = StrictBooleanField(required=False, default=False)
    best_of = StrictIntegerField(min_value=1, max_value=3, required=False, default=1)
    grand_final_reset = StrictBooleanField(required=False, default=True)


class EventUpdateSerializer(serializers.Serializer[Any]):
    name = StrictCharField(max_length=100, required=False)
    published = StrictBooleanField(required=False)
    status = StrictCharField(
        max_length=8, required=False, help_text="running, or finished (the director's word)"
    )
    rounds_planned = StrictIntegerField(min_value=1, max_value=30, required=False)
    round_minutes = StrictIntegerField(min_value=1, max_value=240, required=False)
    second_device_required = StrictBooleanField(required=False)
    ask_tricks = StrictBooleanField(required=False)
    time_called_win_points = StrictIntegerField(min_value=0, max_value=2, required=False)
    date = serializers.DateField(required=False)
    season = IdField(required=False, allow_null=True, help_text="A season of the club; null: none.")
    rank_by = serializers.ChoiceField(choices=Event.RankBy.values, required=False)
    loner_bonus = StrictIntegerField(min_value=0, max_value=10, required=False)
    side_prizes = serializers.ListField(
        child=StrictCharField(max_length=20), max_length=10, required=False
    )
    knockout = serializers.ChoiceField(choices=Event.Knockout.values, required=False)
    third_place = StrictBooleanField(required=False)
    best_of = StrictIntegerField(min_value=1, max_value=3, required=False)
    grand_final_reset = StrictBooleanField(required=False)


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
