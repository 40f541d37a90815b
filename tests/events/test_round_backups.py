"""The laptop backs up every few minutes while a round is in play, and not between nights."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

import pytest
from django.core.management import call_command
from event_helpers import Device, Director, play_round, totals

from scorekeeper.events.selectors import a_round_is_in_play
from tests.waiting import until

pytestmark = pytest.mark.django_db


def test_a_round_is_in_play_from_its_seating_until_every_result_is_confirmed(
    director: Director,
):
    event = director.create_totals_night(rounds_planned=2)
    director.add_players(event, "Ann", "Ben", "Cat", "Dan")
    assert not a_round_is_in_play()
    director.next_round(event)
    assert a_round_is_in_play()


def test_no_round_is_in_play_once_its_results_are_confirmed(director: Director):
    event = director.create_totals_night(rounds_planned=2)
    director.add_players(event, "Ann", "Ben", "Cat", "Dan")
    play_round(director, event, totals([5, 3]))
    assert not a_round_is_in_play()


@pytest.mark.django_db(transaction=True)
def test_closing_the_night_backs_the_database_up(director: Director, settings, tmp_path):
    settings.BACKUP_DIR = tmp_path
    event = director.create_totals_night(rounds_planned=1)
    director.add_players(event, "Ann", "Ben", "Cat", "Dan")
    play_round(director, event, totals([5, 3]))
    closed = director.client.post(f"/api/v1/events/{event}/close/", {}, format="json")
    assert closed.status_code == 200, closed.content
    made = until(
        lambda: [
            p for p in tmp_path.glob(f"euchre-*-night-{event}-closed.*") if p.suffix != ".json"
        ],
        within=10,
        what="the closing backup",
    )
    assert len(made) == 1 and made[0].stat().st_size > 0


def timer_backup() -> str:
    """What the laptop's timer runs every few minutes (`scorekeeper.serve`); what it printed."""
    out = io.StringIO()
    call_command("backup", "--label", "round", "--if-round-running", stdout=out)
    return out.getvalue().strip()


@pytest.mark.django_db(transaction=True)
def test_the_timer_backs_up_mid_round_and_does_nothing_between_nights(
    director: Director, settings, tmp_path: Path
):
    settings.BACKUP_DIR = tmp_path
    event = director.create_totals_night(rounds_planned=2)
    director.add_players(event, "Ann", "Ben", "Cat", "Dan")
    # Before the night's first round: nothing to keep, nothing written.
    assert timer_backup() == ""
    assert list(tmp_path.iterdir()) == []
    made: list[str] = []

    def play_with_the_timer(device: Device, table: dict[str, Any]) -> None:
        made.append(timer_backup())  # seated, no result yet: a round is in play
        device.settle([5, 3])

    play_round(director, event, play_with_the_timer)
    (path,) = made
    assert Path(path).parent == tmp_path and Path(path).stem.endswith("-round")
    assert Path(path).stat().st_size > 0
    # Every result confirmed: between rounds, as between nights, the timer leaves it be (the
    # round's completion made a backup of its own).
    assert timer_backup() == ""
    assert [p.name for p in tmp_path.glob(f"euchre-*-round{Path(path).suffix}")] == [
        Path(path).name
    ]
