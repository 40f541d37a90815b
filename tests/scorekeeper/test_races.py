"""Concurrent writes on PostgreSQL: the row lock on the game keeps hands exactly-once."""

from __future__ import annotations

import secrets
import uuid

from api_tables import FOUR, Table
from rest_framework.test import APIClient

from tests.concurrency import POSTGRES_ONLY, all_at_once

pytestmark = POSTGRES_ONLY

WRITERS = 8


def test_concurrent_hands_are_all_recorded_in_order(table: Table):
    def post(index: int) -> int:
        client = APIClient()
        body = {"maker": index % 4, "trump": "S", "maker_tricks": 3}
        response = client.post(table.url + "hands/", body, format="json", **table.auth)
        return int(response.status_code)

    statuses = all_at_once(WRITERS, post)
    assert statuses == [201] * WRITERS
    game = table.read()
    assert [hand["number"] for hand in game["hands"]] == list(range(1, WRITERS + 1))
    assert [hand["dealer"] for hand in game["hands"]] == [n % 4 for n in range(WRITERS)]
    # Each hand is a make (one point) for the maker's team: makers 0..7 alternate teams.
    assert game["score"] == [WRITERS // 2, WRITERS // 2]
    assert game["version"] == 1 + WRITERS


def test_concurrent_replays_of_one_key_make_one_hand(table: Table):
    body = {"maker": 1, "trump": "D", "maker_tricks": 5}

    def post(index: int) -> tuple[int, int]:
        client = APIClient()
        response = client.post(
            table.url + "hands/", body, format="json", HTTP_IDEMPOTENCY_KEY="same", **table.auth
        )
        return int(response.status_code), int(response.json()["number"])

    results = all_at_once(WRITERS, post)
    statuses = sorted(status for status, _ in results)
    assert statuses == [200] * (WRITERS - 1) + [201]
    assert {number for _, number in results} == {1}
    game = table.read()
    assert len(game["hands"]) == 1
    assert game["score"] == [0, 2]


def test_concurrent_copies_of_a_creation_from_a_phone_make_one_game(db: None):
    """A phone back online may send its queued game from two tabs at once."""
    body = {
        "id": str(uuid.uuid4()),
        "token": secrets.token_urlsafe(32),
        "ruleset": "standard",
        "players": FOUR,
        "dealer": 0,
    }
    statuses = all_at_once(
        WRITERS, lambda _: APIClient().post("/api/v1/games/", body, format="json").status_code
    )
    assert sorted(statuses) == [200] * (WRITERS - 1) + [201]
    game = APIClient().get(f"/api/v1/games/{body['id']}/").json()
    log = APIClient().get(f"/api/v1/games/{body['id']}/log/").json()
    assert (game["version"], [entry["action"] for entry in log]) == (1, ["create-game"])
