"""A party whose room changes: a substitute for one round (the seat's own player moves on
from it, as if they had played it)."""

from __future__ import annotations

from typing import Any

from event_helpers import Director, join, ok

from scorekeeper.events import selectors
from scorekeeper.events.models import Event

# Through the API ------------------------------------------------------------------------------


def party_night(director: Director, players: int, **options: Any) -> int:
    body = {
        "format": "party",
        "rounds_planned": 3,
        "entry": "totals",
        "round_length": "hands",
        "hands_per_round": 8,
        **options,
    }
    event = director.create_event(**body)
    director.add_players(event, *(f"P{n:02}" for n in range(1, players + 1)))
    return event


def names_at(rnd: dict[str, Any]) -> list[list[str]]:
    """Each table's players by seat, from the head table down."""
    return [
        [s["name"] for s in sorted(t["seats"], key=lambda s: s["seat"])]
        for t in sorted(rnd["tables"], key=lambda t: t["number"])
    ]


def substitute(director: Director, table: dict[str, Any], seat: int, name: str) -> None:
    body = {"player": name, "reason": "called away for a round"}
    ok(
        director.client.post(
            f"/api/v1/tables/{table['id']}/seats/{seat}/substitute/", body, format="json"
        )
    )


def settle_with_fresh_phones(rnd: dict[str, Any], scores: list[list[int]]) -> None:
    """Each table joins again (its seats as they are now, a substitute's among them) and
    settles these totals."""
    for table, points in zip(rnd["tables"], scores, strict=True):
        join(table["join_code"]).settle(points)


def test_a_substitutes_seat_moves_on_with_its_own_player(director: Director):
    event = party_night(director, 12)
    first = director.next_round(event)
    before = names_at(first)
    regular = before[0][0]  # seat 0 of the head table: its side wins
    substitute(director, first["tables"][0], 0, "Subby")
    settle_with_fresh_phones(first, [[9, 1], [9, 1], [9, 1]])
    second = names_at(director.next_round(event))
    head, middle, low = before
    # The regular stays at the head table with its other winner, as if they had played.
    assert set(second[0]) == {head[0], head[2], middle[0], middle[2]}
    assert set(second[1]) == {low[0], low[2], middle[1], middle[3]}
    assert set(second[2]) == {head[1], head[3], low[1], low[3]}
    assert "Subby" not in {name for four in second for name in four}
    # Nobody partners last round's partner, the regular either.
    assert regular in second[0]
    at = second[0].index(regular)
    assert second[0][(at + 2) % 4] != head[2]


def test_an_entrant_who_sat_out_and_substituted_is_still_the_round_sat_out(director: Director):
    event = party_night(director, 13)
    first = director.next_round(event)
    (sitting,) = first["sit_outs"]
    before = names_at(first)
    # The one sitting out plays the lowest table's seat 1 (a losing seat) for its player.
    substitute(director, first["tables"][2], 1, sitting)
    settle_with_fresh_phones(first, [[9, 1], [9, 1], [9, 1]])
    second = director.next_round(event)
    now = names_at(second)
    low = before[2]
    # The seat's own player stays at the lowest table with its partner; the one who
    # stood in is back from the round sat out, at the lowest table, and, having sat out
    # once already, does not sit out again.
    assert {low[1], low[3]} <= {*now[2], *second["sit_outs"]}
    assert sitting in now[2]
    assert sitting not in second["sit_outs"]
    # The night as the movement reads it: round 1 as it was seated.
    night = selectors.night_of(event=Event.objects.get(pk=event))
    seated = [
        [s["player"] for s in sorted(t["seats"], key=lambda s: s["seat"])] for t in first["tables"]
    ]
    assert [list(t.seats) for t in night.rounds[0].tables] == seated
    (out,) = night.rounds[0].byes
    assert out not in {p for four in seated for p in four}
