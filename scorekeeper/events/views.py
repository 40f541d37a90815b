"""The events API: parse, call one service or selector, render.

Reading a published event (its rounds, standings, results and exports) is public; an
unpublished one is its directors' (and its tables' devices'). Management needs a signed-in
director of the club; a table's writes need its device token (or a director).
"""

from __future__ import annotations

import json
from dataclasses import asdict
from typing import Any

from django.contrib.auth import get_user_model
from django.http import HttpResponse
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from scorekeeper.api.http import (
    HAND_AMEND,
    HAND_ENTRY,
    IDEMPOTENCY_KEY,
    IF_MATCH,
    download,
    expected_version,
    game_now,
    hand_written,
    idempotency_key,
    problems,
    read_body,
    read_query,
)
from scorekeeper.api.serializers import HandWrittenSerializer, parse_hand_entry
from scorekeeper.errors import Conflict, Malformed, NotFound
from scorekeeper.events import exports, selectors, services
from scorekeeper.events import serializers as s
from scorekeeper.events.auth import AUTHENTICATION, actor_of
from scorekeeper.events.models import Entrant, Event, EventTeam, Membership, Season, Table
from scorekeeper.events.services import Actor, is_director
from scorekeeper.models import Club


def _can_read(actor: Actor, event: Event) -> bool:
    if event.published:
        return True
    if actor.device is not None:
        return actor.device.table.round.event_id == event.pk
    return is_director(actor.user, event.club)


def _readable_event(request: Request, event_id: int) -> tuple[Event, Actor]:
    event = selectors.event_get(event_id=event_id)
    actor = actor_of(request)
    if not _can_read(actor, event):
        raise NotFound("There is no event with this id.", code="no-such-event", field="id")
    return event, actor


def _table_json(view: selectors.TableView, *, show_code: bool) -> dict[str, Any]:
    return {
        "id": view.id,
        "number": view.number,
        "seats": view.seats,
        "team_names": view.team_names,
        "game_id": view.game_id,
        "join_code": view.join_code if show_code else None,
        "result": view.result,
    }


def _round_json(view: selectors.RoundView, *, show_codes: bool) -> dict[str, Any]:
    return {
        "number": view.number,
        "complete": view.complete,
        "sit_outs": view.sit_outs,
        "tables": [_table_json(t, show_code=show_codes) for t in view.tables],
    }


def _table_detail(table: Table, *, show_code: bool) -> dict[str, Any]:
    rnd = table.round
    (view,) = [
        t
        for r in selectors.rounds_of(event=rnd.event, numbers=[rnd.number])
        for t in r.tables
        if t.id == table.pk
    ]
    return {
        **_table_json(view, show_code=show_code),
        "event": rnd.event_id,
        "round": rnd.number,
        "entry": rnd.event.entry,
        "round_length": rnd.event.round_length,
        "hands_per_round": rnd.event.hands_per_round,
    }


STANDING_FIELDS = tuple(s.StandingRowSerializer().fields)


def _standings_json(table: selectors.Standings) -> dict[str, Any]:
    """The standings as JSON, built directly: they are read often and can be long."""
    return {
        "event": table.event.pk,
        "ranked_by": "match points" if table.event.is_teams else "points with sit-out credit",
        "tie_breaks": list(selectors.TIE_BREAKS),
        "rounds": table.rounds,
        "waiting": table.waiting,
        "rows": [{name: getattr(row, name) for name in STANDING_FIELDS} for row in table.rows],
        "side_prizes": [
            {"kind": p.kind, "title": p.title, "winners": [asdict(w) for w in p.winners]}
            for p in table.side_prizes
        ],
    }


# Clubs ----------------------------------------------------------------------------------------


class ClubListView(APIView):
    authentication_classes = AUTHENTICATION

    @extend_schema(
        operation_id="clubs_list", summary="Clubs", responses={200: s.ClubSerializer(many=True)}
    )
    def get(self, request: Request) -> Response:
        return Response(s.ClubSerializer(Club.objects.order_by("name"), many=True).data)

    @extend_schema(
        operation_id="clubs_create",
        summary="Start a club; you become its director",
        request=s.ClubCreateSerializer,
        responses={201: s.ClubSerializer, **problems(400, 401, 409)},
    )
    def post(self, request: Request) -> Response:
        data = read_body(s.ClubCreateSerializer, request.data)
        club = services.club_create(actor=actor_of(request), **data)
        return Response(s.ClubSerializer(club).data, status=status.HTTP_201_CREATED)


