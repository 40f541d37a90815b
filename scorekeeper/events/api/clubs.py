"""Clubs, their rosters, directors, seasons and leaderboards; a player's record, and the
directors' renames, merges and splits of player records."""

from __future__ import annotations

import hashlib
from typing import TYPE_CHECKING

from django.http import HttpResponse
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema
from rest_framework import status
from rest_framework.request import Request
from rest_framework.response import Response

from scorekeeper.api.http import (
    download,
    problems,
    read_body,
    read_no_body,
    read_query,
)
from scorekeeper.events import access, selectors, services
from scorekeeper.events import serializers as s
from scorekeeper.events.api.base import EventsView
from scorekeeper.events.api.season_shapes import SeasonUpdateSerializer
from scorekeeper.events.api.shapes import matched_json, player_ref
from scorekeeper.events.exports import records
from scorekeeper.events.selectors.season_board import club_board
from scorekeeper.kept import kept

if TYPE_CHECKING:
    from scorekeeper.models import Player


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

    @extend_schema(
        operation_id="clubs_update",
        summary="The club's language and time zone (its directors)",
        request=s.ClubUpdateSerializer,
        responses={200: s.ClubSerializer, **problems(400, 401, 403, 404)},
    )
    def patch(self, request: Request, club_id: int) -> Response:
        data = read_body(s.ClubUpdateSerializer, request.data)
        club = services.club_update(club=self.club, actor=self.actor, **data)
        return Response(s.ClubSerializer(club).data)


class RosterView(EventsView):
    directors_read = True

    @extend_schema(
        operation_id="club_players_list",
        summary="The club's roster: its members and guests (its directors only), or those of "
        "one name (matched as the roster matches names)",
        parameters=[s.RosterQuerySerializer],
        responses={200: s.RosterPlayerSerializer(many=True), **problems(400, 401, 403, 404)},
    )
    def get(self, request: Request, club_id: int) -> Response:
        query = read_query(s.RosterQuerySerializer, request)
        players = selectors.roster_of(club=self.club, name=query.get("name"))
        return Response(s.RosterPlayerSerializer(players, many=True).data)

    @extend_schema(
        operation_id="club_players_add",
        summary="Put a player on the roster (or find them there) as a member or a guest: by "
        "name, the answer says whether it took the player of that name or added someone new",
        request=s.PlayerAddSerializer,
        responses={
            201: s.MatchedSerializer,
            200: s.MatchedSerializer,
            **problems(400, 401, 403, 404, 409),
        },
    )
    def post(self, request: Request, club_id: int) -> Response:
        data = read_body(s.PlayerAddSerializer, request.data)
        found = services.roster_add(
            club=self.club, actor=self.actor, ref=player_ref(data, ""), kind=data.get("kind")
        )
        answer = status.HTTP_201_CREATED if found.matched == "new" else status.HTTP_200_OK
        return Response(s.MatchedSerializer(matched_json(found)).data, status=answer)


class RosterLogView(EventsView):
    directors_read = True

    @extend_schema(
        operation_id="club_players_log",
        summary="The roster's change log: every rename, merge and split (its directors only)",
        responses={200: s.RosterChangeSerializer(many=True), **problems(401, 403, 404)},
    )
    def get(self, request: Request, club_id: int) -> Response:
        return Response(
            s.RosterChangeSerializer(selectors.roster_log(club=self.club), many=True).data
        )


class DirectorInviteView(EventsView):
    @extend_schema(
        operation_id="club_directors_invite",
        summary="Invite a user, by their user name, to direct the club: the invitation waits "
        "for them to accept it (the answer is the same whether or not the name is a user's)",
        request=s.DirectorAddSerializer,
        responses={202: s.DirectorInvitedSerializer, **problems(400, 401, 403, 404)},
    )
    def post(self, request: Request, club_id: int) -> Response:
        data = read_body(s.DirectorAddSerializer, request.data)
        services.invite_named(club=self.club, actor=self.actor, **data)
        body = {"club": self.club.pk, "username": data["username"], "invited": True}
        return Response(s.DirectorInvitedSerializer(body).data, status=status.HTTP_202_ACCEPTED)


