"""Table assignments, judged by counting repeats (not by comparing with fixed tables)."""

from __future__ import annotations

import ast
import random
from collections import Counter
from pathlib import Path

import pytest
from event_helpers import ok, play_event, totals

from scorekeeper.events.planning.progressive import _Search, progressive_plan
from scorekeeper.events.planning.seating import (
    Meetings,
    Round,
    Table,
    count_repeats,
    opponent_repeat_floor,
    opposed_floor,
    pair_meetings,
    partners_apart,
)
from scorekeeper.events.planning.team_rounds import (
    bracket_order,
    count_meetings,
    round_robin,
)
from scorekeeper.events.services import MAX_ROUNDS


def bye_spread_at_every_round(rounds: list[Round], players: list[int]) -> int:
    """The worst gap between most and fewest byes, looking after each round in turn."""
    worst = 0
    for end in range(1, len(rounds) + 1):
        byes = count_repeats(rounds[:end]).byes
        counts = [byes.get(p, 0) for p in players]
        worst = max(worst, max(counts) - min(counts))
    return worst


def check_plan(players: list[int], rounds: list[Round]) -> None:
    """Every round seats everyone once (or gives them a bye) at tables of four."""
    for rnd in rounds:
        seated = [p for table in rnd.tables for p in table.seats]
        assert sorted(seated + list(rnd.byes)) == sorted(players)
        assert len(rnd.byes) == len(players) % 4


def check_first_deals(players: list[int], rounds: list[Round]) -> None:
    """Seat 0 deals first: each player does in a quarter of their rounds, rounded either way."""
    seated = Counter(p for rnd in rounds for p in rnd.players)
    dealt = Counter(table.seats[0] for rnd in rounds for table in rnd.tables)
    for p in players:
        assert seated[p] // 4 <= dealt[p] <= -(-seated[p] // 4), (p, seated[p], dealt[p])


def night(count: int, rounds: int) -> tuple[list[int], list[Round], Meetings]:
    """A plan seating everyone, byes and first deals fair, no partner twice; and how its
    pairs met."""
    players = list(range(100, 100 + count))
    plan = progressive_plan(players, rounds=rounds, seed=count)
    check_plan(players, plan)
    assert bye_spread_at_every_round(plan, players) <= 1
    check_first_deals(players, plan)
    meetings = pair_meetings(plan)
    assert meetings.most_partnered == 1
    return players, plan, meetings


def pairs(count: int) -> int:
    return count * (count - 1) // 2


# A full rotation where a whist design exists: n - 1 rounds for n = 4m, n rounds (one player
# sitting out each) for n = 4m + 1; each fits the event's limit of rounds.
FULL_ROTATIONS = {8: 7, 12: 11, 16: 15, 20: 19, 24: 23, 9: 9, 13: 13, 17: 17}


@pytest.mark.parametrize(
    ("count", "rounds"), FULL_ROTATIONS.items(), ids=[f"{n}-players" for n in FULL_ROTATIONS]
)
def test_a_full_rotation_is_a_whist_design(count, rounds):
    assert rounds <= MAX_ROUNDS
    players, plan, meetings = night(count, rounds)
    # Every pair partners exactly once and opposes exactly twice: no spread at all.
    assert meetings.partnered == {1: pairs(count)}
    assert meetings.opposed == {2: pairs(count)}
    assert meetings.spread == 0
    if count % 4:
        assert count_repeats(plan).byes == {p: 1 for p in players}


# (players, rounds) short of a full rotation: short enough that no partner need ever repeat.
PARTIAL_NIGHTS = [
    (8, 5),
    (9, 4),
    (12, 8),
    (13, 6),
    (16, 10),
    (17, 8),
    (20, 10),
    (23, 8),
    (24, 12),
    (40, 12),
]


@pytest.mark.parametrize(
    ("count", "rounds"), PARTIAL_NIGHTS, ids=[f"{n}-players-{r}-rounds" for n, r in PARTIAL_NIGHTS]
)
def test_a_partial_night_partners_once_and_opposes_twice_at_most(count, rounds):
    players, plan, meetings = night(count, rounds)
    # As close to twice as the count allows: never more, and never more than once when
    # there are more than enough players for everyone to meet new opponents all night.
    assert meetings.most_opposed <= 2
    if count - 1 >= 4 * rounds:
        assert meetings.most_opposed == 1
    if rounds * (count % 4) >= count:  # byes enough for everyone: everyone has one
        assert min(count_repeats(plan).byes.get(p, 0) for p in players) >= 1


