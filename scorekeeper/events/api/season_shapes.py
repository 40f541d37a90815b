"""Request shapes of a season's changes: its name and its ladder."""

from __future__ import annotations

from rest_framework import serializers

from scorekeeper.api.bodies import KnownFieldsOnly
from scorekeeper.api.fields import StrictCharField, StrictIntegerField
from scorekeeper.events.ranking.ladders import METHODS


class SeasonUpdateSerializer(KnownFieldsOnly):
    name = StrictCharField(max_length=100, required=False)
    ladder = serializers.ChoiceField(choices=list(METHODS), required=False)
    placement_points = serializers.ListField(
        child=StrictIntegerField(min_value=0, max_value=1000), max_length=64, required=False
    )
    min_nights = StrictIntegerField(min_value=0, max_value=366, required=False)
    best_nights = StrictIntegerField(
        min_value=1,
        max_value=366,
        allow_null=True,
        required=False,
        help_text="Only a player's best this many nights count; null: every night.",
    )
