"""The directors' and players' screens: server-rendered pages; a little script talks to the
events API for everything that changes (see static/events/events.js)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.parse import urlencode

from django.contrib.auth import views as auth_views
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse, reverse_lazy
from django.utils import timezone
from django.views.decorators.csrf import ensure_csrf_cookie

from scorekeeper import backups
from scorekeeper.api.problems import pages_not_found
from scorekeeper.events import access, selectors, services
from scorekeeper.events.access import Actor, display_name, named
from scorekeeper.events.formats import event_presets
from scorekeeper.events.pages.console import console_context, settings_context
from scorekeeper.events.pages.restore import (
    backup_status,
    may_restore,
    restore_offer,
    shown_time,
)
from scorekeeper.events.selectors import board

if TYPE_CHECKING:
    from scorekeeper.events.models import Event


def index(request: HttpRequest) -> HttpResponse:
    """Published events, a way to a table, and the directors' door."""
    events = selectors.events_of()[:50]
    context = {"events": events, "restore_offer": restore_offer(request)}
    return render(request, "events/screens/index.html", context)


class LoginView(auth_views.LoginView):
    template_name = "events/screens/login.html"
    next_page = "events-director"

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        # (On an empty database nobody can sign in yet: the way back is a restore.)
        return {**super().get_context_data(**kwargs), "restore_offer": restore_offer(self.request)}

    def get_success_url(self) -> str:
        """Where the director was going; at their first sign-in (no name chosen yet), by the
        account screen, which asks the name pages and logs show them by."""
        going = super().get_success_url()
        if named(self.request.user):
            return going
        return f"{reverse('events-account')}?{urlencode({'next': going})}"


@login_required(login_url=reverse_lazy("events-login"))
@ensure_csrf_cookie
def director_home(request: HttpRequest) -> HttpResponse:
    """The clubs this user directs, each with its events and seasons (with their ladders),
    and forms for new ones."""
    actor = Actor(user=request.user)
    clubs = access.clubs_directed(actor)
    events = {club.pk: list(selectors.events_of(club=club, published_only=False)) for club in clubs}
    seasons = {club.pk: selectors.seasons_of(club=club) for club in clubs}
    held = {club.pk: selectors.backups_holding_erased(club=club) for club in clubs}
    return render(
        request,
        "events/screens/director.html",
        {
            "clubs": [(club, events[club.pk], seasons[club.pk], held[club.pk]) for club in clubs],
            "today": timezone.localdate(),
            "shown_as": display_name(request.user),
            "invites": services.invites_waiting(actor=actor),
            # A director who has not chosen a name is asked for one here, on the first screen.
            "named": named(request.user),
            "presets": event_presets(),
            **selectors.event_form_choices(),
            "backup": backup_status(clubs[0] if clubs else None),
            "may_restore": may_restore(request),
        },
    )


@login_required(login_url=reverse_lazy("events-login"))
@ensure_csrf_cookie
@pages_not_found
def manage(request: HttpRequest, event_id: int) -> HttpResponse:
    """The director's console for one event: the night's tables and their corrections, its
    players, rounds, change log, exports and standings (scorekeeper.events.pages.console)."""
    event, version = _console_event(request, event_id)
    context = console_context(event, version=version)
    return render(request, "events/screens/manage.html", {**context, **_safety(event)})


@login_required(login_url=reverse_lazy("events-login"))
@pages_not_found
def manage_settings(request: HttpRequest, event_id: int) -> HttpResponse:
    """The console's form of the event's settings as they stand now, with the version they
    were read at (the console reads it again where the director is not changing it, and after
    another director's change refused theirs)."""
    event, version = _console_event(request, event_id)
    context = settings_context(event, version=version)
    return render(request, "events/screens/event_form.html", context)


def _console_event(request: HttpRequest, event_id: int) -> tuple[Event, int]:
    """The event its director runs on the console, and its version as a whole, read first:
    a change made between the two reads is then shown in the event's values and refused (412)
    on the version, never saved over unseen."""
    version = board.version_of(event_id)
    event = access.event_for(actor=Actor(user=request.user), event_id=event_id, to_run=True)
    return event, version


@login_required(login_url=reverse_lazy("events-login"))
@pages_not_found
def manage_safety(request: HttpRequest, event_id: int) -> HttpResponse:
    """The console's box on the night's safety, as it stands now (the console reads it again
    while open): the last backup and where it went, and what came back since a restore."""
    event = access.event_for(actor=Actor(user=request.user), event_id=event_id, to_run=True)
    return render(request, "events/screens/night_safety.html", {"event": event, **_safety(event)})


def _safety(event: Event) -> dict[str, Any]:
    since = selectors.since_restore(event=event)
    made = backups.backup_made_at(Path(since.restore.backup)) if since is not None else None
    return {
        "backup": backup_status(event.club),
        "since": since,
        # (What a director did after it is not in it, and no phone sends it again.)
        "since_made": shown_time(made, event.club) if made is not None else None,
    }


@pages_not_found
def event_page(request: HttpRequest, event_id: int) -> HttpResponse:
    """The players' screen: the schedule, my next table, and standings that keep up."""
    event = access.event_for(actor=Actor(user=request.user), event_id=event_id)
    return render(request, "events/screens/event.html", {"event": event})


def table_page(request: HttpRequest) -> HttpResponse:
    """A table's phone scores in the table app's table mode: one app for every table."""
    return redirect("/table/", permanent=True)