# Counts with no whist design (n = 4m + 2 or 4m + 3): a rotation where everyone sits out as
# often as the others; the most any pair opposes is one over the floor at worst.
NO_DESIGN = {10: 10, 11: 11, 14: 7, 15: 15}


@pytest.mark.parametrize(
    ("count", "rounds"), NO_DESIGN.items(), ids=[f"{n}-players" for n in NO_DESIGN]
)
def test_without_a_design_pairs_still_meet_about_evenly(count, rounds):
    _, plan, meetings = night(count, rounds)
    assert meetings.most_opposed <= opposed_floor(plan) + 1


def test_forty_players_over_ten_rounds():
    _, _, meetings = night(40, 10)  # no partner twice
    assert meetings.most_opposed <= 2  # nobody opposed more than twice
    assert sum(meetings.partnered.values()) == sum(meetings.opposed.values()) == pairs(40)


def test_more_rounds_planned_later_continue_the_design():
    players = list(range(1, 13))
    first = progressive_plan(players, rounds=6, seed=5)
    rest = progressive_plan(players, history=first, rounds=5, seed=5)
    meetings = pair_meetings(first + rest)
    assert meetings.partnered == {1: pairs(12)} and meetings.opposed == {2: pairs(12)}
    # A second rotation follows the design again: everyone meets everyone as often.
    again = progressive_plan(players, history=first + rest, rounds=11, seed=5)
    meetings = pair_meetings(first + rest + again)
    assert meetings.partnered == {2: pairs(12)} and meetings.opposed == {4: pairs(12)}


def test_the_judge_sees_one_pair_opposed_too_often():
    # Four players at one table three times over, the same way: the most any pair opposes
    # shows it, and the spread against the pairs that never oppose.
    same = Round((Table((1, 2, 3, 4)),))
    meetings = pair_meetings([same, same, same])
    assert meetings.partnered == {0: 4, 3: 2} and meetings.opposed == {0: 2, 3: 4}
    assert (meetings.most_opposed, meetings.fewest_opposed, meetings.spread) == (3, 0, 3)
    assert opposed_floor([same, same, same]) == 2


def test_the_counting_function_counts():
    a = Table((1, 2, 3, 4))  # 1 & 3 against 2 & 4
    b = Table((1, 4, 3, 2))  # 1 & 3 again, against 4 & 2 again
    c = Table((1, 3, 2, 4))  # 1 & 2 against 3 & 4
    repeats = count_repeats([Round((a,), (5,)), Round((b,), (5,)), Round((c,), (5,))])
    assert repeats.partner_repeats == 2  # (1, 3) and (2, 4) partnered twice
    # (1, 2) and (3, 4) opposed twice, (1, 4) and (2, 3) three times:
    assert repeats.opponent_repeats == 1 + 1 + 2 + 2
    assert repeats.most_opposed == 3 and repeats.most_partnered == 2
    assert repeats.byes == {5: 3} and repeats.bye_spread == 3
    assert opponent_repeat_floor([Round((a,), (5,))]) == 0


def test_a_late_arrival_and_a_departure_between_rounds():
    players = list(range(1, 10))  # nine players: one bye a round
    history = progressive_plan(players, rounds=2, seed=1)
    # Player 10 arrives and someone who played both rounds leaves: still nine, one bye a round.
    leaver = next(p for p in players if p not in history[0].byes + history[1].byes)
    roster = [p for p in players if p != leaver] + [10]
    later = progressive_plan(roster, history=history, rounds=6, seed=2)
    check_plan(roster, later)
    assert all(leaver not in rnd.players and leaver not in rnd.byes for rnd in later)
    assert all(10 in rnd.players for rnd in later), "the newcomer missed two rounds already"
    whole = history + later
    assert count_repeats(whole).partner_repeats == 0
    # Everyone else who was there from the start sits out in turn.
    stayed = [p for p in players if p != leaver]
    byes = count_repeats(whole).byes
    assert sorted(byes.get(p, 0) for p in stayed) == [1] * len(stayed)