class InviteListView(EventsView):
    @extend_schema(
        operation_id="invites_list",
        summary="The invitations to direct a club waiting for the signed-in user",
        responses={200: s.InviteSerializer(many=True), **problems(401)},
    )
    def get(self, request: Request) -> Response:
        waiting = services.invites_waiting(actor=self.actor)
        return Response(s.InviteSerializer(waiting, many=True).data)


class InviteAcceptView(EventsView):
    @extend_schema(
        operation_id="invites_accept",
        summary="Accept an invitation made for the signed-in user: they direct the club",
        request=None,
        responses={200: s.DirectorSerializer, **problems(400, 401, 404)},
    )
    def post(self, request: Request, invite_id: int) -> Response:
        read_no_body(request)
        director = services.invite_answer(invite_id=invite_id, actor=self.actor, accept=True)
        return Response(s.DirectorSerializer(director).data)


class InviteDeclineView(EventsView):
    @extend_schema(
        operation_id="invites_decline",
        summary="Decline an invitation made for the signed-in user",
        request=None,
        responses={204: None, **problems(400, 401, 404)},
    )
    def post(self, request: Request, invite_id: int) -> Response:
        read_no_body(request)
        services.invite_answer(invite_id=invite_id, actor=self.actor, accept=False)
        return Response(status=status.HTTP_204_NO_CONTENT)


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


class SeasonDetailView(EventsView):
    @extend_schema(
        operation_id="club_seasons_update",
        summary="Rename a season or change its ladder (how its leaderboard ranks)",
        request=SeasonUpdateSerializer,
        responses={200: s.SeasonSerializer, **problems(400, 401, 403, 404, 409)},
    )
    def patch(self, request: Request, club_id: int, season_id: int) -> Response:
        season = selectors.season_get(season_id=season_id, club=self.club)
        data = read_body(SeasonUpdateSerializer, request.data)
        season = services.season_update(season=season, actor=self.actor, **data)
        return Response(s.SeasonSerializer(season).data)


#: How long a season's computed leaderboard is kept (it is keyed by the season's state, so a
#: change is never served stale; this only frees the cache of states gone by).
SEASON_BOARD_KEPT_SECONDS = 600


def _board(view: EventsView, request: Request) -> list[dict[str, object]]:
    """The leaderboard the query asks for: a season's (by its ladder) or all of them. A
    season's ranks every night of it: computed once for each state of its events and its
    ladder however many read it, kept in the database's cache as the standings are."""
    query = read_query(s.LeaderboardQuerySerializer, request)
    order, limit = query.get("order"), query["limit"]
    if "season" not in query:
        return club_board(club=view.club, order=order, limit=limit)
    season = selectors.season_get(season_id=query["season"], club=view.club)
    ladder = (season.ladder, season.placement_points, season.min_nights, season.best_nights)
    state = selectors.season_state(season=season)
    key = (
        "season-board:"
        + hashlib.sha256(repr((season.pk, ladder, state, order, limit)).encode()).hexdigest()
    )
    return kept(
        key,
        SEASON_BOARD_KEPT_SECONDS,
        lambda: club_board(club=view.club, season=season, order=order, limit=limit),
        # (an erasure moves the state: a board made before it is not kept after it)
        still=lambda: selectors.season_state(season=season) == state,
    )


class LeaderboardView(EventsView):
    @extend_schema(
        operation_id="club_leaderboard",
        summary="The club's leaderboard over its published events: a season's, ranked by its "
        "ladder (with nights played, counted and who qualifies), or all of them",
        parameters=[s.LeaderboardQuerySerializer],
        responses={200: s.LeaderRowSerializer(many=True), **problems(400, 404)},
    )
    def get(self, request: Request, club_id: int) -> Response:
        return Response(s.LeaderRowSerializer(_board(self, request), many=True).data)


