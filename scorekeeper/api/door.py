"""Requests refused at the door, before anything reads them: a body larger than the app takes
(`settings.REQUEST_BODY_LIMIT`, the admin's forms; the API's JSON bodies are held to less by
its parser) is answered 413 from its Content-Length, its bytes unread, and logged in one line.

The laptop's server (waitress, `scorekeeper.serve`) and nginx refuse such a body themselves,
from the same limit, before it reaches the app or a disk; this answers where nothing in front
does (`manage.py runserver`, a bare gunicorn)."""

from __future__ import annotations

import logging
from collections.abc import Callable

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.utils import translation
from django.utils.translation import gettext as _

from scorekeeper.api.problems import site_problem
from scorekeeper.languages import acceptable, accepted_only

logger = logging.getLogger("scorekeeper.door")


def body_refused(method: str, path: str, length: int | str) -> str:
    """The one log line of a body refused for its size."""
    return f"413 body too large: {method} {path} with {length} bytes refused unread"


class BodyLimitMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        try:
            length = int(request.META.get("CONTENT_LENGTH") or 0)
        except ValueError:
            length = 0
        if length <= settings.REQUEST_BODY_LIMIT:
            return self.get_response(request)
        logger.warning(body_refused(request.method or "", request.path, length))
        # In the client's language, as every answer is (the locale middleware, which would
        # choose it, comes after this door).
        accepted_only(request)
        language = translation.get_language_from_request(request)
        with translation.override(language):
            response = refused(request.path)
        # No `Connection: close`: a hop-by-hop header from the app is the server's to set
        # (runserver's wsgiref answered it with a 500 of its own, gunicorn drops it).
        response["Content-Language"] = language
        return response


def too_large() -> str:
    """Why a body over the limit is refused, in the active language."""
    return _("The request body is larger than the server takes (%(limit)s KB).") % {
        "limit": settings.REQUEST_BODY_LIMIT // 1024
    }


def unreadable(status: int, why: str) -> tuple[str, str]:
    """What a client is told of a request the server could not read (`why`, waitress's own
    words, in English only, goes to the log), in the active language, and the part at fault."""
    if status == 431:
        return _("The request's headers are larger than the server takes."), "headers"
    if "chunk" in why.casefold():
        return _("The request body's chunks could not be read."), "body"
    return _("The request's first line or one of its headers could not be read."), "request"


def language_of(accept_language: str) -> str:
    """The language a client asks for in its Accept-Language header, among the site's (for
    an answer made where no Django request exists: waitress's own refusals)."""
    for code in acceptable(accept_language):
        if code == "*":
            break
        try:
            return translation.get_supported_language_variant(code)
        except LookupError:
            continue
    return str(settings.LANGUAGE_CODE)


def refused(path: str) -> HttpResponse:
    detail = too_large()
    if path.startswith("/api/"):
        return site_problem(413, code="body-too-large", field="body", detail=detail)
    return HttpResponse(detail, status=413, content_type="text/plain; charset=utf-8")
