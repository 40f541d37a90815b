"""Restore on screen (/events/restore/): the backups found in BACKUP_DIR and the mirror, what
each holds, and the one the operator picks put back, with no terminal. Only the server's
operator restores: a superuser, or anyone at the laptop itself (a request from its own address
when no proxy stands in front). A club director on a hosted site serving several clubs never
can. The director's screens show where the last backup went (`backup_status`)."""

from __future__ import annotations

import dataclasses
import datetime
from importlib import import_module
from typing import TYPE_CHECKING, Any

from django.conf import settings
from django.contrib.sessions.backends.base import SessionBase
from django.contrib.sessions.middleware import SessionMiddleware
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils import formats
from django.utils.cache import patch_vary_headers
from django.utils.translation import gettext as _
from django.views.decorators.csrf import csrf_protect

from scorekeeper import backups
from scorekeeper.events import services
from scorekeeper.events.access import display_name
from scorekeeper.events.localized.club_time import club_zone

if TYPE_CHECKING:
    from scorekeeper.models import Club

LOCAL = frozenset({"127.0.0.1", "::1"})


def may_restore(request: HttpRequest) -> bool:
    """The server's operator: a superuser, or a request from the laptop itself."""
    user = getattr(request, "user", None)
    if user is not None and user.is_authenticated and user.is_superuser:
        return True
    return (
        not settings.NUM_PROXIES
        and request.META.get("REMOTE_ADDR") in LOCAL
        and "HTTP_X_FORWARDED_FOR" not in request.META
    )


def restore_offer(request: HttpRequest) -> int:
    """How many backups the directors' door and the events page offer to restore: on a
    database that holds no event (a new or replacement laptop, a database set aside), to the
    server's operator only; 0 offers none."""
    return len(_listed()) if may_restore(request) and services.awaiting_restore() else 0


def backup_status(club: Club | None = None) -> dict[str, Any]:
    """Where the last backup went and whether a mirror is set (the director's screens), its
    time as the club's clock reads it (the first of the director's clubs on their home)."""
    last = backups.last_backup()
    if last is not None:
        made = datetime.datetime.fromisoformat(last["at"])
        zone = club_zone(club) if club is not None else datetime.UTC
        last = {**last, "shown": made.astimezone(zone).strftime("%Y-%m-%d %H:%M:%S")}
    return {"last": last, "mirror": settings.BACKUP_MIRROR}


@csrf_protect
def restore_page(request: HttpRequest) -> HttpResponse:
    if not may_restore(request):
        raise PermissionDenied
    found = _listed()
    context: dict[str, Any] = {"found": found, "places": backups.places(), "error": None}
    if request.method == "POST":
        picked = {f.name: f for f in found if isinstance(f, backups.Found)}.get(
            request.POST.get("backup", "")
        )
        if picked is None:
            context["error"] = _("Pick one of the backups listed.")
        elif request.POST.get("sure") != "yes":
            context["error"] = _("Tick the box to say that everything written since is replaced.")
        else:
            user = getattr(request, "user", None)
            # Named as the change log names a director (never by the user name that signs in),
            # or as the laptop itself (`restore_logged`).
            by = ""
            if user is not None and user.is_authenticated:
                by = f"director {display_name(user)}"
            try:
                epoch = backups.backup_restore(path=picked.path, by=by)
                erased = services.events_restored()
            except backups.BackupError as error:
                context["error"] = str(error)
            else:
                # The restored database holds the sessions of the backup's time, not this
                # one: it goes on under a new key (signed in still if the backup knows the
                # account, signed out on the next page otherwise).
                request.session = _session_after_restore(request)
                request.session.cycle_key()
                context |= {
                    "restored": picked,
                    "epoch": epoch,
                    "erased": erased,
                    "found": _listed(),
                }
        status = 400 if context["error"] else 200
        return render(request, "events/screens/restore.html", context, status=status)
    return render(request, "events/screens/restore.html", context)


def _session_after_restore(request: HttpRequest) -> SessionBase:
    """The browser's session once the backup is back: the one it began the request with, or,
    when that was read from the empty database the laptop started on, the backup's session
    under the browser's cookie (a director signed in before the laptop died)."""
    if not request.session.is_empty():
        return request.session
    engine = import_module(settings.SESSION_ENGINE)
    store: SessionBase = engine.SessionStore(request.COOKIES.get(settings.SESSION_COOKIE_NAME))
    return store


class SessionKeptForRestoreMiddleware(SessionMiddleware):
    """Django's sessions, except that while the database waits for its backup (the laptop
    died: `services.awaiting_restore`) a browser's cookie naming no session is kept, not
    deleted: the backup may hold that session, and the director restoring it at the laptop
    stays signed in."""

    def process_response(self, request: HttpRequest, response: HttpResponse) -> HttpResponse:
        session = request.session
        if (
            settings.SESSION_COOKIE_NAME in request.COOKIES
            and session.is_empty()
            and not session.modified  # (a sign-out flushes it: its cookie goes, as ever)
            and services.awaiting_restore()
        ):
            if session.accessed:
                patch_vary_headers(response, ("Cookie",))
            return response
        return super().process_response(request, response)


def _listed() -> list[backups.Found]:
    try:
        found = backups.backups_found()
    except backups.BackupError:
        return []
    return [_with_times_shown(one) for one in found]


def _with_times_shown(found: backups.Found) -> backups.Found:
    """Its note's time of the last write as the laptop's clock reads it (the page is opened on
    the laptop itself), to the second: what a director compares with the wall clock."""
    written = (found.holds or {}).get("last_write")
    try:
        at = datetime.datetime.fromisoformat(written) if isinstance(written, str) else None
    except ValueError:
        at = None
    if at is None:
        return found
    # Translators: the time of a backup's last write, in Django's date format (to the second).
    shown = formats.date_format(at.astimezone(), _("D d M Y, H:i:s"))
    return dataclasses.replace(found, holds={**(found.holds or {}), "last_write_shown": shown})


def shown_time(moment: datetime.datetime, club: Club | None) -> str:
    """A moment as the club's clock reads it (UTC without a club), to the minute."""
    zone = club_zone(club) if club is not None else datetime.UTC
    return moment.astimezone(zone).strftime("%H:%M")