class ClubDetailView(APIView):
    authentication_classes = AUTHENTICATION

    @extend_schema(
        operation_id="clubs_retrieve",
        summary="A club",
        responses={200: s.ClubSerializer, **problems(404)},
    )
    def get(self, request: Request, club_id: int) -> Response:
        return Response(s.ClubSerializer(selectors.club_get(club_id=club_id)).data)


class MemberListView(APIView):
    authentication_classes = AUTHENTICATION

    @extend_schema(
        operation_id="club_members_list",
        summary="A club's members and guests (its directors only)",
        responses={200: s.MemberSerializer(many=True), **problems(401, 403, 404)},
    )
    def get(self, request: Request, club_id: int) -> Response:
        club = selectors.club_get(club_id=club_id)
        services.require_director(actor_of(request), club)
        members = Membership.objects.filter(club=club).select_related("player")
        return Response(s.MemberSerializer(members, many=True).data)

    @extend_schema(
        operation_id="club_members_add",
        summary="Add a member or a guest, by name or player id",
        request=s.MemberAddSerializer,
        responses={201: s.MemberSerializer, **problems(400, 401, 403, 404)},
    )
    def post(self, request: Request, club_id: int) -> Response:
        club = selectors.club_get(club_id=club_id)
        data = read_body(s.MemberAddSerializer, request.data)
        membership = services.member_add(
            club=club,
            actor=actor_of(request),
            name=data.get("name"),
            player_id=data.get("player"),
            kind=data["kind"],
        )
        return Response(s.MemberSerializer(membership).data, status=status.HTTP_201_CREATED)


class DirectorAddView(APIView):
    authentication_classes = AUTHENTICATION

    @extend_schema(
        operation_id="club_directors_add",
        summary="Make a user a director of the club",
        request=s.DirectorAddSerializer,
        responses={201: s.DirectorSerializer, **problems(400, 401, 403, 404)},
    )
    def post(self, request: Request, club_id: int) -> Response:
        club = selectors.club_get(club_id=club_id)
        data = read_body(s.DirectorAddSerializer, request.data)
        user = get_user_model().objects.filter(username=data["username"]).first()
        if user is None:
            services.require_director(actor_of(request), club)
            raise NotFound(
                "There is no user with this name.", code="no-such-user", field="username"
            )
        director = services.director_add(club=club, actor=actor_of(request), user=user)
        return Response(s.DirectorSerializer(director).data, status=status.HTTP_201_CREATED)


class SeasonListView(APIView):
    authentication_classes = AUTHENTICATION

    @extend_schema(
        operation_id="club_seasons_list",
        summary="A club's seasons",
        responses={200: s.SeasonSerializer(many=True), **problems(404)},
    )
    def get(self, request: Request, club_id: int) -> Response:
        club = selectors.club_get(club_id=club_id)
        return Response(s.SeasonSerializer(club.seasons.all(), many=True).data)

    @extend_schema(
        operation_id="club_seasons_create",
        summary="Add a season",
        request=s.SeasonCreateSerializer,
        responses={201: s.SeasonSerializer, **problems(400, 401, 403, 404, 409)},
    )
    def post(self, request: Request, club_id: int) -> Response:
        club = selectors.club_get(club_id=club_id)
        data = read_body(s.SeasonCreateSerializer, request.data)
        season = services.season_create(club=club, actor=actor_of(request), **data)
        return Response(s.SeasonSerializer(season).data, status=status.HTTP_201_CREATED)


