"""An entry a phone queued says its format (`Entry-Format`): the server takes the formats it
reads and refuses any other with a problem naming the header, recording nothing."""

from __future__ import annotations

import pytest
from api_tables import FOUR, Table
from rest_framework.test import APIClient

from scorekeeper.api.entry_format import ENTRY_FORMATS

pytestmark = pytest.mark.django_db
QUICK = {"maker": 1, "trump": "H", "maker_tricks": 3}


def test_a_hand_in_a_format_the_server_reads_is_recorded(table: Table):
    for number, sent in enumerate(sorted(ENTRY_FORMATS), start=1):
        response = table.post_hand(QUICK, HTTP_ENTRY_FORMAT=str(sent))
        assert response.status_code == 201 and response.json()["number"] == number
    # A client other than the app says no format, and is not asked for one.
    assert table.post_hand(QUICK).status_code == 201


@pytest.mark.parametrize("sent", ["99", "0", "two", ""])
def test_a_hand_in_another_format_is_refused_saying_why(table: Table, sent: str):
    response = table.post_hand(QUICK, HTTP_ENTRY_FORMAT=sent, HTTP_IDEMPOTENCY_KEY="k-" + sent)
    assert response.status_code == 400
    assert response["Content-Type"] == "application/problem+json"
    problem = response.json()
    assert problem["code"] == "entry-format-unsupported"
    assert problem["field"] == "Entry-Format"
    assert problem["formats"] == sorted(ENTRY_FORMATS)
    assert "no longer reads" in problem["detail"] and "enter it again" in problem["detail"]
    assert table.read()["hands"] == []
    # The key was not spent: the hand entered again with it is recorded.
    again = table.post_hand(QUICK, HTTP_IDEMPOTENCY_KEY="k-" + sent)
    assert again.status_code == 201


def test_a_new_game_in_another_format_is_refused_in_the_phones_language(api: APIClient):
    body = {"ruleset": "standard", "players": FOUR, "dealer": 0}
    response = api.post(
        "/api/v1/games/", body, format="json", HTTP_ENTRY_FORMAT="7", HTTP_ACCEPT_LANGUAGE="ko"
    )
    assert response.status_code == 400
    assert response.json()["code"] == "entry-format-unsupported"
    assert "7" in response.json()["detail"] and "no longer" not in response.json()["detail"]
    assert api.get("/api/v1/rulesets/", HTTP_ENTRY_FORMAT="7").status_code == 200
