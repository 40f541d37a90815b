"""Check-in at the door: the director opens the night's check-in page, searches the club's
roster by the first letters of a name as players arrive, and taps each in. Checking in is
entering the event (`services.entrant_add`, the late-arrival path): a player checked in before
round 1 is seated in it, one checked in later joins the next round the seating plans. Each tap
and the seating are asked against the event's version the door read, as the console's acts are:
a round seated meanwhile on the console is shown, never seated twice."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse_lazy
from django.views.decorators.csrf import ensure_csrf_cookie

from scorekeeper.api.problems import pages_not_found
from scorekeeper.events import access, selectors
from scorekeeper.events.access import Actor
from scorekeeper.events.pages.console import WORDS
from scorekeeper.events.selectors import board


@login_required(login_url=reverse_lazy("events-login"))
@ensure_csrf_cookie
@pages_not_found
def check_in_page(request: HttpRequest, event_id: int) -> HttpResponse:
    """The door's screen for one progressive event: the roster to tap in, and guests added."""
    # Read before the event: a change made between the two reads is refused, never unseen.
    version = board.version_of(event_id)
    event = access.event_for(actor=Actor(user=request.user), event_id=event_id, to_run=True)
    return render(
        request,
        "events/screens/check_in.html",
        {
            "event": event,
            "arrivals": selectors.door_list(event=event) if not event.is_teams else [],
            "rounds": selectors.rounds_seated(event=event),
            "version": version,
            # What the console says of a change made meanwhile, in the page's language.
            "words": {key: str(text) for key, text in WORDS.items()},
        },
    )