class LeaderboardView(APIView):
    authentication_classes = AUTHENTICATION

    @extend_schema(
        operation_id="club_leaderboard",
        summary="The club's leaderboard over its published events (a season's, or all)",
        parameters=[s.LeaderboardQuerySerializer],
        responses={200: s.LeaderRowSerializer(many=True), **problems(400, 404)},
    )
    def get(self, request: Request, club_id: int) -> Response:
        club = selectors.club_get(club_id=club_id)
        query = read_query(s.LeaderboardQuerySerializer, request)
        season = None
        if "season" in query:
            season = selectors.season_get(club=club, season_id=query["season"])
        rows = selectors.leaderboard(
            club=club, season=season, order=query["order"], limit=query["limit"]
        )
        return Response(s.LeaderRowSerializer(rows, many=True).data)


class ClubEventListView(APIView):
    authentication_classes = AUTHENTICATION

    @extend_schema(
        operation_id="club_events_list",
        summary="A club's events (published ones; all of them for its directors)",
        responses={200: s.EventSerializer(many=True), **problems(404)},
    )
    def get(self, request: Request, club_id: int) -> Response:
        club = selectors.club_get(club_id=club_id)
        director = is_director(actor_of(request).user, club)
        events = selectors.events_of(club=club, published_only=not director)
        return Response(s.EventSerializer(events, many=True).data)

    @extend_schema(
        operation_id="events_create",
        summary="Create an event: its format, ruleset, rounds and sit-out credit",
        request=s.EventCreateSerializer,
        responses={201: s.EventSerializer, **problems(400, 401, 403, 404)},
    )
    def post(self, request: Request, club_id: int) -> Response:
        club = selectors.club_get(club_id=club_id)
        data = read_body(s.EventCreateSerializer, request.data)
        season_id = data.pop("season")
        season = None if season_id is None else selectors.season_get(club=club, season_id=season_id)
        event = services.event_create(club=club, actor=actor_of(request), season=season, **data)
        return Response(s.EventSerializer(event).data, status=status.HTTP_201_CREATED)


# Players ------------------------------------------------------------------------------------


class PlayerRecordView(APIView):
    authentication_classes = AUTHENTICATION

    @extend_schema(
        operation_id="players_retrieve",
        summary="A player's statistics and history over published events",
        parameters=[s.PlayerQuerySerializer],
        responses={200: s.PlayerRecordSerializer, **problems(400, 404)},
    )
    def get(self, request: Request, player_id: int) -> Response:
        player = selectors.player_get(player_id=player_id)
        query = read_query(s.PlayerQuerySerializer, request)
        season = None
        if "season" in query:
            season = Season.objects.filter(pk=query["season"]).first()
            if season is None:
                raise NotFound(
                    "There is no season with this id.", code="no-such-season", field="season"
                )
        record = selectors.player_record(
            player=player, season=season, limit=query["limit"], offset=query["offset"]
        )
        return Response(s.PlayerRecordSerializer(record).data)


# Events ------------------------------------------------------------------------------------


class EventListView(APIView):
    authentication_classes = AUTHENTICATION

    @extend_schema(
        operation_id="events_list",
        summary="Published events, newest first",
        responses={200: s.EventSerializer(many=True)},
    )
    def get(self, request: Request) -> Response:
        return Response(s.EventSerializer(selectors.events_of()[:200], many=True).data)


class EventDetailView(APIView):
    authentication_classes = AUTHENTICATION

    @extend_schema(
        operation_id="events_retrieve",
        summary="An event",
        responses={200: s.EventSerializer, **problems(404)},
    )
    def get(self, request: Request, event_id: int) -> Response:
        event, _ = _readable_event(request, event_id)
        return Response(s.EventSerializer(event).data)

    @extend_schema(
        operation_id="events_update",
        summary="Rename, publish, finish or reopen an event, or plan more rounds",
        request=s.EventUpdateSerializer,
        responses={200: s.EventSerializer, **problems(400, 401, 403, 404, 409)},
    )
    def patch(self, request: Request, event_id: int) -> Response:
        event = selectors.event_get(event_id=event_id)
        data = read_body(s.EventUpdateSerializer, request.data)
        event = services.event_update(event=event, actor=actor_of(request), **data)
        return Response(s.EventSerializer(event).data)


