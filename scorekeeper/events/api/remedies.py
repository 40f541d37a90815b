"""The director's console in the API: the table board, and the remedies for a table that
could not play as seated (an assigned result, a forfeit, a substitute, a team withdrawn).
All of it is the event's club's directors'."""

from __future__ import annotations

from dataclasses import asdict
from typing import Any, Final

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from drf_spectacular.utils import OpenApiParameter, extend_schema, extend_schema_field
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response

from scorekeeper.api.bodies import KnownFieldsOnly
from scorekeeper.api.fields import StrictCharField, StrictIntegerField
from scorekeeper.api.http import expected_version, problems, read_body
from scorekeeper.errors import Malformed
from scorekeeper.events import access
from scorekeeper.events.api.base import IF_MATCH_LOG, EventsView
from scorekeeper.events.api.shapes import player_ref, team_json
from scorekeeper.events.api.tables import result_written
from scorekeeper.events.planning.seating import seat_name
from scorekeeper.events.selectors import board
from scorekeeper.events.serializers import (
    LETTER_HELP,
    EventTeamSerializer,
    PlayerRefField,
    ReasonSerializer,
    ResultSerializer,
)
from scorekeeper.events.services import remedies

#: A table's or a round's number in a query, as `number_param` reads it.
NUMBER_IN_QUERY: Final = {"type": "integer", "minimum": 1, "maximum": 9999}
CHANGE_LOG_TABLE: Final = OpenApiParameter(
    "table", NUMBER_IN_QUERY, OpenApiParameter.QUERY, description="Only this table number's."
)
CHANGE_LOG_ROUND: Final = OpenApiParameter(
    "round", NUMBER_IN_QUERY, OpenApiParameter.QUERY, description="Only this round's."
)


def number_param(request: Request, name: str) -> int | None:
    """A query's whole number from 1 (a table's or a round's), or None when not given."""
    value = request.query_params.get(name, "")
    if value == "":
        return None
    if not (value.isascii() and value.isdigit()) or not 1 <= int(value) <= 9999:
        raise Malformed(_("a number from 1"), code="bad-number", field=name)
    return int(value)


@extend_schema_field(
    {
        "oneOf": [
            {"type": "string", "enum": list(remedies.AWARDS)},
            {"type": "integer", "minimum": 0, "maximum": 999},
        ]
    }
)
class AwardField(serializers.Field[Any, Any, Any, Any]):
    """A side's assigned result: average, average-plus, average-minus, or points."""

    default_error_messages = {
        "invalid": gettext_lazy("average, average-plus, average-minus, or a number of points")
    }

    def to_internal_value(self, data: Any) -> str | int:
        if isinstance(data, str) and data in remedies.AWARDS:
            return data
        if isinstance(data, int) and not isinstance(data, bool) and 0 <= data <= 999:
            return data
        self.fail("invalid")

    def to_representation(self, value: Any) -> Any:
        return value


class AssignSerializer(KnownFieldsOnly):
    sides = serializers.ListField(
        child=AwardField(), min_length=2, max_length=2, help_text="Seats 0 and 2 first."
    )
    reason = StrictCharField(max_length=500)


class ForfeitSerializer(KnownFieldsOnly):
    forfeited_by = StrictIntegerField(
        min_value=0,
        max_value=1,
        help_text="The side that forfeits (0: the even seats; 1: the odd seats).",
    )
    reason = StrictCharField(max_length=500)


class SubstituteSerializer(KnownFieldsOnly):
    player = PlayerRefField(help_text="The substitute: the club's player by id or name.")
    reason = StrictCharField(max_length=500)


class CutSerializer(KnownFieldsOnly):
    winner = StrictIntegerField(
        min_value=0,
        max_value=1,
        help_text="The side that won the cut (0: the even seats; 1: the odd seats).",
    )
    reason = StrictCharField(max_length=500, required=False, default="")


class WithdrawSerializer(KnownFieldsOnly):
    reason = StrictCharField(max_length=500)


