"""Fixed-partner events: round robins and a bracket, with final scores entered at the tables."""

from __future__ import annotations

from typing import Any

import pytest
from event_helpers import Device, Director, is_problem, join, ok, play_event

pytestmark = pytest.mark.django_db

PLAYERS = {
    "Aces": ("Ann", "Abe"),
    "Bowers": ("Ben", "Bea"),
    "Callers": ("Cat", "Cal"),
    "Dealers": ("Dan", "Dot"),
    "Euchrers": ("Eve", "Eli"),
}


def enter_teams(director: Director, event: int, names: list[str]) -> None:
    for name in names:
        director.add_team(event, name, *PLAYERS[name])


def play_rounds(
    director: Director, event: int, scores: dict[tuple[str, str], tuple[int, int]]
) -> list[dict[str, Any]]:
    """Seat every round and enter each match's score (winner's team first in `scores`)."""

    def play(device: Device, table: dict[str, Any]) -> None:
        first, second = table["team_names"]  # the first team sits in seats 0 and 2
        if (first, second) in scores:
            device.settle(list(scores[(first, second)]))
        else:
            device.settle(list(reversed(scores[(second, first)])))

    return play_event(director, event, play)


def test_a_round_robin_tie_is_broken_head_to_head(director: Director):
    event = director.create_event(format="round-robin", entry="totals", name="Pairs league")
    enter_teams(director, event, ["Aces", "Bowers", "Callers", "Dealers"])
    scores = {
        ("Aces", "Bowers"): (10, 8),
        ("Aces", "Dealers"): (10, 3),
        ("Callers", "Aces"): (10, 9),
        ("Bowers", "Callers"): (10, 4),
        ("Bowers", "Dealers"): (10, 7),
        ("Dealers", "Callers"): (10, 9),
    }
    rounds = play_rounds(director, event, scores)
    assert len(rounds) == 3 and all(r["sit_outs"] == [] for r in rounds)
    rows = director.standings(event)["rows"]
    # Aces and Bowers won two each (4 match points); Aces beat Bowers. Callers and Dealers
    # won one each; Dealers beat Callers.
    assert [(r["name"], r["match_points"], r["tie_break"]) for r in rows] == [
        ("Aces", 4, "head-to-head"),
        ("Bowers", 4, "head-to-head"),
        ("Dealers", 2, "head-to-head"),
        ("Callers", 2, "head-to-head"),
    ]
    assert [(r["head_to_head"]) for r in rows] == [2, -2, 1, -1]
    assert rows[0]["players"] == ["Ann", "Abe"]


def test_byes_count_as_wins_and_a_three_way_tie_goes_to_point_difference(director: Director):
    event = director.create_event(
        format="round-robin",
        entry="totals",
        name="Five pairs",
        sit_out_credit="fixed",
        sit_out_points=5,
    )
    enter_teams(director, event, ["Aces", "Bowers", "Callers", "Dealers", "Euchrers"])
    # Aces, Bowers and Callers beat each other in a circle, each by 10-6, so head to head
    # leaves them level.
    scores = {
        ("Aces", "Bowers"): (10, 6),
        ("Bowers", "Callers"): (10, 6),
        ("Callers", "Aces"): (10, 6),
        ("Aces", "Dealers"): (10, 2),
        ("Bowers", "Dealers"): (10, 5),
        ("Callers", "Dealers"): (10, 8),
        ("Euchrers", "Aces"): (10, 9),
        ("Euchrers", "Bowers"): (10, 7),
        ("Euchrers", "Callers"): (10, 4),
        ("Dealers", "Euchrers"): (10, 8),
    }
    rounds = play_rounds(director, event, scores)
    assert len(rounds) == 5
    assert sorted(name for r in rounds for name in r["sit_outs"]) == sorted(PLAYERS)
    rows = director.standings(event)["rows"]
    # Euchrers: 3 wins + a bye = 8 match points. Aces, Bowers, Callers: 2 wins + a bye = 6.
    # Point difference: Aces 35-28 (+7), Bowers 33-31 (+2), Callers 30-34 (-4).
    # Dealers: 1 win + a bye = 4. Each team's total adds its 5-point sit-out credit.
    assert [
        (
            r["name"],
            r["match_points"],
            r["points_for"],
            r["points_against"],
            r["total"],
            r["tie_break"],
        )
        for r in rows
    ] == [
        ("Euchrers", 8, 38, 30, 43, None),
        ("Aces", 6, 35, 28, 40, "point-difference"),
        ("Bowers", 6, 33, 31, 38, "point-difference"),
        ("Callers", 6, 30, 34, 35, "point-difference"),
        ("Dealers", 4, 25, 38, 30, None),
    ]
    assert all(r["byes"] == 1 and r["credit"] == 5 for r in rows)
    assert [r["head_to_head"] for r in rows[1:4]] == [0, 0, 0]
    prizes = {p["kind"]: p["winners"] for p in director.standings(event)["side_prizes"]}
    assert prizes["booby"] == [{"name": "Dealers", "value": 4, "round": None}]


