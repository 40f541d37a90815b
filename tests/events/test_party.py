"""The moving-up progressive party: winners move up a table and split, the head table's
winners stay and its losers go to the lowest table, a level table is won by the cut or the
last hand, an odd player sits out by rotation from the lowest table; and the standings add
up the results."""

from __future__ import annotations

from collections import Counter
from itertools import pairwise
from types import SimpleNamespace
from typing import Any

import pytest
from event_helpers import LEVEL_BID_EUCHRE_GAME, Director, is_problem, join, ok, settle_round
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.events.formats.base import Night, PlayedRound, PlayedTable
from scorekeeper.events.formats.party import Party
from scorekeeper.events.ranking.standings import Bye, Line, StandingRow

PARTY = Party()


def party_event(rank_by: str = "total", tie_rule: str = "cut", **more: Any) -> SimpleNamespace:
    """What the format reads of an event (as `EventLike` says), without a database."""
    fields = {
        "format": "party",
        "options": {"rounds_planned": 12, "rank_by": rank_by, "tie_rule": tie_rule},
        "plan": {},
        "entry": "hands",
        "round_length": "hands",
        "hands_per_round": 8,
        "sit_out_credit": "fixed",
        "sit_out_points": 3,
        "seed": 7,
        "time_called_win_points": None,
        "side_prizes": None,
    }
    return SimpleNamespace(**{**fields, **more})


def partners(table: PlayedTable) -> set[frozenset[int]]:
    s = table.seats
    return {frozenset((s[0], s[2])), frozenset((s[1], s[3]))}


def check_moves(before: PlayedRound, after: PlayedRound, players: int) -> None:
    """What every round after the first must be, from the round before it."""
    where = {p: t.number for t in after.tables for p in t.seats}
    assert all(len(set(t.seats)) == 4 for t in after.tables)
    assert sorted([*where, *after.byes]) == sorted({*where, *after.byes})
    assert len(after.byes) == players % 4 and len(where) == players - players % 4
    lowest = len(after.tables)
    arrived_together: list[frozenset[int]] = []
    for table in before.tables:
        s, w = table.seats, table.winner
        assert w is not None
        winners, losers = (s[w], s[w + 2]), (s[1 - w], s[3 - w])
        if table.number == 1:
            assert {where[p] for p in winners} == {1}  # the head table's winners stay
            assert all(where.get(p, lowest) == lowest for p in losers)
            arrived_together.append(frozenset(losers))
        else:
            assert {where[p] for p in winners} == {table.number - 1}  # up one table
            arrived_together.append(frozenset(winners))
    now = set().union(*(partners(t) for t in after.tables))
    assert not now & set(arrived_together)  # those who arrive together split
    assert not now & set().union(*(partners(t) for t in before.tables))


@settings(max_examples=40, deadline=None)
@given(
    players=st.integers(8, 40),
    rounds=st.integers(4, 12),
    rank_by=st.sampled_from(["total", "wins"]),
    data=st.data(),
)
def test_every_round_moves_the_winners_up_and_the_standings_add_up(players, rounds, rank_by, data):
    event = party_event(rank_by, cuts={})
    event.plan = {"cuts": {}}
    ids = tuple(range(101, 101 + players))
    played: list[PlayedRound] = []
    lines: list[Line] = []
    for number in range(1, rounds + 1):
        seating = PARTY.seating(Night(number, players=ids, rounds=tuple(played)), event)
        tables = []
        for t, planned in enumerate(seating.tables, start=1):
            result = 100 * number + t
            points = (data.draw(st.integers(0, 9)), data.draw(st.integers(0, 9)))
            winner = PARTY.winner(event, points, last_scorer=None, table=result)
            if winner is None:  # level: the director's cut
                winner = data.draw(st.sampled_from([0, 1]))
                event.plan["cuts"][str(result)] = winner
                assert PARTY.winner(event, points, last_scorer=None, table=result) == winner
            tables.append(PlayedTable(t, planned.seats, None, "", result, points, winner, True))
            for seat, player in enumerate(planned.seats):
                side = seat % 2
                lines.append(
                    Line(
                        result,
                        number,
                        t,
                        player,
                        None,
                        side,
                        points[side],
                        points[1 - side],
                        winner == side,
                        False,
                        0,
                        0,
                    )
                )
        this = PlayedRound(number, tuple(tables), seating.byes)
        if played:
            check_moves(played[-1], this, players)
            # Who sits out had sat out no more than anyone else at the lowest table.
            before = Counter(p for rnd in played for p in rnd.byes)
            lowest = tables[-1].seats
            assert all(before[out] <= before[p] for out in this.byes for p in lowest)
        played.append(this)
    rows = [StandingRow(p, f"P{p}", [f"P{p}"]) for p in ids]
    byes = [Bye(rnd.number, p) for rnd in played for p in rnd.byes]
    ranked = PARTY.rank(
        event, rows=rows, lines=lines, byes=byes, complete=set(range(1, rounds + 1))
    )
    # Recomputed from the results: each player's points, their byes' credit, the rounds won.
    points, wins, sat = Counter(), Counter(), Counter(b.key for b in byes)
    for line in lines:
        points[line.player_id] += line.points_for
        wins[line.player_id] += line.won
    for row in ranked.rows:
        assert (row.total, row.wins, row.byes) == (
            points[row.key] + 3 * sat[row.key],
            wins[row.key],
            sat[row.key],
        )
    figure = (lambda r: (r.wins, r.total)) if rank_by == "wins" else (lambda r: (r.total,))
    assert [r.rank for r in ranked.rows] == list(range(1, players + 1))
    assert all(figure(a) >= figure(b) for a, b in pairwise(ranked.rows))


