"""Who sits where: table assignments for Euchre events, in plain Python (no Django here).

Players and teams are plain ints (their ids). A table seats four: seats 0 and 2 are partners,
seats 1 and 3 are partners, the two partnerships are opponents.

- Progressive (individual) events: :func:`progressive_plan` plans the coming rounds so that no
  two players partner twice while that can be avoided and opponents repeat as little as
  possible, with byes (sit-outs) spread fairly when the count is not a multiple of four.
  It starts from the rounds already played, so a late arrival or a departure between rounds
  is handled by planning again with the new roster.
- Fixed-partner events: :func:`round_robin` (every team meets every other once, one bye a
  round when the count is odd) and :func:`bracket_first_round` / :func:`bracket_next_round`
  (single elimination; the top seeds get the byes).
- :func:`count_repeats` counts partner and opponent repeats and byes, which is how the tests
  and the director's screen judge a schedule.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Final

SEATS: Final = 4
#: A partner repeat costs this many opponent repeats: partners first, then opponents.
PARTNER_WEIGHT: Final = 50
#: Searches tried at most when partner repeats look avoidable but the first still has some.
ATTEMPTS: Final = 3


@dataclass(frozen=True, slots=True)
class Table:
    """Four players by seat: (seat 0, seat 1, seat 2, seat 3)."""

    seats: tuple[int, int, int, int]

    @property
    def partnerships(self) -> tuple[tuple[int, int], tuple[int, int]]:
        s = self.seats
        return (s[0], s[2]), (s[1], s[3])

    def partner_pairs(self) -> tuple[tuple[int, int], ...]:
        return tuple(_pair(a, b) for a, b in self.partnerships)

    def opponent_pairs(self) -> tuple[tuple[int, int], ...]:
        (a, c), (b, d) = self.partnerships
        return tuple(_pair(x, y) for x in (a, c) for y in (b, d))


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


def _pair(a: int, b: int) -> tuple[int, int]:
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


# ---------------------------------------------------------------------------------------------
# Progressive events


def byes_per_round(count: int) -> int:
    """How many of ``count`` players sit out a round with tables of four."""
    return count % SEATS


def progressive_plan(
    players: Sequence[int],
    *,
    history: Sequence[Round] = (),
    rounds: int,
    seed: int,
    effort: float = 1.0,
) -> list[Round]:
    """Plan the next ``rounds`` rounds for ``players`` after the rounds in ``history``.

    Byes go to whoever has sat out least (then longest ago, then by lot); then a local search
    (simulated annealing over seat swaps) seats the rest, scoring each partner repeat as
    ``PARTNER_WEIGHT`` opponent repeats and each extra meeting of a pair more than the last.
    The same inputs always give the same plan.
    """
    roster = list(dict.fromkeys(players))
    if len(roster) < SEATS:
        raise ValueError(f"a round needs at least {SEATS} players, not {len(roster)}")
    if rounds < 1:
        return []
    rng = random.Random(seed)
    bye_plan = _plan_byes(roster, history, rounds, rng)
    best: _Search | None = None
    for _ in range(ATTEMPTS if _partners_can_differ(roster, history, bye_plan) else 1):
        search = _Search(roster, history, rng)
        for sitting_out in bye_plan:
            seated = [p for p in roster if p not in sitting_out]
            rng.shuffle(seated)
            search.add_round(seated)
        search.anneal(effort)
        if best is None or search.score() < best.score():
            best = search
        if best.partner_cost == 0:
            break
    assert best is not None
    return [
        Round(tables=best.tables_of(r), byes=tuple(sorted(sitting_out)))
        for r, sitting_out in enumerate(bye_plan)
    ]


def _partners_can_differ(
    roster: list[int], history: Sequence[Round], bye_plan: list[frozenset[int]]
) -> bool:
    """False when someone will be seated more often than there are others to partner, so a
    partner repeat is certain (a cheap test: True does not promise a repeat-free plan)."""
    present = set(roster)
    seated = Counter(p for rnd in history for p in rnd.players if p in present)
    for sitting_out in bye_plan:
        seated.update(p for p in roster if p not in sitting_out)
    return max(seated.values(), default=0) <= len(roster) - 1


def _plan_byes(
    roster: list[int], history: Sequence[Round], rounds: int, rng: random.Random
) -> list[frozenset[int]]:
    """Who sits out each planned round. A round someone missed (arriving late) counts as one
    they sat out, so a late arrival does not take the byes of those who played."""
    count = byes_per_round(len(roster))
    sat_out: Counter[int] = Counter()
    last_out: dict[int, int] = {}
    for number, rnd in enumerate(history):
        seated = set(rnd.players)
        for p in roster:
            if p not in seated:
                sat_out[p] += 1
                last_out[p] = number
    lot = {p: rng.random() for p in roster}
    plan: list[frozenset[int]] = []
    for offset in range(rounds):
        if count == 0:
            plan.append(frozenset())
            continue
        order = sorted(roster, key=lambda p: (sat_out[p], last_out.get(p, -1), lot[p]))
        chosen = order[:count]
        for p in chosen:
            sat_out[p] += 1
            last_out[p] = len(history) + offset
        plan.append(frozenset(chosen))
    return plan


class _Search:
    """Seatings of the planned rounds and the pair counts they make with the history."""

    def __init__(self, roster: list[int], history: Sequence[Round], rng: random.Random) -> None:
        self.roster = roster
        self.index = {p: i for i, p in enumerate(roster)}
        self.n = len(roster)
        self.rng = rng
        self.partners = [0] * (self.n * self.n)
        self.opponents = [0] * (self.n * self.n)
        self.rounds: list[list[int]] = []  # each: player indexes, four per table
        for rnd in history:
            for table in rnd.tables:
                for a, b in table.partner_pairs():
                    if a in self.index and b in self.index:
                        self._bump(self.partners, self.index[a], self.index[b], 1)
                for a, b in table.opponent_pairs():
                    if a in self.index and b in self.index:
                        self._bump(self.opponents, self.index[a], self.index[b], 1)
        self.partner_cost = 0
        self.opponent_cost = 0

    def _bump(self, counts: list[int], a: int, b: int, by: int) -> int:
        """Change a pair's count; return the change in its cost, C(count, 2)."""
        key = a * self.n + b if a < b else b * self.n + a
        before = counts[key]
        counts[key] = before + by
        return before if by > 0 else -(before - 1)

    def _table_cost(self, seats: list[int], t: int, by: int) -> tuple[int, int]:
        """Seat or unseat one table; return the change in (partner cost, opponent cost)."""
        a, b, c, d = seats[4 * t : 4 * t + 4]
        partners = self._bump(self.partners, a, c, by) + self._bump(self.partners, b, d, by)
        opponents = 0
        for x in (a, c):
            for y in (b, d):
                opponents += self._bump(self.opponents, x, y, by)
        return partners, opponents

    def add_round(self, seated: list[int]) -> None:
        seats = [self.index[p] for p in seated]
        self.rounds.append(seats)
        for t in range(len(seats) // SEATS):
            partners, opponents = self._table_cost(seats, t, 1)
            self.partner_cost += partners
            self.opponent_cost += opponents

    def _swap(self, seats: list[int], p: int, q: int) -> tuple[int, int]:
        """Swap two seats of a round; return the change in (partner cost, opponent cost)."""
        tables = {p // SEATS, q // SEATS}
        partners = opponents = 0
        for t in tables:
            dp, do = self._table_cost(seats, t, -1)
            partners, opponents = partners + dp, opponents + do
        seats[p], seats[q] = seats[q], seats[p]
        for t in tables:
            dp, do = self._table_cost(seats, t, 1)
            partners, opponents = partners + dp, opponents + do
        return partners, opponents

    def score(self) -> int:
        return PARTNER_WEIGHT * self.partner_cost + self.opponent_cost

    def anneal(self, effort: float) -> None:
        """Simulated annealing over seat swaps. A partner repeat starts cheap and ends costing
        PARTNER_WEIGHT, so the search can cross it early and must be rid of it by the end."""
        movable = [r for r, seats in enumerate(self.rounds) if len(seats) >= SEATS]
        if not movable or self.score() == 0:
            return
        seated = sum(len(self.rounds[r]) for r in movable)
        steps = int(effort * max(40_000, 200 * seated))
        temperature, final = 2.0, 0.05
        cooling = (final / temperature) ** (1 / steps)
        best_score, best = self.score(), [list(seats) for seats in self.rounds]
        rng = self.rng
        for step in range(steps):
            weight = 1 + (PARTNER_WEIGHT - 1) * (step / steps) ** 2
            temperature *= cooling
            seats = self.rounds[rng.choice(movable)]
            p = rng.randrange(len(seats))
            q = rng.randrange(len(seats) - 1)
            q += q >= p
            if p // SEATS == q // SEATS and (p - q) % 2 == 0:
                continue  # partners trading seats changes nothing
            dp, do = self._swap(seats, p, q)
            delta = weight * dp + do
            if delta <= 0 or rng.random() < math.exp(-delta / temperature):
                self.partner_cost += dp
                self.opponent_cost += do
                if self.score() < best_score:
                    best_score, best = self.score(), [list(s) for s in self.rounds]
                    if best_score == 0:
                        break
            else:
                self._swap(seats, p, q)
        self.rounds = best

    def tables_of(self, r: int) -> tuple[Table, ...]:
        seats = [self.roster[i] for i in self.rounds[r]]
        return tuple(
            Table((seats[i], seats[i + 1], seats[i + 2], seats[i + 3]))
            for i in range(0, len(seats), SEATS)
        )


# ---------------------------------------------------------------------------------------------
# Fixed-partner events


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
    return Counter(_pair(m.first, m.second) for rnd in schedule for m in rnd.matches)


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


def bracket_slots(seeded: Sequence[int]) -> list[int | None]:
    """The first round's places in bracket order; ``seeded`` lists teams best seed first.
    A missing seed is None: the team drawn against it has a bye, so the top seeds get them."""
    teams = list(dict.fromkeys(seeded))
    size = bracket_size(len(teams))
    return [teams[seed - 1] if seed <= len(teams) else None for seed in bracket_order(size)]


def bracket_round(slots: Sequence[int | None]) -> TeamRound:
    """The matches of a bracket round: neighbouring places meet; one alone has a bye."""
    matches, byes = [], []
    for a, b in zip(slots[::2], slots[1::2], strict=True):
        if a is not None and b is not None:
            matches.append(Match(a, b))
        elif a is not None or b is not None:
            byes.append(a if a is not None else b)
    return TeamRound(tuple(matches), tuple(t for t in byes if t is not None))


def bracket_advance(slots: Sequence[int | None], winners: Iterable[int]) -> list[int | None]:
    """The next round's places: each match's winner (or the team with a bye) moves up."""
    won = set(winners)
    following: list[int | None] = []
    for a, b in zip(slots[::2], slots[1::2], strict=True):
        if a is not None and b is not None:
            if (a in won) == (b in won):
                raise ValueError(f"exactly one of teams {a} and {b} must win")
            following.append(a if a in won else b)
        else:
            following.append(a if a is not None else b)
    return following


__all__ = [
    "PARTNER_WEIGHT",
    "SEATS",
    "Match",
    "Repeats",
    "Round",
    "Table",
    "TeamRound",
    "bracket_advance",
    "bracket_order",
    "bracket_round",
    "bracket_size",
    "bracket_slots",
    "byes_per_round",
    "count_meetings",
    "count_repeats",
    "opponent_repeat_floor",
    "progressive_plan",
    "round_robin",
]
