"""The REST API: parse, call one service or selector, render."""

from __future__ import annotations

import uuid
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from django.db import connection
from django.utils.translation import gettext as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

import referee
from scorekeeper import selectors, services
from scorekeeper.api import serializers as s
from scorekeeper.api.auth import GameTokenAuthentication, game_token
from scorekeeper.api.entry_format import queued_format
from scorekeeper.api.http import (
    HAND_AMEND,
    HAND_ENTRY,
    IDEMPOTENCY_KEY,
    IF_MATCH,
    etag_of,
    expected_version,
    game_now,
    hand_written,
    idempotency_key,
    language_of,
    not_modified,
    problems,
    read_no_body,
    unchanged,
    validated,
)
from scorekeeper.api.limits import GameStarts
from scorekeeper.api.problems import PROBLEM_JSON, problem, status_text
from scorekeeper.outage import RETRY_AFTER_SECONDS

if TYPE_CHECKING:
    from scorekeeper.models import Game

ACCEPT_LANGUAGE = OpenApiParameter(
    "Accept-Language",
    OpenApiTypes.STR,
    OpenApiParameter.HEADER,
    description="`ko` for Korean messages; English otherwise.",
)


def _game_json(state: selectors.GameState) -> dict[str, Any]:
    game = state.game
    return {
        "id": game.id,
        # As the referee writes it today: with the table's shape (`hand_size`, `teams`,
        # `seats`) also for a game kept before the ruleset carried it.
        "ruleset": state.ruleset.to_json(),
        "awards": referee.award_table(state.ruleset),
        "penalties": referee.penalty_table(state.ruleset),
        "can_throw_in": state.ruleset.can_throw_in,
        "preset": game.preset,
        "target": game.target,
        "players": state.players,
        "teams": state.teams,
        "dealer": state.dealer,
        "score": state.score,
        "status": game.status,
        "winner": game.winner,
        "version": game.version,
        "hands": state.hands,
        "created_at": game.created_at,
        "updated_at": game.updated_at,
    }


class RulesetListView(APIView):
    @extend_schema(
        operation_id="rulesets_list",
        summary="The ruleset presets and their options",
        responses={200: s.PresetSerializer(many=True)},
    )
    def get(self, request: Request) -> Response:
        presets = [
            {
                "name": name,
                "ruleset": rules.to_json(),
                "hand_size": rules.hand_size,
                "teams": rules.teams,
                "seats": rules.seat_letters,
                "awards": referee.award_table(rules),
                "penalties": referee.penalty_table(rules),
                "largest_award": referee.largest_award(rules),
                "can_throw_in": rules.can_throw_in,
            }
            for name, rules in referee.PRESETS.items()
        ]
        return Response(s.PresetSerializer(presets, many=True).data)


class GameCreateView(APIView):
    """Games started count against the client's limit; a refused start, or a replay of one
    already made, gives its count back."""

    throttle_classes = [GameStarts]
    limits: list[Any] = []

    def get_throttles(self) -> list[Any]:
        self.limits = super().get_throttles()
        return self.limits

    def not_counted(self) -> None:
        for limit in self.limits:
            if isinstance(limit, GameStarts):
                limit.give_back()

    def handle_exception(self, exc: Exception) -> Response:
        self.not_counted()
        return super().handle_exception(exc)

    @extend_schema(
        operation_id="games_create",
        summary="Start a game; the answer carries its write token, shown once",
        request=s.GameCreateSerializer,
        responses={
            201: s.GameCreatedSerializer,
            200: OpenApiResponse(
                s.GameCreatedSerializer, description="A replay (same id, token and game)."
            ),
            **problems(400, 409, 415, 429),
        },
    )
    def post(self, request: Request) -> Response:
        serializer = s.GameCreateSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        values = dict(serializer.validated_data)
        replayed = False
        if "id" in values:
            token = values.pop("token")
            game, replayed = services.game_create_idempotent(
                game_id=values.pop("id"), token=token, **values
            )
            if replayed:
                self.not_counted()
        else:
            game, token = services.game_create(**values)
        body = {**_game_json(selectors.game_state(game=game)), "token": token}
        return Response(
            s.GameCreatedSerializer(body).data,
            status=status.HTTP_200_OK if replayed else status.HTTP_201_CREATED,
            headers={"ETag": etag_of(game), "Location": f"/api/v1/games/{game.id}/"},
        )


def _read(request: Request, game_id: uuid.UUID, body: Callable[[Game], Any]) -> Response:
    """A read of a game, tagged with its version: a poll that has the version is answered 304
    after the one query that looked the game up; otherwise `body(game)` is sent."""
    game = selectors.game_get(game_id=game_id)
    etag = etag_of(game)
    if unchanged(request, etag):
        return not_modified(etag)
    return validated(Response(body(game)), etag)


class DemoGameListView(APIView):
    @extend_schema(
        operation_id="demo_games_list",
        summary="The demo games `load_demo` made, for anyone to open (no other game is listed)",
        responses={200: s.GameSerializer(many=True)},
    )
    def get(self, request: Request) -> Response:
        games = [_game_json(selectors.game_state(game=game)) for game in selectors.demo_games()]
        return Response(s.GameSerializer(games, many=True).data)


class GameDetailView(APIView):
    @extend_schema(
        operation_id="games_retrieve",
        summary="A game: seats, teams, score, next dealer, status, winner and hands",
        responses={200: s.GameSerializer, **problems(404)},
    )
    def get(self, request: Request, game_id: uuid.UUID) -> Response:
        return _read(
            request,
            game_id,
            lambda game: s.GameSerializer(_game_json(selectors.game_state(game=game))).data,
        )


