"""What a table's write locks (PostgreSQL, real threads): its table's row only, so the night's
tables never queue on their event, club or round for the whole of a write; and a night closed
while a hand is being written still refuses that hand, at the event's row where the write
ends."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from django.db import connection, connections, transaction
from django.utils import timezone
from event_helpers import Device, Director, join
from test_confirm_with import FOUR

from scorekeeper.events.models import Club, Event, Round, Table
from scorekeeper.models import Hand
from tests.concurrency import POSTGRES_ONLY

pytestmark = POSTGRES_ONLY


def a_table(director: Director) -> tuple[int, Device]:
    event = director.create_event(round_length="hands", hands_per_round=8, rounds_planned=2)
    director.add_players(event, *FOUR)
    (table,) = director.next_round(event)["tables"]
    return event, join(table["join_code"])


@contextmanager
def held(lock: str, then: str = "") -> Iterator[threading.Event]:
    """Another connection runs `lock` (a SELECT ... FOR UPDATE) in its transaction and holds
    it until the block ends, running `then` first; set the yielded event to let it go."""
    taken, release = threading.Event(), threading.Event()

    def hold() -> None:
        try:
            with transaction.atomic(), connection.cursor() as cursor:
                cursor.execute(lock)
                taken.set()
                release.wait(timeout=30)
                if then:
                    cursor.execute(then)
        finally:
            connections.close_all()

    holder = threading.Thread(target=hold)
    holder.start()
    assert taken.wait(timeout=30)
    try:
        yield release
    finally:
        release.set()
        holder.join(timeout=30)


def posted(phone: Device) -> tuple[threading.Thread, list[Any]]:
    """A hand posted from another thread: the thread and, once it ends, its answer."""
    answers: list[Any] = []

    def post() -> None:
        try:
            answers.append(phone.post("hands/", {"maker": 0, "trump": "H", "maker_tricks": 3}))
        finally:
            connections.close_all()

    thread = threading.Thread(target=post)
    thread.start()
    return thread, answers


def waiting_for_a_lock() -> bool:
    """Whether some connection of the test's database waits for a row lock now."""
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        with connection.cursor() as cursor:
            cursor.execute(
                "SELECT count(*) FROM pg_stat_activity"
                " WHERE datname = current_database() AND wait_event_type = 'Lock'"
            )
            if cursor.fetchone()[0]:
                return True
        time.sleep(0.01)
    return False


def test_a_hand_is_written_while_its_club_and_round_rows_are_held(director: Director):
    event, phone = a_table(director)
    club = Event.objects.get(pk=event).club_id
    rnd = Table.objects.get(pk=phone.id).round_id
    lock = (
        f"SELECT 1 FROM {Club._meta.db_table} WHERE id = {club} FOR UPDATE;"
        f" SELECT 1 FROM {Round._meta.db_table} WHERE id = {rnd} FOR UPDATE"
    )
    with held(lock):
        thread, answers = posted(phone)
        thread.join(timeout=20)
        assert not thread.is_alive(), "the hand waited for its club's or round's row"
    assert [answer.status_code for answer in answers] == [201]


def test_a_night_closed_while_a_hand_is_written_refuses_it(director: Director):
    event, phone = a_table(director)
    closing = (
        f"UPDATE {Event._meta.db_table} SET closed_at = '{timezone.now().isoformat()}'"
        f" WHERE id = {event}"
    )
    lock = f"SELECT 1 FROM {Event._meta.db_table} WHERE id = {event} FOR UPDATE"
    with held(lock, then=closing) as release:
        thread, answers = posted(phone)
        assert waiting_for_a_lock()  # the hand, at the event's row where its write ends
        release.set()
        thread.join(timeout=20)
    (answer,) = answers
    assert (answer.status_code, answer.json()["code"]) == (409, "night-closed")
    assert not Hand.objects.filter(game_id=Table.objects.get(pk=phone.id).game_id).exists()
