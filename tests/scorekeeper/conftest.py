"""Fixtures for the scorekeeper's tests: an API client and games made through the API."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from api_tables import FOUR, Table
from rest_framework.test import APIClient


@pytest.fixture
def api() -> APIClient:
    return APIClient()


@pytest.fixture
def new_table(api: APIClient, db: None) -> Callable[..., Table]:
    def make(ruleset: Any = "standard", players: list[str] | None = None, dealer: int = 0) -> Table:
        response = api.post(
            "/api/v1/games/",
            {"ruleset": ruleset, "players": players or FOUR, "dealer": dealer},
            format="json",
        )
        assert response.status_code == 201, response.content
        return Table(api, response.json())

    return make


@pytest.fixture
def table(new_table: Callable[..., Table]) -> Table:
    return new_table()
