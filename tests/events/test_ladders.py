"""Season ladders and a progressive night's ranking options, worked out by the plain
arithmetic: placement points with ties, averages with a qualifying number of nights, best N
of M; per round played, games won, a loner bonus and the side prizes an event gives."""

from __future__ import annotations

from fractions import Fraction

import pytest

from scorekeeper.events.ranking.ladders import (
    AVERAGE,
    PLACEMENT,
    TOTALS,
    Ladder,
    Night,
    ladder_rank,
    placement_share,
)
from scorekeeper.events.ranking.standings import (
    Bye,
    Line,
    Scoring,
    StandingRow,
    rank,
    shared_places,
)

NAMES = {1: "Ann", 2: "Ben", 3: "Cat", 4: "Dan", 5: "Eve"}


def nights(*table: tuple[int, int, int, int, int]) -> list[Night]:
    """(event, player, points, first place, last place) for each night."""
    return [Night(*row) for row in table]


def board(ladder: Ladder, played: list[Night]) -> dict[str, tuple[int | None, Fraction, bool]]:
    return {
        row.name: (row.rank, row.score, row.qualifies) for row in ladder_rank(ladder, played, NAMES)
    }


# Placement points ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("first", "last", "share"),
    [
        pytest.param(1, 1, Fraction(10), id="first-alone"),
        pytest.param(2, 3, Fraction(7), id="level-second-and-third-share-8-and-6"),
        pytest.param(1, 3, Fraction(8), id="three-level-at-the-top"),
        pytest.param(8, 9, Fraction(1, 2), id="level-across-the-end-of-the-table"),
        pytest.param(9, 9, Fraction(0), id="past-the-table-earns-nothing"),
    ],
)
def test_placement_points_are_shared_by_those_level_on_a_night(first, last, share):
    assert placement_share((10, 8, 6, 5, 4, 3, 2, 1), first, last) == share


def test_a_placement_ladder_adds_up_each_nights_points_and_ties_share_a_rank():
    played = nights(
        # Night 1: Ann first; Ben and Cat level in second and third; Dan fourth.
        (1, 1, 60, 1, 1),
        (1, 2, 50, 2, 3),
        (1, 3, 50, 2, 3),
        (1, 4, 40, 4, 4),
        # Night 2: Cat first, Dan second, Ann third, Ben fourth.
        (2, 3, 70, 1, 1),
        (2, 4, 65, 2, 2),
        (2, 1, 20, 3, 3),
        (2, 2, 10, 4, 4),
    )
    ladder = Ladder(PLACEMENT, placement_points=(10, 8, 6, 5))
    assert board(ladder, played) == {
        "Cat": (1, Fraction(17), True),  # 7 + 10
        "Ann": (2, Fraction(16), True),  # 10 + 6
        "Dan": (3, Fraction(13), True),  # 5 + 8
        "Ben": (4, Fraction(12), True),  # 7 + 5
    }
    # The same nights added up as points: Ann (80) and Cat (120), Dan (105), Ben (60).
    assert board(Ladder(TOTALS), played) == {
        "Cat": (1, Fraction(120), True),
        "Dan": (2, Fraction(105), True),
        "Ann": (3, Fraction(80), True),
        "Ben": (4, Fraction(60), True),
    }


def test_equal_ladder_points_share_a_rank_and_the_next_rank_skips():
    played = nights((1, 1, 30, 1, 1), (1, 2, 20, 2, 2), (2, 3, 30, 1, 1), (2, 4, 20, 2, 2))
    rows = ladder_rank(Ladder(TOTALS), played, NAMES)
    assert [(r.name, r.rank) for r in rows] == [("Ann", 1), ("Cat", 1), ("Ben", 3), ("Dan", 3)]


# Average per night, qualification --------------------------------------------------------


def test_an_average_ladder_ranks_only_those_with_enough_nights():
    played = nights(
        (1, 1, 40, 1, 1),
        (2, 1, 20, 2, 2),
        (3, 1, 30, 1, 1),  # Ann: 3 nights, average 30
        (1, 2, 33, 2, 2),
        (2, 2, 33, 1, 1),  # Ben: 2 nights, average 33
        (3, 3, 90, 2, 2),  # Cat: 1 night, 90: the best average, but too few nights
    )
    rows = ladder_rank(Ladder(AVERAGE, min_nights=2), played, NAMES)
    assert [(r.name, r.rank, r.score, r.qualifies, r.nights) for r in rows] == [
        ("Ben", 1, Fraction(33), True, 2),
        ("Ann", 2, Fraction(30), True, 3),
        ("Cat", None, Fraction(90), False, 1),
    ]
    # With no minimum the single night ranks first.
    assert board(Ladder(AVERAGE, min_nights=1), played)["Cat"] == (1, Fraction(90), True)