@settings(max_examples=30, deadline=None)
@given(players=st.integers(5, 7), data=st.data())
def test_at_a_single_table_everyone_sits_out_in_turn(players, data):
    """With one table the head table is the lowest: all its players, the winners as well,
    are in the rotation, so each sits out in turn, and those who come back split."""
    event = party_event()
    ids = tuple(range(1, players + 1))
    played: list[PlayedRound] = []
    sat: Counter[int] = Counter()
    for number in range(1, 3 * players + 1):
        seating = PARTY.seating(Night(number, players=ids, rounds=tuple(played)), event)
        (planned,) = seating.tables
        assert sorted([*planned.seats, *seating.byes]) == list(ids)
        # Who sits out had sat out no more than anyone who plays.
        assert all(sat[out] <= sat[p] for out in seating.byes for p in planned.seats)
        sat.update(seating.byes)
        assert max(sat[p] for p in ids) - min(sat[p] for p in ids) <= 1
        table = PlayedTable(1, planned.seats, None, "", number, (9, 3), 0, True)
        if played:
            back = set(played[-1].byes) & set(planned.seats)
            assert sum(two <= back for two in partners(table)) == max(0, len(back) - 2), players
            assert not partners(table) & set().union(*(partners(t) for t in played[-1].tables))
        winner = data.draw(st.sampled_from([0, 1]))
        table = PlayedTable(
            1, planned.seats, None, "", number, (9, 3)[:: 1 - 2 * winner], winner, True
        )
        played.append(PlayedRound(number, (table,), seating.byes))


# Through the API ------------------------------------------------------------------------------


def party_night(director: Director, players: int, **options: Any) -> int:
    body = {
        "format": "party",
        "rounds_planned": 3,
        "entry": "totals",
        "round_length": "hands",
        "hands_per_round": 8,
        "sit_out_credit": "fixed",
        "sit_out_points": 4,
        **options,
    }
    event = director.create_event(**body)
    director.add_players(event, *(f"Player {n:02}" for n in range(players)))
    return event


def seats_of(rnd: dict[str, Any]) -> dict[int, list[int]]:
    return {
        t["number"]: [s["player"] for s in sorted(t["seats"], key=lambda s: s["seat"])]
        for t in rnd["tables"]
    }


