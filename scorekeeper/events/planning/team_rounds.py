"""Fixed-partner events: which team meets which, in plain Python.

:func:`round_robin` has every team meet every other once (one bye a round when the count is
odd); :func:`bracket_size` and :func:`bracket_order` place a knockout's seeds
(`scorekeeper.events.planning.knockout`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from scorekeeper.events.planning.seating import pair


@dataclass(frozen=True, slots=True)
class Match:
    """Two teams at one table: ``first`` sits in seats 0 and 2, ``second`` in 1 and 3."""

    first: int
    second: int


@dataclass(frozen=True, slots=True)
class TeamRound:
    matches: tuple[Match, ...]
    byes: tuple[int, ...] = ()


def round_robin(teams: Sequence[int]) -> list[TeamRound]:
    """Every team meets every other once (the circle method); with an odd count one team a
    round has a bye, and each team has exactly one."""
    ring: list[int | None] = list(dict.fromkeys(teams))
    if len(ring) < 2:
        raise ValueError("a round robin needs at least two teams")
    if len(ring) % 2:
        ring.append(None)
    half = len(ring) // 2
    schedule = []
    for number in range(len(ring) - 1):
        matches, byes = [], []
        for i in range(half):
            a, b = ring[i], ring[-1 - i]
            if a is None or b is None:
                byes.append(b if a is None else a)
                continue
            # Alternate who takes seats 0 and 2, so no team always sits the same way.
            matches.append(Match(a, b) if (number + i) % 2 == 0 else Match(b, a))
        schedule.append(TeamRound(tuple(matches), tuple(p for p in byes if p is not None)))
        ring = [ring[0], ring[-1], *ring[1:-1]]
    return schedule


def count_meetings(schedule: Iterable[TeamRound]) -> Counter[tuple[int, int]]:
    """How many times each pair of teams met."""
    return Counter(pair(m.first, m.second) for rnd in schedule for m in rnd.matches)


def bracket_size(count: int) -> int:
    """The bracket's size: the smallest power of two that holds ``count`` teams."""
    if count < 2:
        raise ValueError("a bracket needs at least two teams")
    return 1 << (count - 1).bit_length()


def bracket_order(size: int) -> list[int]:
    """Seed numbers (1-based) in bracket order, so seeds 1 and 2 can only meet in the final,
    1-4 and 2-3 in the semi-finals, and so on."""
    order = [1]
    while len(order) < size:
        total = 2 * len(order) + 1
        order = [x for seed in order for x in (seed, total - seed)]
    return order


__all__ = [
    "Match",
    "TeamRound",
    "bracket_order",
    "bracket_size",
    "count_meetings",
    "round_robin",
]
