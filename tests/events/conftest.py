"""Fixtures: a club with a signed-in director, and clients for the public."""

from __future__ import annotations

import pytest
from event_helpers import Director, ok
from rest_framework.test import APIClient


@pytest.fixture
def anon() -> APIClient:
    return APIClient()


@pytest.fixture
def director_user(django_user_model):
    return django_user_model.objects.create_user("dora", "dora@example.org", first_name="Dora Lee")


@pytest.fixture
def director(director_user, db) -> Director:
    client = APIClient()
    client.force_login(director_user)
    club = ok(client.post("/api/v1/clubs/", {"name": "Riverside Euchre Club"}, format="json"), 201)
    return Director(client, club["id"])