def test_the_plan_is_the_same_for_the_same_seed():
    players = list(range(20))
    assert progressive_plan(players, rounds=4, seed=3) == progressive_plan(
        players, rounds=4, seed=3
    )


@pytest.mark.parametrize("size", [4, 6])
def test_a_trade_between_tables_is_priced_as_making_it_would_count_it(size):
    """The search prices a trade of seats before moving anyone (`_traded`); the price is the
    change in the counts the trade makes, and pricing it changes nothing."""
    rng = random.Random(size)
    roster = list(range(3 * size))
    history = progressive_plan(roster, rounds=3, seed=7, size=size)
    search = _Search(roster, history, rng, size)
    seated = roster[:]
    rng.shuffle(seated)
    search.add_round(seated, ())
    seats = search.rounds[0]
    for _ in range(200):
        p, q = rng.sample(range(len(seats)), 2)
        if p // size == q // size:
            continue
        counts = (list(search.partners), list(search.opponents))
        priced = search._traded(seats, p, q)
        assert (search.partners, search.opponents) == counts
        assert search._swap(seats, p, q) == priced


def test_partners_repeat_only_when_they_must():
    # Five players over eight rounds: each plays at least six with four possible partners.
    players = list(range(5))
    plan = progressive_plan(players, rounds=8, seed=1)
    check_plan(players, plan)
    repeats = count_repeats(plan)
    # 8 rounds x 2 partnerships = 16 among 10 pairs: 6 repeats at the fewest, spread out.
    assert repeats.partner_repeats == 6 and repeats.most_partnered == 2


