"""The HTTP pieces both APIs share (the games API here, the events API in `events.api`).

Headers become plain values here, before a service is called: an `Idempotency-Key` a string,
`If-Match` the version the client expects, a bearer token its text. Services never see HTTP.
The answer to a written hand, the problem responses in the schema and downloads live here too.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Final, TypeVar

from django.http import HttpResponse, HttpResponseBase
from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, PolymorphicProxySerializer
from rest_framework import exceptions, serializers, status
from rest_framework.request import Request
from rest_framework.response import Response

from scorekeeper.api import serializers as s
from scorekeeper.api.bodies import NO_SUCH_FIELD, refuse_unknown_fields
from scorekeeper.api.problems import PROBLEM_JSON
from scorekeeper.errors import Malformed
from scorekeeper.languages import first_spoken
from scorekeeper.selectors import Standing
from scorekeeper.services import HandResult

if TYPE_CHECKING:
    from scorekeeper.models import Game

# The schema ---------------------------------------------------------------------------------


def problems(*codes: int) -> dict[Any, Any]:
    """The problem responses an operation declares, for `extend_schema(responses=...)`."""
    return {(code, PROBLEM_JSON): OpenApiResponse(s.ProblemSerializer) for code in codes}


IF_MATCH: Final = OpenApiParameter(
    "If-Match",
    {"type": "string", "pattern": r"\S"},
    OpenApiParameter.HEADER,
    description='The game version you last read, as its ETag (`"7"`): a stale one gets 412. '
    "Not empty: leave it out to write whatever the version.",
)
IDEMPOTENCY_KEY: Final = OpenApiParameter(
    "Idempotency-Key",
    {"type": "string", "pattern": r"^[\x20-\x7e]{1,255}$"},
    OpenApiParameter.HEADER,
    description="A client-made unique key (a UUID): a retry with it never records twice. "
    "1 to 255 printable characters.",
)


def _one_of(
    component_name: str, shapes: list[type[serializers.Serializer[Any]]]
) -> PolymorphicProxySerializer:
    """A request body in one of several shapes, told apart by their fields (no type field)."""
    return PolymorphicProxySerializer(
        component_name=component_name, serializers=shapes, resource_type_field_name=None
    )


HAND_ENTRY: Final = _one_of("HandEntry", [shape.serializer for shape in s.HAND_SHAPES.values()])
HAND_AMEND: Final = _one_of(
    "HandAmend", [shape.amend_serializer for shape in s.HAND_SHAPES.values()]
)

# Reading a request --------------------------------------------------------------------------


def read_body(serializer_class: type[serializers.Serializer[Any]], data: Any) -> dict[str, Any]:
    """A JSON object body, checked by the serializer (a 400 naming the field otherwise)."""
    if not isinstance(data, dict):
        raise serializers.ValidationError({"body": [_("Must be a JSON object.")]})
    serializer = serializer_class(data=data)
    serializer.is_valid(raise_exception=True)
    return dict(serializer.validated_data)


def read_no_body(request: Request) -> None:
    """The body of a write that takes none: left out, or `{}`. A field sent is a 400 naming
    it, as in every body (`api.bodies`), not a word dropped unread."""
    data = request.data
    if isinstance(data, Mapping):
        refuse_unknown_fields(data, (), message=NO_SUCH_FIELD)
    elif data:
        raise serializers.ValidationError({"body": [_("This request takes no body.")]})


def read_query(
    serializer_class: type[serializers.Serializer[Any]], request: Request
) -> dict[str, Any]:
    """The query string, checked by the serializer."""
    serializer = serializer_class(data=request.query_params.dict())
    serializer.is_valid(raise_exception=True)
    return dict(serializer.validated_data)


def idempotency_key(request: Request) -> str | None:
    key = request.headers.get("Idempotency-Key")
    if key is not None and not (0 < len(key) <= 255 and all(" " <= c <= "~" for c in key)):
        raise Malformed(
            _("An Idempotency-Key has 1 to 255 printable ASCII characters."),
            code="bad-idempotency-key",
            field="Idempotency-Key",
        )
    return key


def etag_of(game: Game) -> str:
    """A game's tag: its version (which `If-Match` names), and how many times the names it
    shows were rewritten since it began, if ever (`"7.1"`: an erased name is never kept by a
    phone told its copy is current)."""
    if game.renamed:
        return f'"{game.version}.{game.renamed}"'
    return f'"{game.version}"'


#: What an `If-Match` that names no version of ours expects: no game is ever at it.
NO_VERSION: Final = -1
_VERSION_TAG = re.compile(r'"(0|[1-9][0-9]*)(?:\.[1-9][0-9]*)?"')


def expected_version(request: Request) -> int | None:
    """The game version `If-Match` expects; None when any will do (no header, or `*`).

    A strong tag names a version; a list of them expects its newest, since a version only
    grows. A weak tag (`W/"7"`) never satisfies If-Match (RFC 9110 compares strongly), and a
    tag that names no version expects none: the write is then stale.
    """
    header = request.headers.get("If-Match")
    if header is None:
        return None
    if not header.strip():
        raise Malformed(
            _('Send If-Match with the version you read, as "7", or leave it out.'),
            code="empty-if-match",
            field="If-Match",
        )
    tags = [tag.strip() for tag in header.split(",") if tag.strip()]
    if "*" in tags:
        return None
    versions = [int(found[1]) for tag in tags if (found := _VERSION_TAG.fullmatch(tag))]
    return max(versions, default=NO_VERSION)


def _opaque(tag: str) -> str:
    return tag.strip().removeprefix("W/")


def unchanged(request: Request, etag: str) -> bool:
    """`If-None-Match` names this very entity (weak comparison, RFC 9110): answer 304."""
    header = request.headers.get("If-None-Match")
    if not header:
        return False
    tags = {_opaque(tag) for tag in header.split(",") if tag.strip()}
    return "*" in tags or _opaque(etag) in tags


_R = TypeVar("_R", bound=HttpResponseBase)

#: What a conditional read varies with, besides its URL.
VARY: Final = "Accept-Language, Authorization, Cookie"


def validated(response: _R, etag: str) -> _R:
    """A read the client may keep and must revalidate (with If-None-Match) every time."""
    response["ETag"] = etag
    response["Cache-Control"] = "private, no-cache"
    response["Vary"] = VARY
    return response


def not_modified(etag: str) -> Response:
    return validated(Response(status=status.HTTP_304_NOT_MODIFIED), etag)


def language_of(request: Request) -> str:
    """The language asked for (`Accept-Language`): `ko` or `en`."""
    return first_spoken(request.headers.get("Accept-Language", ""), ("en", "ko")) or "en"


def bearer_token(
    request: Request, *, longest: int | None = None, name: str = "token"
) -> str | None:
    """The token of `Authorization: Bearer <token>`; None for another scheme or none at all."""
    scheme, _space, token = str(request.META.get("HTTP_AUTHORIZATION", "")).strip().partition(" ")
    if scheme.lower() != "bearer":
        return None
    token = token.strip()
    if not token or " " in token or (longest is not None and len(token) > longest):
        raise exceptions.AuthenticationFailed(
            _("Send `Authorization: Bearer <%(token)s>`.") % {"token": name}
        )
    return token


def bearer_scheme(description: str) -> dict[str, str]:
    """A bearer token's security scheme in the schema."""
    return {"type": "http", "scheme": "bearer", "description": description}


# Answers ------------------------------------------------------------------------------------


def game_summary(game: Game, standing: Standing) -> dict[str, Any]:
    """Where a game stands after a write: its score, next dealer, status, winner, version."""
    return {
        "score": standing.score,
        "dealer": standing.dealer,
        "status": game.status,
        "winner": game.winner,
        "version": game.version,
    }


def hand_written(result: HandResult, *, recorded: bool = False) -> Response:
    """A hand just written, with where its game stands now and the game's new ETag: 201 for a
    new hand (200 when a retry replays one), 200 for an amended one."""
    created = recorded and not result.replayed
    body = {
        **s.hand_json(result.hand),
        "game": game_summary(result.game, result.standing),
    }
    return Response(
        body,
        status=status.HTTP_201_CREATED if created else status.HTTP_200_OK,
        headers={"ETag": etag_of(result.game)},
    )


def game_now(game: Game, standing: Standing) -> Response:
    """A game's summary with its ETag, after a write that leaves no hand to show (an undo)."""
    return Response(game_summary(game, standing), headers={"ETag": etag_of(game)})


def download(body: str, content_type: str, filename: str) -> HttpResponse:
    response = HttpResponse(body, content_type=content_type)
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response
