"""A table's writes to its result sent again (an answer lost, or everything a phone kept sent
again after a restore): each is found by its Idempotency-Key and changes nothing, and an
answer to the result (a confirmation, a dispute) is bound to the version the phone showed, so
that it never confirms what the director changed since."""

from __future__ import annotations

from typing import Any

import pytest
from event_helpers import Device, Director, is_problem, join, ok
from rest_framework.test import APIClient

pytestmark = pytest.mark.django_db


def seated(director: Director, **options: Any) -> tuple[int, Device]:
    event = director.create_totals_night(rounds_planned=3, **options)
    director.add_players(event, "Zed", "Ann", "Mia", "Ben")
    (table,) = director.next_round(event)["tables"]
    return event, join(table["join_code"])


def sent(phone: Device, path: str, body: dict[str, Any], key: str, seen: int | None = None):
    headers = {"HTTP_IDEMPOTENCY_KEY": key}
    if seen is not None:
        headers["HTTP_IF_MATCH"] = f'"{seen}"'
    return phone.client.post(phone.url + "result/" + path, body, format="json", **headers)


def logged(director: Director, event: int) -> list[tuple[str, list[int] | None, str | None]]:
    log = director.client.get(f"/api/v1/events/{event}/log/").json()
    return [
        (e["action"], (e["after"] or {}).get("points"), (e["after"] or {}).get("status"))
        for e in log
        if e["action"] != "seat"
    ]


def test_a_confirmation_sent_again_after_the_director_corrected_confirms_nothing(
    director: Director,
):
    event, phone = seated(director, reconfirm="required")
    scorer, opponent = (phone.player(name) for name in phone.by_seat[:2])
    ok(sent(phone, "", {"entered_by": scorer, "points": [7, 2]}, "k-enter"), 201)
    confirmation = {"confirmed_by": opponent}
    confirmed = ok(sent(phone, "confirm/", confirmation, "k-confirm", seen=1))
    corrected = director.client.patch(
        phone.url + "result/", {"points": [5, 3], "reason": "miscounted"}, format="json"
    )
    assert ok(corrected)["status"] == "entered"  # (the event asks the table to confirm again)
    # The confirmation the phone kept, sent again: found by its key, it changes nothing, and
    # is answered as it was the first time (what it confirmed, not what stands now).
    again = ok(sent(phone, "confirm/", confirmation, "k-confirm", seen=1))
    assert again == confirmed
    assert (again["status"], again["points"], again["confirmed_by"]) == (
        "confirmed",
        [7, 2],
        opponent,
    )
    assert ok(phone.client.get(phone.url + "result/"))["points"] == [5, 3]
    # A new confirmation of what the phone showed before the correction is refused.
    stale = sent(phone, "confirm/", confirmation, "k-confirm-2", seen=1)
    assert is_problem(stale, 412, "If-Match", "result-changed")
    assert stale.json()["version"] == corrected.json()["version"]
    assert logged(director, event) == [
        ("enter", [7, 2], "entered"),
        ("confirm", [7, 2], "confirmed"),
        ("correct", [5, 3], "entered"),
    ]
    # The opponents confirm what they are shown now.
    seen = corrected.json()["version"]
    assert ok(sent(phone, "confirm/", confirmation, "k-confirm-3", seen=seen))["status"] == (
        "confirmed"
    )


def test_a_tables_writes_sent_again_in_order_after_a_restore_are_each_logged_once(
    director: Director,
):
    """The server came back from a backup that held the entry and the dispute; the phone
    sends everything it kept, in order: the entry, the dispute, the new entry, the
    confirmation. The first two are found by their keys."""
    event, phone = seated(director)
    scorer, opponent = (phone.player(name) for name in phone.by_seat[:2])
    writes = [
        ("", {"entered_by": scorer, "points": [7, 2]}, "k1", None),
        ("dispute/", {"player": opponent, "reason": "we had 3"}, "k2", 1),
        ("", {"entered_by": scorer, "points": [6, 3]}, "k3", None),
        ("confirm/", {"confirmed_by": opponent}, "k4", 3),
    ]
    answers = {}
    for path, body, key, seen in writes[:2]:
        answers[key] = ok(sent(phone, path, body, key, seen), 201 if not path else 200)
    for path, body, key, seen in writes:
        answer = sent(phone, path, body, key, seen)
        assert answer.status_code in (200, 201), answer.json()
        answers.setdefault(key, answer.json())
    assert logged(director, event) == [
        ("enter", [7, 2], "entered"),
        ("dispute", [7, 2], "disputed"),
        ("enter", [6, 3], "entered"),
        ("confirm", [6, 3], "confirmed"),
    ]
    # Sent once more, all of it, nothing changes, and each is answered as it first was.
    for path, body, key, seen in writes:
        assert ok(sent(phone, path, body, key, seen), 200) == answers[key]
    assert [answers[key]["version"] for key in ("k1", "k2", "k3", "k4")] == [1, 2, 3, 4]
    assert answers["k2"]["dispute_reason"] == "we had 3"
    assert answers["k2"]["disputed_by"] == opponent
    assert answers["k4"]["confirmation"] == "same-device"
    assert len(logged(director, event)) == 4


def test_a_replay_is_answered_only_to_a_device_of_the_table(director: Director):
    """Sent again with its key, a confirmation is still asked who sends it: without the
    table's token nothing about the write (or its key) is said."""
    _event, phone = seated(director)
    scorer, opponent = (phone.player(name) for name in phone.by_seat[:2])
    ok(sent(phone, "", {"entered_by": scorer, "points": [7, 2]}, "k-enter"), 201)
    ok(sent(phone, "confirm/", {"confirmed_by": opponent}, "k-confirm", seen=1))
    stranger = APIClient()
    for key in ("k-confirm", "k-enter"):
        answer = stranger.post(
            phone.url + "result/confirm/",
            {"confirmed_by": opponent},
            format="json",
            HTTP_IDEMPOTENCY_KEY=key,
        )
        assert answer.status_code == 404, answer.content  # (an unpublished night's table)
        assert "result" not in answer.json() and answer.json().get("code") != (
            "idempotency-key-reused"
        )


def test_a_key_spent_on_another_write_is_refused(director: Director):
    _event, phone = seated(director)
    scorer, opponent = (phone.player(name) for name in phone.by_seat[:2])
    ok(sent(phone, "", {"entered_by": scorer, "points": [7, 2]}, "k-spent"), 201)
    answer = sent(phone, "dispute/", {"player": opponent, "reason": "no"}, "k-spent")
    assert is_problem(answer, 422, "Idempotency-Key", "idempotency-key-reused")
    assert ok(phone.client.get(phone.url + "result/"))["status"] == "entered"


def test_a_dispute_of_a_result_entered_again_since_it_was_shown_is_refused(director: Director):
    _event, phone = seated(director)
    scorer, opponent = (phone.player(name) for name in phone.by_seat[:2])
    ok(sent(phone, "", {"entered_by": scorer, "points": [7, 2]}, "a"), 201)
    ok(sent(phone, "dispute/", {"player": opponent, "reason": "we had 3"}, "b", seen=1))
    ok(sent(phone, "", {"entered_by": scorer, "points": [6, 3]}, "c"), 201)
    answer = sent(phone, "dispute/", {"player": opponent, "reason": "still wrong"}, "d", seen=1)
    assert is_problem(answer, 412, "If-Match", "result-changed")
    assert answer.json()["version"] == 3
