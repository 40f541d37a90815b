"""Who sits where: the table, the round and how often pairs meet, in plain Python (no Django).

Players and teams are plain ints (their ids). A table seats four, or six under a six-handed
ruleset: the even seats are one partnership and the odd seats the other (0 and 2 against 1
and 3; 0, 2 and 4 against 1, 3 and 5), and seat 0 deals first.

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
from itertools import combinations, permutations
from typing import Final

from referee.rules import PARTNERSHIP_SHAPES, SEAT_LETTERS

#: The players at a table of most rulesets; a six-handed ruleset seats six.
SEATS: Final = 4
#: The table sizes an event can seat: partnerships at a table of four or of six.
TABLE_SIZES: Final = (4, 6)


def seat_name(seat: int, size: int = SEATS) -> str:
    """A seat by compass point, as the table app names it (N and S against E and W at a
    table of four): the referee's letters for a table of ``size``."""
    return SEAT_LETTERS[size][seat]


def side_of(seat: int, size: int = SEATS) -> int:
    """The side (the referee's team) of a seat at a table of ``size``."""
    return PARTNERSHIP_SHAPES[size].team_of(seat)


def partners_of(seats: Sequence[int], seat: int) -> tuple[int, ...]:
    """The players partnering the one in ``seat``: the referee's partners of the seat."""
    return tuple(seats[s] for s in PARTNERSHIP_SHAPES[len(seats)].partners_of(seat))


@dataclass(frozen=True, slots=True)
class Table:
    """The players by seat, from seat 0: four, or six (alternate seats are partners)."""

    seats: tuple[int, ...]

    @property
    def partnerships(self) -> tuple[tuple[int, ...], tuple[int, ...]]:
        ours, theirs = (
            tuple(self.seats[s] for s in team) for team in PARTNERSHIP_SHAPES[len(self.seats)].teams
        )
        return ours, theirs

    def partner_pairs(self) -> tuple[tuple[int, int], ...]:
        return tuple(pair(a, b) for side in self.partnerships for a, b in combinations(side, 2))

    def opponent_pairs(self) -> tuple[tuple[int, int], ...]:
        ours, theirs = self.partnerships
        return tuple(pair(x, y) for x in ours for y in theirs)


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

    Each round at a table gives a player two opponents (three at a table of six); with ``n``
    players a player has at most ``n - 1`` different ones, so a player who met ``m`` opponents
    meets at least ``m - (n - 1)`` of them again. Each repeat is counted once by each of its
    two players.
    """
    rounds = list(rounds)
    everyone = {p for rnd in rounds for p in (*rnd.players, *rnd.byes)}
    met = _opponents_met(rounds)
    excess = sum(max(0, m - (len(everyone) - 1)) for m in met.values())
    return math.ceil(excess / 2)


def _opponents_met(rounds: Iterable[Round]) -> Counter[int]:
    """How many opponents each player met, counting a pair again each time it meets."""
    met: Counter[int] = Counter()
    for rnd in rounds:
        for table in rnd.tables:
            for p in table.seats:
                met[p] += len(table.seats) // 2
    return met


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


def partners_apart(players: Sequence[int], history: Sequence[Round]) -> Table:
    """A table for ``players`` (four, or six) seated together outside any plan (a director's
    new table of the round's byes): nobody partners whom they partnered in the round before
    (the last of ``history``), then the pairs who have partnered least partner; the order
    given wherever it already does so."""
    last = (
        {two for table in history[-1].tables for two in table.partner_pairs()} if history else set()
    )
    times = Counter(two for rnd in history for table in rnd.tables for two in table.partner_pairs())

    def judged(seats: tuple[int, ...]) -> tuple[int, int]:
        pairs = Table(seats).partner_pairs()
        return sum(two in last for two in pairs), sum(times[two] for two in pairs)

    return Table(min(permutations(players), key=judged))


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
    players as often: a player of ``n`` who met ``m`` opponents (two a round at a table of
    four) met them among ``n - 1`` others, so some pair of them opposes
    ``ceil(m / (n - 1))`` times."""
    everyone = {p for rnd in rounds for p in (*rnd.players, *rnd.byes)}
    if len(everyone) < 2:
        return 0
    met = _opponents_met(rounds)
    return max((math.ceil(m / (len(everyone) - 1)) for m in met.values()), default=0)


__all__ = [
    "SEATS",
    "TABLE_SIZES",
    "Meetings",
    "Repeats",
    "Round",
    "Table",
    "count_repeats",
    "opponent_repeat_floor",
    "opposed_floor",
    "pair",
    "pair_meetings",
    "partners_apart",
    "partners_of",
    "present_throughout",
    "seat_name",
]
