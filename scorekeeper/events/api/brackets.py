"""A bracket event's knockout: the bracket as JSON (public as the standings are), and its seeds,
which the director orders until the first round is seated."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response

from scorekeeper.api.fields import StrictIntegerField
from scorekeeper.api.http import expected_version, problems, read_body
from scorekeeper.errors import Conflict
from scorekeeper.events import selectors, services
from scorekeeper.events import serializers as s
from scorekeeper.events.api.base import IF_MATCH_LOG, EventsView
from scorekeeper.events.api.shapes import team_json
from scorekeeper.events.planning import knockout
from scorekeeper.events.selectors import brackets


class BracketOriginSerializer(serializers.Serializer[Any]):
    kind = serializers.ChoiceField(choices=["seed", "winner", "loser"])
    ref = serializers.CharField(help_text='A seed ("3") or a match\'s key ("W1-2").')


class BracketSideSerializer(serializers.Serializer[Any]):
    team = serializers.IntegerField(allow_null=True, help_text="null: a bye, or not known yet")
    name = serializers.CharField(allow_null=True)
    seed = serializers.IntegerField(allow_null=True)
    bye = serializers.BooleanField()
    wins = serializers.IntegerField(help_text="Games won in this match.")
    origin = BracketOriginSerializer(help_text="Where the side comes from.")


class BracketGameSerializer(serializers.Serializer[Any]):
    round = serializers.IntegerField()
    table = serializers.IntegerField()
    points = serializers.ListField(
        child=serializers.IntegerField(), help_text="The sides' points, in the match's order."
    )
    winner = serializers.IntegerField()


class BracketPlayingSerializer(serializers.Serializer[Any]):
    round = serializers.IntegerField()
    table = serializers.IntegerField()
    status = serializers.CharField(allow_null=True, help_text="The result's, if entered.")


class BracketNextSerializer(serializers.Serializer[Any]):
    winner = serializers.CharField(allow_null=True)
    loser = serializers.CharField(allow_null=True)


class BracketMatchSerializer(serializers.Serializer[Any]):
    key = serializers.CharField(help_text='"W2-1", "L3-2", "GF", "GF2" (the reset), "3P".')
    part = serializers.ChoiceField(
        choices=[
            knockout.WINNERS,
            knockout.LOSERS,
            knockout.GRAND_FINAL,
            knockout.RESET,
            knockout.THIRD_PLACE,
        ]
    )
    round = serializers.IntegerField(help_text="The round within its part.")
    index = serializers.IntegerField()
    stage = serializers.IntegerField(help_text="When it is played: matches of a stage together.")
    status = serializers.CharField(
        help_text="waiting (for a side), open (to play), won, bye, walkover (a team withdrew), "
        "not-needed (a reset the winners' champion made needless)"
    )
    sides = BracketSideSerializer(many=True)
    winner = serializers.IntegerField(allow_null=True)
    loser = serializers.IntegerField(allow_null=True)
    games = BracketGameSerializer(many=True)
    playing = BracketPlayingSerializer(allow_null=True, help_text="Its game at a table now.")
    next = BracketNextSerializer(help_text="Where the winner and the loser go (null: nowhere).")


class BracketTeamSerializer(serializers.Serializer[Any]):
    id = serializers.IntegerField()
    name = serializers.CharField()
    seed = serializers.IntegerField()
    players = serializers.ListField(child=serializers.CharField())
    active = serializers.BooleanField()
    place = serializers.IntegerField(allow_null=True, help_text="Final place, once out.")


class BracketSerializer(serializers.Serializer[Any]):
    event = serializers.IntegerField()
    knockout = serializers.ChoiceField(choices=list(knockout.KINDS))
    best_of = serializers.IntegerField()
    third_place = serializers.BooleanField()
    grand_final_reset = serializers.BooleanField()
    seeds_editable = serializers.BooleanField(help_text="No round is seated yet.")
    complete = serializers.BooleanField()
    stage = serializers.IntegerField(allow_null=True)
    champion = serializers.IntegerField(allow_null=True)
    teams = BracketTeamSerializer(many=True)
    matches = BracketMatchSerializer(many=True)


class SeedsSerializer(s.ReasonSerializer):
    teams = serializers.ListField(
        child=StrictIntegerField(min_value=1),
        allow_empty=False,
        min_length=1,
        max_length=256,
        help_text="Every team's id once, best seed first.",
    )


class BracketView(EventsView):
    @extend_schema(
        operation_id="event_bracket",
        summary="A bracket event's knockout: every match with its sides, games, winner and "
        "where the winner and loser go next; the teams with their seeds and final places",
        responses={200: BracketSerializer, **problems(404, 409)},
    )
    def get(self, request: Request, event_id: int) -> Response:
        event = self.event
        if not brackets.has_bracket(event):
            raise Conflict(_("This event is not a bracket."), code="not-a-bracket", field="format")
        view = brackets.bracket_of(event=event)
        return Response(brackets.bracket_json(view, seeds_editable=not view.drawn))


class SeedsView(EventsView):
    @extend_schema(
        operation_id="event_seeds_set",
        summary="Order the teams, best seed first (before the first round is seated; then "
        "409 seeds-locked; logged)",
        request=SeedsSerializer,
        parameters=[IF_MATCH_LOG],
        responses={
            200: s.EventTeamSerializer(many=True),
            **problems(400, 401, 403, 404, 409, 412),
        },
    )
    def put(self, request: Request, event_id: int) -> Response:
        data = read_body(SeedsSerializer, request.data)
        services.team_seeds_set(
            event=self.event,
            actor=self.actor,
            expected_version=expected_version(request),
            **data,
        )
        teams = selectors.teams_of(event=self.event).order_by("seed")
        return Response(s.EventTeamSerializer([team_json(t) for t in teams], many=True).data)
