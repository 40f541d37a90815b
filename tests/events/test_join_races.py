"""A phone joining its table as a director acts on the same table, or as the table's own phone
posts a hand (PostgreSQL, real threads): neither waits on a lock the other holds while it
waits for one of the other's, so both are answered as if one had come after the other, never
with a deadlock's 503."""

from __future__ import annotations

from typing import Any

import pytest
from event_helpers import Device, Director, join
from rest_framework.test import APIClient
from test_club_night import hands_night

from scorekeeper.events.models import TableToken
from tests.concurrency import POSTGRES_ONLY, all_at_once

pytestmark = POSTGRES_ONLY

ATTEMPTS = 6

#: A director's acts on table 1 or its night: how each is sent, where, with what, and the
#: answer it gets.
ACTS: dict[str, tuple[str, str, dict[str, Any], int]] = {
    "an assigned result": (
        "post",
        "/api/v1/tables/{table}/result/assign/",
        {"sides": [3, 3], "reason": "played on paper"},
        200,
    ),
    "a player absent": ("post", "/api/v1/tables/{table}/seats/0/absent/", {"reason": "x"}, 200),
    "a new join code": ("post", "/api/v1/tables/{table}/code/", {}, 200),
    "the round undone": ("delete", "/api/v1/events/{event}/rounds/1/", {"reason": "x"}, 204),
    "the event deleted": ("delete", "/api/v1/events/{event}/", {"reason": "made twice"}, 204),
}


@pytest.mark.parametrize("act", ACTS)
def test_a_phone_joins_as_a_director_acts_on_its_table(director: Director, act: str):
    method, path, body, answer = ACTS[act]
    for _ in range(ATTEMPTS):
        event, rnd = hands_night(director)
        table = rnd["tables"][0]
        url = path.format(table=table["id"], event=event)

        def send(index: int, table: dict[str, Any] = table, url: str = url) -> int:
            if index == 0:
                joining = {"code": table["join_code"], "role": "scorer"}
                return APIClient().post("/api/v1/tables/join/", joining, format="json").status_code
            return getattr(director.client, method)(url, body, format="json").status_code

        joined, acted = all_at_once(2, send)
        assert joined in (201, 404) and acted == answer, (joined, acted)


@pytest.mark.parametrize(
    ("role", "act"), [("confirmer", "confirmers/end/"), ("scorer", "takeover/")]
)
def test_a_phone_joins_as_the_director_ends_the_tables_phones(
    director: Director, role: str, act: str
):
    """Ending a table's phones locks their tokens' rows only, not the physical table and the
    event their default order joins: a phone joining meanwhile takes those first."""
    for _ in range(ATTEMPTS):
        _event, rnd = hands_night(director)
        table = rnd["tables"][0]
        join(table["join_code"], role=role)  # the phone the act ends

        def send(index: int, table: dict[str, Any] = table) -> int:
            if index == 0:
                joining = {"code": table["join_code"], "role": role}
                return APIClient().post("/api/v1/tables/join/", joining, format="json").status_code
            url = f"/api/v1/tables/{table['id']}/{act}"
            return director.client.post(url, {}, format="json").status_code

        joined, acted = all_at_once(2, send)
        assert joined in (201, 409) and acted == 200, (joined, acted)


def test_the_opponents_phone_joins_as_the_table_posts_a_hand(director: Director):
    for _ in range(ATTEMPTS):
        _event, rnd = hands_night(director)
        table = rnd["tables"][0]
        scorer = join(table["join_code"])

        def send(index: int, table: dict[str, Any] = table, scorer: Device = scorer) -> int:
            if index == 0:
                joining = {"code": table["join_code"], "role": "confirmer"}
                return APIClient().post("/api/v1/tables/join/", joining, format="json").status_code
            hand = {"maker": 1, "trump": "D", "maker_tricks": 5}
            return scorer.client.post(f"{scorer.url}hands/", hand, format="json").status_code

        assert all_at_once(2, send) == [201, 201]


def test_a_phone_joining_as_the_night_closes_keeps_no_working_token(director: Director):
    """The join waits for the close at the event's row and is then refused as a closed night's
    (409), or went first and its token was ended with the others': no phone holds a working
    token of a closed night."""
    for _ in range(ATTEMPTS):
        event, rnd = hands_night(director)
        table = rnd["tables"][0]

        def send(index: int, table: dict[str, Any] = table, event: int = event) -> int:
            if index == 0:
                joining = {"code": table["join_code"], "role": "scorer"}
                return APIClient().post("/api/v1/tables/join/", joining, format="json").status_code
            url = f"/api/v1/events/{event}/close/"
            return director.client.post(url, {"leave_open": True}, format="json").status_code

        joined, closed = all_at_once(2, send)
        assert joined in (201, 409) and closed == 200, (joined, closed)
        working = TableToken.objects.filter(event_table__event=event, revoked_at__isnull=True)
        assert not working.exists(), (joined, list(working.values("id", "created_at")))
