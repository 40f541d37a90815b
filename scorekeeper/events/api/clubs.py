"""Clubs, their members, directors, seasons and leaderboards; a player's record."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework import status
from rest_framework.request import Request
from rest_framework.response import Response

from scorekeeper.api.http import (
    problems,
    read_body,
    read_query,
)
from scorekeeper.events import access, selectors, services
from scorekeeper.events import serializers as s
from scorekeeper.events.api.base import EventsView


class ClubListView(EventsView):
    @extend_schema(
        operation_id="clubs_list", summary="Clubs", responses={200: s.ClubSerializer(many=True)}
    )
    def get(self, request: Request) -> Response:
        return Response(s.ClubSerializer(selectors.clubs(), many=True).data)

    @extend_schema(
        operation_id="clubs_create",
        summary="Start a club; you become its director",
        request=s.ClubCreateSerializer,
        responses={201: s.ClubSerializer, **problems(400, 401, 409)},
    )
    def post(self, request: Request) -> Response:
        data = read_body(s.ClubCreateSerializer, request.data)
        club = services.club_create(actor=self.actor, **data)
        return Response(s.ClubSerializer(club).data, status=status.HTTP_201_CREATED)


class ClubDetailView(EventsView):
    @extend_schema(
        operation_id="clubs_retrieve",
        summary="A club",
        responses={200: s.ClubSerializer, **problems(404)},
    )
    def get(self, request: Request, club_id: int) -> Response:
        return Response(s.ClubSerializer(selectors.club_get(club_id=club_id)).data)


class MemberListView(EventsView):
    directors_read = True

    @extend_schema(
        operation_id="club_members_list",
        summary="A club's members and guests (its directors only)",
        responses={200: s.MemberSerializer(many=True), **problems(401, 403, 404)},
    )
    def get(self, request: Request, club_id: int) -> Response:
        members = selectors.members_of(club=self.club)
        return Response(s.MemberSerializer(members, many=True).data)

    @extend_schema(
        operation_id="club_members_add",
        summary="Add a member or a guest, by name or player id",
        request=s.MemberAddSerializer,
        responses={201: s.MemberSerializer, **problems(400, 401, 403, 404)},
    )
    def post(self, request: Request, club_id: int) -> Response:
        club = self.club
        data = read_body(s.MemberAddSerializer, request.data)
        membership = services.member_add(
            club=club,
            actor=self.actor,
            name=data.get("name"),
            player_id=data.get("player"),
            kind=data["kind"],
        )
        return Response(s.MemberSerializer(membership).data, status=status.HTTP_201_CREATED)


class DirectorAddView(EventsView):
    @extend_schema(
        operation_id="club_directors_add",
        summary="Make a user a director of the club",
        request=s.DirectorAddSerializer,
        responses={201: s.DirectorSerializer, **problems(400, 401, 403, 404)},
    )
    def post(self, request: Request, club_id: int) -> Response:
        data = read_body(s.DirectorAddSerializer, request.data)
        director = services.director_add(club=self.club, actor=self.actor, **data)
        return Response(s.DirectorSerializer(director).data, status=status.HTTP_201_CREATED)


class SeasonListView(EventsView):
    @extend_schema(
        operation_id="club_seasons_list",
        summary="A club's seasons",
        responses={200: s.SeasonSerializer(many=True), **problems(404)},
    )
    def get(self, request: Request, club_id: int) -> Response:
        return Response(s.SeasonSerializer(selectors.seasons_of(club=self.club), many=True).data)

    @extend_schema(
        operation_id="club_seasons_create",
        summary="Add a season",
        request=s.SeasonCreateSerializer,
        responses={201: s.SeasonSerializer, **problems(400, 401, 403, 404, 409)},
    )
    def post(self, request: Request, club_id: int) -> Response:
        club = self.club
        data = read_body(s.SeasonCreateSerializer, request.data)
        season = services.season_create(club=club, actor=self.actor, **data)
        return Response(s.SeasonSerializer(season).data, status=status.HTTP_201_CREATED)


class LeaderboardView(EventsView):
    @extend_schema(
        operation_id="club_leaderboard",
        summary="The club's leaderboard over its published events (a season's, or all)",
        parameters=[s.LeaderboardQuerySerializer],
        responses={200: s.LeaderRowSerializer(many=True), **problems(400, 404)},
    )
    def get(self, request: Request, club_id: int) -> Response:
        club = self.club
        query = read_query(s.LeaderboardQuerySerializer, request)
        season = None
        if "season" in query:
            season = selectors.season_get(season_id=query["season"], club=club)
        rows = selectors.leaderboard(
            club=club, season=season, order=query["order"], limit=query["limit"]
        )
        return Response(s.LeaderRowSerializer(rows, many=True).data)


class ClubEventListView(EventsView):
    @extend_schema(
        operation_id="club_events_list",
        summary="A club's events (published ones; all of them for its directors)",
        responses={200: s.EventSerializer(many=True), **problems(404)},
    )
    def get(self, request: Request, club_id: int) -> Response:
        drafts = access.sees_drafts(self.actor, self.club)
        events = selectors.events_of(club=self.club, published_only=not drafts)
        return Response(s.EventSerializer(events, many=True).data)

    @extend_schema(
        operation_id="events_create",
        summary="Create an event: its format, ruleset, rounds and sit-out credit",
        request=s.EventCreateSerializer,
        responses={201: s.EventSerializer, **problems(400, 401, 403, 404)},
    )
    def post(self, request: Request, club_id: int) -> Response:
        club = self.club
        data = read_body(s.EventCreateSerializer, request.data)
        season_id = data.pop("season")
        season = None if season_id is None else selectors.season_get(season_id=season_id, club=club)
        event = services.event_create(club=club, actor=self.actor, season=season, **data)
        return Response(s.EventSerializer(event).data, status=status.HTTP_201_CREATED)


class PlayerRecordView(EventsView):
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
            season = selectors.season_get(season_id=query["season"])
        record = selectors.player_record(
            player=player, season=season, limit=query["limit"], offset=query["offset"]
        )
        return Response(s.PlayerRecordSerializer(record).data)