class BoardSeatSerializer(serializers.Serializer[Any]):
    seat = serializers.IntegerField()
    letter = serializers.CharField(help_text=LETTER_HELP)
    side = serializers.IntegerField()
    player = serializers.IntegerField()
    name = serializers.CharField()
    substitute_for = serializers.CharField(allow_null=True)
    absent = serializers.BooleanField(
        help_text="Absent this round with nobody in the seat: the partner (or the partners, "
        "at a six-handed table) scores the round's average."
    )


class BoardTableSerializer(serializers.Serializer[Any]):
    id = serializers.IntegerField()
    number = serializers.IntegerField()
    game_id = serializers.CharField(allow_null=True)
    join_code = serializers.CharField()
    team_names = serializers.ListField(child=serializers.CharField())
    seats = BoardSeatSerializer(many=True)
    hands = serializers.IntegerField(help_text="Hands entered so far.")
    state = serializers.CharField(help_text="playing, entered, confirmed or disputed")
    points = serializers.ListField(child=serializers.IntegerField(), allow_null=True)
    confirmation = serializers.CharField(allow_null=True)
    dispute_reason = serializers.CharField(allow_blank=True)
    corrected = serializers.BooleanField()
    provenance = serializers.CharField(
        allow_null=True,
        help_text="How the result came about (played, confirmed-by-director, "
        "entered-by-director, corrected, assigned, forfeited); null: no result yet.",
    )
    director = serializers.CharField(
        allow_blank=True, help_text="The director who set, changed or confirmed it."
    )
    confirmed_points = serializers.ListField(
        child=serializers.IntegerField(),
        allow_null=True,
        help_text="What the opponents confirmed before a director changed it.",
    )
    story = serializers.CharField(
        allow_blank=True,
        help_text="How the result came about, in the reader's language, naming the director.",
    )
    assigned = serializers.JSONField(allow_null=True)
    time_called = serializers.BooleanField()
    winner = serializers.IntegerField(allow_null=True, help_text="The side that won; null: none.")
    cut_needed = serializers.BooleanField(
        help_text="Level, and the event's format decides a level table by the director's cut."
    )
    scoring_phone = serializers.BooleanField()
    confirming_phones = serializers.IntegerField()
    last_activity = serializers.DateTimeField(allow_null=True)
    version = serializers.IntegerField(
        help_text="The newest entry of the table's change log: send it as If-Match with a "
        "director's change of its result or seats."
    )


class BoardRoundSerializer(serializers.Serializer[Any]):
    number = serializers.IntegerField()
    minutes = serializers.IntegerField(allow_null=True)
    time_called_at = serializers.DateTimeField(allow_null=True)
    time_called_by = serializers.CharField(allow_blank=True)
    created_at = serializers.DateTimeField()
    complete = serializers.BooleanField()
    tables = BoardTableSerializer(many=True)
    sit_outs = serializers.ListField(child=serializers.CharField())


class BoardView(EventsView):
    @extend_schema(
        operation_id="event_board",
        summary="The table board, newest round first: hands entered, where each result "
        "stands (and a dispute's reason), the phones and the last activity (a director's)",
        responses={200: BoardRoundSerializer(many=True), **problems(401, 403, 404)},
    )
    def get(self, request: Request, event_id: int) -> Response:
        access.require_director(self.actor, self.event.club)
        rounds = [asdict(r) for r in board.table_board(event=self.event)]
        return Response(BoardRoundSerializer(rounds, many=True).data)


class ResultAssignView(EventsView):
    @extend_schema(
        operation_id="tables_result_assign",
        summary="Assign a table that could not play a result, side by side: average, "
        "average-plus, average-minus (of the round's average) or points, saying why",
        request=AssignSerializer,
        parameters=[IF_MATCH_LOG],
        responses={200: ResultSerializer, **problems(400, 401, 403, 404, 409, 412, 422)},
    )
    def post(self, request: Request, table_id: int) -> Response:
        return result_written(
            self, request, AssignSerializer, remedies.result_assign, directors=True
        )