def test_a_bracket_gives_byes_to_the_top_seeds_and_plays_down_to_a_champion(director: Director):
    event = director.create_event(format="bracket", entry="totals", name="Knockout")
    enter_teams(director, event, ["Aces", "Bowers", "Callers", "Dealers", "Euchrers"])
    scores = {
        ("Euchrers", "Dealers"): (10, 7),
        ("Aces", "Euchrers"): (10, 4),
        ("Callers", "Bowers"): (10, 9),
        ("Callers", "Aces"): (10, 8),
    }
    rounds = play_rounds(director, event, scores)
    assert [len(r["tables"]) for r in rounds] == [1, 2, 1]
    assert sorted(rounds[0]["sit_outs"]) == ["Aces", "Bowers", "Callers"]
    assert rounds[0]["tables"][0]["team_names"] == ["Dealers", "Euchrers"]
    rows = director.standings(event)["rows"]
    assert [r["name"] for r in rows[:2]] == ["Callers", "Aces"]
    ok(director.client.patch(f"/api/v1/events/{event}/", {"status": "finished"}, format="json"))


def test_a_bracket_game_needs_a_winner(director: Director):
    event = director.create_event(format="bracket", entry="totals", name="Knockout")
    enter_teams(director, event, ["Aces", "Bowers"])
    (table,) = director.next_round(event)["tables"]
    device = join(table["join_code"])
    names = device.by_seat
    assert is_problem(device.enter(by=names[0], points=[9, 8]), 422, "points", "no-game-winner")
    assert is_problem(device.enter(by=names[0], points=[10, 10]), 422, "points", "no-game-winner")
    assert is_problem(device.enter(by=names[0]), 400, "points", "points-required")
    ok(device.enter(by=names[0], points=[12, 9]), 201)


def test_a_bracket_cannot_be_played_by_hands(director: Director):
    response = director.client.post(
        f"/api/v1/clubs/{director.club}/events/",
        {"name": "K", "format": "bracket", "round_length": "hands", "hands_per_round": 8},
        format="json",
    )
    assert is_problem(response, 400, "round_length")


def test_teams_join_only_before_the_first_round(director: Director):
    event = director.create_event(format="round-robin", entry="totals")
    enter_teams(director, event, ["Aces", "Bowers"])
    response = director.client.post(
        f"/api/v1/events/{event}/teams/", {"name": "Aces", "players": ["X", "Y"]}, format="json"
    )
    assert is_problem(response, 409, "name", "team-exists")
    response = director.client.post(
        f"/api/v1/events/{event}/teams/", {"name": "New", "players": ["Ann", "Zed"]}, format="json"
    )
    assert is_problem(response, 409, "players[0]", "already-entered")
    director.next_round(event)
    response = director.client.post(
        f"/api/v1/events/{event}/teams/", {"name": "Late", "players": ["Q", "R"]}, format="json"
    )
    assert is_problem(response, 409, "players", "event-started")


def test_a_team_counts_each_hand_it_euchred_the_makers_in_once(director: Director):
    """Both partners defend a euchre together: the team made one, not two (a player's own
    count, in a night of partners who change, is each of theirs)."""
    event = director.create_event(format="round-robin", round_length="hands", hands_per_round=3)
    enter_teams(director, event, ["Aces", "Bowers"])
    phone = join(director.next_round(event)["tables"][0]["join_code"])
    north, east = phone.by_seat[:2]
    phone.hand(north, 2)  # euchred: one euchre to east's team
    phone.hand(east, 1)  # euchred: one to north's
    phone.hand(north, 1)  # and another to east's
    phone.settle()
    euchres = {row["players"][0]: row["euchres"] for row in director.standings(event)["rows"]}
    team_of = {name: team for team, players in PLAYERS.items() for name in players}
    assert {team_of[name]: count for name, count in euchres.items()} == {
        team_of[north]: 1,
        team_of[east]: 2,
    }
