"""Table assignments, judged by counting repeats (not by comparing with fixed tables)."""

from __future__ import annotations

import ast
import math
from pathlib import Path

import pytest

from scorekeeper.events.seating import (
    Match,
    Round,
    Table,
    TeamRound,
    bracket_advance,
    bracket_order,
    bracket_round,
    bracket_slots,
    count_meetings,
    count_repeats,
    opponent_repeat_floor,
    progressive_plan,
    round_robin,
)


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


# players: rounds. Each plan is long enough for everyone to sit out at least once when the
# count is not a multiple of four, and short enough that no partner need ever repeat
# (each player has more possible partners than rounds to play).
SIZES = {8: 7, 9: 9, 12: 8, 13: 13, 16: 10, 23: 8, 40: 12}


@pytest.mark.parametrize(("count", "rounds"), SIZES.items(), ids=[f"{n}-players" for n in SIZES])
def test_progressive_seating_keeps_the_rules(count, rounds):
    players = list(range(100, 100 + count))
    plan = progressive_plan(players, rounds=rounds, seed=count)
    check_plan(players, plan)
    repeats = count_repeats(plan)
    # No two players partner twice while it can be avoided: here it always can.
    assert repeats.partner_repeats == 0 and repeats.most_partnered == 1
    # Opponents repeat as little as possible: within a few of the fewest any plan could have
    # (each player seated k times meets 2k opponents among count - 1 others).
    floor = opponent_repeat_floor(plan)
    assert repeats.opponent_repeats <= floor + math.ceil(0.05 * floor)
    if floor == 0:
        assert repeats.opponent_repeats == 0
    # Nobody sits out twice before everyone has sat out once.
    assert bye_spread_at_every_round(plan, players) <= 1
    if count % 4:
        assert min(repeats.byes.get(p, 0) for p in players) >= 1


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


def test_partners_repeat_only_when_they_must():
    # Five players over eight rounds: each plays at least six with four possible partners.
    players = list(range(5))
    plan = progressive_plan(players, rounds=8, seed=1)
    check_plan(players, plan)
    repeats = count_repeats(plan)
    # 8 rounds x 2 partnerships = 16 among 10 pairs: 6 repeats at the fewest, spread out.
    assert repeats.partner_repeats == 6 and repeats.most_partnered == 2


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


def test_bracket_seeds_meet_late_and_the_top_seeds_get_the_byes():
    assert bracket_order(8) == [1, 8, 4, 5, 2, 7, 3, 6]
    teams = [11, 12, 13, 14, 15]  # seeds 1 to 5: three byes in a bracket of eight
    slots = bracket_slots(teams)
    first = bracket_round(slots)
    assert first == TeamRound((Match(14, 15),), (11, 12, 13))
    second = bracket_advance(slots, [15])
    assert bracket_round(second).matches == (Match(11, 15), Match(12, 13))
    final = bracket_advance(second, [11, 13])
    assert bracket_round(final).matches == (Match(11, 13),)
    assert bracket_advance(final, [13]) == [13]
    with pytest.raises(ValueError, match="must win"):
        bracket_advance(second, [11, 15])


@pytest.mark.parametrize("module", ["seating.py", "tally.py"])
def test_the_seating_and_the_tally_are_plain_python(module):
    source = Path(__file__).resolve().parents[2] / "scorekeeper" / "events" / module
    imported = set()
    for node in ast.walk(ast.parse(source.read_text())):
        if isinstance(node, ast.Import):
            imported.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            imported.add(node.module.split(".")[0])
    assert not imported & {"django", "rest_framework", "scorekeeper"}, imported
