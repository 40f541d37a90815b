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

import hashlib
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, ClassVar, Final

from django.http import HttpResponse, HttpResponseBase
from django.utils import timezone, translation
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter
from rest_framework.permissions import SAFE_METHODS
from rest_framework.renderers import JSONRenderer
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from scorekeeper.api.http import language_of, not_modified, unchanged, validated
from scorekeeper.events import access, selectors
from scorekeeper.events.api.auth import AUTHENTICATION, actor_of
from scorekeeper.events.localized.club_language import club_language_use
from scorekeeper.events.localized.club_time import club_zone
from scorekeeper.kept import kept

if TYPE_CHECKING:
    from scorekeeper.events.models import Event, Table
    from scorekeeper.models import Club


#: A director's change of an event, a round or a table is asked against what they read.
IF_MATCH_LOG: Final = OpenApiParameter(
    "If-Match",
    OpenApiTypes.STR,
    OpenApiParameter.HEADER,
    description='The version you read (`"7"`): the newest entry of the change log of what '
    "you change (the table's, from the board; the event's as a whole, from the event). A "
    "change made since is a 412 listing it (`changes`); without If-Match the change is made "
    "whatever stands.",
)


class EventsView(APIView):
    authentication_classes = AUTHENTICATION
    #: Reading needs a director of the club too (a club's members, say), not only a lookup.
    directors_read: ClassVar[bool] = False
    #: Its writes read their table themselves, under the table's lock (a table's hands, the
    #: night's most frequent write): nothing is looked up before them, and the club's
    #: language is the phone's own club's (a table of another club refuses it).
    writes_read_table: ClassVar[bool] = False

    actor: access.Actor
    club: Club
    event: Event
    table: Table

    #: Set by a read of an event or a table: what its answer is tagged with (see `_etag`),
    #: and the event's counter the tag follows, with its value then.
    etag: str | None = None
    followed: tuple[str, int] = ("version", -1)
    #: The event's counter this read follows: `version` (everything), or `standings_version`
    #: for a read made only of the standings (scorekeeper.events.services.changes).
    follows: ClassVar[str] = "version"
    #: The counter it follows for a reader who does not direct the club, where that reader is
    #: shown less: the rounds without join codes and phones are made of what the standings
    #: are (seating, results, byes), so a hand or a phone joining leaves them at 304.
    follows_for_players: ClassVar[str | None] = None
    #: A read the night's watchers poll together (the standings, the rounds): its answer is
    #: rendered once a tag and kept this many seconds in the shared cache (`answer_kept`), and
    #: a read of it looks up the event's stamp only, the whole event when the answer is made.
    kept_seconds: ClassVar[int] = 0

    def initial(self, request: Request, *args: Any, **kwargs: Any) -> None:
        super().initial(request, *args, **kwargs)
        self.actor = actor_of(request)
        reading = request.method in SAFE_METHODS
        if reading and kwargs.keys() & _BY_EVENT == {"event_id"}:
            if self.kept_seconds:
                self._poll(request, kwargs["event_id"])
                return  # (the handler answers from the cache, or looks the event up to make it)
            if "If-None-Match" in request.headers:
                self._poll(request, kwargs["event_id"])
        if "club_id" in kwargs:
            self.club = selectors.club_get(club_id=kwargs["club_id"])
            if reading and self.directors_read:
                access.require_director(self.actor, self.club)
        # A write looks up as nobody in particular: the service checks the actor. Only what
        # the actor could read is found (before the club's language is used).
        reader = self.actor if reading else None
        if "event_id" in kwargs:
            self.event = access.event_for(actor=reader, event_id=kwargs["event_id"])
            access.require_seen(self.actor, self.event)
        if "table_id" in kwargs and (reading or not self.writes_read_table):
            self.table = access.table_for(actor=reader, table_id=kwargs["table_id"])
            access.require_seen(self.actor, self.table.round.event, table=True)
        if club := self._club():
            # The club's language for a visitor who asked for none we speak; its clock for
            # the times in the answer (until the response is finished).
            club_language_use(request, club)
            timezone.activate(club_zone(club))
        if reading:
            self.etag = self._etag(request)
            if self.etag is not None and unchanged(request, self.etag):
                raise _Unchanged

    def _poll(self, request: Request, event_id: int) -> None:
        """A poll of an event that holds a tag is answered 304 from the event's stamp (one
        narrow query) while the tag is current; otherwise the full look-up follows."""
        stamp = access.event_stamp_for(actor=self.actor, event_id=event_id)
        club_language_use(request, stamp.club_language)
        self.etag = self._tag(request, stamp)
        if unchanged(request, self.etag):
            raise _Unchanged

    def answer_kept(self, make: Callable[[Event], Any]) -> HttpResponse:
        """The answer under this read's tag (`kept_seconds`), rendered as JSON once however
        many phones ask: `make` gives its data from the event, which is looked up for it (and
        the club's clock set) only then."""

        def rendered() -> bytes:
            self.event = access.event_for(actor=self.actor, event_id=self.kwargs["event_id"])
            timezone.activate(club_zone(self.event.club))
            return JSONRenderer().render(make(self.event))

        follows, read = self.followed

        def still() -> bool:
            """The event's counter is where the tag says (an erasure moves it)."""
            stamp = selectors.event_stamp(event_id=self.kwargs["event_id"])
            return bool(getattr(stamp, follows) == read)

        key = f"{type(self).__name__}:{self.etag}"
        body = kept(key, self.kept_seconds, rendered, still=still)
        return HttpResponse(body, content_type="application/json")

    def _club(self) -> Club | None:
        """The club the URL names, or whose event or table it names."""
        club: Club | None = getattr(self, "club", None)
        event: Event | None = getattr(self, "event", None)
        table: Table | None = getattr(self, "table", None)
        if club is None and event is not None:
            club = event.club
        if club is None and table is not None:
            club = table.round.event.club
        if club is None and self.writes_read_table and self.actor.device is not None:
            club = self.actor.device.event_table.event.club
        return club

    def _etag(self, request: Request) -> str | None:
        """What a read of an event or a table shows follows from the event's version (and a
        table's game's), from whether the asker directs the club (join codes, phones), the
        language and the query: its tag says all of them, so a poll is answered 304 after
        the one query that looked the object up."""
        table: Table | None = getattr(self, "table", None)
        event: Event | None = getattr(self, "event", None)
        if event is None and table is not None:
            event = table.round.event
        if event is None:
            return None
        return self._tag(request, event, table)

    def _tag(
        self, request: Request, event: Event | selectors.EventStamp, table: Table | None = None
    ) -> str:
        game = table.game if table is not None else None
        directs = access.directs(self.actor, event.club_id)
        follows = self.follows if directs else self.follows_for_players or self.follows
        self.followed = (follows, getattr(event, follows))
        parts = [f"e{event.pk}{follows[0]}{getattr(event, follows)}"]
        if table is not None:
            parts.append(f"t{table.pk}g{game.version if game else 0}")
        parts.append("d" if directs else "p")
        parts.append(translation.get_language() or language_of(request))
        if query := request.META.get("QUERY_STRING"):
            parts.append(hashlib.sha256(query.encode()).hexdigest()[:12])
        return f'"{".".join(parts)}"'

    def handle_exception(self, exc: Exception) -> Response:
        if isinstance(exc, _Unchanged) and self.etag is not None:
            return not_modified(self.etag)
        return super().handle_exception(exc)

    def finalize_response(  # type: ignore[override]  # DRF passes CSV downloads through too
        self, request: Request, response: HttpResponseBase, *args: Any, **kwargs: Any
    ) -> HttpResponseBase:
        response = super().finalize_response(request, response, *args, **kwargs)  # type: ignore[arg-type]
        timezone.deactivate()
        if self.etag is not None and response.status_code == 200:
            validated(response, self.etag)
        return response


#: The ids a URL may name besides its event's: a poll by the event alone is stamped (`_poll`).
_BY_EVENT = frozenset({"event_id", "club_id", "table_id"})


class _Unchanged(Exception):
    """The client has what it would be sent (If-None-Match): answered 304."""
