"""A player's privacy: a director erases a player's name (every number stays), and takes out
everything kept about a player, as JSON or CSV (docs/privacy.md)."""

from __future__ import annotations

from typing import Any

from django.utils.cache import add_never_cache_headers
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema
from rest_framework.request import Request
from rest_framework.response import Response

from scorekeeper.api.bodies import KnownFieldsOnly
from scorekeeper.api.fields import StrictCharField
from scorekeeper.api.http import download, problems, read_body
from scorekeeper.events import access, services
from scorekeeper.events import serializers as s
from scorekeeper.events.api.base import EventsView
from scorekeeper.events.api.clubs import roster_answer
from scorekeeper.events.exports import personal


class PlayerEraseSerializer(KnownFieldsOnly):
    reason = StrictCharField(max_length=500, required=False, default="", allow_blank=True)


class PlayerEraseView(EventsView):
    @extend_schema(
        operation_id="players_erase",
        summary="Erase a player's name everywhere it is kept: it becomes a placeholder "
        "(“Erased player 17”), every game's numbers stay, and the erasure is logged (a director "
        "of their club)",
        request=PlayerEraseSerializer,
        responses={200: s.RosterPlayerSerializer, **problems(400, 401, 404, 409)},
    )
    def post(self, request: Request, player_id: int) -> Response:
        player = access.player_for(actor=self.actor, player_id=player_id, to_run=True)
        data = read_body(PlayerEraseSerializer, request.data)
        return roster_answer(services.player_erase(player=player, actor=self.actor, **data))


class PlayerExportView(EventsView):
    @extend_schema(
        operation_id="players_export",
        summary="Everything kept about a player: their record, entries, sit-outs, every result "
        "line, their part in results, the phones that confirmed for them, the roster log's "
        "changes to them, what the events' change logs say of them and every hand of the games "
        "they sat in, times in the club's time zone "
        "(named); a director of their club",
        responses={200: OpenApiTypes.OBJECT, **problems(401, 404)},
    )
    def get(self, request: Request, player_id: int) -> Response:
        player = access.player_for(actor=self.actor, player_id=player_id, to_run=True)
        data = personal.player_data(player=player)
        response = Response(data)
        response["Content-Disposition"] = f'attachment; filename="player-{player.pk}.json"'
        add_never_cache_headers(response)  # (their PINs are in it)
        return response


class PlayerExportCsvView(EventsView):
    @extend_schema(
        operation_id="players_export_csv",
        summary="A player's result lines as CSV, each with the club's time zone (a director of "
        "their club)",
        responses={(200, "text/csv"): OpenApiTypes.STR, **problems(401, 404)},
    )
    def get(self, request: Request, player_id: int) -> Any:
        player = access.player_for(actor=self.actor, player_id=player_id, to_run=True)
        body = personal.player_csv(personal.player_data(player=player))
        answer = download(body, "text/csv; charset=utf-8", f"player-{player.pk}.csv")
        add_never_cache_headers(answer)
        return answer