class LeaderboardCsvView(EventsView):
    @extend_schema(
        operation_id="club_leaderboard_csv",
        summary="The club's leaderboard as CSV (the same query as the leaderboard)",
        parameters=[s.LeaderboardQuerySerializer],
        responses={(200, "text/csv"): OpenApiTypes.STR, **problems(400, 404)},
    )
    def get(self, request: Request, club_id: int) -> HttpResponse:
        body = records.leaderboard_csv(_board(self, request))
        return download(body, "text/csv; charset=utf-8", f"leaderboard-{self.club.pk}.csv")


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


def roster_answer(player: Player, answer: int = status.HTTP_200_OK) -> Response:
    """A player as the roster shows them, after a director changed the roster."""
    return Response(s.RosterPlayerSerializer(selectors.roster_entry(player=player)).data, answer)


class PlayerRecordView(EventsView):
    @extend_schema(
        operation_id="players_retrieve",
        summary="A player's statistics and history over published events: found once they "
        "entered a published event, or by a director of their club",
        parameters=[s.PlayerQuerySerializer],
        responses={200: s.PlayerRecordSerializer, **problems(400, 404)},
    )
    def get(self, request: Request, player_id: int) -> Response:
        player = access.player_for(actor=self.actor, player_id=player_id)
        query = read_query(s.PlayerQuerySerializer, request)
        season = None
        if "season" in query:
            season = selectors.season_get(season_id=query["season"])
        record = selectors.player_record(
            player=player, season=season, limit=query["limit"], offset=query["offset"]
        )
        return Response(s.PlayerRecordSerializer(record).data)

    @extend_schema(
        operation_id="players_update",
        summary="Rename a player or change their label (logged), or make them a member or a "
        "guest (a director of their club)",
        request=s.PlayerUpdateSerializer,
        responses={200: s.RosterPlayerSerializer, **problems(400, 401, 404, 409)},
    )
    def patch(self, request: Request, player_id: int) -> Response:
        player = access.player_for(actor=self.actor, player_id=player_id, to_run=True)
        data = read_body(s.PlayerUpdateSerializer, request.data)
        return roster_answer(services.player_update(player=player, actor=self.actor, **data))


class PlayerMergeView(EventsView):
    @extend_schema(
        operation_id="players_merge",
        summary="One person with two records: the other record's games, entries and results "
        "move to this one, and it is deleted (logged; no number changes)",
        request=s.PlayerMergeSerializer,
        responses={200: s.RosterPlayerSerializer, **problems(400, 401, 404, 409)},
    )
    def post(self, request: Request, player_id: int) -> Response:
        player = access.player_for(actor=self.actor, player_id=player_id, to_run=True)
        data = read_body(s.PlayerMergeSerializer, request.data)
        absorb = access.player_for(
            actor=self.actor, player_id=data["absorb"], to_run=True, field="absorb"
        )
        return roster_answer(
            services.player_merge(
                player=player, actor=self.actor, absorb=absorb, reason=data["reason"]
            )
        )


class PlayerSplitView(EventsView):
    @extend_schema(
        operation_id="players_split",
        summary="One record that is two people: a new record with a label takes the games, "
        "entries and results of the chosen events (logged; no number changes)",
        request=s.PlayerSplitSerializer,
        responses={201: s.RosterPlayerSerializer, **problems(400, 401, 404, 409)},
    )
    def post(self, request: Request, player_id: int) -> Response:
        player = access.player_for(actor=self.actor, player_id=player_id, to_run=True)
        data = read_body(s.PlayerSplitSerializer, request.data)
        split_off = services.player_split(player=player, actor=self.actor, **data)
        return roster_answer(split_off, status.HTTP_201_CREATED)
