"""A director's repairs in the API: a seated round undone, two players' seats swapped, a late
arrival seated in a sit-out place, the night reopened, a mistaken event deleted. Each is
asked against the event's version the director read (`If-Match`) and logged."""

from __future__ import annotations

import logging
from typing import Any

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response

from scorekeeper.api.http import expected_version, problems, read_body
from scorekeeper.api.limits import client_of, wrong_codes_lifted
from scorekeeper.events import access, selectors, services
from scorekeeper.events import serializers as s
from scorekeeper.events.api.base import IF_MATCH_LOG, EventsView
from scorekeeper.events.api.events import event_detail, optional_body
from scorekeeper.events.api.shapes import round_json
from scorekeeper.events.serializers import IdField
from scorekeeper.events.services import repairs

log = logging.getLogger(__name__)


class SwapSerializer(s.ReasonSerializer):
    players = serializers.ListField(
        child=IdField(), min_length=2, max_length=2, help_text="The two players, by id."
    )


class LateSerializer(s.ReasonSerializer):
    player = IdField(help_text="A player entered in the event, with no place in the round.")


def _round(view: EventsView, number: int) -> dict[str, Any]:
    (shown,) = selectors.rounds_of(event=view.event, numbers=[number])
    return dict(s.RoundSerializer(round_json(shown, show_codes=True)).data)


class RoundSwapView(EventsView):
    @extend_schema(
        operation_id="event_rounds_swap",
        summary="Swap two players' places in the latest round before its first hand (two "
        "seats, or a seat and a bye; in a team event, partners' seats)",
        request=SwapSerializer,
        parameters=[IF_MATCH_LOG],
        responses={200: s.RoundSerializer, **problems(400, 401, 403, 404, 409, 412)},
    )
    def post(self, request: Request, event_id: int, number: int) -> Response:
        data = read_body(SwapSerializer, request.data)
        repairs.seats_swap(
            event=self.event,
            actor=self.actor,
            number=number,
            expected_version=expected_version(request),
            **data,
        )
        return Response(_round(self, number))


class RoundLateView(EventsView):
    @extend_schema(
        operation_id="event_rounds_seat_late",
        summary="Seat a late arrival in a sit-out place of the latest round before its first "
        "hand (four sitting out make a new table)",
        request=LateSerializer,
        parameters=[IF_MATCH_LOG],
        responses={200: s.RoundSerializer, **problems(400, 401, 403, 404, 409, 412)},
    )
    def post(self, request: Request, event_id: int, number: int) -> Response:
        data = read_body(LateSerializer, request.data)
        repairs.round_seat_late(
            event=self.event,
            actor=self.actor,
            number=number,
            expected_version=expected_version(request),
            **data,
        )
        return Response(_round(self, number))


class LiftedSerializer(serializers.Serializer[Any]):
    wrong_codes = serializers.IntegerField(
        help_text="The wrong join codes counted against the address this hour, now forgiven."
    )


class JoinLimitLiftView(EventsView):
    """The room's phones let join again: the wrong join codes counted against the address the
    director's own request comes from (the room's Wi-Fi, which every phone there shares) are
    forgiven. Only the director's own address: it lets no guesser elsewhere go on."""

    @extend_schema(
        operation_id="event_join_limit_lift",
        summary="Let the phones on the director's own network join again, after a guesser "
        "there used up the address's wrong join codes (a director's; logged)",
        request=None,
        responses={200: LiftedSerializer, **problems(401, 403, 404)},
    )
    def post(self, request: Request, event_id: int) -> Response:
        access.require_director(self.actor, self.event.club)
        forgiven = wrong_codes_lifted(client_of(request))
        log.info(
            "wrong join codes forgiven on the network of %s (event %s): %s",
            self.actor.label,
            self.event.pk,
            forgiven,
        )
        return Response(LiftedSerializer({"wrong_codes": forgiven}).data)


class ReopenView(EventsView):
    @extend_schema(
        operation_id="event_reopen",
        summary="Reopen a closed night: it runs again, its join codes work again and its "
        "phones join again (logged)",
        request=s.ReasonSerializer,
        parameters=[IF_MATCH_LOG],
        responses={200: s.EventDetailSerializer, **problems(400, 401, 403, 404, 409, 412)},
    )
    def post(self, request: Request, event_id: int) -> Response:
        data = read_body(s.ReasonSerializer, optional_body(request))
        event = services.event_reopen(
            event=self.event,
            actor=self.actor,
            expected_version=expected_version(request),
            **data,
        )
        return Response(event_detail(event))