class HandListView(APIView):
    authentication_classes = [GameTokenAuthentication]

    @extend_schema(
        operation_id="hands_list",
        summary="The hands of a game",
        responses={200: s.HandSerializer(many=True), **problems(404)},
    )
    def get(self, request: Request, game_id: uuid.UUID) -> Response:
        return _read(
            request,
            game_id,
            lambda game: s.HandSerializer(selectors.game_hands(game=game), many=True).data,
        )

    @extend_schema(
        operation_id="hands_create",
        summary="Record the next hand: a quick entry, a full record, or a thrown-in hand",
        request=HAND_ENTRY,
        parameters=[IDEMPOTENCY_KEY, IF_MATCH],
        responses={
            201: s.HandWrittenSerializer,
            200: OpenApiResponse(s.HandWrittenSerializer, description="A replay: the same hand."),
            **problems(400, 401, 403, 404, 409, 412, 415, 422),
        },
    )
    def post(self, request: Request, game_id: uuid.UUID) -> Response:
        token = game_token(request)
        entry, _ = s.parse_hand_entry(request.data, queued_in=queued_format(request.headers))
        result = services.hand_record(
            game_id=game_id,
            entry=entry,
            idempotency_key=idempotency_key(request),
            expected_version=expected_version(request),
            token=token,
        )
        return hand_written(result, recorded=True)


class HandDetailView(APIView):
    authentication_classes = [GameTokenAuthentication]

    @extend_schema(
        operation_id="hands_retrieve",
        summary="One hand",
        responses={200: s.HandSerializer, **problems(404)},
    )
    def get(self, request: Request, game_id: uuid.UUID, number: int) -> Response:
        game = selectors.game_get(game_id=game_id)
        hand = selectors.hand_get(game=game, number=number)
        return Response(s.HandSerializer(hand).data, headers={"ETag": etag_of(game)})

    @extend_schema(
        operation_id="hands_amend",
        summary="Amend a hand, saying why (allowed after the game ended)",
        request=HAND_AMEND,
        parameters=[IF_MATCH],
        responses={
            200: s.HandWrittenSerializer,
            **problems(400, 401, 403, 404, 409, 412, 415, 422),
        },
    )
    def patch(self, request: Request, game_id: uuid.UUID, number: int) -> Response:
        token = game_token(request)
        entry, reason = s.parse_hand_entry(
            request.data, amend=True, queued_in=queued_format(request.headers)
        )
        result = services.hand_amend(
            game_id=game_id,
            number=number,
            entry=entry,
            reason=reason,
            expected_version=expected_version(request),
            token=token,
        )
        return hand_written(result)

    @extend_schema(
        operation_id="hands_undo",
        summary="Undo the last hand (allowed after the game ended)",
        parameters=[IF_MATCH],
        responses={200: s.GameSummarySerializer, **problems(401, 403, 404, 409, 412)},
    )
    def delete(self, request: Request, game_id: uuid.UUID, number: int) -> Response:
        token = game_token(request)
        game, standing = services.hand_undo(
            game_id=game_id, number=number, expected_version=expected_version(request), token=token
        )
        return game_now(game, standing)


class GameLogView(APIView):
    @extend_schema(
        operation_id="games_log",
        summary="The change log: who changed which hand, when, why, before and after",
        responses={200: s.LogEntrySerializer(many=True), **problems(404)},
    )
    def get(self, request: Request, game_id: uuid.UUID) -> Response:
        return _read(
            request,
            game_id,
            lambda game: s.LogEntrySerializer(selectors.game_log(game=game), many=True).data,
        )


class GameTokenView(APIView):
    authentication_classes = [GameTokenAuthentication]

    @extend_schema(
        operation_id="games_token_renew",
        summary="A new write token for the game; the one sent stops opening it",
        description="How a table takes back a keep-score link it shared: send the current "
        "token, keep the new one (shown once); every other holder of the old one is locked out.",
        request=None,
        responses={200: s.GameTokenSerializer, **problems(400, 401, 403, 404)},
    )
    def post(self, request: Request, game_id: uuid.UUID) -> Response:
        read_no_body(request)
        renewed = services.game_token_renew(game_id=game_id, token=game_token(request))
        return Response(
            s.GameTokenSerializer({"token": renewed}).data, headers={"Cache-Control": "no-store"}
        )


class RefereeCheckView(APIView):
    @extend_schema(
        operation_id="referee_check",
        summary="A hand record in, the referee's verdict out (200 whether or not it is ok)",
        request=s.HandRecordSerializer,
        parameters=[ACCEPT_LANGUAGE],
        responses={200: s.VerdictSerializer, **problems(400, 415)},
    )
    def post(self, request: Request) -> Response:
        if request.stream is None:  # (no body at all, where `{}` lacks the dealer)
            raise referee.MalformedRecord("body", "no hand record in the input")
        verdict = referee.check(request.data, lang=language_of(request))
        return Response(verdict.to_json(), headers={"Content-Language": language_of(request)})


class HealthView(APIView):
    @extend_schema(
        operation_id="health",
        summary="For load balancers: the app answers and its database too",
        responses={200: s.HealthSerializer, **problems(503)},
    )
    def get(self, request: Request) -> Response:
        try:
            with connection.cursor() as cursor:
                cursor.execute("SELECT 1")
        except Exception:
            body = problem(
                503,
                title=status_text(503),
                code="database-unavailable",
                detail=_("The database does not answer."),
                field=None,
            )
            return Response(
                body,
                status=503,
                content_type=PROBLEM_JSON,
                headers={"Retry-After": str(RETRY_AFTER_SECONDS)},
            )
        return Response({"status": "ok"})