class EntrantListView(APIView):
    authentication_classes = AUTHENTICATION

    @extend_schema(
        operation_id="event_players_list",
        summary="The event's players",
        responses={200: s.EntrantSerializer(many=True), **problems(404)},
    )
    def get(self, request: Request, event_id: int) -> Response:
        event, _ = _readable_event(request, event_id)
        entrants = Entrant.objects.filter(event=event).select_related("player")
        return Response(s.EntrantSerializer(entrants, many=True).data)

    @extend_schema(
        operation_id="event_players_add",
        summary="A player joins a progressive event (also a late arrival): seated from the next round",
        request=s.EntrantAddSerializer,
        responses={201: s.EntrantSerializer, **problems(400, 401, 403, 404, 409)},
    )
    def post(self, request: Request, event_id: int) -> Response:
        event = selectors.event_get(event_id=event_id)
        data = read_body(s.EntrantAddSerializer, request.data)
        entrant = services.entrant_add(
            event=event,
            actor=actor_of(request),
            name=data.get("name"),
            player_id=data.get("player"),
        )
        return Response(s.EntrantSerializer(entrant).data, status=status.HTTP_201_CREATED)


class EntrantDetailView(APIView):
    authentication_classes = AUTHENTICATION

    @extend_schema(
        operation_id="event_players_leave",
        summary="A player (or their team) leaves: not seated from the next round; results stay",
        responses={200: s.EntrantSerializer, **problems(401, 403, 404)},
    )
    def delete(self, request: Request, event_id: int, player_id: int) -> Response:
        event = selectors.event_get(event_id=event_id)
        entrant = services.entrant_leave(event=event, actor=actor_of(request), player_id=player_id)
        return Response(s.EntrantSerializer(entrant).data)


def _team_json(team: EventTeam) -> dict[str, Any]:
    return {
        "id": team.pk,
        "name": team.name,
        "seed": team.seed,
        "active": team.active,
        "players": [e.player.name for e in team.members.all()],
    }


class TeamListView(APIView):
    authentication_classes = AUTHENTICATION

    @extend_schema(
        operation_id="event_teams_list",
        summary="The event's teams, by seed",
        responses={200: s.EventTeamSerializer(many=True), **problems(404)},
    )
    def get(self, request: Request, event_id: int) -> Response:
        event, _ = _readable_event(request, event_id)
        teams = EventTeam.objects.filter(event=event).prefetch_related("members__player")
        return Response(s.EventTeamSerializer([_team_json(t) for t in teams], many=True).data)

    @extend_schema(
        operation_id="event_teams_add",
        summary="Enter a team of two (names or player ids), seeded after those before it",
        request=s.EventTeamAddSerializer,
        responses={201: s.EventTeamSerializer, **problems(400, 401, 403, 404, 409)},
    )
    def post(self, request: Request, event_id: int) -> Response:
        event = selectors.event_get(event_id=event_id)
        data = read_body(s.EventTeamAddSerializer, request.data)
        team = services.team_add(event=event, actor=actor_of(request), **data)
        return Response(
            s.EventTeamSerializer(_team_json(team)).data, status=status.HTTP_201_CREATED
        )


class RoundListView(APIView):
    authentication_classes = AUTHENTICATION

    @extend_schema(
        operation_id="event_rounds_list",
        summary="The schedule: every round's tables, seats, results and byes",
        responses={200: s.RoundSerializer(many=True), **problems(404)},
    )
    def get(self, request: Request, event_id: int) -> Response:
        event, actor = _readable_event(request, event_id)
        codes = actor.device is None and is_director(actor.user, event.club)
        rounds = [_round_json(r, show_codes=codes) for r in selectors.rounds_of(event=event)]
        return Response(s.RoundSerializer(rounds, many=True).data)

    @extend_schema(
        operation_id="event_rounds_create",
        summary="Seat the next round (the one before must be complete)",
        request=None,
        responses={201: s.RoundSerializer, **problems(401, 403, 404, 409)},
    )
    def post(self, request: Request, event_id: int) -> Response:
        event = selectors.event_get(event_id=event_id)
        rnd = services.round_generate(event=event, actor=actor_of(request))
        (view,) = selectors.rounds_of(event=event, numbers=[rnd.number])
        return Response(
            s.RoundSerializer(_round_json(view, show_codes=True)).data,
            status=status.HTTP_201_CREATED,
        )


