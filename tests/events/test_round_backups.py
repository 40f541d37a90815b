"""The laptop backs up every few minutes while a round is in play, and not between nights."""

from __future__ import annotations

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
