"""A director's session: the pages a signed-in director sees, and the API's answers to them
that say nothing of caching, are never kept by a browser's or a proxy's cache
(`Cache-Control: no-store`), and on a plain-HTTP LAN (`HTTPS=0`, where anyone on
the club's Wi-Fi may see the session cookie go by) a session ends after
`SESSION_IDLE_SECONDS` without a director's action: a page opened or anything sent. A poll (a
read of the API, as the console's board makes every few seconds, or a page read by a script in
the background, as the console's box on the night's safety and the projector are) is no action
and keeps no session alive."""

from __future__ import annotations

import time
from collections.abc import Callable

from django.conf import settings
from django.contrib.auth import logout
from django.http import HttpRequest, HttpResponse
from django.utils.cache import add_never_cache_headers

#: Where in the session the time of the director's last action is kept, and of its first
#: request (a LAN session ends `SESSION_COOKIE_AGE` after it, however busy: each action saved
#: in the session would otherwise send its cookie's end on again).
LAST_ACTION = "last_action"
BEGAN = "began"


def is_action(request: HttpRequest) -> bool:
    """A director's doing, not a screen polling: anything sent, or a page opened (navigated
    to: a browser says how a request was made, `Sec-Fetch-Mode`, and a script's is no
    navigation)."""
    if request.method not in ("GET", "HEAD"):
        return True
    if request.path.startswith(("/api/", "/static/")):
        return False
    return request.headers.get("Sec-Fetch-Mode", "navigate") == "navigate"


class DirectorSessionMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        idle = settings.SESSION_IDLE_SECONDS
        if idle and request.user.is_authenticated:
            now = time.time()
            last = request.session.get(LAST_ACTION)
            began = float(request.session.setdefault(BEGAN, now))
            if (last is not None and now - float(last) > idle) or (
                now - began > settings.SESSION_COOKIE_AGE
            ):
                logout(request)
            elif is_action(request) or last is None:
                request.session[LAST_ACTION] = now
        signed_in = request.user.is_authenticated
        response = self.get_response(request)
        # (an API answer that says how it may be kept, a polled read's `private, no-cache`
        # with its ETag, keeps that)
        if signed_in and (not request.path.startswith("/api/") or "Cache-Control" not in response):
            add_never_cache_headers(response)
        return response