class RoundDetailView(APIView):
    authentication_classes = AUTHENTICATION

    @extend_schema(
        operation_id="event_rounds_retrieve",
        summary="One round: its tables, seats, results and byes",
        responses={200: s.RoundSerializer, **problems(404)},
    )
    def get(self, request: Request, event_id: int, number: int) -> Response:
        event, actor = _readable_event(request, event_id)
        rnd = selectors.round_get(event=event, number=number)
        codes = actor.device is None and is_director(actor.user, event.club)
        (view,) = selectors.rounds_of(event=event, numbers=[rnd.number])
        return Response(s.RoundSerializer(_round_json(view, show_codes=codes)).data)


class StandingsView(APIView):
    authentication_classes = AUTHENTICATION

    @extend_schema(
        operation_id="event_standings",
        summary="Live standings from confirmed results, with tie-breaks and side prizes",
        responses={200: s.StandingsSerializer, **problems(404)},
    )
    def get(self, request: Request, event_id: int) -> Response:
        event, _ = _readable_event(request, event_id)
        return Response(_standings_json(selectors.standings(event=event)))


class StandingsCsvView(APIView):
    authentication_classes = AUTHENTICATION

    @extend_schema(
        operation_id="event_standings_csv",
        summary="The standings as CSV",
        responses={(200, "text/csv"): OpenApiTypes.STR, **problems(404)},
    )
    def get(self, request: Request, event_id: int) -> HttpResponse:
        event, _ = _readable_event(request, event_id)
        body = exports.standings_csv(selectors.standings(event=event))
        return download(body, "text/csv; charset=utf-8", f"standings-{event.pk}.csv")


class ResultsCsvView(APIView):
    authentication_classes = AUTHENTICATION

    @extend_schema(
        operation_id="event_results_csv",
        summary="Every table's result as CSV",
        responses={(200, "text/csv"): OpenApiTypes.STR, **problems(404)},
    )
    def get(self, request: Request, event_id: int) -> HttpResponse:
        event, _ = _readable_event(request, event_id)
        return download(
            exports.event_results_csv(event), "text/csv; charset=utf-8", f"results-{event.pk}.csv"
        )


class EventEgnView(APIView):
    authentication_classes = AUTHENTICATION

    @extend_schema(
        operation_id="event_games_egn",
        summary="The event's games with their hands, as an EGN match file (EMN)",
        responses={(200, "application/json"): OpenApiTypes.OBJECT, **problems(404)},
    )
    def get(self, request: Request, event_id: int) -> HttpResponse:
        event, _ = _readable_event(request, event_id)
        body = json.dumps(exports.event_egn(event), ensure_ascii=False, indent=1)
        return download(body, "application/json", f"event-{event.pk}.emn")


class ChangeLogView(APIView):
    authentication_classes = AUTHENTICATION

    @extend_schema(
        operation_id="event_log",
        summary="The change log: every result entered, confirmed, disputed and corrected",
        responses={200: s.ChangeSerializer(many=True), **problems(404)},
    )
    def get(self, request: Request, event_id: int) -> Response:
        event, _ = _readable_event(request, event_id)
        return Response(s.ChangeSerializer(selectors.change_log(event=event), many=True).data)


# Tables -------------------------------------------------------------------------------------


def _readable_table(request: Request, table_id: int) -> tuple[Table, Actor]:
    table = selectors.table_get(table_id=table_id)
    actor = actor_of(request)
    if not _can_read(actor, table.round.event):
        raise NotFound("There is no table with this id.", code="no-such-table", field="id")
    return table, actor


class JoinView(APIView):
    authentication_classes: list[Any] = []

    @extend_schema(
        operation_id="tables_join",
        summary="Exchange a table's join code for a device token (shown once)",
        request=s.JoinSerializer,
        responses={201: s.JoinedSerializer, **problems(400, 404, 409)},
    )
    def post(self, request: Request) -> Response:
        data = read_body(s.JoinSerializer, request.data)
        device, token = services.table_join(**data)
        body = {
            "token": token,
            "role": device.role,
            "table": _table_detail(device.table, show_code=False),
        }
        return Response(s.JoinedSerializer(body).data, status=status.HTTP_201_CREATED)


