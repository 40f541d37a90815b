"""The laptop backs up every few minutes while a round is in play, and not between nights."""

from __future__ import annotations

import time

import pytest
from event_helpers import Director, play_round, totals

from scorekeeper.events.selectors import a_round_is_in_play

pytestmark = pytest.mark.django_db


def test_a_round_is_in_play_from_its_seating_until_every_result_is_confirmed(
    director: Director,
):
    event = director.create_event(
        round_length="hands", hands_per_round=8, entry="totals", rounds_planned=2
    )
    director.add_players(event, "Ann", "Ben", "Cat", "Dan")
    assert not a_round_is_in_play()
    director.next_round(event)
    assert a_round_is_in_play()


def test_no_round_is_in_play_once_its_results_are_confirmed(director: Director):
    event = director.create_event(
        round_length="hands", hands_per_round=8, entry="totals", rounds_planned=2
    )
    director.add_players(event, "Ann", "Ben", "Cat", "Dan")
    play_round(director, event, totals([5, 3]))
    assert not a_round_is_in_play()


@pytest.mark.django_db(transaction=True)
def test_closing_the_night_backs_the_database_up(director: Director, settings, tmp_path):
    settings.BACKUP_DIR = tmp_path
    event = director.create_event(
        round_length="hands", hands_per_round=8, entry="totals", rounds_planned=1
    )
    director.add_players(event, "Ann", "Ben", "Cat", "Dan")
    play_round(director, event, totals([5, 3]))
    closed = director.client.post(f"/api/v1/events/{event}/close/", {}, format="json")
    assert closed.status_code == 200, closed.content
    for _ in range(100):
        made = list(tmp_path.glob(f"euchre-*-night-{event}-closed.*"))
        if made:
            break
        time.sleep(0.1)
    assert len(made) == 1 and made[0].stat().st_size > 0
