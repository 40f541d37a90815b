"""Limits that stop guessing and flooding, counted in `scorekeeper.counters` (atomic under
concurrency, shared by every app server) with DRF's throttle hooks and rates.

A club's hundred phones share one address on the club's Wi-Fi, so what is limited is what a
guesser does, and nobody elsewhere can lock a club out (a guesser on the club's own Wi-Fi is
forgiven by the director there, `wrong_codes_lifted`):

- a wrong join code counts against its client, and against a ceiling for all clients
  together that binds only clients with wrong codes of their own in the period, more than
  a room's typos (`LIMIT_JOIN_TYPOS`): a client with none always gets its right code
  through, and a room whose phones mistyped a code or two is not bound by others' guessing;
- games started without an account count against their client;
- the API's schema, read without signing in, counts against its client (in the process: it
  costs the process, not the database);
- a wrong password slows further tries of that user name from that client only, never from a
  browser that signed in as that name before (`scorekeeper.api.sign_in`).

A guess is counted before it is answered (a reservation taken back if it was no guess), so
fifty sent at once meet the limit exactly. Rates are in
`settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"]` (docs/deployment.md, "Limits"); a limit
reached is 429 with Retry-After. The client is the address the request came from, or behind
`NUM_PROXIES` proxies the address the nearest of them saw; an IPv6 address counts by its /64,
which one client holds whole.
"""

from __future__ import annotations

import hashlib
import ipaddress
import threading
import time
from typing import Any, ClassVar, NoReturn

from django.conf import settings
from rest_framework import exceptions
from rest_framework.request import Request
from rest_framework.settings import api_settings
from rest_framework.throttling import BaseThrottle, SimpleRateThrottle
from rest_framework.views import APIView

from scorekeeper.counters import Window, counted, take_back


def client_of(request: Any) -> str:
    """Who sends the request, as the limits count it. Without proxies in front only the
    connection's address counts (an X-Forwarded-For header is the client's to make up)."""
    address = str(request.META.get("REMOTE_ADDR") or "")
    proxies = api_settings.NUM_PROXIES
    forwarded = request.META.get("HTTP_X_FORWARDED_FOR")
    if proxies and forwarded:
        hops = [hop.strip() for hop in str(forwarded).split(",") if hop.strip()]
        if hops:
            address = hops[-min(proxies, len(hops))]
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return address[:64]
    if ip.version == 6 and ip.ipv4_mapped is None:
        return str(ipaddress.ip_network(f"{ip}/64", strict=False))
    return str(ip.ipv4_mapped or ip) if ip.version == 6 else str(ip)


def site_of(client: str) -> str:
    """Where a room's typos are forgiven once (`LIMIT_JOIN_TYPOS`): an IPv4 address, or an
    IPv6 client's site, its /48. One /64 is one network, but a site holds 65,536 of them,
    which must not be as many rooms' allowances for one guesser to spend."""
    if client.endswith("/64"):
        try:
            return str(ipaddress.ip_network(client).supernet(new_prefix=48))
        except ValueError:
            return client
    return client


#: A rate's period, by its first letter, as DRF reads it ("60/hour", "5/min").
_SECONDS = {"s": 1, "m": 60, "h": 3600, "d": 86400}


def rate_of(scope: str) -> tuple[int, int] | None:
    """A scope's rate as (how many, in how many seconds); None for no limit. The rates are
    DRF's (`SimpleRateThrottle.THROTTLE_RATES`, from the settings)."""
    rate = SimpleRateThrottle.THROTTLE_RATES.get(scope)
    if rate is None:
        return None
    count, period = rate.split("/")
    return int(count), _SECONDS[period.strip()[0]]


class Limit(BaseThrottle):
    """Every request a client makes counts (`scope`), refused past the rate; a view whose
    request turned out not to count (refused, or a replay) gives it back (`give_back`)."""

    scope: ClassVar[str]
    retry: int | None = None
    held: tuple[str, int] | None = None

    def key(self, request: Any) -> str:
        return f"{self.scope}:{client_of(request)}"

    def allow_request(self, request: Request, view: APIView) -> bool:
        return self.counts(request)

    def rate(self) -> tuple[int, int] | None:
        return rate_of(self.scope)

    def counts(self, request: Any) -> bool:
        """Count this request of its client: False (not counted) once the rate is reached."""
        rate = self.rate()
        if rate is None:
            return True
        limit, period = rate
        now = time.time()
        with counted((self.key(request), period), now=now) as (mine,):
            if mine.count >= limit:
                self.retry = mine.wait(now)
                return False
            mine.add(now)
        self.held = (self.key(request), period)
        return True

    def give_back(self) -> None:
        """The request this counted did not count after all."""
        if self.held is not None:
            take_back(*self.held)
            self.held = None

    def wait(self) -> float | None:
        return self.retry


