"""Printable pages: an event's results, a round's sheet, and table cards with join codes."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render

from scorekeeper.errors import NotFound
from scorekeeper.events import selectors
from scorekeeper.events.models import Event
from scorekeeper.events.services import is_director


def _event(request: HttpRequest, event_id: int, *, director_only: bool = False) -> Event:
    try:
        event = selectors.event_get(event_id=event_id)
    except NotFound as error:
        raise Http404(error.detail) from None
    director = is_director(request.user, event.club)
    if (director_only and not director) or not (event.published or director):
        raise Http404("There is no event with this id.")
    return event


def _round(event: Event, number: int) -> selectors.RoundView:
    views = selectors.rounds_of(event=event, numbers=[number])
    if not views:
        raise Http404("This event has no round with this number.")
    return views[0]


def results_page(request: HttpRequest, event_id: int) -> HttpResponse:
    """Standings, side prizes and every round's results, laid out for paper."""
    event = _event(request, event_id)
    return render(
        request,
        "events/results.html",
        {
            "event": event,
            "standings": selectors.standings(event=event),
            "rounds": selectors.rounds_of(event=event),
            "tie_breaks": selectors.TIE_BREAKS,
        },
    )


def round_sheet(request: HttpRequest, event_id: int, number: int) -> HttpResponse:
    """Who sits where this round, to pin on the wall (no join codes)."""
    event = _event(request, event_id)
    return render(
        request, "events/round_sheet.html", {"event": event, "round": _round(event, number)}
    )


def table_cards(request: HttpRequest, event_id: int, number: int) -> HttpResponse:
    """One card per table with its seats and join code, for the director to hand out."""
    event = _event(request, event_id, director_only=True)
    return render(
        request, "events/table_cards.html", {"event": event, "round": _round(event, number)}
    )
