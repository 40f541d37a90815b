"""Events under the variants: a round robin of Bid Euchre teams is played hand by hand at its
tables, with bids, a set below zero and moons; an event never seats a ruleset its tables
cannot (six-handed), and says which field."""

from __future__ import annotations

from typing import Any

import pytest
from event_helpers import Device, Director, is_problem, join, ok, play_event

pytestmark = pytest.mark.django_db

TEAMS = {
    "Aces": ("Ann", "Abe"),
    "Bowers": ("Ben", "Bea"),
    "Callers": ("Cat", "Cal"),
    "Dealers": ("Dan", "Dot"),
}


def bid(device: Device, maker: int, said: int | str, tricks: int) -> dict[str, Any]:
    body = {"maker": maker, "bid": said, "maker_tricks": tricks}
    return ok(device.post("hands/", body), 201)


def test_a_round_robin_of_bid_euchre_teams_is_played_hand_by_hand(director: Director):
    event = director.create_event(format="round-robin", ruleset="bid-euchre", name="Bid league")
    for name, players in TEAMS.items():
        director.add_team(event, name, *players)

    def play(device: Device, table: dict[str, Any]) -> None:
        # Seat 1 bids five and is set (below zero); seat 0 then shoots the moon three times.
        assert bid(device, 1, 5, 2)["award"]["points"] == {"0": 4, "1": -5}
        for _ in range(3):
            last = bid(device, 0, "moon", 6)
        assert last["game"]["status"] == "finished" and last["game"]["score"] == [40, -5]
        device.settle()

    rounds = play_event(director, event, play)
    assert len(rounds) == 3
    rows = director.standings(event)["rows"]
    # The team in seats 0 and 2 won each match, 40 to -5.
    assert {row["name"]: row["match_points"] for row in rows} == {
        name: 2 * sum(1 for r in rounds for t in r["tables"] if t["team_names"][0] == name)
        for name in TEAMS
    }
    # A set below zero is kept as it is; each moon made counts as a loner made, the set as
    # the euchre of the makers by the defenders.
    losers = [row for row in rows if row["match_points"] == 0]
    for row in losers:
        assert row["points_for"] == -5 * row["played"] and row["loners_made"] == 0
    winners = [row for row in rows if row["match_points"] > 0]
    for row in winners:
        assert row["loners_made"] == 3 * row["wins"] and row["euchres"] >= row["wins"]


def test_an_event_refuses_six_handed_tables_by_the_field(director: Director):
    response = director.client.post(
        f"/api/v1/clubs/{director.club}/events/",
        {"name": "Six night", "format": "progressive", "ruleset": "six-handed"},
        format="json",
    )
    assert is_problem(response, 400, "ruleset.players")


@pytest.mark.parametrize(
    ("ruleset", "points", "field"),
    [
        pytest.param("bid-euchre", [-10, 22], None, id="Bid Euchre: a side set below zero"),
        pytest.param("bid-euchre", [-49, 20], "points[0]", id="past four moons set"),
        pytest.param("standard", [-1, 8], "points[0]", id="standard: nothing is taken away"),
    ],
)
def test_totals_below_zero_are_taken_where_the_ruleset_takes_points(
    director: Director, ruleset: str, points: list[int], field: str | None
):
    event = director.create_event(
        entry="totals",
        round_length="hands",
        hands_per_round=4,
        rounds_planned=1,
        ruleset=ruleset,
    )
    director.add_players(event, "Ann", "Ben", "Cat", "Dan")
    (table,) = director.next_round(event)["tables"]
    phone = join(table["join_code"])
    response = phone.post(
        "result/", {"entered_by": phone.player(phone.by_seat[0]), "points": points}
    )
    if field is None:
        assert ok(response, 201)["points"] == points
    else:
        assert is_problem(response, 400 if ruleset == "standard" else 422, field)
