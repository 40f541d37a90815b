"""Who sits where: the table, the round and how often pairs meet, in plain Python (no Django).

Players and teams are plain ints (their ids). A table seats four: seats 0 and 2 are partners,
seats 1 and 3 are partners, the two partnerships are opponents; seat 0 deals first.

The plans are made beside this module: `progressive` seats individual players round by
round, `team_rounds` schedules fixed partnerships (round robin, single elimination).

:func:`pair_meetings` gives how many pairs partnered and opposed how often, which is how the
tests and the docs judge a plan: by the most any pair meets, and the spread, not by a sum that
hides one pair meeting five times behind others that never meet. :func:`count_repeats` counts
byes and repeats.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from itertools import combinations
from typing import Final

SEATS: Final = 4
#: The seats by compass point, as the table app names them: N and S against E and W.
SEAT_NAMES: Final = ("N", "E", "S", "W")


@dataclass(frozen=True, slots=True)
class Table:
    """Four players by seat: (seat 0, seat 1, seat 2, seat 3)."""

    seats: tuple[int, int, int, int]

    @property
    def partnerships(self) -> tuple[tuple[int, int], tuple[int, int]]:
        s = self.seats
        return (s[0], s[2]), (s[1], s[3])

    def partner_pairs(self) -> tuple[tuple[int, int], ...]:
        return tuple(pair(a, b) for a, b in self.partnerships)

    def opponent_pairs(self) -> tuple[tuple[int, int], ...]:
        (a, c), (b, d) = self.partnerships
        return tuple(pair(x, y) for x in (a, c) for y in (b, d))


@dataclass(frozen=True, slots=True)
class Round:
    tables: tuple[Table, ...]
    byes: tuple[int, ...] = ()

    @property
    def players(self) -> tuple[int, ...]:
        return tuple(p for table in self.tables for p in table.seats)


@dataclass(frozen=True, slots=True)
class Repeats:
    """What a schedule repeats. Pair counts are over unordered pairs of players."""

    partner_repeats: int  # sum over pairs of (times partnered - 1), where positive
    opponent_repeats: int  # sum over pairs of (times opposed - 1), where positive
    most_partnered: int  # the most times any one pair partnered
    most_opposed: int  # the most times any one pair opposed each other
    byes: dict[int, int] = field(default_factory=dict)  # player -> rounds sat out
    played: dict[int, int] = field(default_factory=dict)  # player -> rounds at a table

    @property
    def bye_spread(self) -> int:
        """Most byes minus fewest, over the players who were there every round."""
        rounds = {p: self.byes.get(p, 0) + self.played.get(p, 0) for p in self.byes | self.played}
        if not rounds:
            return 0
        full = max(rounds.values())
        counts = [self.byes.get(p, 0) for p, n in rounds.items() if n == full]
        return max(counts) - min(counts)


def pair(a: int, b: int) -> tuple[int, int]:
    return (a, b) if a < b else (b, a)


def count_repeats(rounds: Iterable[Round]) -> Repeats:
    """Count partner and opponent repeats and byes over a schedule."""
    partners: Counter[tuple[int, int]] = Counter()
    opponents: Counter[tuple[int, int]] = Counter()
    byes: Counter[int] = Counter()
    played: Counter[int] = Counter()
    for rnd in rounds:
        for table in rnd.tables:
            partners.update(table.partner_pairs())
            opponents.update(table.opponent_pairs())
            played.update(table.seats)
        byes.update(rnd.byes)
    return Repeats(
        partner_repeats=sum(n - 1 for n in partners.values() if n > 1),
        opponent_repeats=sum(n - 1 for n in opponents.values() if n > 1),
        most_partnered=max(partners.values(), default=0),
        most_opposed=max(opponents.values(), default=0),
        byes=dict(byes),
        played=dict(played),
    )


def opponent_repeat_floor(rounds: Iterable[Round]) -> int:
    """The fewest opponent repeats any schedule with these players at these tables could have.

    Each round at a table gives a player two opponents; with ``n`` players a player has at
    most ``n - 1`` different ones, so a player seated ``k`` times meets at least
    ``2k - (n - 1)`` opponents again. Each repeat is counted once by each of its two players.
    """
    rounds = list(rounds)
    everyone = {p for rnd in rounds for p in (*rnd.players, *rnd.byes)}
    seated: Counter[int] = Counter(p for rnd in rounds for p in rnd.players)
    excess = sum(max(0, 2 * k - (len(everyone) - 1)) for k in seated.values())
    return math.ceil(excess / 2)


@dataclass(frozen=True, slots=True)
class Meetings:
    """How many pairs of players partnered, and opposed, how many times: by times met, the
    number of pairs (``{1: 28}``: 28 pairs partnered once). What a plan is judged by."""

    partnered: dict[int, int]
    opposed: dict[int, int]

    @property
    def most_partnered(self) -> int:
        return max(self.partnered, default=0)

    @property
    def most_opposed(self) -> int:
        return max(self.opposed, default=0)

    @property
    def fewest_opposed(self) -> int:
        return min(self.opposed, default=0)

    @property
    def spread(self) -> int:
        """The most times a pair opposed minus the fewest: 0 in a whist design."""
        return self.most_opposed - self.fewest_opposed


def present_throughout(rounds: Sequence[Round]) -> list[int]:
    """The players at a table or sitting out in every one of ``rounds``."""
    here = [set(rnd.players) | set(rnd.byes) for rnd in rounds]
    return sorted(set.intersection(*here)) if here else []


def pair_meetings(rounds: Sequence[Round], players: Iterable[int] | None = None) -> Meetings:
    """How often each pair of ``players`` (by default those present throughout) partnered
    and opposed, as distributions over all their pairs, those that never met included."""
    chosen = sorted(set(players)) if players is not None else present_throughout(rounds)
    partners: Counter[tuple[int, int]] = Counter()
    opponents: Counter[tuple[int, int]] = Counter()
    for rnd in rounds:
        for table in rnd.tables:
            partners.update(table.partner_pairs())
            opponents.update(table.opponent_pairs())
    pairs = list(combinations(chosen, 2))
    return Meetings(
        partnered=dict(sorted(Counter(partners[two] for two in pairs).items())),
        opposed=dict(sorted(Counter(opponents[two] for two in pairs).items())),
    )


def opposed_floor(rounds: Sequence[Round]) -> int:
    """The fewest times the most-opposed pair could have met in any plan seating the same
    players as often: a player seated ``k`` times of ``n`` meets ``2k`` opponents among
    ``n - 1`` others, so some pair of them opposes ``ceil(2k / (n - 1))`` times."""
    everyone = {p for rnd in rounds for p in (*rnd.players, *rnd.byes)}
    seated: Counter[int] = Counter(p for rnd in rounds for p in rnd.players)
    if len(everyone) < 2:
        return 0
    return max((math.ceil(2 * k / (len(everyone) - 1)) for k in seated.values()), default=0)


__all__ = [
    "SEATS",
    "SEAT_NAMES",
    "Meetings",
    "Repeats",
    "Round",
    "Table",
    "count_repeats",
    "opponent_repeat_floor",
    "opposed_floor",
    "pair",
    "pair_meetings",
    "present_throughout",
]