class ResultForfeitView(EventsView):
    @extend_schema(
        operation_id="tables_result_forfeit",
        summary="A side forfeits the table, and the other wins; saying why",
        request=ForfeitSerializer,
        parameters=[IF_MATCH_LOG],
        responses={200: ResultSerializer, **problems(400, 401, 403, 404, 409, 412)},
    )
    def post(self, request: Request, table_id: int) -> Response:
        return result_written(
            self, request, ForfeitSerializer, remedies.result_forfeit, directors=True
        )


class ResultCutView(EventsView):
    @extend_schema(
        operation_id="tables_result_cut",
        summary="A level table's cut, where the event's format decides level tables by the "
        "director's draw (a party): the side that won it wins the table",
        request=CutSerializer,
        parameters=[IF_MATCH_LOG],
        responses={200: ResultSerializer, **problems(400, 401, 403, 404, 409, 412)},
    )
    def post(self, request: Request, table_id: int) -> Response:
        return result_written(self, request, CutSerializer, remedies.result_cut, directors=True)


class SeatSubstituteView(EventsView):
    @extend_schema(
        operation_id="tables_seat_substitute",
        summary="A substitute plays this round in a seat (0-3), for a player who cannot",
        request=SubstituteSerializer,
        parameters=[IF_MATCH_LOG],
        responses={200: BoardSeatSerializer, **problems(400, 401, 403, 404, 409, 412)},
    )
    def post(self, request: Request, table_id: int, seat: int) -> Response:
        data = read_body(SubstituteSerializer, request.data)
        place = remedies.seat_substitute(
            table=self.table,
            actor=self.actor,
            seat=seat,
            substitute=player_ref(data["player"], "player"),
            reason=data["reason"],
            expected_version=expected_version(request),
        )
        absent = place.substitute_for.shown if place.substitute_for else None
        body = board.BoardSeat(
            place.number,
            place.side,
            place.player_id,
            place.player.shown,
            absent,
            letter=seat_name(place.number, self.table.round.event.table_size),
        )
        return Response(BoardSeatSerializer(asdict(body)).data)


class SeatAbsentView(EventsView):
    @extend_schema(
        operation_id="tables_seat_absent",
        summary="A seat's player is absent for the round and nobody plays for them (an event "
        "of individuals, before a result): their partner scores the round's average, and they "
        "get the event's absent credit",
        request=ReasonSerializer,
        parameters=[IF_MATCH_LOG],
        responses={200: BoardSeatSerializer, **problems(400, 401, 403, 404, 409, 412)},
    )
    def post(self, request: Request, table_id: int, seat: int) -> Response:
        data = read_body(ReasonSerializer, request.data)
        place = remedies.seat_absent(
            table=self.table,
            actor=self.actor,
            seat=seat,
            reason=data["reason"],
            expected_version=expected_version(request),
        )
        body = board.BoardSeat(
            place.number,
            place.side,
            place.player_id,
            place.player.shown,
            None,
            place.absent,
            letter=seat_name(place.number, self.table.round.event.table_size),
        )
        return Response(BoardSeatSerializer(asdict(body)).data)


class TeamWithdrawView(EventsView):
    @extend_schema(
        operation_id="event_teams_withdraw",
        summary="Withdraw a team: seated no more, its table in play forfeited; saying why",
        request=WithdrawSerializer,
        responses={200: EventTeamSerializer, **problems(400, 401, 403, 404, 409, 412)},
    )
    def post(self, request: Request, event_id: int, team_id: int) -> Response:
        data = read_body(WithdrawSerializer, request.data)
        team = remedies.team_withdraw(
            event=self.event,
            actor=self.actor,
            team_id=team_id,
            reason=data["reason"],
            expected_version=expected_version(request),
        )
        return Response(EventTeamSerializer(team_json(team)).data)
