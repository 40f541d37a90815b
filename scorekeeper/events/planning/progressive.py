"""Progressive (individual) events: who sits where in the coming rounds, in plain Python.

:func:`progressive_plan` plans the coming rounds. Where a whist design exists for the count
(`scorekeeper.events.planning.whist`), a full rotation is one: every pair partners exactly
once and opposes exactly twice, as on a classic tally sheet. Otherwise no two players partner twice
while that can be avoided and no pair opposes more often than it must, with byes (sit-outs)
spread fairly when the count is not a multiple of four. A six-handed night seats tables of
six the same way (partners rotating within teams of three), by search alone. It starts from
the rounds already played, so a late arrival or a departure between rounds is handled by
planning again with the new roster.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Callable, Sequence
from itertools import combinations
from typing import Final

from scorekeeper.events.planning import whist
from scorekeeper.events.planning.seating import (
    SEATS,
    TABLE_SIZES,
    Round,
    Table,
    opposed_floor,
    pair,
    side_of,
)

#: A partner repeat costs this many opponent repeats: partners first, then opponents.
PARTNER_WEIGHT: Final = 50
#: Searches tried at most when partner repeats look avoidable but the first still has some.
ATTEMPTS: Final = 3
#: The longest search walk, in seat swaps tried: a second or two, so a big night's plan
#: stays quick (the longest walks are for the hardest nights, about twice as many players
#: as rounds, where it leaves a few pairs opposed twice that could in principle be spared).
MOST_STEPS: Final = 150_000


def meeting_cost(times: int) -> int:
    """What the search charges a pair for meeting ``times`` times (as partners, or as
    opponents): nothing for once, and each further meeting more than the one before
    (1, 4, 9, ...), so a pair meeting a third time costs more than four pairs meeting a
    second time: the most any pair meets comes first, then how many pairs meet that often."""
    return sum(k * k for k in range(times))


#: The most rounds a plan may reach, those already played included (an event has at most 30).
MOST_ROUNDS: Final = 100
#: meeting_cost(n + 1) - meeting_cost(n), for every count a plan can reach.
_STEP: Final = tuple(n * n for n in range(MOST_ROUNDS + 1))


def byes_per_round(count: int, size: int = SEATS) -> int:
    """How many of ``count`` players sit out a round with tables of ``size``."""
    return count % size


def progressive_plan(
    players: Sequence[int],
    *,
    history: Sequence[Round] = (),
    rounds: int,
    seed: int,
    effort: float = 1.0,
    size: int = SEATS,
) -> list[Round]:
    """Plan the next ``rounds`` rounds for ``players`` after the rounds in ``history``, at
    tables of ``size`` (four, or six: alternate seats are partners).

    Where a whist design is shipped for the count and the rounds so far are rounds of it (as
    they are when it planned them), the plan takes its next rounds from the design: a full
    rotation then has every pair partner once and oppose twice. Otherwise, or when it does
    better, a local search (simulated annealing over seat swaps) seats the players after
    the byes have gone to whoever has sat out least (then longest ago, then by lot); it
    prices a pair's every further meeting more than the last (`meeting_cost`), a partner
    repeat ``PARTNER_WEIGHT`` times an opponent one. Plans are compared as `_judged` says;
    then each table is turned so that the first deal goes round (`_turn_tables`). The same
    inputs always give the same plan.
    """
    roster = list(dict.fromkeys(players))
    if size not in TABLE_SIZES:
        raise ValueError(f"a table seats {' or '.join(map(str, TABLE_SIZES))}, not {size}")
    if len(roster) < size:
        raise ValueError(f"a round needs at least {size} players, not {len(roster)}")
    if rounds < 1:
        return []
    if len(history) + rounds > MOST_ROUNDS:
        raise ValueError(f"a night has at most {MOST_ROUNDS} rounds")
    rng = random.Random(seed)
    sheet = _whist_sheet(roster, history, rounds, seed) if size == SEATS else None
    if sheet is not None:
        design = _Search(roster, history, rng, size)
        for rnd in sheet:
            design.add_round(list(rnd.players), rnd.byes)
        most_partnered, most_opposed = design.most()
        if most_partnered <= 1 and most_opposed <= opposed_floor([*history, *sheet]):
            return _turn_tables(sheet, history)  # nothing could do better by the judge
    bye_plan = _plan_byes(roster, history, rounds, rng, size)
    best: _Search | None = None
    # Tables of six: one search (each costs twice a table of four's, and a plan with no
    # partner repeat is seldom within reach when everyone has two partners a round).
    again = size == SEATS and _partners_can_differ(roster, history, bye_plan, size)
    for _ in range(ATTEMPTS if again else 1):
        search = _Search(roster, history, rng, size)
        for sitting_out in bye_plan:
            seated = [p for p in roster if p not in sitting_out]
            rng.shuffle(seated)
            search.add_round(seated, tuple(sorted(sitting_out)))
        search.anneal(effort)
        if best is None or _judged(search) < _judged(best):
            best = search
        if best.partner_cost == 0:
            break
    assert best is not None
    if sheet is not None and _judged(design)[:3] <= _judged(best)[:3]:
        # The design keeps the rest of its rotation for rounds planned later: it stands
        # unless the search does better on what a plan is judged by, not merely on its cost.
        return _turn_tables(sheet, history)
    planned = [Round(tables=best.tables_of(r), byes=best.byes[r]) for r in range(rounds)]
    return _turn_tables(planned, history)


def _judged(search: _Search) -> tuple[int, int, int, int]:
    """What a plan is judged by, smallest best: the most times a pair partners, partner
    repeats, the most times a pair opposes, then the meetings' cost as a whole."""
    most_partnered, most_opposed = search.most()
    return (most_partnered, search.partner_cost, most_opposed, search.opponent_cost)


