"""The one base view of the events API: authentication, look-up and permission, once.

Like DRF's policy attributes and Sentry's base endpoints, an `EventsView` turns the URL's ids
into objects before the handler runs, after authentication: `club_id` into `self.club`,
`event_id` into `self.event`, `table_id` into `self.table`. A read (GET) asks `access`
whether the actor may see the event or table, and one it may not see is not found; a write
only looks it up, and the service it calls decides who may change it (401 or 403), so the
API, the screens and scripts behave alike. Handlers parse, call one service or selector and
render; `self.actor` is who asks.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from rest_framework.permissions import SAFE_METHODS
from rest_framework.request import Request
from rest_framework.views import APIView

from scorekeeper.events import access, selectors
from scorekeeper.events.api.auth import AUTHENTICATION, actor_of

if TYPE_CHECKING:
    from scorekeeper.events.models import Event, Table
    from scorekeeper.models import Club


class EventsView(APIView):
    authentication_classes = AUTHENTICATION
    #: Reading needs a director of the club too (a club's members, say), not only a lookup.
    directors_read: ClassVar[bool] = False

    actor: access.Actor
    club: Club
    event: Event
    table: Table

    def initial(self, request: Request, *args: Any, **kwargs: Any) -> None:
        super().initial(request, *args, **kwargs)
        self.actor = actor_of(request)
        reading = request.method in SAFE_METHODS
        if "club_id" in kwargs:
            self.club = selectors.club_get(club_id=kwargs["club_id"])
            if reading and self.directors_read:
                access.require_director(self.actor, self.club)
        # A write looks up as nobody in particular: the service checks the actor.
        reader = self.actor if reading else None
        if "event_id" in kwargs:
            self.event = access.event_for(actor=reader, event_id=kwargs["event_id"])
        if "table_id" in kwargs:
            self.table = access.table_for(actor=reader, table_id=kwargs["table_id"])
