"""Writes to a game need its token: `Authorization: Bearer <token>`."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from drf_spectacular.extensions import OpenApiAuthenticationExtension
from rest_framework import exceptions
from rest_framework.authentication import BaseAuthentication
from rest_framework.request import Request

from scorekeeper.api.http import bearer_scheme, bearer_token


class GameTokenAuthentication(BaseAuthentication):
    """Reads the bearer token; which game it opens is checked against the game itself."""

    def authenticate(self, request: Request) -> tuple[Any, str] | None:
        token = bearer_token(request)
        return None if token is None else (None, token)

    def authenticate_header(self, request: Request) -> str:
        return 'Bearer realm="game"'


def game_token(request: Request) -> str:
    """The bearer token sent, or 401; the service checks it opens the game (403 otherwise),
    in the same read that locks the game."""
    if not isinstance(request.auth, str):
        raise exceptions.NotAuthenticated(_("This game's token is needed to change it."))
    return request.auth


# drf-spectacular registers an extension in its untyped __init_subclass__.
class GameTokenScheme(OpenApiAuthenticationExtension):  # type: ignore[no-untyped-call]
    target_class = GameTokenAuthentication
    name = "GameToken"

    def get_security_definition(self, auto_schema: Any) -> dict[str, str]:
        return bearer_scheme("The token returned once when the game was created.")