def test_a_party_night_moves_its_winners_up_and_asks_for_the_cut_at_a_level_table(
    director: Director, anon
):
    event = party_night(director, 13)
    first = director.next_round(event)
    assert len(first["tables"]) == 3 and len(first["sit_outs"]) == 1
    seats = seats_of(first)
    # Table 1: seats 0 and 2 win; table 2 is level; table 3: seats 1 and 3 win.
    settle_round(director, first, [[8, 4], [5, 5], [2, 9]])
    refused = director.client.post(f"/api/v1/events/{event}/rounds/", format="json")
    assert is_problem(refused, 409, "rounds", "cut-needed")
    level = first["tables"][1]
    board = ok(director.client.get(f"/api/v1/events/{event}/board/"))[0]["tables"]
    assert [t["cut_needed"] for t in board] == [False, True, False]
    cut = director.client.post(
        f"/api/v1/tables/{level['id']}/result/cut/", {"winner": 1}, format="json"
    )
    assert ok(cut)["winner"] == 1
    projector = anon.get(f"/events/{event}/projector/")
    assert projector.status_code == 404  # not published yet
    director.publish(event)
    wall = anon.get(f"/events/{event}/projector/").content.decode()
    assert "After round 1: who moves where" in wall
    second = director.next_round(event)
    # Round 2 is seated from the cut: drawn again now, it would make winners of players
    # already seated as losers.
    again = director.client.post(
        f"/api/v1/tables/{level['id']}/result/cut/", {"winner": 0}, format="json"
    )
    assert is_problem(again, 409, "winner", "cut-moved-on")
    now = seats_of(second)
    table_of = {p: n for n, four in now.items() for p in four}
    head, middle, low = seats[1], seats[2], seats[3]
    assert {table_of[head[0]], table_of[head[2]]} == {1}  # the head table's winners stay
    assert {table_of[middle[1]], table_of[middle[3]]} == {1}  # the cut's winners move up
    assert {table_of[low[1]], table_of[low[3]]} == {2}
    # The head table's losers and the lowest table's losers meet the one who sat out at the
    # lowest table, where someone who has not sat out yet sits out now.
    bottom = {*head[1::2], *low[0::2]}
    assert second["sit_outs"] != first["sit_outs"]
    assert {table_of.get(p, 3) for p in bottom} == {3}
    for four in now.values():
        pairs = {frozenset((four[0], four[2])), frozenset((four[1], four[3]))}
        assert not pairs & {frozenset((head[0], head[2])), frozenset((middle[1], middle[3]))}
    settle_round(director, second, [[6, 6], [7, 3], [3, 7]])
    ok(
        director.client.post(
            f"/api/v1/tables/{second['tables'][0]['id']}/result/cut/", {"winner": 0}, format="json"
        )
    )
    third = director.next_round(event)
    settle_round(director, third, [[4, 4], [9, 1], [1, 9]])
    ok(
        director.client.post(
            f"/api/v1/tables/{third['tables'][0]['id']}/result/cut/", {"winner": 1}, format="json"
        )
    )
    standings = director.standings(event)
    # Each player's total is their sides' points and 4 a round sat out; wins the rounds
    # their side won (a cut's winners too).
    totals: Counter[int] = Counter()
    wins: Counter[int] = Counter()
    rounds = ok(director.client.get(f"/api/v1/events/{event}/rounds/"))
    for rnd in rounds:
        for table in rnd["tables"]:
            for seat in table["seats"]:
                side = seat["side"]
                totals[seat["name"]] += table["result"]["points"][side]
                wins[seat["name"]] += table["result"]["winner"] == side
        for name in rnd["sit_outs"]:
            totals[name] += 4
    assert {r["name"]: (r["total"], r["wins"]) for r in standings["rows"]} == {
        name: (totals[name], wins[name]) for name in totals
    }
    assert sum(r["byes"] for r in standings["rows"]) == 3


def test_once_the_next_round_is_seated_from_them_a_tables_winners_stand(director: Director):
    """A correction may change a table's score, not who won it, once the next round is
    seated from its winners; undone, that round frees it."""
    event = party_night(director, 8)
    first = director.next_round(event)
    settle_round(director, first, [[9, 1], [9, 1]])
    second = director.next_round(event)
    table = first["tables"][1]["id"]
    flipped = director.client.patch(
        f"/api/v1/tables/{table}/result/",
        {"points": [1, 9], "reason": "keyed wrong"},
        format="json",
    )
    assert is_problem(flipped, 409, "points", "winners-moved-on")
    results = f"/api/v1/tables/{table}/result/"
    assigned = {"sides": ["average-minus", "average-plus"], "reason": "x"}
    refused = director.client.post(results + "assign/", assigned, format="json")
    assert is_problem(refused, 409, "sides", "winners-moved-on")
    forfeit = {"forfeited_by": 0, "reason": "x"}
    refused = director.client.post(results + "forfeit/", forfeit, format="json")
    assert is_problem(refused, 409, "forfeited_by", "winners-moved-on")
    score = director.client.patch(
        f"/api/v1/tables/{table}/result/",
        {"points": [9, 3], "reason": "keyed wrong"},
        format="json",
    )
    assert ok(score)["points"] == [9, 3] and ok(score)["winner"] == 0
    undone = director.client.delete(f"/api/v1/events/{event}/rounds/{second['number']}/")
    assert undone.status_code == 204, undone.content
    freed = director.client.patch(
        f"/api/v1/tables/{table}/result/",
        {"points": [1, 9], "reason": "keyed wrong"},
        format="json",
    )
    assert ok(freed)["winner"] == 1