class TableDetailView(APIView):
    authentication_classes = AUTHENTICATION

    @extend_schema(
        operation_id="tables_retrieve",
        summary="A table: its seats, game and result",
        responses={200: s.TableDetailSerializer, **problems(404)},
    )
    def get(self, request: Request, table_id: int) -> Response:
        table, actor = _readable_table(request, table_id)
        codes = actor.device is None and is_director(actor.user, table.round.event.club)
        return Response(s.TableDetailSerializer(_table_detail(table, show_code=codes)).data)


class TableCodeView(APIView):
    authentication_classes = AUTHENTICATION

    @extend_schema(
        operation_id="tables_code",
        summary="Issue a new join code (the old one stops working)",
        request=None,
        responses={200: s.CodeSerializer, **problems(401, 403, 404)},
    )
    def post(self, request: Request, table_id: int) -> Response:
        table = selectors.table_get(table_id=table_id)
        code = services.table_code_issue(table=table, actor=actor_of(request))
        return Response({"join_code": code})


class TableTakeoverView(APIView):
    authentication_classes = AUTHENTICATION

    @extend_schema(
        operation_id="tables_takeover",
        summary="Hand the table to another device: revoke its devices, issue a new join code",
        request=None,
        responses={200: s.CodeSerializer, **problems(401, 403, 404)},
    )
    def post(self, request: Request, table_id: int) -> Response:
        table = selectors.table_get(table_id=table_id)
        code = services.table_takeover(table=table, actor=actor_of(request))
        return Response({"join_code": code})


def _reason(request: Request) -> str:
    data = request.data
    value = data.get("reason", "") if isinstance(data, dict) else ""
    if not isinstance(value, str) or len(value) > 500:
        raise Malformed(
            "a reason is text of up to 500 characters", code="bad-reason", field="reason"
        )
    return value


class TableHandsView(APIView):
    authentication_classes = AUTHENTICATION

    @extend_schema(
        operation_id="tables_hands_create",
        summary="Record the table's next hand (its device; a director, with a reason once a "
        "result is entered)",
        request=HAND_ENTRY,
        parameters=[IDEMPOTENCY_KEY, IF_MATCH],
        responses={
            201: HandWrittenSerializer,
            200: OpenApiResponse(HandWrittenSerializer, description="A replay: the same hand."),
            **problems(400, 401, 403, 404, 409, 412, 422),
        },
    )
    def post(self, request: Request, table_id: int) -> Response:
        table = selectors.table_get(table_id=table_id)
        entry, _ = parse_hand_entry(request.data)
        written = services.table_hand_record(
            table=table,
            actor=actor_of(request),
            entry=entry,
            idempotency_key=idempotency_key(request),
            expected_version=expected_version(request),
            reason=_reason(request),
        )
        return hand_written(written, recorded=True)


class TableHandView(APIView):
    authentication_classes = AUTHENTICATION

    @extend_schema(
        operation_id="tables_hands_amend",
        summary="Amend one of the table's hands, saying why",
        request=HAND_AMEND,
        parameters=[IF_MATCH],
        responses={200: HandWrittenSerializer, **problems(400, 401, 403, 404, 409, 412, 422)},
    )
    def patch(self, request: Request, table_id: int, number: int) -> Response:
        table = selectors.table_get(table_id=table_id)
        entry, reason = parse_hand_entry(request.data, amend=True)
        written = services.table_hand_amend(
            table=table,
            actor=actor_of(request),
            number=number,
            entry=entry,
            reason=reason,
            expected_version=expected_version(request),
        )
        return hand_written(written)

    @extend_schema(
        operation_id="tables_hands_undo",
        summary="Undo the table's last hand",
        request=s.ReasonSerializer,
        parameters=[IF_MATCH],
        responses={
            200: OpenApiResponse(description="The game's score and status now."),
            **problems(400, 401, 403, 404, 409, 412),
        },
    )
    def delete(self, request: Request, table_id: int, number: int) -> Response:
        table = selectors.table_get(table_id=table_id)
        game, standing = services.table_hand_undo(
            table=table,
            actor=actor_of(request),
            number=number,
            reason=_reason(request),
            expected_version=expected_version(request),
        )
        return game_now(game, standing)


