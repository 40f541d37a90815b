"""When the database is down: 503 with Retry-After for every request, one log line each.

Django reconnects by itself once the database answers again (`conn_health_checks`), so
nothing here needs resetting: the next request after the outage simply works.
"""

from __future__ import annotations

import logging
from collections.abc import Callable

from django.db import InterfaceError, OperationalError
from django.http import HttpRequest, HttpResponse
from django.utils import translation
from django.utils.html import escape
from django.utils.translation import gettext as _

from scorekeeper.api.problems import problem, problem_response, status_text

logger = logging.getLogger("scorekeeper.outage")
RETRY_AFTER_SECONDS = 5


def is_outage(error: BaseException | None) -> bool:
    """A database that does not answer (refused, gone away, or locked past the busy timeout)."""
    return isinstance(error, OperationalError | InterfaceError)


def outage_response(request: HttpRequest, error: BaseException) -> HttpResponse:
    first_line = (str(error).strip().splitlines() or [type(error).__name__])[0][:200]
    logger.warning(
        "database unavailable, %s %s answered 503: %s", request.method, request.path, first_line
    )
    # In the client's language, title and detail (the outage may come before the locale
    # middleware has chosen it).
    with translation.override(translation.get_language_from_request(request)):
        response = unavailable(api=request.path.startswith("/api/"))
    response["Retry-After"] = str(RETRY_AFTER_SECONDS)
    return response


def unavailable(*, api: bool) -> HttpResponse:
    detail = _("The database does not answer; nothing was changed. Try again in a moment.")
    if api:
        return problem_response(
            problem(503, title=status_text(503), code="database-unavailable", detail=detail)
        )
    title = escape(_("Try again shortly"))
    return HttpResponse(
        f"<!doctype html><title>{title}</title><h1>{title}</h1><p>{escape(detail)}</p>",
        status=503,
    )


class DatabaseOutageMiddleware:
    """Turns a database outage in a view into a 503 (the site's 500 handler does the same for
    one in other middleware)."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponse | None:
        return outage_response(request, exception) if is_outage(exception) else None


class NotLoggedTwice(logging.Filter):
    """Django's request log stays quiet about a 503 of an outage: it is logged once, above."""

    def filter(self, record: logging.LogRecord) -> bool:
        return getattr(record, "status_code", None) != 503