@pytest.mark.parametrize(("count", "rounds"), [(6, 3), (8, 4), (13, 4), (18, 5)])
def test_tables_of_six_partner_within_teams_of_three_and_share_the_byes(count, rounds):
    players = list(range(1, count + 1))
    plan = progressive_plan(players, rounds=rounds, seed=5, size=6)
    assert len(plan) == rounds
    for rnd in plan:
        assert all(len(table.seats) == 6 for table in rnd.tables)
        assert len(rnd.byes) == count % 6
        assert sorted(rnd.players + rnd.byes) == players
    # A table of six is two teams of three: three partner pairs each, nine opposed pairs.
    (table, *_rest) = plan[0].tables
    assert len(table.partner_pairs()) == 6 and len(table.opponent_pairs()) == 9
    assert set(table.partner_pairs()).isdisjoint(table.opponent_pairs())
    repeats = count_repeats(plan)
    assert repeats.bye_spread <= 1
    # Each seated player gains two partners a round: none repeats while others are left.
    if 2 * rounds <= count - 1 - (count % 6 > 0):
        assert repeats.most_partnered == 1, pair_meetings(plan, players)
    assert repeats.most_opposed <= max(2, opposed_floor(plan) + 1)
    # Seat 0 deals first: each player at most one round in six, rounded up.
    dealt = Counter(table.seats[0] for rnd in plan for table in rnd.tables)
    assert max(dealt.values()) <= -(-rounds // 6)


def test_a_table_seats_four_or_six():
    with pytest.raises(ValueError, match="a table seats 4 or 6, not 5"):
        progressive_plan(list(range(10)), rounds=1, seed=1, size=5)
    with pytest.raises(ValueError, match="at least 6 players, not 5"):
        progressive_plan(list(range(5)), rounds=1, seed=1, size=6)


@pytest.mark.parametrize("count", [2, 3, 4, 5, 8, 9])
def test_a_round_robin_meets_everyone_once_with_fair_byes(count):
    teams = list(range(10, 10 + count))
    schedule = round_robin(teams)
    meetings = count_meetings(schedule)
    assert len(meetings) == count * (count - 1) // 2 and set(meetings.values()) == {1}
    byes = [team for rnd in schedule for team in rnd.byes]
    assert sorted(byes) == (teams if count % 2 else [])
    for rnd in schedule:
        playing = [t for m in rnd.matches for t in (m.first, m.second)] + list(rnd.byes)
        assert sorted(playing) == teams


def test_bracket_seeds_meet_late():
    assert bracket_order(8) == [1, 8, 4, 5, 2, 7, 3, 6]


#: The plain-Python folders: their modules import nothing of Django, DRF or the rest of the
#: project, nor of each other (planning who sits where; ranking who is ahead).
EVENTS = Path(__file__).resolve().parents[2] / "scorekeeper" / "events"
PURE = sorted(
    (folder, source.stem)
    for folder in ("planning", "ranking")
    for source in (EVENTS / folder).glob("*.py")
    if source.stem != "__init__"
)


@pytest.mark.parametrize(("folder", "module"), PURE, ids=[f"{f}.{m}" for f, m in PURE])
def test_the_seating_tally_and_standings_are_plain_python(folder, module):
    source = EVENTS / folder / f"{module}.py"
    imported = set()
    for node in ast.walk(ast.parse(source.read_text())):
        if isinstance(node, ast.Import):
            imported.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            names = [f"{node.module}.{alias.name}" for alias in node.names]
            imported.update(names if node.module.count(".") < 3 else [node.module])
    own = f"scorekeeper.events.{folder}."
    outside = {
        name
        for name in imported
        if name.split(".")[0] in {"django", "rest_framework", "scorekeeper"}
        and not name.startswith(own)
    }
    assert not outside, outside
    assert {"seating", "progressive", "whist", "standings", "tally", "ladders"} <= {
        m for _f, m in PURE
    }


@pytest.mark.django_db
def test_a_night_planned_longer_halfway_is_still_a_whist_design(director):
    event = director.create_totals_night(rounds_planned=6)
    director.add_players(event, *(f"Player {i}" for i in range(12)))
    seated = play_event(director, event, totals(*[[6, 2]] * 18), rounds=6)
    ok(director.client.patch(f"/api/v1/events/{event}/", {"rounds_planned": 11}, format="json"))
    seated += play_event(director, event, totals(*[[6, 2]] * 15), rounds=5)
    rounds = [
        Round(
            tuple(
                Table(tuple(s["player"] for s in sorted(t["seats"], key=lambda s: s["seat"])))
                for t in rnd["tables"]
            )
        )
        for rnd in seated
    ]
    meetings = pair_meetings(rounds)
    assert meetings.partnered == {1: pairs(12)} and meetings.opposed == {2: pairs(12)}


def test_a_plan_past_the_most_rounds_is_refused():
    with pytest.raises(ValueError, match="at most 100 rounds"):
        progressive_plan(list(range(8)), rounds=101, seed=1)


def test_a_table_seated_outside_the_plan_splits_last_rounds_partners():
    """The director's new table of a round's byes: nobody partners the partner of the round
    before, then those who partnered least partner; the order given where it already does."""
    before = [Round((Table((1, 2, 3, 4)), Table((5, 6, 7, 8))))]  # 1 & 3, 2 & 4, 5 & 7, 6 & 8
    assert partners_apart([1, 2, 5, 6], before).seats == (1, 2, 5, 6)  # 1 & 5, 2 & 6: as given
    split = partners_apart([1, 5, 3, 9], before)  # as given, 1 and 3 would partner again
    assert not set(split.partner_pairs()) & {(1, 3), (5, 7)}
    # Earlier rounds: of the partnerships left, the pairs who partnered least.
    for partnered, expected in (((1, 9), {(1, 5), (3, 9)}), ((1, 5), {(1, 9), (3, 5)})):
        earlier = [Round((Table((partnered[0], 2, partnered[1], 4)),)), *before]
        assert set(partners_apart([1, 5, 3, 9], earlier).partner_pairs()) == expected
    # Six-handed (alternate seats partner): three of a partnership cannot all be parted, so
    # the fewest (one pair at each side) partner again; as given, all six pairs would.
    six = [Round((Table((1, 2, 3, 4, 5, 6)),))]  # 1, 3 and 5 against 2, 4 and 6
    again = set(six[0].tables[0].partner_pairs())
    assert len(set(partners_apart([1, 2, 3, 4, 5, 6], six).partner_pairs()) & again) == 2
