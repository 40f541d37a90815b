"""A party whose room changes: a substitute for one round (the seat's own player moves on
from it), late arrivals who make a table more and leavers who take one away (the movement
keeps every rule it can), and a night that closes only once every level table has its cut."""

from __future__ import annotations

import random
from typing import Any

from event_helpers import Director, is_problem, join, ok, settle_round

from scorekeeper.events import selectors
from scorekeeper.events.models import Event
from scorekeeper.events.planning import party
from scorekeeper.events.planning.seating import Round, Table

# The pure movement ----------------------------------------------------------------------------


def played(*fours: tuple[int, ...], winner: int = 0) -> list[party.Played]:
    """Tables from the head table down, the same side winning at each (seats 0 and 2 by
    default)."""
    return [party.Played(n, four, winner) for n, four in enumerate(fours, start=1)]


def next_round(
    tables: list[party.Played], present: range | list[int], *, byes: tuple[int, ...] = ()
) -> Round:
    history = [Round(tuple(Table(t.seats) for t in tables), byes)]
    return party.next_round(tables, list(present), history=history, lot=random.Random(5))


def table_sets(rnd: Round) -> list[set[int]]:
    return [set(table.seats) for table in rnd.tables]


def assert_split(rnd: Round, *together: tuple[int, int]) -> None:
    """Nobody partners last round's partner (these pairs)."""
    for table in rnd.tables:
        s = table.seats
        assert not {frozenset((s[0], s[2])), frozenset((s[1], s[3]))} & set(
            map(frozenset, together)
        )


TWELVE = ((1, 2, 3, 4), (5, 6, 7, 8), (9, 10, 11, 12))
LAST_PARTNERS = ((1, 3), (2, 4), (5, 7), (6, 8), (9, 11), (10, 12))


def test_with_the_same_tables_the_winners_move_up_and_the_head_tables_losers_go_down():
    rnd = next_round(played(*TWELVE), range(1, 13))
    assert table_sets(rnd) == [{1, 3, 5, 7}, {9, 11, 6, 8}, {2, 4, 10, 12}]
    assert rnd.byes == ()
    assert_split(rnd, *LAST_PARTNERS)


def test_late_arrivals_making_a_table_more_come_in_at_the_lowest_tables():
    rnd = next_round(played(*TWELVE), range(1, 17))
    tables = table_sets(rnd)
    assert tables[:2] == [{1, 3, 5, 7}, {9, 11, 6, 8}]
    # The lowest table's losers stay at their table, two arrivals with them; the head
    # table's losers go to the new lowest table, the other two arrivals with them.
    assert {10, 12} < tables[2] and len(tables[2] & {13, 14, 15, 16}) == 2
    assert {2, 4} < tables[3] and len(tables[3] & {13, 14, 15, 16}) == 2
    # Those who stay at table 3 keep seats 0 and 1 (N and E), each with an arrival.
    assert set(rnd.tables[2].seats[:2]) == {10, 12}
    assert_split(rnd, *LAST_PARTNERS)


def test_two_tables_more_are_filled_by_the_arrivals_between_the_old_and_new_lowest():
    rnd = next_round(played(*TWELVE), range(1, 21))
    tables = table_sets(rnd)
    arrivals = set(range(13, 21))
    assert tables[:2] == [{1, 3, 5, 7}, {9, 11, 6, 8}]
    assert {10, 12} < tables[2] and tables[2] - {10, 12} <= arrivals
    assert tables[3] <= arrivals
    assert {2, 4} < tables[4] and tables[4] - {2, 4} <= arrivals


def test_with_a_table_more_and_players_over_one_of_the_lowest_tables_sits_out():
    # Thirteen played round 1 (13 sat out), four more come: seventeen, four tables.
    rnd = next_round(played(*TWELVE), range(1, 18), byes=(13,))
    tables = table_sets(rnd)
    assert tables[:2] == [{1, 3, 5, 7}, {9, 11, 6, 8}]
    assert {10, 12} < tables[2]
    # At the new lowest table, whoever has sat out least sits out: a head table loser
    # (every arrival has missed a round), the other plays there.
    (out,) = rnd.byes
    assert out in (2, 4) and ({2, 4} - {out}) < tables[3]


def test_leavers_emptying_the_lowest_table_leave_the_rest_moving_as_before():
    four = (*TWELVE, (13, 14, 15, 16))
    rnd = next_round(played(*four), range(1, 13))
    assert table_sets(rnd) == [{1, 3, 5, 7}, {9, 11, 6, 8}, {2, 4, 10, 12}]


def test_a_table_fewer_is_filled_by_whoever_was_moving_up_anyway():
    # Of sixteen, table 2's losers (6, 8) and table 4's (14, 16) leave: three tables.
    four = (*TWELVE, (13, 14, 15, 16))
    rnd = next_round(played(*four), [p for p in range(1, 17) if p not in (6, 8, 14, 16)])
    # Table 2 had table 3's winners coming and its losers staying: the winners of table 4,
    # moving up anyway, move on up; the lowest table keeps its losers and takes the head
    # table's.
    assert table_sets(rnd) == [{1, 3, 5, 7}, {9, 11, 13, 15}, {2, 4, 10, 12}]
    assert_split(rnd, *LAST_PARTNERS, (13, 15))


