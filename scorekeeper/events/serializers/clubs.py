"""Request and response shapes of a club: the club, its roster and the roster's log, its
directors and its seasons.
"""

from __future__ import annotations

from typing import Any

from rest_framework import serializers

from scorekeeper import names
from scorekeeper.api.bodies import KnownFieldsOnly
from scorekeeper.api.fields import StrictCharField, StrictIntegerField
from scorekeeper.events.access import display_name
from scorekeeper.events.models import RosterChange, Season
from scorekeeper.events.serializers.players import IdField, PlayerEntrySerializer, PlayerSerializer
from scorekeeper.models import Player


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


class ClubUpdateSerializer(KnownFieldsOnly):
    language = serializers.ChoiceField(choices=["", "en", "ko"], required=False)
    time_zone = StrictCharField(max_length=64, required=False)


class ClubCreateSerializer(KnownFieldsOnly):
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


class PlayerAddSerializer(PlayerEntrySerializer):
    kind = serializers.ChoiceField(
        choices=[Player.Kind.MEMBER, Player.Kind.GUEST],
        required=False,
        help_text="member (the default for someone new) or guest",
    )


class PlayerUpdateSerializer(KnownFieldsOnly):
    name = StrictCharField(max_length=names.PERSON, required=False)
    # A field named like Field.label: DRF's metaclass takes it off the class.
    label = StrictCharField(  # type: ignore[assignment]
        max_length=names.LABEL, required=False, allow_blank=True
    )
    kind = serializers.ChoiceField(choices=[Player.Kind.MEMBER, Player.Kind.GUEST], required=False)
    reason = StrictCharField(max_length=500, required=False, default="", allow_blank=True)


class PlayerMergeSerializer(KnownFieldsOnly):
    absorb = IdField(help_text="The other record of the same person: it is merged into this one.")
    reason = StrictCharField(max_length=500, required=False, default="", allow_blank=True)


class PlayerSplitSerializer(KnownFieldsOnly):
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


class DirectorAddSerializer(KnownFieldsOnly):
    username = StrictCharField(max_length=150)


class DirectorSerializer(serializers.Serializer[Any]):
    club = serializers.IntegerField(source="club_id")
    username = serializers.CharField(source="user.username")


class DirectorInvitedSerializer(serializers.Serializer[Any]):
    club = serializers.IntegerField()
    username = serializers.CharField()
    invited = serializers.BooleanField(
        help_text="Always true: an invitation waits for the user of this name, if there is one."
    )


class InviteSerializer(serializers.Serializer[Any]):
    id = serializers.IntegerField()
    club = serializers.IntegerField(source="club_id")
    club_name = serializers.CharField(source="club.name")
    invited_by = serializers.SerializerMethodField()
    expires_at = serializers.DateTimeField()

    def get_invited_by(self, invite: Any) -> str:
        """The inviting director's display name (their user name is never shown)."""
        return display_name(invite.invited_by) if invite.invited_by is not None else ""


class SeasonSerializer(serializers.Serializer[Any]):
    id = serializers.IntegerField()
    name = serializers.CharField()
    starts_on = serializers.DateField()
    ends_on = serializers.DateField()
    ladder = serializers.ChoiceField(
        choices=Season.Ladder.values, help_text="How the leaderboard ranks the season."
    )
    placement_points = serializers.ListField(child=serializers.IntegerField())
    min_nights = serializers.IntegerField(help_text="Fewer nights: listed, not ranked.")
    best_nights = serializers.IntegerField(
        allow_null=True, help_text="Only a player's best this many nights count (null: all)."
    )


class SeasonCreateSerializer(KnownFieldsOnly):
    name = StrictCharField(max_length=100)
    starts_on = serializers.DateField()
    ends_on = serializers.DateField()
    ladder = serializers.ChoiceField(choices=Season.Ladder.values, default=Season.Ladder.TOTALS)
    placement_points = serializers.ListField(
        child=StrictIntegerField(min_value=0, max_value=1000),
        max_length=64,
        required=False,
        default=None,
        help_text="Points for each night's places, first place first (placement ladders; "
        "default 10-8-6-5-4-3-2-1).",
    )
    min_nights = StrictIntegerField(min_value=0, max_value=366, default=1)
    best_nights = StrictIntegerField(min_value=1, max_value=366, allow_null=True, default=None)
