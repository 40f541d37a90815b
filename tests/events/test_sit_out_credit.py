"""What a bye is worth: nothing, a fixed number of points, or the player's own average."""

from __future__ import annotations

from typing import Any

import pytest
from event_helpers import Device, Director, play_round

from scorekeeper.events.ranking.standings import Scoring, StandingRow, sit_out_credit


@pytest.mark.parametrize(
    ("kind", "points", "credit"),
    [
        ("none", 0, 0),
        ("fixed", 4, 8),  # two byes at 4
        ("average", 0, 12),  # 17 points over 3 rounds is 5.67: 6 a bye, two byes
    ],
)
def test_the_credit_for_two_byes(kind, points, credit):
    event = Scoring(credit=kind, credit_points=points)
    row = StandingRow(key=1, name="Ann", players=["Ann"], played=3, points_for=17, byes=2)
    assert sit_out_credit(event, row) == credit


def test_average_credit_rounds_half_up_and_needs_a_round_played():
    event = Scoring(credit="average")
    assert sit_out_credit(event, StandingRow(1, "A", ["A"], played=2, points_for=9, byes=1)) == 5
    assert sit_out_credit(event, StandingRow(1, "A", ["A"], played=2, points_for=7, byes=1)) == 4
    assert sit_out_credit(event, StandingRow(1, "A", ["A"], played=0, points_for=0, byes=1)) == 0


@pytest.mark.django_db
def test_a_bye_adds_its_credit_to_the_sitters_total(director: Director):
    event = director.create_event(
        round_length="hands",
        hands_per_round=1,
        rounds_planned=1,
        sit_out_credit="fixed",
        sit_out_points=5,
    )
    director.add_players(event, "Ann", "Ben", "Cat", "Dan", "Eve")

    def march(device: Device, table: dict[str, Any]) -> None:
        device.hand(device.by_seat[0], 5)  # a march: 2 to seats 0 and 2
        device.settle()

    played = play_round(director, event, march)
    assert played is not None
    (sitter,) = played.round["sit_outs"]
    (device,) = played.devices
    names = device.by_seat
    rows = {r["name"]: r for r in director.standings(event)["rows"]}
    assert (rows[sitter]["total"], rows[sitter]["points_for"], rows[sitter]["byes"]) == (5, 0, 1)
    assert rows[sitter]["rank"] == 1
    assert [rows[n]["total"] for n in names] == [2, 0, 2, 0]


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("fmt", "options", "credited"),
    [
        ("progressive", {"sit_out_credit": "fixed", "sit_out_points": 5}, True),
        ("progressive", {"sit_out_credit": "average"}, True),
        ("progressive", {"sit_out_credit": "none"}, False),
        ("swiss", {}, False),  # a Swiss bye is a win, never credit
    ],
)
def test_the_credit_column_is_shown_only_where_a_bye_earns_credit(
    director: Director, client, fmt, options, credited
):
    event = director.create_totals_night(format=fmt, rounds_planned=3, **options)
    if fmt == "swiss":
        for team, (a, b) in enumerate([("Ann", "Ben"), ("Cat", "Dan"), ("Eve", "Fay")]):
            director.add_team(event, f"Team {team}", a, b)
    else:
        director.add_players(event, "Ann", "Ben", "Cat", "Dan", "Eve")
    assert director.standings(event)["credited"] is credited
    played = play_round(director, event, lambda device, table: device.settle([10, 6]))
    assert played is not None and played.round["sit_outs"]  # someone sat out
    director.publish(event)
    for path in ("results/", "projector/"):
        page = client.get(f"/events/{event}/{path}").content.decode()
        assert (">Credit</th>" in page) is credited, path
    cards = client.get(f"/events/{event}/tally-cards/").content.decode()
    assert ("credit for byes" in cards) is (credited and fmt != "swiss")
