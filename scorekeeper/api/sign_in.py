"""Signing in, slowed for a guesser and never locked for anyone else.

Every wrong password given for a user name from one client makes that client's next try of the
name wait longer, after `SIGN_IN_FREE_TRIES` wrong ones in an hour: 1 second, then 2, 4 ... up
to `SIGN_IN_LONGEST_WAIT`. A try that comes too soon is answered 429 with Retry-After and its
password is not even checked. Only the client's own wrong passwords slow it: however many
others gave from elsewhere, a client that has given none gets its right password checked. The
wait is capped, and a browser that signed in as that name before is never slowed for it (it
keeps a signed cookie saying so): the director's own phone or laptop always gets in.

The counts (`scorekeeper.counters`) are taken before the password is checked and given back
when it was right, so tries sent together meet the limit exactly. They are keyed by a digest
of the user name, never the name itself. The slowing works as the first authentication
backend, which then checks the password as Django's own does (the only backend), so the admin's
sign-in is slowed like the directors' page.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Final

from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.backends import ModelBackend
from django.contrib.auth.signals import user_logged_in
from django.core import signing
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.cache import add_never_cache_headers
from django.utils.crypto import salted_hmac
from django.utils.translation import gettext as _

from scorekeeper.api.limits import client_of
from scorekeeper.api.problems import problem, problem_response, status_text
from scorekeeper.counters import counted, take_back

#: The authentication backend, as `login()` names it.
SIGN_IN_BACKEND: Final = "scorekeeper.api.sign_in.SlowedSignIn"
#: Each count lasts an hour from the first wrong password.
PERIOD: Final = 3600.0
#: The browser's note of the names it signed in as (signed; HttpOnly).
KNOWN_COOKIE: Final = "euchre_signed_in_before"
_SALT: Final = "scorekeeper.sign-in"
_KNOWN_KEPT: Final = 8
_KNOWN_SECONDS: Final = 365 * 86400


def name_digest(username: str) -> str:
    """The user name as the counts and the cookie know it."""
    return salted_hmac(_SALT, username.strip().casefold()).hexdigest()[:24]


def wait_after(wrong: int, free: int) -> float:
    """How long after the last wrong password the next try may come, `wrong` of them counted."""
    if wrong < free:
        return 0.0
    return float(min(2 ** (wrong - free), settings.SIGN_IN_LONGEST_WAIT))


def known_names(request: HttpRequest) -> list[str]:
    """The names this browser signed in as before, each as a digest of the name with the
    password it signed in with (`known_as`), written within the cookie's year."""
    try:
        known = signing.loads(
            request.COOKIES.get(KNOWN_COOKIE, ""), salt=_SALT, max_age=_KNOWN_SECONDS
        )
    except signing.BadSignature:
        return []
    return [str(name) for name in known] if isinstance(known, list) else []


def known_as(name: str, user: Any) -> str:
    """What the browser's note keeps of a sign-in: the name's digest and one of the password's
    hash, so a note made before a password changed exempts nobody from the slowing."""
    return f"{name}.{salted_hmac(_SALT, user.password).hexdigest()[:16]}"


def _user_named(username: str) -> Any:
    model = get_user_model()
    try:
        return model._default_manager.get_by_natural_key(username)
    except model.DoesNotExist:
        return None


@dataclass
class SignInTry:
    """One try of a user name from one client, counted until it proves right."""

    name: str
    client: str
    known: bool

    @property
    def key(self) -> str:
        return f"sign-in:{self.name}:{self.client}"

    def begin(self, now: float) -> int:
        """Count this try, or the whole seconds it must wait (then it is not counted)."""
        with counted((self.key, PERIOD), now=now) as (window,):
            delay = wait_after(window.count, settings.SIGN_IN_FREE_TRIES)
            # A free try never waits: tries sent together read the clock before the lock, so
            # the last one counted may have read it a moment after this one did.
            if delay and not self.known:
                wait = window.last + delay - now
                if wait > 0:
                    return max(1, int(wait + 0.999))
            window.add(now)
        return 0

    def proved_right(self) -> None:
        take_back(self.key, PERIOD)


class SlowedSignIn(ModelBackend):
    """Django's user and password check, behind the slowing: a try that comes too soon is
    refused with its password unchecked; any other is counted, then checked."""

    def authenticate(
        self,
        request: HttpRequest | None,
        username: str | None = None,
        password: str | None = None,
        **kwargs: Any,
    ) -> Any:
        if request is None or not username:
            return super().authenticate(request, username, password, **kwargs)
        user = _user_named(username)
        attempt = SignInTry(
            name_digest(username),
            client_of(request),
            known=user is not None
            and known_as(name_digest(username), user) in known_names(request),
        )
        wait = attempt.begin(time.time())
        if wait:
            request.sign_in_wait = wait  # type: ignore[attr-defined]
            raise PermissionDenied
        request.sign_in_try = attempt  # type: ignore[attr-defined]
        return super().authenticate(request, username, password, **kwargs)


def signed_in(sender: Any, request: HttpRequest | None, user: Any, **kwargs: Any) -> None:
    """A right password: the try does not count, and the browser remembers the name."""
    attempt: SignInTry | None = getattr(request, "sign_in_try", None)
    if request is None or attempt is None:
        return
    attempt.proved_right()
    request.signed_in_as = known_as(attempt.name, user)  # type: ignore[attr-defined]


user_logged_in.connect(signed_in, dispatch_uid="scorekeeper.sign_in.signed_in")


class SignInSlowingMiddleware:
    """Answers a try that came too soon with 429 and Retry-After (the sign-in page says how
    long), and lets a browser that signed in keep the note that it did."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        wait: int | None = getattr(request, "sign_in_wait", None)
        if wait:
            response = _too_soon(request, wait)
        name: str | None = getattr(request, "signed_in_as", None)
        if name:
            # (A note of the same name with an earlier password goes.)
            same = name.split(".")[0]
            known = [name, *(o for o in known_names(request) if o.split(".")[0] != same)]
            response.set_cookie(
                KNOWN_COOKIE,
                signing.dumps(known[:_KNOWN_KEPT], salt=_SALT),
                max_age=_KNOWN_SECONDS,
                secure=settings.SESSION_COOKIE_SECURE,
                httponly=True,
                samesite="Lax",
            )
        return response


def _too_soon(request: HttpRequest, wait: int) -> HttpResponse:
    detail = _(
        "Too many wrong passwords for this user name: wait %(seconds)s seconds and try again."
    ) % {"seconds": wait}
    if request.path.startswith("/api/"):
        response: HttpResponse = problem_response(
            problem(429, title=status_text(429), code="sign-in-slowed", detail=detail)
        )
    else:
        response = render(request, "events/screens/locked_out.html", {"seconds": wait}, status=429)
        add_never_cache_headers(response)  # the sign-in page's, as Django's own answer is
    response["Retry-After"] = str(wait)
    return response
