"""The directors' and players' screens: server-rendered pages; a little script talks to the
events API for everything that changes (see static/events/events.js)."""

from __future__ import annotations

from django.contrib.auth import views as auth_views
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse_lazy
from django.views.decorators.csrf import ensure_csrf_cookie

import referee
from scorekeeper.errors import NotFound
from scorekeeper.events import selectors
from scorekeeper.events.models import Director, Event
from scorekeeper.events.services import is_director


def index(request: HttpRequest) -> HttpResponse:
    """Published events, a way to a table, and the directors' door."""
    events = selectors.events_of()[:50]
    return render(request, "events/screens/index.html", {"events": events})


class LoginView(auth_views.LoginView):
    template_name = "events/screens/login.html"
    next_page = reverse_lazy("events-director")


@login_required(login_url=reverse_lazy("events-login"))
@ensure_csrf_cookie
def director_home(request: HttpRequest) -> HttpResponse:
    """The clubs this user directs, each with its events and a form for a new one."""
    roles = Director.objects.filter(user_id=request.user.pk).select_related("club")
    clubs = [role.club for role in roles]
    events = {club.pk: list(selectors.events_of(club=club, published_only=False)) for club in clubs}
    return render(
        request,
        "events/screens/director.html",
        {
            "clubs": [(club, events[club.pk]) for club in clubs],
            "presets": list(referee.PRESETS),
            "formats": Event.Format.choices,
            "credits": Event.SitOutCredit.choices,
        },
    )


def _event(event_id: int) -> Event:
    try:
        return selectors.event_get(event_id=event_id)
    except NotFound as error:
        raise Http404(error.detail) from None


@login_required(login_url=reverse_lazy("events-login"))
@ensure_csrf_cookie
def manage(request: HttpRequest, event_id: int) -> HttpResponse:
    """The director's screen for one event: players, rounds with join codes, live standings."""
    event = _event(event_id)
    if not is_director(request.user, event.club):
        raise Http404("There is no event with this id.")
    return render(request, "events/screens/manage.html", {"event": event})


def event_page(request: HttpRequest, event_id: int) -> HttpResponse:
    """The players' screen: the schedule, my next table, and standings that keep up."""
    event = _event(event_id)
    if not (event.published or is_director(request.user, event.club)):
        raise Http404("There is no event with this id.")
    return render(request, "events/screens/event.html", {"event": event})


def table_page(request: HttpRequest) -> HttpResponse:
    """A table's phone: join with the code, enter hands and the result, confirm."""
    return render(request, "events/screens/table.html", {})