class GameStarts(Limit):
    """Games started without an account, per client."""

    scope = "games"


class PasswordResets(Limit):
    """Password resets asked for, per client (each sends an email): `LIMIT_PASSWORD_RESETS`
    an hour."""

    scope = "password-resets"

    def rate(self) -> tuple[int, int] | None:
        return int(settings.LIMIT_PASSWORD_RESETS), 3600


class AccountTries(Limit):
    """Accounts refused on one invitation's link (a user name taken, a password too weak),
    whoever tries: `LIMIT_ACCOUNT_TRIES` an hour. A sign-up must say that a name is taken;
    this keeps a link a director made from becoming a way to find out which names are."""

    scope = "account-tries"

    def __init__(self, invitation: str) -> None:
        self.invitation = hashlib.sha256(invitation.encode()).hexdigest()[:32]

    def key(self, request: Any) -> str:
        return f"{self.scope}:{self.invitation}"

    def rate(self) -> tuple[int, int] | None:
        return int(settings.LIMIT_ACCOUNT_TRIES), 3600


class SchemaReads(BaseThrottle):
    """The API's schema read without signing in, per client. It is computed once per process,
    so what this guards is the process's threads: it counts in the process's memory, under a
    lock, and costs no write to the database for a read that costs next to nothing."""

    scope = "schema"
    #: Each client's window in this process: (when it began, how many reads).
    windows: ClassVar[dict[str, tuple[float, int]]] = {}
    lock: ClassVar[threading.Lock] = threading.Lock()
    retry: int | None = None

    def allow_request(self, request: Request, view: APIView) -> bool:
        rate = rate_of(self.scope)
        if rate is None or (request.user is not None and request.user.is_authenticated):
            return True
        limit, period = rate
        now, client = time.time(), client_of(request)
        with self.lock:
            if len(self.windows) > 10_000:  # forget the clients whose window is over
                for gone in [k for k, (since, _n) in self.windows.items() if since <= now - period]:
                    del self.windows[gone]
            since, count = self.windows.get(client, (now, 0))
            if since <= now - period:
                since, count = now, 0
            if count >= limit:
                self.retry = max(1, int(since + period - now + 0.999))
                return False
            self.windows[client] = (since, count + 1)
        return True

    def wait(self) -> float | None:
        return self.retry


class WrongCodes(BaseThrottle):
    """Wrong join codes: a client is refused once it has had `join-codes` of them in the
    period; a client with wrong codes of its own (more than `LIMIT_JOIN_TYPOS`) is refused
    too once all clients together have had `join-codes-all`. The request is counted before
    its code is looked at, and the count taken back when the code was right
    (`CountsWrongCodes`).

    Whether the client gave wrong codes of its own is a count of its own (`join-codes-wrong:`),
    kept in the ceiling's period and added to only once a code proved wrong: the client's
    count of reservations also holds the right codes still in flight, and a club's phones
    joining together on its one address must not be bound to a full ceiling by each other.
    A room's typos are forgiven once a site (`site_of`: an IPv6 client's /48, whose 65,536
    networks are one holder's), counted too: past them, a client of that site that has itself
    given a wrong code is bound; one that has given none never is."""

    retry: int | None = None
    held: list[Window]
    wrong_keys: tuple[tuple[str, float], ...] = ()

    def allow_request(self, request: Request, view: APIView) -> bool:
        own, everyone = rate_of("join-codes"), rate_of("join-codes-all")
        client = client_of(request)
        # Each count: key, period, limit, and whether it binds a client that never guessed.
        limits: list[tuple[str, float, int, bool]] = []
        if own is not None:
            limits.append((f"join-codes:{client}", float(own[1]), own[0], True))
        if everyone is not None:
            limits.append(("join-codes-all:everyone", float(everyone[1]), everyone[0], False))
            self.wrong_keys = _wrong_keys(client, float(everyone[1]))
        if not limits:
            return True
        keys = [(key, period) for key, period, _limit, _always in limits]
        now = time.time()
        with counted(*keys, *self.wrong_keys, now=now) as windows:
            counts, wrong = windows[: len(limits)], windows[len(limits) :]
            # Wrong codes of its own, more than a room's typos (its own, or its site's): a
            # right code after a typo or two still joins.
            typos = settings.LIMIT_JOIN_TYPOS
            mine = wrong[0].count if wrong else 0
            guessed_before = mine > typos or (mine > 0 and any(w.count > typos for w in wrong))
            for window, (_key, _period, limit, always) in zip(counts, limits, strict=True):
                if (always or guessed_before) and window.count >= limit:
                    self.retry = window.wait(now)
                    return False
            for window in counts:
                window.add(now)
        self.held = counts
        return True

    def give_back(self) -> None:
        """The request was no wrong code: it does not count."""
        for window in getattr(self, "held", []):
            take_back(window.key, window.period)
        self.held = []

    def wrong_code_given(self) -> None:
        """The request was a wrong code: counted as its client's, and its site's."""
        if self.wrong_keys and getattr(self, "held", []):
            now = time.time()
            with counted(*self.wrong_keys, now=now) as windows:
                for window in windows:
                    window.add(now)

    def wait(self) -> float | None:
        return self.retry


