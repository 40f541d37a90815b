"""Swiss teams: the first round by seed, top half against bottom half; then teams of equal or
nearest match points that have not met, each score group paired within itself where it can,
a rematch only when no pairing of the whole round avoids one; a bye to the lowest-ranked team without one, a win with the round's average
points; ranked by match points, Buchholz, its median, then point difference."""

from __future__ import annotations

import itertools
import random
import re
from collections import Counter, defaultdict
from types import SimpleNamespace

import pytest
from django.utils import translation
from event_helpers import Director, is_problem, ok, settle_round
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.events.formats.base import Night, PlayedRound, PlayedTable, Team
from scorekeeper.events.formats.swiss import Swiss
from scorekeeper.events.localized.choice_names import TIE_BREAK_NAMES
from scorekeeper.events.models import Event, EventTeam, Round
from scorekeeper.events.planning import swiss
from scorekeeper.events.planning.swiss import maximum_matching
from scorekeeper.events.ranking.standings import Bye, Line, StandingRow

SWISS = Swiss()


def swiss_event(rounds: int) -> SimpleNamespace:
    """What the format reads of an event (as `EventLike` says), without a database."""
    return SimpleNamespace(
        format="swiss",
        options={"rounds_planned": rounds},
        plan={},
        entry="totals",
        round_length="hands",
        hands_per_round=8,
        sit_out_credit="none",
        sit_out_points=0,
        seed=11,
        time_called_win_points=None,
        side_prizes=None,
    )