class TableResultView(APIView):
    authentication_classes = AUTHENTICATION

    @extend_schema(
        operation_id="tables_result_retrieve",
        summary="The table's result",
        responses={200: s.ResultSerializer, **problems(404)},
    )
    def get(self, request: Request, table_id: int) -> Response:
        table, _ = _readable_table(request, table_id)
        result = getattr(table, "result", None)
        if result is None:
            raise NotFound("This table has no result yet.", code="no-result", field="result")
        return Response(s.ResultSerializer(result).data)

    @extend_schema(
        operation_id="tables_result_enter",
        summary="Enter the table's result (its scoring device); the opponents then confirm it",
        request=s.ResultEnterSerializer,
        responses={201: s.ResultSerializer, **problems(400, 401, 403, 404, 409, 422)},
    )
    def post(self, request: Request, table_id: int) -> Response:
        table = selectors.table_get(table_id=table_id)
        data = read_body(s.ResultEnterSerializer, request.data)
        result = services.result_enter(table=table, actor=actor_of(request), **data)
        return Response(s.ResultSerializer(result).data, status=status.HTTP_201_CREATED)

    @extend_schema(
        operation_id="tables_result_correct",
        summary="A director corrects the result, saying why (kept in the change log)",
        request=s.ResultCorrectSerializer,
        responses={200: s.ResultSerializer, **problems(400, 401, 403, 404, 409, 422)},
    )
    def patch(self, request: Request, table_id: int) -> Response:
        table = selectors.table_get(table_id=table_id)
        data = read_body(s.ResultCorrectSerializer, request.data)
        result = services.result_correct(table=table, actor=actor_of(request), **data)
        return Response(s.ResultSerializer(result).data)


class ResultConfirmView(APIView):
    authentication_classes = AUTHENTICATION

    @extend_schema(
        operation_id="tables_result_confirm",
        summary="The opponents confirm the result (the table's device or their own)",
        request=s.ResultConfirmSerializer,
        responses={200: s.ResultSerializer, **problems(400, 401, 403, 404, 409, 422)},
    )
    def post(self, request: Request, table_id: int) -> Response:
        table = selectors.table_get(table_id=table_id)
        data = read_body(s.ResultConfirmSerializer, request.data)
        result = services.result_confirm(table=table, actor=actor_of(request), **data)
        return Response(s.ResultSerializer(result).data)


class ResultDisputeView(APIView):
    authentication_classes = AUTHENTICATION

    @extend_schema(
        operation_id="tables_result_dispute",
        summary="A player at the table disputes the entered result; the table enters it again",
        request=s.ResultDisputeSerializer,
        responses={200: s.ResultSerializer, **problems(400, 401, 403, 404, 409, 422)},
    )
    def post(self, request: Request, table_id: int) -> Response:
        table = selectors.table_get(table_id=table_id)
        data = read_body(s.ResultDisputeSerializer, request.data)
        result = services.result_dispute(table=table, actor=actor_of(request), **data)
        return Response(s.ResultSerializer(result).data)


class TableEgnView(APIView):
    authentication_classes = AUTHENTICATION

    @extend_schema(
        operation_id="tables_game_egn",
        summary="The table's game in Euchre Game Notation (hands entered with their cards)",
        responses={(200, "application/json"): OpenApiTypes.OBJECT, **problems(404, 409)},
    )
    def get(self, request: Request, table_id: int) -> HttpResponse:
        table, _ = _readable_table(request, table_id)
        event = table.round.event
        title = f"{event.name}, round {table.round.number}, table {table.number}"
        exported = exports.game_egn(table, title=title, date=event.date.isoformat())
        if exported.data is None:
            raise Conflict(
                f"This game cannot be written in EGN: {exported.left_out}.",
                code="no-egn",
                field="id",
            )
        body = json.dumps(exported.data, ensure_ascii=False, indent=1)
        return download(body, "application/json", f"table-{table.pk}.egn")