def test_a_minimum_number_of_nights_holds_for_a_totals_ladder_too():
    played = nights((1, 1, 10, 2, 2), (2, 1, 10, 2, 2), (1, 2, 50, 1, 1))
    assert board(Ladder(TOTALS, min_nights=2), played) == {
        "Ann": (1, Fraction(20), True),
        "Ben": (None, Fraction(50), False),
    }


# Best N of M ----------------------------------------------------------------------------


def test_best_n_of_m_counts_only_a_players_best_nights():
    played = nights(
        (1, 1, 10, 1, 1),
        (2, 1, 50, 1, 1),
        (3, 1, 40, 1, 1),
        (4, 1, 5, 2, 2),  # Ann: best two are 50 + 40
        (1, 2, 60, 1, 1),
        (2, 2, 20, 2, 2),  # Ben: 60 + 20
    )
    rows = ladder_rank(Ladder(TOTALS, best_nights=2), played, NAMES)
    assert [(r.name, r.rank, r.score, r.counted, r.nights) for r in rows] == [
        ("Ann", 1, Fraction(90), 2, 4),
        ("Ben", 2, Fraction(80), 2, 2),
    ]
    assert rows[0].per_night == Fraction(105, 4)  # every night, counted or not
    # Best two placements: Ann 10 + 10, Ben 10 + 8.
    placed = board(Ladder(PLACEMENT, placement_points=(10, 8), best_nights=2), played)
    assert placed == {"Ann": (1, Fraction(20), True), "Ben": (2, Fraction(18), True)}
    # An average of the best nights.
    averaged = board(Ladder(AVERAGE, best_nights=2), played)
    assert averaged == {"Ann": (1, Fraction(45), True), "Ben": (2, Fraction(40), True)}


# A night's places -------------------------------------------------------------------------


def line(result: int, round_number: int, player: int, side: int, ours: int, theirs: int, **feats):
    return Line(
        result_id=result,
        round_number=round_number,
        table_number=result,
        player_id=player,
        team_id=None,
        side=side,
        points_for=ours,
        points_against=theirs,
        won=ours > theirs,
        tied=ours == theirs,
        euchres=feats.get("euchres", 0),
        loners_made=feats.get("loners", 0),
    )


def table(result: int, round_number: int, first: tuple[int, int], second: tuple[int, int], score):
    ours, theirs = score
    return [line(result, round_number, p, 0, ours, theirs) for p in first] + [
        line(result, round_number, p, 1, theirs, ours) for p in second
    ]


def rows(*keys: int) -> list[StandingRow]:
    return [StandingRow(key, NAMES.get(key, str(key)), []) for key in keys]


def test_only_those_the_coin_flip_told_apart_share_a_nights_places():
    # Ann and Cat, partners, tie Ben and Dan's 5-5: all four level on every figure, so the
    # coin orders them and they share places 1 to 4.
    level = table(1, 1, (1, 3), (2, 4), (5, 5))
    scoring = Scoring(seed=3)
    ranked = rank(scoring, rows=rows(1, 2, 3, 4), lines=level, byes=[], complete={1}).rows
    assert shared_places(scoring, ranked) == [(1, 4)] * 4
    # A euchre made tells Ann apart from the others (the fourth tie-break).
    level[0] = level[0]._replace(euchres=1)
    ranked = rank(scoring, rows=rows(1, 2, 3, 4), lines=level, byes=[], complete={1}).rows
    assert ranked[0].key == 1
    assert shared_places(scoring, ranked) == [(1, 1), (2, 4), (2, 4), (2, 4)]


# Ranking a progressive night ----------------------------------------------------------------


def late_arrival_night() -> list[Line]:
    """Three rounds; Eve arrives for the third, takes Dan's seat (Dan leaves after two)."""
    return [
        *table(1, 1, (1, 2), (3, 4), (8, 4)),
        *table(2, 2, (1, 3), (2, 4), (6, 6)),
        *table(3, 3, (1, 5), (2, 3), (2, 10)),
    ]


def test_ranked_per_round_played_a_late_arrival_is_judged_on_the_rounds_they_played():
    lines = late_arrival_night()
    # Ann 8+6+2 = 16 in 3 rounds; Ben 8+6+10 = 24 in 3; Cat 4+6+10 = 20 in 3; Dan 4+6 = 10 in
    # 2; Eve 2 in 1.
    totals = rank(Scoring(), rows=rows(1, 2, 3, 4, 5), lines=lines, byes=[], complete={1, 2, 3})
    assert [r.key for r in totals.rows][:3] == [2, 3, 1]
    per_round = rank(
        Scoring(rank_by="per-round"),
        rows=rows(1, 2, 3, 4, 5),
        lines=lines,
        byes=[],
        complete={1, 2, 3},
    )
    assert [(r.key, r.per_round) for r in per_round.rows] == [
        (2, 8.0),
        (3, 6.67),
        (1, 5.33),
        (4, 5.0),
        (5, 2.0),
    ]