def _shape(rnd: Round) -> frozenset[frozenset[frozenset[int]]]:
    """A round as its partnerships at each table, whatever the seats' order."""
    return frozenset(
        frozenset(frozenset(two) for two in table.partnerships) for table in rnd.tables
    )


def _whist_sheet(
    roster: list[int], history: Sequence[Round], rounds: int, seed: int
) -> list[Round] | None:
    """The next ``rounds`` rounds of the whist design for this many players, or None when
    none is shipped or the rounds so far are not all its rounds. The seed says which player
    is which point of the design, so a plan made again (more rounds planned) continues it.

    Each next round is, among the design's rounds played least so far, the one whose bye sat
    out longest ago, then whose meetings cost least after those before it: a partial night
    takes the rounds that repeat least, and the rest follow if more rounds are planned."""
    design = whist.rounds(len(roster))
    if design is None:
        return None
    label = sorted(roster)
    random.Random(seed).shuffle(label)
    everyone = frozenset(roster)
    sheet = []
    for points in design:
        tables = tuple(Table(tuple(label[p] for p in table)) for table in points)
        seated = {p for table in tables for p in table.seats}
        sheet.append(Round(tables, tuple(sorted(everyone - seated))))
    index = {_shape(rnd): i for i, rnd in enumerate(sheet)}
    played: Counter[int] = Counter()
    last_out: dict[int, int] = {}
    partners: Counter[tuple[int, int]] = Counter()
    opponents: Counter[tuple[int, int]] = Counter()

    def take(rnd: Round, number: int) -> None:
        last_out.update((player, number) for player in rnd.byes)
        for table in rnd.tables:
            partners.update(table.partner_pairs())
            opponents.update(table.opponent_pairs())

    def cost(rnd: Round) -> int:
        return sum(
            PARTNER_WEIGHT * _STEP[partners[two]]
            for table in rnd.tables
            for two in table.partner_pairs()
        ) + sum(_STEP[opponents[two]] for table in rnd.tables for two in table.opponent_pairs())

    for number, rnd in enumerate(history):
        i = index.get(_shape(rnd))
        if i is None or set(rnd.byes) | set(rnd.players) != everyone:
            return None
        played[i] += 1
        take(rnd, number)
    chosen = []
    for number in range(len(history), len(history) + rounds):
        fewest = min(played.get(i, 0) for i in range(len(sheet)))
        pick = min(
            (i for i in range(len(sheet)) if played[i] == fewest),
            key=lambda i: (
                max((last_out.get(p, -1) for p in sheet[i].byes), default=-1),
                cost(sheet[i]),
                i,
            ),
        )
        played[pick] += 1
        take(sheet[pick], number)
        chosen.append(sheet[pick])
    return chosen