def test_a_table_fewer_with_a_whole_table_gone_above_takes_the_players_of_the_table_gone():
    # Table 2's four leave: table 3's winners move on up to the head table, table 4's
    # winners to table 2, with table 4's losers (their table is gone); table 3's losers stay
    # and the head table's losers join them.
    four = (*TWELVE, (13, 14, 15, 16))
    rnd = next_round(played(*four), [p for p in range(1, 17) if p not in (5, 6, 7, 8)])
    assert table_sets(rnd) == [{1, 3, 9, 11}, {13, 15, 14, 16}, {2, 4, 10, 12}]
    assert_split(rnd, *LAST_PARTNERS, (13, 15), (14, 16))


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


def test_late_arrivals_making_a_new_table_leave_the_lowest_tables_losers_in_their_seats(
    director: Director,
):
    event = party_night(director, 12)
    first = director.next_round(event)
    head, _middle, low = names_at(first)
    settle_round(director, first, [[9, 1], [9, 1], [9, 1]])
    director.add_players(event, "Late A", "Late B", "Late C", "Late D")
    now = names_at(director.next_round(event))
    late = {"Late A", "Late B", "Late C", "Late D"}
    assert len(now) == 4
    assert {low[1], low[3]} < set(now[2]) and len(set(now[2]) & late) == 2
    assert {head[1], head[3]} < set(now[3]) and len(set(now[3]) & late) == 2


def test_a_party_closes_only_once_every_level_table_has_its_cut(director: Director):
    event = party_night(director, 8, rounds_planned=1, rank_by="wins")
    rnd = director.next_round(event)
    settle_round(director, rnd, [[4, 4], [6, 2]])
    level = rnd["tables"][0]
    night = ok(director.client.get(f"/api/v1/events/{event}/close/"))
    assert night["open_tables"] == []
    assert night["level_tables"] == [{"round": 1, "number": 1, "table": level["id"]}]
    for body in ({}, {"leave_open": True}):
        refused = director.client.post(f"/api/v1/events/{event}/close/", body, format="json")
        assert is_problem(refused, 409, "rounds", "cut-needed")
        assert refused.json()["tables"] == [{"round": 1, "number": 1, "table": level["id"]}]
        assert "round 1, table 1" in refused.json()["detail"]
    patched = director.client.patch(
        f"/api/v1/events/{event}/", {"status": "finished"}, format="json"
    )
    assert is_problem(patched, 409, "rounds", "cut-needed")
    ok(
        director.client.post(
            f"/api/v1/tables/{level['id']}/result/cut/", {"winner": 1}, format="json"
        )
    )
    assert ok(director.client.get(f"/api/v1/events/{event}/close/"))["level_tables"] == []
    closed = ok(director.client.post(f"/api/v1/events/{event}/close/", {}, format="json"))
    assert closed["status"] == "finished"
    # The cut's winners won the table: in a party ranked by wins, two wins in one round of
    # two tables, one a table, and nobody with a tie.
    rows = director.standings(event)["rows"]
    assert sum(row["wins"] for row in rows) == 4


def test_other_formats_close_with_a_level_table_as_before(director: Director):
    event = director.create_totals_night(rounds_planned=1)
    director.add_players(event, *(f"Guest {n}" for n in range(4)))
    rnd = director.next_round(event)
    settle_round(director, rnd, [[4, 4]])
    assert ok(director.client.get(f"/api/v1/events/{event}/close/"))["level_tables"] == []
    ok(director.client.post(f"/api/v1/events/{event}/close/", {}, format="json"))


def test_a_table_of_late_arrivals_and_byes_splits_last_rounds_partners(director: Director):
    """Seven players: one table, three sitting out; in round 2 three of the four who played
    sit out (two of them last round's partners). A late arrival seated into round 2 makes a
    table of them, and it seats those two apart, as every round's table does; seated in the
    order they sat out, they would partner again (the seeds are tried until they would)."""
    for seed in range(1, 30):
        event = party_night(director, 7, seed=seed)
        first = director.next_round(event)
        settle_round(director, first, [[9, 1]])
        second = director.next_round(event)
        (head,) = names_at(first)
        together = {frozenset(head[0::2]), frozenset(head[1::2])}
        out = second["sit_outs"]
        if frozenset((out[0], out[2])) not in together:
            continue
        (late,) = director.add_players(event, f"Late {seed}").values()
        url = f"/api/v1/events/{event}/rounds/2/late/"
        after = ok(director.client.post(url, {"player": late}, format="json"))
        new = names_at(after)[-1]
        assert set(new) == {*out, f"Late {seed}"}
        assert not {frozenset(new[0::2]), frozenset(new[1::2])} & together
        return
    raise AssertionError("no seed sat last round's partners out where they would partner")