def test_a_late_arrival_comes_in_at_the_lowest_table(director: Director):
    event = party_night(director, 12)
    first = director.next_round(event)
    settle_round(director, first, [[9, 1], [9, 1], [9, 1]])
    director.add_players(event, "Late Lou")
    second = director.next_round(event)
    # Thirteen now: Lou is at the lowest table's, and has missed a round: another sits out.
    lou = next(s["player"] for t in second["tables"] for s in t["seats"] if s["name"] == "Late Lou")
    assert lou in seats_of(second)[3]
    assert second["sit_outs"] and "Late Lou" not in second["sit_outs"]


def test_a_level_table_goes_to_the_side_that_scored_last_where_that_is_the_rule(
    director: Director,
):
    event = director.create_event(
        format="party",
        rounds_planned=2,
        round_length="hands",
        hands_per_round=2,
        tie_rule="last-hand",
    )
    director.add_players(event, *(f"Player {n}" for n in range(8)))
    rnd = director.next_round(event)
    for table in rnd["tables"]:
        phone = join(table["join_code"])
        by_seat = phone.by_seat
        phone.hand(by_seat[0], 3)  # seats 0 and 2 make it: 1 point
        phone.hand(by_seat[1], 3)  # then seats 1 and 3: level at 1, and they scored last
        ok(phone.enter(by=by_seat[0]), 201)
        result = ok(phone.confirm(by=by_seat[1]))
        assert (result["points"], result["winner"]) == ([1, 1], 1)
    refused = director.client.post(
        f"/api/v1/tables/{rnd['tables'][0]['id']}/result/cut/", {"winner": 0}, format="json"
    )
    assert is_problem(refused, 409, "winner", "tie-decided")
    assert director.next_round(event)["number"] == 2


def test_a_level_table_whose_last_hand_scored_both_sides_alike_goes_to_its_makers(
    director: Director,
):
    """Bid Euchre scores both sides each hand: a bid of three made with three tricks gives
    three to each. Where both scored alike, the side that scored last is the hand's makers."""
    two_hands = {"round_length": "hands", "hands_per_round": 2, "rounds_planned": 2}
    event = director.create_event(
        format="party", ruleset="bid-euchre", tie_rule="last-hand", **two_hands
    )
    director.add_players(event, "Ann", "Bo", "Cy", "Di")
    phone = join(director.next_round(event)["tables"][0]["join_code"])
    for maker in (0, 1):  # seat 0 then seat 1 bids three and takes three: 3-3, then 6-6
        body = {"maker": maker, "bid": 3, "maker_tricks": 3}
        assert ok(phone.post("hands/", body), 201)["award"]["points"] == {"0": 3, "1": 3}
    by_seat = phone.by_seat
    ok(phone.enter(by=by_seat[0]), 201)
    result = ok(phone.confirm(by=by_seat[1]))
    assert (result["points"], result["winner"]) == ([6, 6], 1)


def test_a_bid_euchre_game_won_at_a_level_score_takes_no_cut(director: Director):
    """A Bid Euchre game ends on a made bid or a set, not on the points: a moon that brings
    its makers level with the other side at 33 wins the game, and no cut overturns it."""
    event = director.create_event(
        format="party", ruleset="bid-euchre", round_length="game", tie_rule="cut", rounds_planned=2
    )
    director.add_players(event, "Ann", "Bo", "Cy", "Di")
    table = director.next_round(event)["tables"][0]
    phone = join(table["join_code"])
    for body in LEVEL_BID_EUCHRE_GAME:
        ok(phone.post("hands/", body), 201)
    ok(phone.enter(by=phone.by_seat[0]), 201)
    result = ok(phone.confirm(by=phone.by_seat[1]))
    assert (result["points"], result["winner"]) == ([33, 33], 1)
    refused = director.client.post(
        f"/api/v1/tables/{table['id']}/result/cut/", {"winner": 0}, format="json"
    )
    assert is_problem(refused, 409, "winner", "tie-decided")
    assert ok(director.client.get(f"/api/v1/tables/{table['id']}/result/"))["winner"] == 1


