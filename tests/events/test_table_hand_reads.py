"""A table's hand, the night's most frequent write, reads its table once: under the table's
lock, with its round, event, club and result; before the transaction only the phone's token
is looked up. A table that is not there is not found, and another table's phone is refused."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from event_helpers import Device, Director, join
from test_confirm_with import FOUR

pytestmark = pytest.mark.django_db

HAND = {"maker": 0, "trump": "H", "maker_tricks": 3}


def a_table(director: Director) -> Device:
    event = director.create_event(round_length="hands", hands_per_round=8, rounds_planned=2)
    director.add_players(event, *FOUR)
    (table,) = director.next_round(event)["tables"]
    return join(table["join_code"])


def test_a_hand_reads_its_table_once_under_the_lock(director: Director):
    phone = a_table(director)
    with CaptureQueriesContext(connection) as captured:
        answer = phone.post("hands/", HAND)
    assert answer.status_code == 201, answer.content
    ran = [query["sql"] for query in captured.captured_queries]
    # (the test's own transaction makes the write's a savepoint)
    begin = next(i for i, sql in enumerate(ran) if sql.startswith(("BEGIN", "SAVEPOINT")))
    assert len(ran[:begin]) == 1 and "events_tabletoken" in ran[0], ran[:begin]
    tables = [sql for sql in ran if sql.startswith("SELECT") and 'FROM "events_table"' in sql]
    assert len(tables) == 1, tables
    # Then the hand is undone the same way, and amended.
    number = answer.json()["number"]
    with CaptureQueriesContext(connection) as captured:
        undone = phone.client.delete(f"{phone.url}hands/{number}/")
    assert undone.status_code == 200, undone.content
    ran = [query["sql"] for query in captured.captured_queries]
    assert sum(sql.startswith("SELECT") and 'FROM "events_table"' in sql for sql in ran) == 1


def test_a_table_that_is_not_there_is_not_found_and_another_tables_phone_is_refused(
    director: Director,
):
    phone, other = a_table(director), a_table(director)
    missing = phone.post("hands/", HAND, table_id=other.id + 1000)
    assert missing.status_code == 404, missing.content
    assert missing["Content-Type"] == "application/problem+json"
    assert (missing.json()["code"], missing.json()["field"]) == ("no-such-table", "id")
    elsewhere = phone.post("hands/", HAND, table_id=other.id)
    assert elsewhere.status_code == 403, elsewhere.content
    undo = phone.client.delete(f"/api/v1/tables/{other.id + 1000}/hands/1/")
    assert undo.status_code == 404 and undo.json()["code"] == "no-such-table"
    assert other.post("hands/", HAND).status_code == 201


def test_a_hand_and_its_undo_take_no_savepoint_of_their_own(director: Director):
    """The hand, its undo and an amendment join the table's transaction: no savepoint inside it
    (two round trips each on PostgreSQL). The test's own transaction makes the table's one."""
    phone = a_table(director)

    def savepoints(send):  # type: ignore[no-untyped-def]
        with CaptureQueriesContext(connection) as captured:
            answer = send()
        assert answer.status_code in (200, 201), answer.content
        return [q["sql"] for q in captured.captured_queries if q["sql"].startswith("SAVEPOINT")]

    assert len(savepoints(lambda: phone.post("hands/", HAND))) == 1
    assert len(savepoints(lambda: phone.post("hands/", HAND))) == 1
    amend = {**HAND, "maker_tricks": 5, "reason": "miscounted"}
    assert (
        len(savepoints(lambda: phone.client.patch(f"{phone.url}hands/2/", amend, format="json")))
        == 1
    )
    assert len(savepoints(lambda: phone.client.delete(f"{phone.url}hands/2/"))) == 1


def test_a_hand_at_a_table_runs_six_statements_and_its_undo_eight(director: Director):
    """After the phone's token: the table locked (with its round, event, club and result),
    its game locked, the hand inserted, the game updated, the log inserted and the event's
    counters moved; an undo reads its hand, deletes it and reads what the game's hands add up
    to in place of the insert. No other statement (no savepoint, no second look-up)."""
    phone = a_table(director)

    def statements(send):  # type: ignore[no-untyped-def]
        with CaptureQueriesContext(connection) as captured:
            answer = send()
        assert answer.status_code in (200, 201), answer.content
        ran = [q["sql"].split()[0] for q in captured.captured_queries]
        # (the test's own transaction makes the table's a savepoint: its two ends are left out)
        return [kind for kind in ran[1:] if kind not in ("SAVEPOINT", "RELEASE")]

    assert statements(lambda: phone.post("hands/", HAND)) == [
        *("SELECT", "SELECT", "INSERT", "UPDATE", "INSERT", "UPDATE"),
    ]
    assert statements(lambda: phone.client.delete(f"{phone.url}hands/1/")) == [
        *("SELECT", "SELECT", "SELECT", "DELETE", "SELECT", "UPDATE", "INSERT", "UPDATE"),
    ]
