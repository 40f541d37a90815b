"""Copies of one hand sent at once from a table's phone (PostgreSQL, real threads): the hand
joins the table's transaction, a copy that finds its key spent is answered in a new one, so
the night gets one hand and its counters move once."""

from __future__ import annotations

from event_helpers import Director, join, ok
from rest_framework.test import APIClient
from test_club_night import hands_night

from scorekeeper.events.models import Event
from tests.concurrency import POSTGRES_ONLY, all_at_once

pytestmark = POSTGRES_ONLY

COPIES = 8


def test_copies_of_one_hand_at_once_make_one_hand(director: Director):
    event, rnd = hands_night(director)
    phone = join(rnd["tables"][0]["join_code"])
    body = {"maker": 1, "trump": "D", "maker_tricks": 5}
    before = Event.objects.get(pk=event).version

    def post(index: int) -> tuple[int, int]:
        client = APIClient()
        client.credentials(HTTP_AUTHORIZATION=f"Bearer {phone.token}")
        answer = client.post(
            f"{phone.url}hands/", body, format="json", HTTP_IDEMPOTENCY_KEY="one-hand"
        )
        return answer.status_code, answer.json().get("number")

    answers = all_at_once(COPIES, post)
    assert sorted(answers) == [(200, 1)] * (COPIES - 1) + [(201, 1)], answers
    game = ok(APIClient().get(f"/api/v1/games/{rnd['tables'][0]['game']}/"))
    assert [h["number"] for h in game["hands"]] == [1] and game["score"] == [0, 2]
    assert Event.objects.get(pk=event).version == before + 1