def _wrong_keys(client: str, period: float) -> tuple[tuple[str, float], ...]:
    """The counts of a client's wrong codes: its own, then its site's (where that is more)."""
    site = site_of(client)
    mine = (f"join-codes-wrong:{client}", period)
    return (mine,) if site == client else (mine, (f"join-codes-wrong-site:{site}", period))


#: A count's period where its limit is off (its window then ends within the hour).
_HOUR = 3600.0


def _period(scope: str) -> float:
    rate = rate_of(scope)
    return float(rate[1]) if rate else _HOUR


def wrong_codes_lifted(client: str) -> tuple[int, int]:
    """The wrong join codes counted against `client` forgiven, its own count and its mark of
    having guessed (a director in the room lets the room's phones join again, one guesser on
    its Wi-Fi having used up the address's limit; the ceiling on all clients stays as it is).
    An address is forgiven `join-limit-lifts` times a period at most, so a director cannot
    make their own address a guesser's without limit. Returns how many were forgiven, and
    the seconds to wait (nothing forgiven) once the address's lifts are used up."""
    lifts = rate_of("join-limit-lifts")
    now = time.time()
    keys = (
        (f"join-codes:{client}", _period("join-codes")),
        (f"join-limit-lifts:{client}", _period("join-limit-lifts")),
        *_wrong_keys(client, _period("join-codes-all")),
    )
    with counted(*keys, now=now) as (own, lifted, wrong, *site):
        if own.count == 0 and wrong.count == 0:
            return 0, 0
        if lifts is not None and lifted.count >= lifts[0]:
            return 0, lifted.wait(now)
        forgiven = own.count
        for count in site:  # (the room's wrong codes go from its site's count too)
            count.count = max(0, count.count - wrong.count)
        own.count = wrong.count = 0
        lifted.add(now)
    return forgiven, 0


class TooManyWrongCodes(exceptions.Throttled):
    """Refused for the client's wrong codes: the problem names the code."""

    field = "code"


class CountsWrongCodes(APIView):
    """A view whose NotFound answers are wrong codes (`count_wrong_code`); any other answer
    gives the request's count back."""

    throttle_classes = [WrongCodes]
    wrong_code = False

    def get_throttles(self) -> list[Any]:
        self.throttles_used = super().get_throttles()
        return self.throttles_used

    def count_wrong_code(self) -> None:
        self.wrong_code = True

    def throttled(self, request: Request, wait: float) -> NoReturn:
        raise TooManyWrongCodes(wait)

    def finalize_response(self, request: Request, response: Any, *args: Any, **kwargs: Any) -> Any:
        for throttle in getattr(self, "throttles_used", []):
            if isinstance(throttle, WrongCodes):
                if self.wrong_code:
                    throttle.wrong_code_given()
                else:
                    throttle.give_back()
        return super().finalize_response(request, response, *args, **kwargs)
