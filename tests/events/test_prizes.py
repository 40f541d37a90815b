"""Side prizes and when a bye is credited, worked out by the plain standings arithmetic."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest
from event_helpers import Director, join, ok

from scorekeeper.events.ranking.standings import (
    Bye,
    Line,
    Ranked,
    Scoring,
    StandingRow,
    rank,
)

PROGRESSIVE = Scoring(credit="fixed", credit_points=5)
TOTALS_ONLY = Scoring(credit="fixed", credit_points=5, hands=False)
ROUND_ROBIN = Scoring(teams=True)
BRACKET = Scoring(teams=True, bracket=True)


class Night:
    """Results written as tables: ``table(round, {player: points}, {player: points})``, the
    first side in seats 0 and 2. Players are keys 1, 2, ...; teams, when given, own them."""

    def __init__(self, teams: dict[int, tuple[int, int]] | None = None) -> None:
        self.lines: list[Line] = []
        self.team_of = {p: team for team, players in (teams or {}).items() for p in players}
        self.results = 0

    def table(
        self,
        round_number: int,
        first: dict[int, int],
        second: dict[int, int],
        *,
        euchres: dict[int, int] | None = None,
        euchred: dict[int, int] | None = None,
        loners: dict[int, int] | None = None,
    ) -> None:
        """`euchres`: each player's as a defender; `euchred`: as a maker."""
        self.results += 1
        ours, theirs = max(first.values()), max(second.values())
        for side, players, points, against in ((0, first, ours, theirs), (1, second, theirs, ours)):
            for player in players:
                self.lines.append(
                    Line(
                        result_id=self.results,
                        round_number=round_number,
                        table_number=self.results,
                        player_id=player,
                        team_id=self.team_of.get(player),
                        side=side,
                        points_for=points,
                        points_against=against,
                        won=points > against,
                        tied=points == against,
                        euchres=(euchres or {}).get(player, 0),
                        euchred=(euchred or {}).get(player, 0),
                        loners_made=(loners or {}).get(player, 0),
                    )
                )

    def rank(
        self,
        scoring: Scoring,
        entrants: dict[int, str],
        *,
        byes: Sequence[Bye] = (),
        complete: set[int],
    ) -> Ranked:
        rows = [StandingRow(key, name, [name]) for key, name in entrants.items()]
        return rank(scoring, rows=rows, lines=self.lines, byes=byes, complete=complete)


def prizes(ranked: Ranked) -> dict[str, list[tuple[str, int]]]:
    return {p.kind: [(w.name, w.value) for w in p.winners] for p in ranked.side_prizes}


NAMES = {1: "Ann", 2: "Ben", 3: "Cat", 4: "Dan", 5: "Eve"}


def test_a_bye_counts_only_once_its_round_is_complete():
    night = Night()
    night.table(1, {1: 6, 3: 6}, {2: 4, 4: 4})
    bye = [Bye(1, 5)]
    # Round 1 still has a table without a confirmed result: Eve's bye waits.
    waiting = {r.name: r for r in night.rank(PROGRESSIVE, NAMES, byes=bye, complete=set()).rows}
    assert (waiting["Eve"].byes, waiting["Eve"].credit, waiting["Eve"].total) == (0, 0, 0)
    done = {r.name: r for r in night.rank(PROGRESSIVE, NAMES, byes=bye, complete={1}).rows}
    assert (done["Eve"].byes, done["Eve"].credit, done["Eve"].total) == (1, 5, 5)


def test_a_teams_bye_wins_only_once_its_round_is_complete():
    night = Night(teams={10: (1, 3), 20: (2, 4)})
    night.table(1, {1: 10, 3: 10}, {2: 7, 4: 7})
    teams = {10: "Aces", 20: "Bowers", 30: "Callers"}
    open_round = night.rank(ROUND_ROBIN, teams, byes=[Bye(1, 30)], complete=set())
    assert {r.name: r.match_points for r in open_round.rows}["Callers"] == 0
    complete = night.rank(ROUND_ROBIN, teams, byes=[Bye(1, 30)], complete={1})
    assert {r.name: r.match_points for r in complete.rows} == {
        "Aces": 2,
        "Bowers": 0,
        "Callers": 2,
    }


def test_the_booby_prize_is_for_those_who_played_the_whole_night():
    night = Night()
    night.table(1, {1: 8, 2: 8}, {3: 5, 4: 5})  # Eve sits round 1 out
    night.table(2, {1: 9, 5: 9}, {2: 6, 3: 6})  # Dan has gone home
    ranked = night.rank(PROGRESSIVE, NAMES, byes=[Bye(1, 5)], complete={1, 2})
    totals = {r.name: r.total for r in ranked.rows}
    assert totals == {"Ann": 17, "Ben": 14, "Cat": 11, "Dan": 5, "Eve": 14}
    # Dan is last, but left early; Eve's bye was a round she was there for.
    assert {r.name for r in ranked.rows if r.whole_night} == {"Ann", "Ben", "Cat", "Eve"}
    assert prizes(ranked)["booby"] == [("Cat", 11)]


def test_a_player_whose_only_round_so_far_was_a_bye_can_be_last_of_the_night():
    """After round 1, Eve has sat out the one complete round: she was there for all of it, so
    last on her no points (no credit) she takes the booby prize, not those who played."""
    night = Night()
    night.table(1, {1: 8, 2: 8}, {3: 5, 4: 5})  # Eve sits round 1 out
    ranked = night.rank(Scoring(), NAMES, byes=[Bye(1, 5)], complete={1})
    assert {r.name: r.total for r in ranked.rows}["Eve"] == 0
    assert prizes(ranked)["booby"] == [("Eve", 0)]
    # Ranked per round, her bye earned nothing to rank her by: she is unranked, last on no
    # figure, and the last of those ranked takes it.
    per_round = night.rank(Scoring(rank_by="per-round"), NAMES, byes=[Bye(1, 5)], complete={1})
    assert {r.name: r.rank for r in per_round.rows}["Eve"] is None
    assert prizes(per_round)["booby"] == [("Cat", 5), ("Dan", 5)]


