"""Limits that stop guessing and flooding, on DRF's throttles and the shared cache.

A club's hundred phones share one address on the club's Wi-Fi, so the limits per client are
generous, and what is limited is what a guesser does: only a wrong join code counts against
the client (and against a ceiling for every client together), not a right one. Rates are in
`settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"]`; the counters live in the default cache,
which every app server shares (README, "Limits"). A limit reached is 429 with Retry-After.
"""

from __future__ import annotations

from typing import Any

from rest_framework.request import Request
from rest_framework.throttling import SimpleRateThrottle
from rest_framework.views import APIView


class GameStarts(SimpleRateThrottle):
    """Games started without an account, per client."""

    scope = "games"

    def get_cache_key(self, request: Request, view: APIView) -> str | None:
        return self.cache_format % {"scope": self.scope, "ident": self.get_ident(request)}


class WrongCodes(SimpleRateThrottle):
    """Wrong join codes per client: a request is refused once the client has had this many
    wrong codes in the period; only `record_failure` counts one."""

    scope = "join-codes"
    # Set by SimpleRateThrottle from the rate (its stubs leave them out).
    num_requests: int
    duration: int

    def get_cache_key(self, request: Request, view: APIView) -> str | None:
        return self.cache_format % {"scope": self.scope, "ident": self.get_ident(request)}

    def allow_request(self, request: Request, view: APIView) -> bool:
        if self.rate is None:
            return True
        self.key = self.get_cache_key(request, view)
        self.history: list[float] = self.cache.get(self.key, [])
        self.now = self.timer()
        while self.history and self.history[-1] <= self.now - self.duration:
            self.history.pop()
        return len(self.history) < self.num_requests

    def record_failure(self) -> None:
        if self.rate is not None:
            self.history.insert(0, self.now)
            self.cache.set(self.key, self.history, self.duration)


class WrongCodesEverywhere(WrongCodes):
    """The ceiling on wrong join codes from every client together: guessing across all codes
    from many addresses stops here too."""

    scope = "join-codes-all"

    def get_cache_key(self, request: Request, view: APIView) -> str | None:
        return self.cache_format % {"scope": self.scope, "ident": "everyone"}


class CountsWrongCodes(APIView):
    """A view whose NotFound answers are wrong codes: it counts them with its throttles."""

    throttle_classes = [WrongCodes, WrongCodesEverywhere]

    def get_throttles(self) -> list[Any]:
        self.throttles_used = super().get_throttles()
        return self.throttles_used

    def count_wrong_code(self) -> None:
        for throttle in getattr(self, "throttles_used", []):
            if isinstance(throttle, WrongCodes):
                throttle.record_failure()