def test_a_cut_is_a_directors_for_a_level_party_table_only(director: Director):
    event = party_night(director, 8)
    rnd = director.next_round(event)
    settle_round(director, rnd, [[5, 3], [4, 4]])
    url = "/api/v1/tables/{}/result/cut/"
    ahead, level = rnd["tables"]
    assert is_problem(
        director.client.post(url.format(ahead["id"]), {"winner": 0}, format="json"),
        409,
        "winner",
        "not-level",
    )
    phone = director.phones[level["join_code"]]
    assert phone.client.post(url.format(level["id"]), {"winner": 0}, format="json").status_code in (
        401,
        403,
        404,
    )
    assert is_problem(
        director.client.post(url.format(level["id"]), {"winner": 2}, format="json"), 400, "winner"
    )
    progressive = director.create_totals_night(rounds_planned=1)
    director.add_players(progressive, *(f"Guest {n}" for n in range(4)))
    other = director.next_round(progressive)
    table = join(other["tables"][0]["join_code"])
    table.settle([4, 4])
    assert is_problem(
        director.client.post(url.format(table.id), {"winner": 0}, format="json"),
        409,
        "winner",
        "no-cuts",
    )


@pytest.mark.parametrize(
    ("options", "field"),
    [
        ({"tie_rule": "last-hand", "entry": "totals"}, "tie_rule"),
        ({"tie_rule": "coin"}, "tie_rule"),
        ({"rank_by": "per-round"}, "rank_by"),
        ({"loner_bonus": 2}, "loner_bonus"),
        ({"rounds_planned": 0}, "rounds_planned"),
    ],
)
def test_a_partys_options_are_checked_by_name(director: Director, options, field):
    body = {
        "name": "Party",
        "format": "party",
        "rounds_planned": 4,
        "round_length": "hands",
        "hands_per_round": 8,
        **options,
    }
    response = director.client.post(f"/api/v1/clubs/{director.club}/events/", body, format="json")
    assert is_problem(response, 400, field)


#: A party whose hands are entered one by one (its tie rule may be the last hand's).
HAND_BY_HAND_PARTY = {
    "format": "party",
    "rounds_planned": 2,
    "round_length": "hands",
    "hands_per_round": 8,
}


@pytest.mark.parametrize("language", ["en", "ko"])
@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"entry": "totals"}, "entry"),
        ({"entry": "totals", "tie_rule": "last-hand"}, "entry"),  # the tie rule stands as it was
    ],
)
def test_a_change_of_entry_a_last_hand_tie_rule_cannot_take_names_the_entry(
    director: Director, change, field, language
):
    """The problem names the field the director changed, in the reader's language."""
    event = director.create_event(**HAND_BY_HAND_PARTY, tie_rule="last-hand")
    refused = director.client.patch(
        f"/api/v1/events/{event}/", change, format="json", HTTP_ACCEPT_LANGUAGE=language
    )
    assert is_problem(refused, 400, field, "bad-tie-rule")
    assert refused["Content-Language"] == language
    said = "scored last" if language == "en" else "마지막으로 점수를 낸 쪽"
    assert said in refused.json()["detail"]
    shown = ok(director.client.get(f"/api/v1/events/{event}/"))
    assert (shown["entry"], shown["tie_rule"]) == ("hands", "last-hand")


def test_a_change_of_both_names_the_tie_rule_and_a_tie_rule_a_totals_party_cannot_take_too(
    director: Director,
):
    event = director.create_event(**HAND_BY_HAND_PARTY)
    url = f"/api/v1/events/{event}/"
    both = {"entry": "totals", "tie_rule": "last-hand"}
    assert is_problem(director.client.patch(url, both, format="json"), 400, "tie_rule")
    ok(director.client.patch(url, {"entry": "totals"}, format="json"))
    rule = {"tie_rule": "last-hand"}
    assert is_problem(director.client.patch(url, rule, format="json"), 400, "tie_rule")
    ok(director.client.patch(url, {"entry": "hands", "tie_rule": "last-hand"}, format="json"))


def test_a_closed_party_moves_nobody_on_the_projector(director: Director, anon):
    event = party_night(director, 8, rounds_planned=1)
    director.publish(event)
    settle_round(director, director.next_round(event), [[9, 3], [2, 9]])
    wall = f"/events/{event}/projector/"
    assert "After round 1: who moves where" in anon.get(wall).content.decode()
    ok(director.client.post(f"/api/v1/events/{event}/close/", {}, format="json"))
    closed = anon.get(wall).content.decode()
    assert "who moves where" not in closed and "to table" not in closed
    ok(director.client.post(f"/api/v1/events/{event}/reopen/", {}, format="json"))
    assert "After round 1: who moves where" in anon.get(wall).content.decode()