def _turn_tables(planned: list[Round], history: Sequence[Round]) -> list[Round]:
    """Turn each table (partners stay partners) so that the first deal goes round: seat 0
    deals first, and each player does so in a quarter of their rounds (a sixth at tables of
    six), rounded down or up (counting ``history``), as `_FirstDeals` arranges."""
    dealers = _FirstDeals(planned, history).dealer
    turned = []
    for r, rnd in enumerate(planned):
        tables = []
        for t, table in enumerate(rnd.tables):
            seats = table.seats
            first = seats.index(dealers[r, t])
            size = len(seats)
            tables.append(Table(tuple(seats[(first + i) % size] for i in range(size))))
        turned.append(Round(tuple(tables), rnd.byes))
    return turned


class _FirstDeals:
    """Who deals first at each planned table. Round by round, whoever at the table has done so
    least often (then has the fewest rounds left); then, for anyone above their share (one
    round in as many as a table seats, rounded up) or below it (rounded down), first deals
    are passed along a chain of tables, each to another player at it, until they reach
    someone who may take one more, or give one up (augmenting paths, as in a bipartite
    matching)."""

    def __init__(self, planned: list[Round], history: Sequence[Round]) -> None:
        self.planned = planned
        self.dealt: Counter[int] = Counter(t.seats[0] for rnd in history for t in rnd.tables)
        size = len(planned[0].tables[0].seats) if planned and planned[0].tables else SEATS
        seated = Counter(p for rnd in (*history, *planned) for p in rnd.players)
        most = {p: -(-k // size) for p, k in seated.items()}
        least = {p: k // size for p, k in seated.items()}
        self.dealer: dict[tuple[int, int], int] = {}
        self.sits: dict[int, list[tuple[int, int]]] = {}
        left: Counter[int] = Counter(p for rnd in planned for p in rnd.players)
        for r, rnd in enumerate(planned):
            for t, table in enumerate(rnd.tables):
                for p in table.seats:
                    self.sits.setdefault(p, []).append((r, t))
                chosen = min(
                    table.seats,
                    key=lambda p: (self.dealt[p] >= most[p], self.dealt[p], left[p]),
                )
                self.dealer[r, t] = chosen
                self.dealt[chosen] += 1
            left.subtract(rnd.players)
        for p in sorted(self.sits):
            while self.dealt[p] > most[p] and self._give(p, lambda q: self.dealt[q] < most[q]):
                pass
            while self.dealt[p] < least[p] and self._take(p, lambda q: self.dealt[q] > least[q]):
                pass

    def _give(self, start: int, takes: Callable[[int], bool]) -> bool:
        """Pass one of ``start``'s first deals on, along a chain of tables, to someone who
        ``takes`` it; False when no chain reaches such a player."""
        came: dict[int, tuple[int, tuple[int, int]] | None] = {start: None}
        queue = [start]
        for giver in queue:
            for place in self.sits[giver]:
                if self.dealer[place] != giver:
                    continue
                for taker in self.planned[place[0]].tables[place[1]].seats:
                    if taker in came:
                        continue
                    came[taker] = (giver, place)
                    if takes(taker):
                        self._pass_along(taker, came)
                        return True
                    queue.append(taker)
        return False

    def _take(self, start: int, gives: Callable[[int], bool]) -> bool:
        """Get ``start`` one more first deal, along a chain of tables, from someone who
        ``gives`` one up; False when no chain reaches such a player."""
        came: dict[int, tuple[int, tuple[int, int]] | None] = {start: None}
        queue = [start]
        for taker in queue:
            for place in self.sits[taker]:
                giver = self.dealer[place]
                if giver in came:
                    continue
                came[giver] = (taker, place)
                if gives(giver):
                    self._pass_along(giver, came, backwards=True)
                    return True
                queue.append(giver)
        return False

    def _pass_along(
        self,
        end: int,
        came: dict[int, tuple[int, tuple[int, int]] | None],
        backwards: bool = False,
    ) -> None:
        """Each table on the chain that ends at ``end`` changes hands by one step."""
        step = came[end]
        player = end
        while step is not None:
            other, place = step
            taker, giver = (other, player) if backwards else (player, other)
            self.dealer[place] = taker
            self.dealt[taker] += 1
            self.dealt[giver] -= 1
            player, step = other, came[other]


def _partners_can_differ(
    roster: list[int], history: Sequence[Round], bye_plan: list[frozenset[int]], size: int
) -> bool:
    """False when someone will be seated more often than there are others to partner, so a
    partner repeat is certain (a cheap test: True does not promise a repeat-free plan)."""
    present = set(roster)
    seated = Counter(p for rnd in history for p in rnd.players if p in present)
    for sitting_out in bye_plan:
        seated.update(p for p in roster if p not in sitting_out)
    partners_a_round = size // 2 - 1
    return partners_a_round * max(seated.values(), default=0) <= len(roster) - 1


def _plan_byes(
    roster: list[int], history: Sequence[Round], rounds: int, rng: random.Random, size: int
) -> list[frozenset[int]]:
    """Who sits out each planned round: whoever has sat out least, then (when several sit
    out together) whoever has sat out least often with those already chosen, then whoever
    sat out longest ago, then by lot. Players who always sat out together would always be
    seated together too, and meet every round they play. A round someone missed (arriving
    late) counts as one they sat out, so a late arrival does not take the byes of those who
    played."""
    count = byes_per_round(len(roster), size)
    sat_out: Counter[int] = Counter()
    together: Counter[tuple[int, int]] = Counter()
    last_out: dict[int, int] = {}

    def sit_out(players: Sequence[int], number: int) -> None:
        for p in players:
            sat_out[p] += 1
            last_out[p] = number
        together.update(pair(a, b) for a, b in combinations(players, 2))

    for number, rnd in enumerate(history):
        seated = set(rnd.players)
        sit_out([p for p in roster if p not in seated], number)
    lot = {p: rng.random() for p in roster}
    plan: list[frozenset[int]] = []
    for offset in range(rounds):
        chosen: list[int] = []
        for _ in range(count):
            chosen.append(
                min(
                    (p for p in roster if p not in chosen),
                    key=lambda p: (
                        sat_out[p],
                        sum(together[pair(p, q)] for q in chosen),
                        last_out.get(p, -1),
                        lot[p],
                    ),
                )
            )
        sit_out(chosen, len(history) + offset)
        plan.append(frozenset(chosen))
    return plan


class _Search:
    """Seatings of the planned rounds and the pair counts they make with the history."""

    def __init__(
        self, roster: list[int], history: Sequence[Round], rng: random.Random, size: int = SEATS
    ) -> None:
        self.roster = roster
        self.size = size
        # Which places at a table partner and which oppose: (0, 2), (0, 4), ... at six.
        places = Table(tuple(range(size)))
        self.partner_places = places.partner_pairs()
        self.side = [side_of(place, size) for place in range(size)]
        self.opponent_places = places.opponent_pairs()
        self.index = {p: i for i, p in enumerate(roster)}
        self.n = len(roster)
        self.rng = rng
        self.partners = [0] * (self.n * self.n)
        self.opponents = [0] * (self.n * self.n)
        self.rounds: list[list[int]] = []  # each: player indexes, ``size`` per table
        self.byes: list[tuple[int, ...]] = []
        self.partner_cost = 0
        self.opponent_cost = 0
        for rnd in history:
            for table in rnd.tables:
                for a, b in table.partner_pairs():
                    if a in self.index and b in self.index:
                        self.partner_cost += self._bump(
                            self.partners, self.index[a], self.index[b], 1
                        )
                for a, b in table.opponent_pairs():
                    if a in self.index and b in self.index:
                        self.opponent_cost += self._bump(
                            self.opponents, self.index[a], self.index[b], 1
                        )

    def _bump(self, counts: list[int], a: int, b: int, by: int) -> int:
        """Change a pair's count by one; return the change in its cost."""
        key = a * self.n + b if a < b else b * self.n + a
        before = counts[key]
        counts[key] = before + by
        return _STEP[before] if by > 0 else -_STEP[before - 1]

    def _table_cost(self, seats: list[int], t: int, by: int) -> tuple[int, int]:
        """Seat or unseat one table; return the change in (partner cost, opponent cost).
        (The search's inner loop: a table of four written out, without calls.)"""
        n, step, partners, opponents = self.n, _STEP, self.partners, self.opponents
        if self.size == SEATS:
            a, b, c, d = seats[4 * t : 4 * t + 4]
            partner_keys: tuple[int, ...] = (
                a * n + c if a < c else c * n + a,
                b * n + d if b < d else d * n + b,
            )
            opponent_keys: tuple[int, ...] = (
                a * n + b if a < b else b * n + a,
                a * n + d if a < d else d * n + a,
                c * n + b if c < b else b * n + c,
                c * n + d if c < d else d * n + c,
            )
        else:
            at = seats[self.size * t : self.size * (t + 1)]
            partner_keys = tuple(
                at[i] * n + at[j] if at[i] < at[j] else at[j] * n + at[i]
                for i, j in self.partner_places
            )
            opponent_keys = tuple(
                at[i] * n + at[j] if at[i] < at[j] else at[j] * n + at[i]
                for i, j in self.opponent_places
            )
        dp = do = 0
        if by > 0:
            for key in partner_keys:
                count = partners[key]
                partners[key] = count + 1
                dp += step[count]
            for key in opponent_keys:
                count = opponents[key]
                opponents[key] = count + 1
                do += step[count]
        else:
            for key in partner_keys:
                count = partners[key] - 1
                partners[key] = count
                dp -= step[count]
            for key in opponent_keys:
                count = opponents[key] - 1
                opponents[key] = count
                do -= step[count]
        return dp, do

    def add_round(self, seated: list[int], byes: tuple[int, ...]) -> None:
        seats = [self.index[p] for p in seated]
        self.rounds.append(seats)
        self.byes.append(byes)
        for t in range(len(seats) // self.size):
            partners, opponents = self._table_cost(seats, t, 1)
            self.partner_cost += partners
            self.opponent_cost += opponents

    def _swap(self, seats: list[int], p: int, q: int) -> tuple[int, int]:
        """Swap two seats of a round; return the change in (partner cost, opponent cost)."""
        tables = {p // self.size, q // self.size}
        partners = opponents = 0
        for t in tables:
            dp, do = self._table_cost(seats, t, -1)
            partners, opponents = partners + dp, opponents + do
        seats[p], seats[q] = seats[q], seats[p]
        for t in tables:
            dp, do = self._table_cost(seats, t, 1)
            partners, opponents = partners + dp, opponents + do
        return partners, opponents

    def _traded(self, seats: list[int], p: int, q: int) -> tuple[int, int]:
        """What two players at different tables trading seats ``p`` and ``q`` would change
        (partner cost, opponent cost), the counts left as they are: each leaves the pairs it
        makes at its table for the same pairs with the other (twelve pairs at tables of
        four, none of them twice)."""
        size, n, step, side = self.size, self.n, _STEP, self.side
        partners, opponents = self.partners, self.opponents
        dp = do = 0
        for seat, leaving, coming in ((p, seats[p], seats[q]), (q, seats[q], seats[p])):
            place = seat % size
            start, mine = seat - place, side[place]
            for other in range(start, start + size):
                if other == seat:
                    continue
                x = seats[other]
                gone = leaving * n + x if leaving < x else x * n + leaving
                new = coming * n + x if coming < x else x * n + coming
                if side[other - start] == mine:
                    dp += step[partners[new]] - step[partners[gone] - 1]
                else:
                    do += step[opponents[new]] - step[opponents[gone] - 1]
        return dp, do

    def score(self) -> int:
        return PARTNER_WEIGHT * self.partner_cost + self.opponent_cost

    def floor(self) -> int:
        """The least score any seating of the same rounds could have: the same meetings
        spread as evenly as they go over the pairs (swaps never change how many there are)."""

        def least(counts: list[int]) -> int:
            pairs = self.n * (self.n - 1) // 2
            each, left = divmod(sum(counts), pairs)
            return (pairs - left) * meeting_cost(each) + left * meeting_cost(each + 1)

        return PARTNER_WEIGHT * least(self.partners) + least(self.opponents)

    def most(self) -> tuple[int, int]:
        """The most times any pair partners, and opposes."""
        return max(self.partners, default=0), max(self.opponents, default=0)

    def anneal(self, effort: float) -> None:
        """Simulated annealing over seat swaps, down to the floor if it gets there: first a
        short cool walk, which is enough when there is room (many players, few rounds), then
        a long one from hot. In the long one a partner repeat starts cheap and ends costing
        PARTNER_WEIGHT, so the search can cross it early and must be rid of it by the end."""
        movable = [r for r, seats in enumerate(self.rounds) if len(seats) >= self.size]
        if not movable:
            return
        seated = sum(len(self.rounds[r]) for r in movable)
        floor = self.floor()
        short = int(effort * max(10_000, 20 * seated))
        if self._walk(movable, floor, steps=short, hot=0.3, ramp=False):
            return
        long = min(max(40_000, 200 * seated), MOST_STEPS)
        self._walk(movable, floor, steps=int(effort * long), hot=2.0)

    def _walk(
        self, movable: list[int], floor: int, *, steps: int, hot: float, ramp: bool = True
    ) -> bool:
        """One annealing walk from temperature ``hot`` down to 0.05, ending at the best seating
        it met; True when that is down to ``floor``."""
        if self.score() <= floor:
            return True
        temperature = hot
        cooling = (0.05 / hot) ** (1 / steps)
        best_score, best = self.score(), None  # None: the seating now is the best one
        rng, size = self.rng, self.size
        for step in range(steps):
            weight = 1 + (PARTNER_WEIGHT - 1) * (step / steps) ** 2 if ramp else PARTNER_WEIGHT
            temperature *= cooling
            seats = self.rounds[rng.choice(movable)]
            p = rng.randrange(len(seats))
            q = rng.randrange(len(seats) - 1)
            q += q >= p
            if p // size != q // size:
                dp, do = self._traded(seats, p, q)  # priced before anything moves
            elif self.side[p % size] == self.side[q % size]:
                continue  # partners trading seats changes nothing
            else:
                dp, do = self._swap(seats, p, q)
                self._swap(seats, p, q)
            delta = weight * dp + do
            if delta <= 0 or rng.random() < math.exp(-delta / temperature):
                if best is None and PARTNER_WEIGHT * dp + do > 0:
                    best = [list(s) for s in self.rounds]  # keep the best before leaving it
                self._swap(seats, p, q)
                self.partner_cost += dp
                self.opponent_cost += do
                if self.score() < best_score:
                    best_score, best = self.score(), None
                    if best_score <= floor:
                        return True
        if best is not None:
            self._restore(best)
        return best_score <= floor

    def _restore(self, rounds: list[list[int]]) -> None:
        """Go back to the best seating found, recounting its pairs."""
        for r, seats in enumerate(self.rounds):
            for t in range(len(seats) // self.size):
                dp, do = self._table_cost(seats, t, -1)
                self.partner_cost += dp
                self.opponent_cost += do
            self.rounds[r] = list(rounds[r])
            for t in range(len(rounds[r]) // self.size):
                dp, do = self._table_cost(self.rounds[r], t, 1)
                self.partner_cost += dp
                self.opponent_cost += do

    def tables_of(self, r: int) -> tuple[Table, ...]:
        seats = [self.roster[i] for i in self.rounds[r]]
        return tuple(
            Table(tuple(seats[i : i + self.size])) for i in range(0, len(seats), self.size)
        )


__all__ = ["MOST_ROUNDS", "PARTNER_WEIGHT", "byes_per_round", "meeting_cost", "progressive_plan"]
