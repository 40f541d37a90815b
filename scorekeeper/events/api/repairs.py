"""A director's repairs in the API: a seated round undone, two players' seats swapped, a late
arrival seated in a sit-out place, the night reopened, a mistaken event deleted. Each is
asked against the event's version the director read (`If-Match`) and logged."""

from __future__ import annotations

import logging
from typing import Any

from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.exceptions import Throttled
from rest_framework.request import Request
from rest_framework.response import Response

from scorekeeper.api.http import expected_version, problems, read_body, read_no_body
from scorekeeper.api.limits import client_of, wrong_codes_lifted
from scorekeeper.events import access, selectors, services
from scorekeeper.events import serializers as s
from scorekeeper.events.api.base import IF_MATCH_LOG, EventsView
from scorekeeper.events.api.events import event_detail, optional_body
from scorekeeper.events.api.shapes import round_json
from scorekeeper.events.serializers import IdField
from scorekeeper.events.services import repairs
from scorekeeper.events.services.night_log import require_fresh
from scorekeeper.events.services.tables import require_open

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
        "hand (as many sitting out as a table seats make a new table)",
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
        help_text="The wrong join codes counted against the address in the limit's period, "
        "now forgiven (0: none were counted there; is the console on the phones' network?)."
    )
    address = serializers.CharField(
        help_text="The address forgiven, as the limits see it: the director's own."
    )


class JoinLimitLiftView(EventsView):
    """The room's phones let join again: the wrong join codes counted against the address the
    director's own request comes from (the room's Wi-Fi, which every phone there shares) are
    forgiven, while the night runs, twice an hour at most (`LIMIT_JOIN_LIFTS`). Only the
    director's own address: it lets no guesser elsewhere go on."""

    @extend_schema(
        operation_id="event_join_limit_lift",
        summary="Let the phones on the director's own network join again, after a guesser "
        "there used up the address's wrong join codes (a director's, while the night runs; "
        "logged)",
        request=None,
        parameters=[IF_MATCH_LOG],
        responses={200: LiftedSerializer, **problems(400, 401, 403, 404, 409, 412, 429)},
    )
    def post(self, request: Request, event_id: int) -> Response:
        read_no_body(request)
        event = self.event
        access.require_director(self.actor, event.club)
        require_open(event, field="status")
        # Asked against the night as the director read it, as their every act is (a second
        # director may have forgiven them a moment ago): before anything is forgiven.
        require_fresh(event, expected_version(request))
        client = client_of(request)
        forgiven, wait = wrong_codes_lifted(client)
        if wait:
            raise Throttled(
                wait=wait,
                detail=_(
                    "This network's wrong codes were forgiven already, as often as an hour "
                    "allows: find the phone that guesses."
                ),
            )
        log.warning(
            "wrong join codes from %s forgiven by %s (event %s): %s",
            client,
            self.actor.label,
            event.pk,
            forgiven,
        )
        services.join_limit_lifted(event=event, actor=self.actor, wrong_codes=forgiven)
        return Response(LiftedSerializer({"wrong_codes": forgiven, "address": client}).data)


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
