"""Who is asking: a table's device (`Authorization: Bearer <device token>`) or a signed-in
director (Django's session, with its CSRF check on writes)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from drf_spectacular.authentication import SessionScheme
from drf_spectacular.extensions import OpenApiAuthenticationExtension
from rest_framework import exceptions
from rest_framework.authentication import BaseAuthentication, SessionAuthentication
from rest_framework.request import Request

from scorekeeper.api.http import bearer_scheme, bearer_token
from scorekeeper.events.access import Actor
from scorekeeper.events.services import (
    awaiting_restore,
    device_for_token,
    device_known_again,
    shaped_as_issued,
)

if TYPE_CHECKING:
    from scorekeeper.events.models import TableToken

#: Longer than any device token we give out.
LONGEST_TOKEN = 200
#: Why a device token stopped working (each of `TableToken.Ended`), in the words a phone shows.
ENDED = {
    "left": gettext_lazy("This phone left the table: join again with the table's code."),
    "handed-over": gettext_lazy("The director handed this table to another phone."),
    # (Ended by the night's close, the night open again since: its token stays ended.)
    "closed": gettext_lazy(
        "The director closed the night after this phone joined, and opened it again: join again "
        "with the table's code."
    ),
    "undone": gettext_lazy(
        "The director undid the round this phone confirmed for: join again with the table's code."
    ),
    "freed": gettext_lazy(
        "The director ended this table's confirming phones: join again with the table's code."
    ),
}
NIGHT_CLOSED = gettext_lazy(
    "The director has closed the night: this phone can no longer send anything."
)


class AwaitingRestore(exceptions.APIException):
    """A phone's token met a database that holds no event while backups wait to be restored
    (`services.awaiting_restore`): the phone waits and asks again, keeping its night."""

    status_code = 503
    default_code = "awaiting-restore"
    default_detail = gettext_lazy(
        "The server is waiting for the director to restore a backup: this phone keeps what it"
        " holds and sends it again then."
    )
    wait = 10


class TableTokenAuthentication(BaseAuthentication):
    """A device token got from a table's join code; it opens that table of that round only."""

    def authenticate(self, request: Request) -> tuple[Any, TableToken] | None:
        token = bearer_token(request, longest=LONGEST_TOKEN, name="device token")
        if token is None:
            return None
        device = device_for_token(token) or device_known_again(token)
        if device is None:
            if shaped_as_issued(token) and awaiting_restore():
                raise AwaitingRestore()
            raise exceptions.AuthenticationFailed(
                _("This server does not know this phone's table: join again with the table's code.")
            )
        closed = device.event_table.event.closed_at is not None
        if closed or device.revoked_at is not None:
            # A hand this phone sent before is still answered as it was (`TableHandsView`).
            request.ended_device = device  # type: ignore[attr-defined]
        if closed:
            raise exceptions.AuthenticationFailed(str(NIGHT_CLOSED), code="night-closed")
        if device.revoked_at is not None:
            why = device.ended or "handed-over"
            raise exceptions.AuthenticationFailed(str(ENDED[why]), code=f"device-{why}")
        return None, device

    def authenticate_header(self, request: Request) -> str:
        return 'Bearer realm="table"'


class DirectorSession(SessionAuthentication):
    """A director's session; a write without its CSRF token is refused naming the header the
    token goes in (DRF's own refusal names no field, so it read as the Authorization's)."""

    def enforce_csrf(self, request: Request) -> None:
        try:
            super().enforce_csrf(request)
        except exceptions.PermissionDenied as refused:
            error = exceptions.PermissionDenied(str(refused.detail), code="csrf")
            error.field = "X-CSRFToken"  # type: ignore[attr-defined]
            raise error from None


AUTHENTICATION = [TableTokenAuthentication, DirectorSession]


def actor_of(request: Request) -> Actor:
    # Only a device's token sets `request.auth` here; a director's session leaves it None.
    if request.auth is not None:
        return Actor(device=cast("TableToken", request.auth))
    return Actor(user=request.user)


# drf-spectacular registers an extension in its untyped __init_subclass__.
class TableTokenScheme(OpenApiAuthenticationExtension):  # type: ignore[no-untyped-call]
    target_class = TableTokenAuthentication
    name = "TableToken"

    def get_security_definition(self, auto_schema: Any) -> dict[str, str]:
        return bearer_scheme(
            "A table's device token, got by POSTing its join code to /api/v1/tables/join/."
        )


class DirectorSessionScheme(SessionScheme):  # type: ignore[no-untyped-call]
    """A director's session, as drf-spectacular says any session: its cookie."""

    target_class = "scorekeeper.events.api.auth.DirectorSession"