def test_the_matching_is_as_large_as_any():
    """Checked against every matching of small graphs (odd cycles among them, where a
    greedy matching falls short), so the tests below may lean on it."""
    rng = random.Random(5)
    for _ in range(300):
        count = rng.randint(1, 9)
        edges = [e for e in itertools.combinations(range(count), 2) if rng.random() < 0.4]
        mate = maximum_matching(count, edges)
        assert all(mate[u] == v for v, u in enumerate(mate) if u != -1)
        assert all(tuple(sorted((v, u))) in edges for v, u in enumerate(mate) if u != -1)
        best = max(
            k
            for k in range(count // 2 + 1)
            for chosen in itertools.combinations(edges, k)
            if len({p for e in chosen for p in e}) == 2 * k
        )
        assert sum(u > v for v, u in enumerate(mate)) == best, (count, edges)


def fewest_rematches(teams: list[int], met: set[frozenset[int]]) -> int:
    """The fewest rematches any pairing of ``teams`` makes."""
    edges = [
        (i, j)
        for i, j in itertools.combinations(range(len(teams)), 2)
        if frozenset((teams[i], teams[j])) not in met
    ]
    return len(teams) // 2 - sum(u > v for v, u in enumerate(maximum_matching(len(teams), edges)))


def test_a_score_group_pairs_within_itself_where_it_can():
    """1 v 2 is no rematch, but it would leave 4 and 8 (who have met) to leave their group for
    the teams on 0: 1 meets 4 and 2 meets 8, and every team meets one of its own score."""
    scores = {3: 4, 5: 4, 1: 2, 2: 2, 4: 2, 8: 2, 6: 0, 7: 0}
    met = {frozenset(p) for p in [(2, 3), (3, 7), (2, 6), (4, 5), (8, 7), (1, 5), (1, 6), (8, 4)]}
    pairing = swiss.next_round([3, 5, 1, 2, 4, 8, 6, 7], scores, met, [])
    assert pairing.pairs == ((3, 5), (1, 4), (2, 8), (6, 7))


def test_of_a_group_that_floats_one_whatever_is_chosen_the_one_left_with_nobody_goes():
    """Team 3 (7 points) has met every team above the four on 3 points. Of those, 6 and 2
    are as near, and either leaves three on 3 points (one of whom floats); but taking 6 leaves
    2, who has met 7 and 9, with nobody of its own score, and it floats down to meet 10 (on 1)
    while 4 (on 4) floats as far. Taking 2, 6 v 9 stays within the group, and 1 meets 4."""
    scores = {3: 7, 5: 6, 1: 5, 8: 5, 4: 4, 6: 3, 7: 3, 9: 3, 2: 3, 10: 1}
    played = {3: (1, 4, 5, 8), 5: (1, 6, 10), 1: (6, 7), 8: (7, 9, 10), 4: (6, 7, 9)}
    played |= {6: (2,), 7: (2,), 9: (2, 10), 2: (10,)}
    met = {frozenset((team, other)) for team, others in played.items() for other in others}
    pairing = swiss.next_round([3, 5, 1, 8, 4, 6, 7, 9, 2, 10], scores, met, [])
    assert pairing.pairs == ((3, 2), (5, 8), (1, 4), (6, 9), (7, 10))


def test_a_rematch_the_round_must_make_is_not_made_by_a_team_with_an_unmet_one_as_near():
    """One rematch cannot be avoided (1 has met 2, 3 and 4): team 3 meets 4, as near as 1 and
    not met, and the rematch is 1 v 2's."""
    met = {frozenset(p) for p in [(1, 2), (1, 3), (1, 4)]}
    pairing = swiss.next_round([3, 1, 4, 2], {3: 2, 1: 1, 4: 1, 2: 0}, met, [])
    assert pairing.pairs == ((3, 4), (1, 2))


def test_teams_the_first_pass_leaves_unpaired_are_still_paired_with_no_rematch():
    """In order, 1 takes 2 and leaves 3 and 4, who have met: the quick pass finds no pairing
    there, and the whole matching finds one (1 v 3, 2 v 4), so 1 v 2 is never chosen."""
    pairing = swiss.next_round(
        [1, 2, 3, 4], dict.fromkeys([1, 2, 3, 4], 0), {frozenset({3, 4})}, []
    )
    assert pairing.pairs == ((1, 3), (2, 4))


def test_a_hundred_teams_pair_in_a_pass_where_nobody_must_rematch():
    """Seven rounds of a hundred teams: each round paired with no rematch (there is always
    one such pairing this early), each pair of a round new."""
    rng = random.Random(5)
    teams = list(range(1, 101))
    scores = dict.fromkeys(teams, 0)
    met: set[frozenset[int]] = set()
    pairing = swiss.first_round(teams)
    for _ in range(7):
        assert not {frozenset(pair) for pair in pairing.pairs} & met
        for pair in pairing.pairs:
            met.add(frozenset(pair))
            scores[rng.choice(pair)] += 2
        ranked = sorted(teams, key=lambda team: (-scores[team], team))
        pairing = swiss.next_round(ranked, scores, met, [])


def standings_now(teams: list[int], lines: list[Line], byes: list[Bye], rounds: int, event):
    rows = [StandingRow(t, f"T{t}", []) for t in teams]
    return SWISS.rank(event, rows=rows, lines=lines, byes=byes, complete=set(range(1, rounds + 1)))


@settings(max_examples=30, deadline=None)
@given(count=st.integers(6, 64), rounds=st.integers(3, 7), data=st.data())
def test_no_rematch_while_one_is_avoidable_and_the_tie_breaks_add_up(count, rounds, data):
    event = swiss_event(rounds)
    ids = list(range(1, count + 1))
    teams = tuple(Team(t, t, (100 * t, 100 * t + 1)) for t in ids)
    played: list[PlayedRound] = []
    lines: list[Line] = []
    byes: list[Bye] = []
    met: set[frozenset[int]] = set()
    had_bye: Counter[int] = Counter()
    for number in range(1, rounds + 1):
        ranked = standings_now(ids, lines, byes, number - 1, event).rows
        seating = SWISS.seating(
            Night(number, teams=teams, rounds=tuple(played), standings=tuple(ranked)), event
        )
        pairs = [t.teams for t in seating.tables]
        assert sorted([t for p in pairs for t in p] + list(seating.byes)) == ids
        assert len(seating.byes) == count % 2
        order = [row.key for row in ranked] if number > 1 else ids
        score = {row.key: row.match_points for row in ranked}
        rest = list(order)
        if seating.byes:
            (bye,) = seating.byes
            waiting = [t for t in reversed(order) if not had_bye[t]]
            costs = {t: fewest_rematches([u for u in order if u != t], met) for t in waiting}
            # The lowest-ranked without a bye, unless another's bye avoids a rematch.
            assert bye == next(t for t in waiting if costs[t] == min(costs.values()))
            rest.remove(bye)
            had_bye[bye] += 1
        rematches = sum(frozenset(p) in met for p in pairs)
        assert rematches == fewest_rematches(rest, met)  # none while avoidable, else fewest
        if number == 1:
            half = len(rest) // 2
            assert pairs == list(zip(rest[:half], rest[half:], strict=True))
        else:
            # Score group by score group: where every group can pair within itself without
            # a rematch, every team meets a team of its own score.
            groups: defaultdict[int, list[int]] = defaultdict(list)
            for team in rest:
                groups[score[team]].append(team)
            if all(
                len(group) % 2 == 0 and fewest_rematches(group, met) == 0
                for group in groups.values()
            ):
                assert all(score[a] == score[b] for a, b in pairs), (pairs, score)
            # From the top: each team meets the nearest-scored team below it it has not met,
            # unless the rest could then not be paired with as few rematches.
            budget = rematches
            for top, other in pairs:
                assert rest[0] == top
                below = rest[1:]
                for nearer in below:
                    if frozenset((top, nearer)) in met:
                        continue
                    left = [t for t in below if t != nearer]
                    if abs(score[top] - score[nearer]) < abs(score[top] - score[other]):
                        assert fewest_rematches(left, met) > budget, (top, other, nearer)
                budget -= frozenset((top, other)) in met
                rest = [t for t in below if t != other]
        results = []
        for t, (first, second) in enumerate(pairs, start=1):
            points = (data.draw(st.integers(0, 12)), data.draw(st.integers(0, 12)))
            result = 1000 * number + t
            results.append(
                PlayedTable(
                    t,
                    (100 * first, 100 * second, 100 * first + 1, 100 * second + 1),
                    (first, second),
                    "",
                    result,
                    points,
                    None,
                    True,
                )
            )
            for side, team in enumerate((first, second)):
                mine, theirs = points[side], points[1 - side]
                lines.append(
                    Line(
                        result,
                        number,
                        t,
                        100 * team,
                        team,
                        side,
                        mine,
                        theirs,
                        mine > theirs,
                        mine == theirs,
                        0,
                        0,
                    )
                )
            met.add(frozenset((first, second)))
        byes += [Bye(number, t) for t in seating.byes]
        played.append(PlayedRound(number, tuple(results), seating.byes))
    assert max(had_bye.values(), default=0) <= 1
    # Buchholz and its median, recomputed from the results: each opponent's match points, a
    # bye counting the team's own.
    final = standings_now(ids, lines, byes, rounds, event).rows
    points = {row.key: row.match_points for row in final}
    mp: Counter[int] = Counter()
    faced: defaultdict[int, list[int]] = defaultdict(list)
    for line in lines:
        mp[line.team_id] += 2 if line.won else 1 if line.tied else 0
    for b in byes:
        mp[b.key] += 2
    assert points == {t: mp[t] for t in ids}
    for rnd in played:
        for table in rnd.tables:
            a, b = table.teams
            faced[a].append(mp[b])
            faced[b].append(mp[a])
        for t in rnd.byes:
            faced[t].append(mp[t])
    for row in final:
        figures = sorted(faced[row.key])
        assert row.buchholz == sum(figures)
        assert row.median_buchholz == sum(figures[1:-1] if len(figures) >= 3 else figures)
    key = lambda r: (r.match_points, r.buchholz, r.median_buchholz, r.difference)  # noqa: E731
    assert all(key(a) >= key(b) for a, b in itertools.pairwise(final))


def test_a_night_that_outlasts_its_teams_gives_a_second_bye_only_once_each_has_had_one():
    teams, byes = [1, 2, 3], []
    for _ in range(7):
        # The standings as they stand: the team with most byes lowest, to tempt the rule.
        ranked = sorted(teams, key=lambda t: (-byes.count(t), t), reverse=True)
        bye = swiss.next_round(ranked, dict.fromkeys(teams, 0), set(), byes).bye
        assert bye is not None and byes.count(bye) == min(byes.count(t) for t in teams)
        byes.append(bye)


# Through the API ------------------------------------------------------------------------------


def swiss_night(director: Director, teams: int, rounds: int = 3) -> int:
    event = director.create_event(
        format="swiss",
        rounds_planned=rounds,
        entry="totals",
        round_length="hands",
        hands_per_round=8,
        name="Swiss night",
    )
    for n in range(1, teams + 1):
        director.add_team(event, f"Team {n:02}", f"Left {n}", f"Right {n}")
    return event


def test_a_swiss_night_pairs_by_seed_then_by_match_points_and_gives_one_bye_each(
    director: Director, anon
):
    event = swiss_night(director, 7)
    first = director.next_round(event)
    names = [t["team_names"] for t in first["tables"]]
    assert names == [["Team 01", "Team 04"], ["Team 02", "Team 05"], ["Team 03", "Team 06"]]
    assert first["sit_outs"] == ["Team 07"]  # the lowest seed's bye
    director.publish(event)
    sheet = anon.get(f"/events/{event}/pairings/").content.decode()
    assert "Round 1 pairings" in sheet and "Team 07" in sheet
    for asked in ("2", "0", "one"):
        assert anon.get(f"/events/{event}/pairings/?round={asked}").status_code == 404, asked
    # A team's round off is a bye on every page of the night, as on the pairings.
    for path in ("rounds/1/sheet/", "projector/", "results/"):
        text = anon.get(f"/events/{event}/{path}").content.decode()
        assert "Bye:" in text and "Sitting out:" not in text, path
    found = anon.get(f"/events/{event}/rounds/1/find/").content.decode()
    assert "has a bye this round" in found and "sits out" not in found
    # The projector names the teams each table pairs, as the room knows them.
    wall = anon.get(f"/events/{event}/projector/").content.decode()
    assert all(f"Team {a:02} v Team {b:02}" in wall for a, b in ((1, 4), (2, 5), (3, 6)))
    settle_round(director, first, [[10, 4], [6, 10], [8, 8]])
    standings = director.standings(event)
    rows = {r["name"]: r for r in standings["rows"]}
    # The bye: a win, with the round's average points (10, 4, 6, 10, 8, 8: 7.67, so 8).
    bye = rows["Team 07"]
    assert (bye["wins"], bye["match_points"], bye["points_for"]) == (1, 2, 8)
    assert (bye["played"], bye["losses"], bye["points_against"], bye["byes"]) == (0, 0, 8, 1)
    # Its points are in the total, so its round is among those the total is per: 8 a round.
    assert (bye["total"], bye["per_round"]) == (8, 8.0)
    standings_csv = anon.get(f"/api/v1/events/{event}/standings.csv").content.decode()
    assert ",8,8.00," in next(line for line in standings_csv.splitlines() if "Team 07" in line)
    # The tally says the same of the bye: its points, on each player's row and card.
    tally = anon.get(f"/api/v1/events/{event}/tally.csv").content.decode().splitlines()
    assert any(line.startswith("1,Left 7,,,,,8,8,bye,") for line in tally)
    cards = anon.get(f"/events/{event}/tally-cards/").content.decode()
    # (a team's round off is a bye there too, as on every page of the night)
    assert cards.count('bye</td><td class="num">8</td><td class="num">8</td>') == 2
    # Each card gives its player's rank: their team's.
    assert cards.count(f"Rank {bye['rank']}, with Team 07") == 2
    assert "sat out" not in cards
    assert standings["tie_breaks"] == [
        "buchholz",
        "median-buchholz",
        "point-difference",
        "coin-flip",
    ]
    second = director.next_round(event)
    assert "Team 07" not in second["sit_outs"] and len(second["sit_outs"]) == 1
    met = {frozenset(t) for t in names}
    assert not met & {frozenset(t["team_names"]) for t in second["tables"]}
    settle_round(director, second, [[10, 2], [10, 3], [10, 5]])
    third = director.next_round(event)
    settle_round(director, third, [[10, 9], [9, 10], [4, 4]])
    assert is_problem(
        director.client.post(f"/api/v1/events/{event}/rounds/", format="json"),
        409,
        "rounds",
        "schedule-complete",
    )
    exported = anon.get(f"/api/v1/events/{event}/standings.csv").content.decode()
    assert "buchholz,median_buchholz,tie_break" in exported.splitlines()[0]
    results = anon.get(f"/events/{event}/results/").content.decode()
    assert "Buchholz" in results


def test_a_swiss_byes_average_leaves_out_a_forfeit_as_other_tables_averages_do(
    director: Director,
):
    event = swiss_night(director, 7)
    first = director.next_round(event)
    assert first["sit_outs"] == ["Team 07"]
    settle_round(director, {"tables": first["tables"][:2]}, [[10, 4], [6, 10]])
    gone = ok(director.client.get(f"/api/v1/events/{event}/teams/"))[5]["id"]  # Team 06
    url = f"/api/v1/events/{event}/teams/{gone}/withdraw/"
    ok(director.client.post(url, {"reason": "gone home"}, format="json"))
    rows = {r["name"]: r for r in director.standings(event)["rows"]}
    # Team 03 wins the forfeit with the average of the tables played (10, 4, 6, 10: 7.5,
    # so 8); the bye has the same average, the forfeit's 8 and 0 left out of it.
    assert (rows["Team 03"]["points_for"], rows["Team 06"]["points_for"]) == (8, 0)
    assert (rows["Team 07"]["points_for"], rows["Team 07"]["points_against"]) == (8, 8)


def test_a_swiss_bye_earns_its_average_and_no_sit_out_credit_besides(director: Director):
    """A sit-out credit is refused by name, on a new Swiss night and on one under way; one
    an earlier build stored is read and never counted."""
    body = {"name": "Swiss", "format": "swiss", "sit_out_credit": "average"}
    created = director.client.post(f"/api/v1/clubs/{director.club}/events/", body, format="json")
    assert is_problem(created, 400, "sit_out_credit")
    assert "no sit-out credit" in created.json()["detail"]
    event = swiss_night(director, 3)
    body = {"sit_out_credit": "fixed", "sit_out_points": 5}
    changed = director.client.patch(f"/api/v1/events/{event}/", body, format="json")
    assert is_problem(changed, 400, "sit_out_credit")
    ok(director.client.patch(f"/api/v1/events/{event}/", {"sit_out_credit": "none"}, format="json"))
    Event.objects.filter(pk=event).update(sit_out_credit="fixed", sit_out_points=5)
    ok(director.client.patch(f"/api/v1/events/{event}/", {"name": "Still Swiss"}, format="json"))
    settle_round(director, director.next_round(event), [[10, 5]])
    bye = next(r for r in director.standings(event)["rows"] if r["name"] == "Team 03")
    assert (bye["points_for"], bye["credit"], bye["total"]) == (8, 0, 8)


def test_a_team_may_join_a_swiss_night_late(director: Director):
    event = swiss_night(director, 6)
    settle_round(director, director.next_round(event), [[10, 4], [10, 4], [10, 4]])
    director.add_team(event, "Late Pair", "Late Left", "Late Right")
    second = director.next_round(event)
    # Seven now: the newcomer, with nothing yet and no bye, is the lowest-ranked.
    assert second["sit_outs"] == ["Late Pair"]


@pytest.mark.parametrize(
    ("options", "field"),
    [
        ({"rounds_planned": 0}, "rounds_planned"),
        ({"knockout": "single"}, "knockout"),
        ({"rank_by": "wins"}, "rank_by"),
    ],
)
def test_a_swiss_nights_options_are_checked_by_name(director: Director, options, field):
    body = {"name": "Swiss", "format": "swiss", "rounds_planned": 4, **options}
    response = director.client.post(f"/api/v1/clubs/{director.club}/events/", body, format="json")
    assert is_problem(response, 400, field)


# A scripted night, worked out by hand -------------------------------------------------------

#: Sixteen teams, seeded T1 to T16 in the order entered; the better seed wins every game, 10
#: points to (10 - margin): in round 1 the margin is 8 at table 1 down to 1 at table 8, then 1.
#: Each round as it must be paired, the team ranked higher first (seats N and S):
#: 1: by seed, the top half against the bottom half.
#: 2: T1-T8 on 2 match points, equal on Buchholz (0), ranked by point difference (+8 ... +1);
#:    T9-T16 on 0, Buchholz 2, ranked by point difference: T16 (-1) first, T9 (-8) last.
#: 3: on 4: T1 (+9) T3 T5 T7; on 2: T2 (+6) T4 T6 T8 T15 (-1) T13 T11 T9 (-7); on 0: T16
#:    (-2) T14 T12 T10; every Buchholz 4, so point difference orders each group.
#: 4: on 6: T1 (+10) T5 (+6); on 4: T2 (+7) T3 (+6) T6 (+3) T7 (+2) T13 (-2) T9 (-6); on 2:
#:    T4 (+3) T8 (-1) T15 (-2) T14 (-3) T11 (-6) T10 (-7); on 0: T16 (-3) T12 (-7). Every
#:    Buchholz within a group is equal again (12, 10, 8, 6), and so is its median.
#: 5: on 8: T1; on 6: T5 (Buchholz 22) T2 (20) T9 (18) T6 (16); on 4: T3 (20) T13 (18) T7
#:    (16, median 8, +1) T10 (16, median 8, -6) T4 (14) T14 (12); on 2: T11 (16) T8 (14)
#:    T15 (12) T12 (10); on 0: T16. T1 has met T5, T2 and T9: it meets T6. ... T14 has met
#:    T15 and T16; with T11 it would leave T8, T15, T12 and T16, and T16 has met all three:
#:    so T14 meets T8, and T11 (which would strand T12 and T16 with T15) meets T16.
ROUNDS = [
    [(1, 9), (2, 10), (3, 11), (4, 12), (5, 13), (6, 14), (7, 15), (8, 16)],
    [(1, 2), (3, 4), (5, 6), (7, 8), (16, 15), (14, 13), (12, 11), (10, 9)],
    [(1, 3), (5, 7), (2, 4), (6, 8), (15, 13), (11, 9), (16, 14), (12, 10)],
    [(1, 5), (2, 3), (6, 7), (13, 9), (4, 8), (15, 14), (11, 10), (16, 12)],
    [(1, 6), (5, 2), (9, 3), (13, 7), (10, 4), (14, 8), (11, 16), (15, 12)],
]
#: After round 5: rank, team, match points, Buchholz, its median, point difference, and the
#: tie-break that ordered the row against its neighbour (None: its match points alone).
RANKING = [
    (1, 1, 10, 32, 18, 12, None),
    (2, 2, 8, 32, 18, 9, None),
    (3, 3, 6, 34, 20, 6, "point-difference"),  # level with T5 on Buchholz and its median
    (4, 5, 6, 34, 20, 4, "point-difference"),
    (5, 6, 6, 30, 16, 3, "buchholz"),
    (6, 9, 6, 28, 14, -6, "buchholz"),
    (7, 4, 6, 26, 14, 5, "buchholz"),
    (8, 7, 6, 22, 14, 2, "buchholz"),
    (9, 10, 4, 28, 16, -7, "buchholz"),
    (10, 13, 4, 24, 16, -4, "buchholz"),
    (11, 8, 4, 22, 16, -1, "buchholz"),
    (12, 11, 4, 20, 14, -6, "buchholz"),
    (13, 14, 4, 16, 10, -3, "buchholz"),
    (14, 12, 4, 16, 10, -5, "point-difference"),  # level with T14 on both Buchholz
    (15, 15, 2, 18, 12, -4, None),
    (16, 16, 0, 18, 12, -5, None),
]


def test_a_sixteen_team_five_round_swiss_pairs_and_ranks_as_worked_out_by_hand(
    director: Director,
):
    event = director.create_event(
        format="swiss",
        rounds_planned=5,
        entry="totals",
        round_length="hands",
        hands_per_round=8,
        name="Sixteen pairs",
    )
    for n in range(1, 17):
        director.add_team(event, f"T{n}", f"North {n}", f"South {n}")
    for number, expected in enumerate(ROUNDS, start=1):
        rnd = director.next_round(event)
        paired = [tuple(int(name[1:]) for name in t["team_names"]) for t in rnd["tables"]]
        assert paired == expected, number
        scores = []
        for table, (first, second) in enumerate(paired, start=1):
            margin = 9 - table if number == 1 else 1
            scores.append([10, 10 - margin] if first < second else [10 - margin, 10])
        settle_round(director, rnd, scores)
    rows = director.standings(event)["rows"]
    shown = [
        (
            r["rank"],
            int(r["name"][1:]),
            r["match_points"],
            r["buchholz"],
            r["median_buchholz"],
            r["points_for"] - r["points_against"],
            r["tie_break"],
        )
        for r in rows
    ]
    assert shown == RANKING


def test_a_party_and_a_swiss_night_count_in_the_season_and_export_in_both_languages(
    director: Director, anon
):
    season = ok(
        director.client.post(
            f"/api/v1/clubs/{director.club}/seasons/",
            {"name": "Winter", "starts_on": "2026-01-01", "ends_on": "2026-12-31"},
            format="json",
        ),
        201,
    )
    swiss = swiss_night(director, 4, rounds=1)
    party = director.create_event(
        format="party",
        rounds_planned=1,
        entry="totals",
        round_length="hands",
        hands_per_round=8,
        name="Party night",
    )
    director.add_players(party, "Left 1", "Right 1", "Left 2", "Right 2")
    for event in (swiss, party):
        ok(
            director.client.patch(
                f"/api/v1/events/{event}/", {"season": season["id"]}, format="json"
            )
        )
        director.publish(event)
    settle_round(director, director.next_round(swiss), [[10, 4], [7, 10]])
    settle_round(director, director.next_round(party), [[9, 3]])
    board = ok(anon.get(f"/api/v1/clubs/{director.club}/leaderboard/?season={season['id']}"))
    nights = {row["name"]: row["nights"] for row in board}
    # The four who played both (a Swiss team's two players each, and the party's players).
    assert {name: nights[name] for name in ("Left 1", "Right 1", "Left 2", "Right 2")} == {
        "Left 1": 2,
        "Right 1": 2,
        "Left 2": 2,
        "Right 2": 2,
    }
    for event in (swiss, party):
        for export in ("results.csv", "tally.csv", "standings.csv", "games.emn"):
            assert anon.get(f"/api/v1/events/{event}/{export}").status_code == 200, export
    korean = anon.get(f"/events/{swiss}/pairings/", HTTP_ACCEPT_LANGUAGE="ko").content.decode()
    assert "1라운드 대진표" in korean and "승점" in korean
    assert "<td>대</td>" in korean and "<td>v</td>" not in korean
    results = anon.get(f"/events/{party}/results/", HTTP_ACCEPT_LANGUAGE="ko").content.decode()
    assert "프로그레시브 파티" in results
    # The standings' own words come in the reader's language: the format's columns and the
    # side prizes' titles (their kinds stay the same in every language).
    for language, heading, booby in (
        ("en", "Buchholz", "Booby prize"),
        ("ko", "부흐홀츠", "꼴찌상"),
    ):
        standings = ok(
            anon.get(f"/api/v1/events/{swiss}/standings/", HTTP_ACCEPT_LANGUAGE=language)
        )
        assert standings["columns"][0]["heading"] == heading
        assert list(standings["tie_break_names"]) == standings["tie_breaks"]
        with translation.override(language):
            assert standings["tie_break_names"] == {
                key: str(TIE_BREAK_NAMES[key]) for key in standings["tie_breaks"]
            }
        prizes = {prize["kind"]: prize["title"] for prize in standings["side_prizes"]}
        assert prizes["booby"] == booby


def test_a_rematch_none_could_avoid_is_marked_on_the_pairings(director: Director, anon):
    """Four teams meet each other in three rounds: the fourth round's pairings say which
    tables are rematches, and the three before have none."""
    event = swiss_night(director, 4, rounds=4)
    director.publish(event)
    for _ in range(3):
        settle_round(director, director.next_round(event), [[10, 4], [6, 10]])
        assert "A rematch" not in anon.get(f"/events/{event}/pairings/").content.decode()
    fourth = director.next_round(event)
    page = anon.get(f"/events/{event}/pairings/").content.decode()
    assert page.count("A rematch (they met in round") == len(fourth["tables"]) == 2


def test_the_pairings_keep_the_standings_the_round_was_paired_on(director: Director, anon):
    """A result of round 1 corrected once round 2 is paired changes the standings, not the
    printed pairings: each team keeps the place and match points it was paired on (a round
    seated before rounds kept them shows the standings after the round before, as it did)."""
    event = swiss_night(director, 4)
    director.publish(event)
    first = director.next_round(event)
    settle_round(director, first, [[10, 4], [10, 6]])
    director.next_round(event)

    def placed() -> dict[str, tuple[int, int]]:
        page = anon.get(f"/events/{event}/pairings/").content.decode()
        found = re.findall(r"<strong>(Team \d\d)</strong> <small>\(#(\d+), (\d+) MP\)", page)
        return {name: (int(place), int(points)) for name, place, points in found}

    def told() -> bool:
        page = anon.get(f"/events/{event}/pairings/").content.decode()
        return "corrected after this round was paired" in page

    paired = placed()
    assert len(paired) == 4 and paired["Team 01"][1] == 2 and paired["Team 03"][1] == 0
    table = first["tables"][0]
    assert table["team_names"] == ["Team 01", "Team 03"]
    # A correction that leaves every place and match point as it was is not worth a word.
    same = {"points": [10, 5], "reason": "one point more for the losers"}
    ok(director.client.patch(f"/api/v1/tables/{table['id']}/result/", same, format="json"))
    assert placed() == paired and not told()
    corrected = {"points": [3, 10], "reason": "keyed the wrong way round"}
    ok(director.client.patch(f"/api/v1/tables/{table['id']}/result/", corrected, format="json"))
    assert placed() == paired and told()
    # Kept by the team, not its name: a team renamed (as an erased player's is) keeps its
    # place, and the round holds no name.
    (kept,) = Round.objects.filter(event_id=event, number=2).values_list("paired_on", flat=True)
    teams = dict(EventTeam.objects.filter(event_id=event).values_list("name", "pk"))
    assert set(kept) == {str(teams[name]) for name in paired}
    EventTeam.objects.filter(pk=teams["Team 01"]).update(name="Team 09")
    assert placed() == {("Team 09" if n == "Team 01" else n): p for n, p in paired.items()}
    EventTeam.objects.filter(pk=teams["Team 01"]).update(name="Team 01")
    Round.objects.filter(event_id=event).update(paired_on=None)
    now = placed()
    assert now["Team 01"][1] == 0 and now["Team 03"][1] == 2


def test_a_team_that_joins_after_a_round_is_paired_is_no_correction_on_its_pairings(
    director: Director, anon
):
    """The standings after round 1 count a team that came late, below the others: the
    pairings of round 2, paired before it came, have had no result corrected."""
    event = swiss_night(director, 4)
    director.publish(event)
    settle_round(director, director.next_round(event), [[10, 4], [10, 6]])
    director.next_round(event)
    director.add_team(event, "Late Pair", "Late Left", "Late Right")
    page = anon.get(f"/events/{event}/pairings/?round=2").content.decode()
    assert "Late Pair" not in page and "corrected after this round was paired" not in page
