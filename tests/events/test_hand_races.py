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


ATTEMPTS = 4


def _hand_and_act_at_once(director: Director, act: str) -> tuple[int, int]:
    """A new night's first hand at table 1 and a director's act sent at once: a swap of one
    of its players, or the event deleted."""
    event, rnd = hands_night(director)
    phone = join(rnd["tables"][0]["join_code"])
    first, other = rnd["tables"][0]["seats"][0], rnd["tables"][1]["seats"][1]
    swap = {"players": [first["player"], other["player"]], "reason": "asked to"}

    def send(index: int) -> int:
        if index == 0:
            client = APIClient()
            client.credentials(HTTP_AUTHORIZATION=f"Bearer {phone.token}")
            body = {"maker": 1, "trump": "D", "maker_tricks": 5}
            return client.post(f"{phone.url}hands/", body, format="json").status_code
        if act == "delete":
            return director.client.delete(f"/api/v1/events/{event}/").status_code
        url = f"/api/v1/events/{event}/rounds/1/swap/"
        return director.client.post(url, swap, format="json").status_code

    hand, acted = all_at_once(2, send)
    return hand, acted


def test_a_swap_and_the_rounds_first_hand_at_once_wait_for_each_other(director: Director):
    """A table's hand takes its table, its game, then its event's counters; a swap (a late
    arrival, an undone round) takes the round's tables before the event and the games: the
    two wait for each other rather than each holding what the other needs, and a swap that
    waited finds the hand (409 round-started) or was made before it."""
    for _ in range(ATTEMPTS):
        hand, swapped = _hand_and_act_at_once(director, "swap")
        assert hand == 201 and swapped in (200, 409), (hand, swapped)


def test_a_mistaken_event_deleted_as_its_first_hand_comes_waits_for_it(director: Director):
    """Deleting an event takes its tables before the event, as a repair does: the hand went
    first and the event stays (409), or the event went first and the table with it (the
    phone told its token or its table is gone)."""
    for _ in range(ATTEMPTS):
        hand, deleted = _hand_and_act_at_once(director, "delete")
        assert (hand, deleted) in ((201, 409), (401, 204), (404, 204)), (hand, deleted)