def test_ranked_per_round_those_with_no_round_counted_yet_are_listed_after_unranked():
    """One table has played: its four are ranked (a side with 0 points is 0.00 a round);
    the four yet to play have no figure to rank by, so they follow by name, with no rank."""
    lines = table(1, 1, (1, 2), (3, 4), (0, 8))
    ranked = rank(
        Scoring(rank_by="per-round"),
        rows=rows(8, 7, 1, 2, 3, 4, 6, 5),
        lines=lines,
        byes=[],
        complete={1},
    )
    played = ranked.rows[:4]  # Cat and Dan 8.0 a round, Ann and Ben 0.0 (coin-flipped)
    assert [r.rank for r in played] == [1, 2, 3, 4]
    assert {r.key for r in played[:2]} == {3, 4} and {r.key for r in played[2:]} == {1, 2}
    waiting = ranked.rows[4:]
    assert [r.rank for r in waiting] == [None] * 4 and [r.tie_break for r in waiting] == [None] * 4
    assert [r.name for r in waiting] == sorted(r.name for r in waiting)
    # (nor a figure: none is 0.00, which is one that played and scored nothing)
    assert [r.per_round for r in waiting] == [None] * 4
    assert [r.per_round for r in played] == [8.0, 8.0, 0.0, 0.0]
    # Ranked by the total, the same rows all rank (0 points is a total like any other).
    assert all(
        r.rank
        for r in rank(
            Scoring(), rows=rows(8, 7, 1, 2, 3, 4, 6, 5), lines=lines, byes=[], complete={1}
        ).rows
    )


def test_per_round_counts_a_bye_only_where_the_event_credits_one():
    lines = [*table(1, 1, (1, 2), (3, 4), (10, 2)), *table(2, 2, (1, 3), (2, 4), (10, 2))]
    byes = [Bye(1, 5), Bye(2, 5)]
    lines += table(3, 3, (5, 2), (3, 4), (10, 2))
    uncredited = rank(
        Scoring(rank_by="per-round"), rows=rows(1, 2, 5), lines=lines, byes=byes, complete={1, 2, 3}
    )
    assert {r.key: r.per_round for r in uncredited.rows}[5] == 10.0  # 10 in the one round
    credited = rank(
        Scoring(rank_by="per-round", credit="fixed", credit_points=4),
        rows=rows(1, 2, 5),
        lines=lines,
        byes=byes,
        complete={1, 2, 3},
    )
    assert {r.key: r.per_round for r in credited.rows}[5] == 6.0  # (10 + 2 x 4) / 3


def test_ranked_by_games_won_then_points():
    lines = [
        *table(1, 1, (1, 2), (3, 4), (5, 4)),
        *table(2, 2, (1, 3), (2, 4), (5, 4)),
        *table(3, 3, (1, 2), (3, 4), (0, 20)),
    ]
    # Wins and points: Ann 2 and 10, Ben 1 and 9, Cat 2 and 29, Dan 1 and 28.
    everyone = {"rows": rows(1, 2, 3, 4), "lines": lines, "byes": [], "complete": {1, 2, 3}}
    by_wins = rank(Scoring(rank_by="wins"), **everyone)
    assert [(r.key, r.wins, r.total) for r in by_wins.rows] == [
        (3, 2, 29),
        (1, 2, 10),
        (4, 1, 28),
        (2, 1, 9),
    ]
    by_points = rank(Scoring(), **{**everyone, "rows": rows(1, 2, 3, 4)})
    assert [r.key for r in by_points.rows] == [3, 4, 1, 2]


def test_a_loner_bonus_adds_points_for_each_loner_made():
    lines = table(1, 1, (1, 3), (2, 4), (10, 8))
    lines[2] = lines[2]._replace(loners_made=2)  # Ben made two loners
    plain = rank(Scoring(), rows=rows(1, 2, 3, 4), lines=lines, byes=[], complete={1})
    assert [r.key for r in plain.rows][:2] in ([1, 3], [3, 1])
    bonus = rank(Scoring(loner_bonus=2), rows=rows(1, 2, 3, 4), lines=lines, byes=[], complete={1})
    assert (bonus.rows[0].key, bonus.rows[0].bonus, bonus.rows[0].total) == (2, 4, 12)


def test_an_event_gives_only_the_side_prizes_it_chose():
    lines = table(1, 1, (1, 3), (2, 4), (10, 8))
    every = rank(Scoring(), rows=rows(1, 2, 3, 4), lines=lines, byes=[], complete={1})
    assert [p.kind for p in every.side_prizes] == [
        "most-loners",
        "most-euchres",
        "highest-game",
        "booby",
    ]
    chosen = Scoring(side_prizes=frozenset({"booby", "highest-game"}))
    some = rank(chosen, rows=rows(1, 2, 3, 4), lines=lines, byes=[], complete={1})
    assert [p.kind for p in some.side_prizes] == ["highest-game", "booby"]
    none = rank(
        Scoring(side_prizes=frozenset()), rows=rows(1, 2), lines=lines, byes=[], complete={1}
    )
    assert none.side_prizes == []
