"""Fixtures every test folder may use."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from rest_framework.throttling import SimpleRateThrottle


@pytest.fixture
def rates(monkeypatch: pytest.MonkeyPatch) -> Callable[..., None]:
    """Set low limits for one test: `rates(games="2/hour")` (the real ones are in settings)."""

    def set_rates(**scopes: str) -> None:
        table = {**SimpleRateThrottle.THROTTLE_RATES, **scopes}
        monkeypatch.setattr(SimpleRateThrottle, "THROTTLE_RATES", table)

    return set_rates
