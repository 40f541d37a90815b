"""Limits that stop guessing: wrong join codes cost the client, and all clients together."""

from __future__ import annotations

import pytest
from event_helpers import Director, is_problem
from rest_framework.test import APIClient

pytestmark = pytest.mark.django_db

EIGHT = ("Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal")


@pytest.fixture
def seated_code(director: Director) -> str:
    event = director.create_event(round_length="hands", hands_per_round=1, rounds_planned=3)
    director.add_players(event, *EIGHT)
    return str(director.next_round(event)["tables"][0]["join_code"])


def join(client: APIClient, code: str, address: str = "10.0.0.1", **extra):
    body = {"code": code, **extra}
    return client.post("/api/v1/tables/join/", body, format="json", REMOTE_ADDR=address)


def test_wrong_join_codes_cost_the_client_and_right_ones_do_not(rates, seated_code):
    rates(**{"join-codes": "3/hour"})
    phone = APIClient()
    for _ in range(4):  # right codes, as the table's phone joins and leaves again
        joined = join(phone, seated_code)
        assert joined.status_code == 201
        token = joined.json()["token"]
        left = phone.delete("/api/v1/tables/device/", HTTP_AUTHORIZATION=f"Bearer {token}")
        assert left.status_code == 204
    for _ in range(3):
        assert is_problem(join(phone, "WRONG1"), 404, "code")
    refused = join(phone, "WRONG2")
    assert is_problem(refused, 429)
    assert int(refused["Retry-After"]) > 0
    assert is_problem(join(phone, seated_code, role="confirmer"), 429)
    elsewhere = join(APIClient(), seated_code, "10.0.0.2", role="confirmer")
    assert elsewhere.status_code == 201


def test_guessing_from_many_addresses_meets_a_ceiling(rates, seated_code):
    rates(**{"join-codes": "100/hour", "join-codes-all": "5/hour"})
    for n in range(5):
        assert join(APIClient(), "WRONG1", f"10.0.1.{n}").status_code == 404
    assert is_problem(join(APIClient(), "WRONG1", "10.0.2.1"), 429)
