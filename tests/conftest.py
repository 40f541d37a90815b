"""Fixtures every test folder may use."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest
from django.utils import translation
from rest_framework.throttling import SimpleRateThrottle


@pytest.fixture
def rates(monkeypatch: pytest.MonkeyPatch) -> Callable[..., None]:
    """Set low limits for one test: `rates(games="2/hour")` (the real ones are in settings)."""

    def set_rates(**scopes: str) -> None:
        table = {**SimpleRateThrottle.THROTTLE_RATES, **scopes}
        monkeypatch.setattr(SimpleRateThrottle, "THROTTLE_RATES", table)

    return set_rates


@pytest.fixture(autouse=True)
def _default_language_after_each_test() -> Iterator[None]:
    """A request in Korean leaves Korean active in the thread (the locale middleware sets it
    at the start of the next request, not at the end of this one): the next test starts in
    the default language, as a new request or command would."""
    yield
    translation.deactivate()