def test_a_late_arrival_is_not_last_of_the_night():
    night = Night()
    night.table(1, {1: 8, 2: 8}, {3: 5, 4: 5})
    night.table(2, {1: 9, 5: 9}, {2: 2, 3: 2})  # Eve arrives for round 2; Dan sits out
    ranked = night.rank(PROGRESSIVE, NAMES, byes=[Bye(2, 4)], complete={1, 2})
    assert {r.name for r in ranked.rows if not r.whole_night} == {"Eve"}
    assert prizes(ranked)["booby"] == [("Cat", 7)]


def test_everyone_tied_for_last_shares_the_booby_prize():
    night = Night()
    night.table(1, {1: 8, 2: 8}, {3: 5, 4: 5})
    ranked = night.rank(PROGRESSIVE, {k: NAMES[k] for k in (1, 2, 3, 4)}, complete={1})
    # Cat and Dan are level on points; the tie-break orders them, the prize does not.
    assert [r.tie_break for r in ranked.rows][2:] != [None, None]
    assert prizes(ranked)["booby"] == [("Cat", 5), ("Dan", 5)]


def test_no_booby_prize_when_everyone_is_level():
    night = Night()
    night.table(1, {1: 6, 2: 6}, {3: 6, 4: 6})
    ranked = night.rank(PROGRESSIVE, {k: NAMES[k] for k in (1, 2, 3, 4)}, complete={1})
    assert prizes(ranked)["booby"] == []


def test_side_prizes_of_a_progressive_night_of_hands():
    night = Night()
    night.table(1, {1: 8, 2: 8}, {3: 5, 4: 5}, euchres={3: 2, 1: 1}, loners={2: 1})
    night.table(2, {1: 4, 3: 4}, {2: 9, 4: 9}, euchres={4: 2}, loners={4: 1})
    ranked = night.rank(PROGRESSIVE, {k: NAMES[k] for k in (1, 2, 3, 4)}, complete={1, 2})
    assert prizes(ranked) == {
        "most-loners": [("Ben", 1), ("Dan", 1)],
        "most-euchres": [("Cat", 2), ("Dan", 2)],
        "highest-game": [("Ben", 9), ("Dan", 9)],
        "booby": [("Cat", 9)],
    }
    assert [w.round for p in ranked.side_prizes if p.kind == "highest-game" for w in p.winners] == [
        2,
        2,
    ]


def test_a_totals_only_night_has_no_prizes_that_need_hands():
    night = Night()
    night.table(1, {1: 8, 2: 8}, {3: 5, 4: 5})
    ranked = night.rank(TOTALS_ONLY, {k: NAMES[k] for k in (1, 2, 3, 4)}, complete={1})
    assert [p.kind for p in ranked.side_prizes] == ["highest-game", "booby"]


def test_a_team_events_prizes_go_to_teams():
    night = Night(teams={10: (1, 3), 20: (2, 4), 30: (5, 6)})
    # Bowers' 4 euchres a maker of the Aces alone; the Aces euchre the Callers twice together.
    night.table(
        1, {1: 10, 3: 10}, {2: 7, 4: 7}, loners={1: 1, 3: 1, 2: 1}, euchres={4: 1}, euchred={1: 1}
    )
    night.table(2, {5: 10, 6: 10}, {1: 8, 3: 8}, euchres={1: 2, 3: 2}, euchred={5: 1, 6: 1})
    night.table(3, {2: 10, 4: 10}, {5: 9, 6: 9}, loners={5: 1})
    teams = {10: "Aces", 20: "Bowers", 30: "Callers"}
    ranked = night.rank(Scoring(teams=True), teams, complete={1, 2, 3})
    assert prizes(ranked) == {
        "most-loners": [("Aces", 2)],  # both Aces' loners, counted for the team
        "most-euchres": [("Aces", 2)],  # two hands, not each partner's two
        "highest-game": [("Aces", 10), ("Callers", 10), ("Bowers", 10)],  # rounds 1, 2, 3
        "booby": [],  # each won once: everyone level on match points
    }


def test_a_bracket_has_no_side_prizes():
    night = Night(teams={10: (1, 3), 20: (2, 4)})
    night.table(1, {1: 10, 3: 10}, {2: 7, 4: 7}, loners={1: 1})
    ranked = night.rank(BRACKET, {10: "Aces", 20: "Bowers"}, complete={1})
    assert ranked.side_prizes == []


@pytest.mark.django_db
def test_the_standings_credit_a_bye_when_the_last_table_confirms(director: Director):
    event = director.create_totals_night(
        rounds_planned=1,
        sit_out_credit="fixed",
        sit_out_points=4,
    )
    director.add_players(event, *(f"Player {i}" for i in range(9)))
    seated = director.next_round(event)
    (sitter,) = seated["sit_outs"]
    first, second = (join(table["join_code"]) for table in seated["tables"])

    def sitters_row() -> dict[str, Any]:
        rows = director.standings(event)["rows"]
        return next(row for row in rows if row["name"] == sitter)

    first.settle([6, 4])
    assert (sitters_row()["byes"], sitters_row()["total"]) == (0, 0)  # table 2 still plays
    ok(second.enter(by=second.by_seat[0], points=[5, 7]), 201)
    assert sitters_row()["byes"] == 0  # entered, not confirmed
    ok(second.confirm(by=second.by_seat[1]))
    assert (sitters_row()["byes"], sitters_row()["total"]) == (1, 4)
