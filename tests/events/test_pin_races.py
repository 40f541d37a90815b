"""Wrong PINs sent all at once meet the tries a table has exactly (real threads, on PostgreSQL
and on the laptop's SQLite): each is counted under the count's lock before it is compared."""

from __future__ import annotations

from collections import Counter

from event_helpers import Director
from rest_framework.test import APIClient
from test_confirm_with import hand_played, pin_of

from scorekeeper.events.services.pins import PIN_TRIES
from tests.concurrency import EITHER_DATABASE, all_at_once

pytestmark = EITHER_DATABASE


def test_wrong_entry_pins_at_once_get_exactly_the_tries_compared(director: Director):
    event, _, phone = hand_played(director, confirm_with="pin")
    entering = phone.player(phone.by_seat[0])
    right = pin_of(event, entering)

    def enter(index: int) -> tuple[int, str]:
        client = APIClient()
        client.credentials(HTTP_AUTHORIZATION=f"Bearer {phone.token}")
        wrong = f"{(int(right) + 1 + index) % 10_000:04d}"
        body = {"entered_by": entering, "pin": wrong}
        answer = client.post(f"{phone.url}result/", body, format="json")
        return answer.status_code, answer.json().get("code")

    found = Counter(all_at_once(16, enter))
    assert found == {(422, "wrong-pin"): PIN_TRIES, (409, "pin-tries-used"): 16 - PIN_TRIES}
    # A right PIN after them is not compared either: the director enters the result.
    used = phone.post("result/", {"entered_by": entering, "pin": right})
    assert (used.status_code, used.json()["code"]) == (409, "pin-tries-used")
