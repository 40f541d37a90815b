"""Events: their players and teams, rounds, standings, exports and change log. Reading a
published event is public; running one is its club's directors'."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from django.http import HttpResponse
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema
from rest_framework import status
from rest_framework.request import Request
from rest_framework.response import Response

from scorekeeper.api.http import (
    download,
    expected_version,
    problems,
    read_body,
    read_no_body,
)
from scorekeeper.events import access, selectors, services
from scorekeeper.events import serializers as s
from scorekeeper.events.api.base import IF_MATCH_LOG, EventsView
from scorekeeper.events.api.remedies import CHANGE_LOG_ROUND, CHANGE_LOG_TABLE, number_param
from scorekeeper.events.api.shapes import (
    matched_json,
    player_ref,
    round_json,
    standings_json,
    team_json,
)
from scorekeeper.events.exports import records
from scorekeeper.events.selectors import board

if TYPE_CHECKING:
    from scorekeeper.events.models import Event


class EventListView(EventsView):
    @extend_schema(
        operation_id="events_list",
        summary="Published events, newest first",
        responses={200: s.EventSerializer(many=True)},
    )
    def get(self, request: Request) -> Response:
        return Response(s.EventSerializer(selectors.events_of()[:200], many=True).data)


class EventDetailView(EventsView):
    @extend_schema(
        operation_id="events_retrieve",
        summary="An event, with its version (the newest change of it as a whole)",
        responses={200: s.EventDetailSerializer, **problems(404)},
    )
    def get(self, request: Request, event_id: int) -> Response:
        return Response(event_detail(self.event))

    @extend_schema(
        operation_id="events_update",
        summary="Change an event's settings (each logged with its old and new value), or "
        "finish or reopen it",
        request=s.EventUpdateSerializer,
        parameters=[IF_MATCH_LOG],
        responses={200: s.EventDetailSerializer, **problems(400, 401, 403, 404, 409, 412)},
    )
    def patch(self, request: Request, event_id: int) -> Response:
        event = self.event
        data = read_body(s.EventUpdateSerializer, request.data)
        if "season" in data:
            season_id = data.pop("season")
            data["season"] = season_id and selectors.season_get(
                season_id=season_id, club=event.club
            )
        event = services.event_update(
            event=event, actor=self.actor, expected_version=expected_version(request), **data
        )
        return Response(event_detail(event))

    @extend_schema(
        operation_id="events_delete",
        summary="Delete a mistaken event: refused (409 event-has-results) once any table has "
        "a result; kept in the server's log and the admin's history",
        request=s.ReasonSerializer,
        responses={204: None, **problems(400, 401, 403, 404, 409)},
    )
    def delete(self, request: Request, event_id: int) -> Response:
        data = read_body(s.ReasonSerializer, optional_body(request))
        services.event_delete(
            event=self.event, actor=self.actor, expected_version=expected_version(request), **data
        )
        return Response(status=status.HTTP_204_NO_CONTENT)


def optional_body(request: Request) -> Any:
    """A body that may be left out where only a reason is asked."""
    return request.data if request.data else {}


def event_detail(event: Event) -> dict[str, Any]:
    """An event as its own page of the API shows it: with its version."""
    return {**s.EventSerializer(event).data, "version": board.version_of(event)}


class EntrantListView(EventsView):
    @extend_schema(
        operation_id="event_players_list",
        summary="The event's players",
        responses={200: s.EntrantSerializer(many=True), **problems(404)},
    )
    def get(self, request: Request, event_id: int) -> Response:
        entrants = selectors.entrants_of(event=self.event)
        return Response(s.EntrantSerializer(entrants, many=True).data)

    @extend_schema(
        operation_id="event_players_add",
        summary="A player of the club joins a progressive event (also a late arrival): seated "
        "from the next round. By name, the answer says whether it took the club's player of "
        "that name or added someone new; several of that name is a 409 listing them.",
        request=s.PlayerEntrySerializer,
        responses={201: s.EntrantAddedSerializer, **problems(400, 401, 403, 404, 409)},
    )
    def post(self, request: Request, event_id: int) -> Response:
        event = self.event
        data = read_body(s.PlayerEntrySerializer, request.data)
        entrant, found = services.entrant_add(
            event=event,
            actor=self.actor,
            name=data.get("name"),
            player_id=data.get("player"),
            label=data.get("label"),
            new=data["new"],
            expected_version=expected_version(request),
        )
        body = {**s.EntrantSerializer(entrant).data, "matched": found.matched}
        return Response(body, status=status.HTTP_201_CREATED)


class EntrantDetailView(EventsView):
    @extend_schema(
        operation_id="event_players_leave",
        summary="A player (or their team) leaves: not seated from the next round; results stay",
        responses={200: s.EntrantSerializer, **problems(401, 403, 404)},
    )
    def delete(self, request: Request, event_id: int, player_id: int) -> Response:
        event = self.event
        data = read_body(s.ReasonSerializer, optional_body(request))
        entrant = services.entrant_leave(
            event=event,
            actor=self.actor,
            player_id=player_id,
            expected_version=expected_version(request),
            **data,
        )
        return Response(s.EntrantSerializer(entrant).data)


class TeamListView(EventsView):
    @extend_schema(
        operation_id="event_teams_list",
        summary="The event's teams, by seed",
        responses={200: s.EventTeamSerializer(many=True), **problems(404)},
    )
    def get(self, request: Request, event_id: int) -> Response:
        teams = selectors.teams_of(event=self.event)
        return Response(s.EventTeamSerializer([team_json(t) for t in teams], many=True).data)

    @extend_schema(
        operation_id="event_teams_add",
        summary="Enter a team of two of the club's players (by name, id, or name and label), "
        "seeded after those before it; `matched` says which player each entry took",
        request=s.EventTeamAddSerializer,
        responses={201: s.EventTeamAddedSerializer, **problems(400, 401, 403, 404, 409)},
    )
    def post(self, request: Request, event_id: int) -> Response:
        event = self.event
        data = read_body(s.EventTeamAddSerializer, request.data)
        team, found = services.team_add(
            event=event,
            actor=self.actor,
            name=data["name"],
            players=[player_ref(who, f"players[{i}]") for i, who in enumerate(data["players"])],
            expected_version=expected_version(request),
        )
        body = {**team_json(team), "matched": [matched_json(m) for m in found]}
        return Response(s.EventTeamAddedSerializer(body).data, status=status.HTTP_201_CREATED)


#: How long the rounds of one version of an event are kept for the watchers polling it.
ROUNDS_KEPT_SECONDS = 60


class RoundListView(EventsView):
    follows_for_players = "standings_version"
    kept_seconds = ROUNDS_KEPT_SECONDS

    @extend_schema(
        operation_id="event_rounds_list",
        summary="The schedule: every round's tables, seats, results and byes",
        responses={200: s.RoundSerializer(many=True), **problems(404)},
    )
    def get(self, request: Request, event_id: int) -> HttpResponse:
        # A night's watchers poll the rounds together: the answer for one tag (the version,
        # the reader's role, language and query) is made once and kept a moment.
        def made(event: Event) -> Any:
            codes = access.sees_join_codes(self.actor, event)
            rounds = [round_json(r, show_codes=codes) for r in selectors.rounds_of(event=event)]
            return s.RoundSerializer(rounds, many=True).data

        return self.answer_kept(made)

    @extend_schema(
        operation_id="event_rounds_create",
        summary="Seat the next round (the one before must be complete)",
        request=None,
        parameters=[IF_MATCH_LOG],
        responses={201: s.RoundSerializer, **problems(400, 401, 403, 404, 409, 412)},
    )
    def post(self, request: Request, event_id: int) -> Response:
        read_no_body(request)
        event = self.event
        rnd = services.round_generate(
            event=event, actor=self.actor, expected_version=expected_version(request)
        )
        (view,) = selectors.rounds_of(event=event, numbers=[rnd.number])
        return Response(
            s.RoundSerializer(round_json(view, show_codes=True)).data,
            status=status.HTTP_201_CREATED,
        )


class RoundDetailView(EventsView):
    follows_for_players = "standings_version"

    @extend_schema(
        operation_id="event_rounds_retrieve",
        summary="One round: its tables, seats, results and byes",
        responses={200: s.RoundSerializer, **problems(404)},
    )
    def get(self, request: Request, event_id: int, number: int) -> Response:
        event = self.event
        rnd = selectors.round_get(event=event, number=number)
        codes = access.sees_join_codes(self.actor, event)
        views = selectors.rounds_of(event=event, numbers=[rnd.number])
        if not views:  # (undone since it was read)
            raise selectors.no_round()
        (view,) = views
        return Response(s.RoundSerializer(round_json(view, show_codes=codes)).data)

    @extend_schema(
        operation_id="event_rounds_undo",
        summary="Undo the latest seated round while nothing is entered there (409 "
        "round-entered naming the tables with hands or a result); seating it again seats "
        "the same",
        request=s.ReasonSerializer,
        parameters=[IF_MATCH_LOG],
        responses={204: None, **problems(400, 401, 403, 404, 409, 412)},
    )
    def delete(self, request: Request, event_id: int, number: int) -> Response:
        data = read_body(s.ReasonSerializer, optional_body(request))
        services.round_undo(
            event=self.event,
            actor=self.actor,
            number=number,
            expected_version=expected_version(request),
            **data,
        )
        return Response(status=status.HTTP_204_NO_CONTENT)


#: How long a worker keeps the standings of one version of an event.
STANDINGS_KEPT_SECONDS = 600


class StandingsView(EventsView):
    follows = "standings_version"
    kept_seconds = STANDINGS_KEPT_SECONDS

    @extend_schema(
        operation_id="event_standings",
        summary="Live standings from confirmed results, with tie-breaks and side prizes",
        responses={200: s.StandingsSerializer, **problems(404)},
    )
    def get(self, request: Request, event_id: int) -> HttpResponse:
        # Made once per standings version of the event and language (a format's columns are
        # named in words), however many phones poll; kept in the database's cache, which
        # every worker shares and a restore puts back with the rest.
        return self.answer_kept(lambda event: standings_json(selectors.standings(event=event)))


class StandingsCsvView(EventsView):
    @extend_schema(
        operation_id="event_standings_csv",
        summary="The standings as CSV",
        responses={(200, "text/csv"): OpenApiTypes.STR, **problems(404)},
    )
    def get(self, request: Request, event_id: int) -> HttpResponse:
        event = self.event
        body = records.standings_csv(selectors.standings(event=event))
        return download(body, "text/csv; charset=utf-8", f"standings-{event.pk}.csv")


class ResultsCsvView(EventsView):
    @extend_schema(
        operation_id="event_results_csv",
        summary="Every table's result as CSV",
        responses={(200, "text/csv"): OpenApiTypes.STR, **problems(404)},
    )
    def get(self, request: Request, event_id: int) -> HttpResponse:
        event = self.event
        return download(
            records.event_results_csv(event), "text/csv; charset=utf-8", f"results-{event.pk}.csv"
        )


class TallyCsvView(EventsView):
    @extend_schema(
        operation_id="event_tally_csv",
        summary="The per-round tally as CSV: a row a player a round (table, seat, partner, points)",
        responses={(200, "text/csv"): OpenApiTypes.STR, **problems(404)},
    )
    def get(self, request: Request, event_id: int) -> HttpResponse:
        event = self.event
        return download(
            records.event_tally_csv(event), "text/csv; charset=utf-8", f"tally-{event.pk}.csv"
        )


class EventEgnView(EventsView):
    @extend_schema(
        operation_id="event_games_egn",
        summary="The event's games with their hands, as an EGN match file (EMN)",
        responses={(200, "application/json"): OpenApiTypes.OBJECT, **problems(404)},
    )
    def get(self, request: Request, event_id: int) -> HttpResponse:
        event = self.event
        body = json.dumps(records.event_egn(event), ensure_ascii=False, indent=1)
        return download(body, "application/json", f"event-{event.pk}.emn")


class ChangeLogView(EventsView):
    @extend_schema(
        operation_id="event_log",
        summary="The change log, oldest first: every result entered, confirmed, disputed, "
        "corrected, assigned or forfeited, every remedy, and every act on the night (arrivals, "
        "leaves, rounds seated and undone, swaps, late arrivals seated, time called, close, "
        "reopen, each setting changed with its old and new value, restores, the phones); "
        "`?table=` and `?round=` narrow it",
        parameters=[CHANGE_LOG_TABLE, CHANGE_LOG_ROUND],
        responses={200: s.ChangeSerializer(many=True), **problems(400, 404)},
    )
    def get(self, request: Request, event_id: int) -> Response:
        event = self.event
        changes = board.change_log(
            event=event,
            table=number_param(request, "table"),
            round_number=number_param(request, "round"),
        )
        return Response(s.ChangeSerializer(services.changes_json(changes), many=True).data)


class RoundTimeView(EventsView):
    @extend_schema(
        operation_id="event_rounds_time",
        summary="Call time on a round: each table then enters its result as it stands",
        request=None,
        parameters=[IF_MATCH_LOG],
        responses={200: s.RoundSerializer, **problems(400, 401, 403, 404, 409, 412)},
    )
    def post(self, request: Request, event_id: int, number: int) -> Response:
        read_no_body(request)
        event = self.event
        rnd = services.round_time_call(
            event=event, number=number, actor=self.actor, expected_version=expected_version(request)
        )
        (view,) = selectors.rounds_of(event=event, numbers=[rnd.number])
        return Response(s.RoundSerializer(round_json(view, show_codes=True)).data)


class CloseView(EventsView):
    @extend_schema(
        operation_id="event_night",
        summary="What closing the night would leave open: the last round's tables without a "
        "confirmed result; and the level tables it waits for the cut at (a director's)",
        responses={200: s.NightSerializer, **problems(401, 403, 404)},
    )
    def get(self, request: Request, event_id: int) -> Response:
        event = self.event
        access.require_director(self.actor, event.club)
        body = {
            "closed_at": event.closed_at,
            "open_tables": selectors.tables_open(event=event),
            "level_tables": selectors.tables_level(event=event),
        }
        return Response(s.NightSerializer(body).data)

    @extend_schema(
        operation_id="event_close",
        summary="Close the night: every join code and phone's token stops working, and the "
        "results are published; refused (409 tables-open, listed) while tables are open, "
        "unless leave_open, and (409 cut-needed, listed) while a level table waits for the cut",
        request=s.CloseSerializer,
        parameters=[IF_MATCH_LOG],
        responses={200: s.EventSerializer, **problems(400, 401, 403, 404, 409, 412)},
    )
    def post(self, request: Request, event_id: int) -> Response:
        data = read_body(s.CloseSerializer, request.data)
        event = services.event_close(
            event=self.event, actor=self.actor, expected_version=expected_version(request), **data
        )
        return Response(s.EventSerializer(event).data)
