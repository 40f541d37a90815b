"""The moving-up progressive party, in plain Python: who sits where next round, from who won
where this round.

Tables are numbered from the head table, table 1. After each round the winning pair of every
table moves up one table and the losers stay; at the head table the winners stay and the
losers go down to the lowest table. At every table the two who arrive split up: each partners
one of the two who stay, so nobody keeps last round's partner (of the two who stay, one takes
a mover's seat). Those who sat the round out, and players arriving late, come in at the
lowest table; when the count is not a multiple of four, the players over go to the lowest
table too, and those who sit out are chosen among the lowest table's players: whoever has sat
out least (a round missed counting as one sat out), then longest ago, then by lot. The first
round is a draw.

The next round has as many tables as the players present fill. A table more (late arrivals):
the old lowest table's losers stay, arrivals fill the seats no winners came up to, and the
head table's losers go to the new lowest table. A table fewer (leavers), or a seat empty
above: whoever was moving up anyway moves on up, then newcomers, then the players of a table
gone; the lowest table's own losers stay.

Which side won a level table is not decided here (the event's tie rule does it); each table
played comes with its winning side.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from scorekeeper.events.planning.seating import SEATS, Round, Table, pair


@dataclass(frozen=True)
class Played:
    """A table of the round just played: its number (1 is the head table), its players by
    seat (0 and 2 against 1 and 3) and the side that won it."""

    number: int
    seats: tuple[int, ...]  # four: a party seats tables of four
    winner: int

    @property
    def winners(self) -> tuple[int, int]:
        return self.seats[self.winner], self.seats[self.winner + 2]

    @property
    def losers(self) -> tuple[int, int]:
        return self.seats[1 - self.winner], self.seats[3 - self.winner]


def first_round(players: Sequence[int], seed: int) -> Round:
    """The draw: the players in an order drawn by lot, four to a table from the head table
    down; those over sit out (as if at the bottom)."""
    order = list(dict.fromkeys(players))
    if len(order) < SEATS:
        raise ValueError(f"a round needs at least {SEATS} players, not {len(order)}")
    random.Random(seed).shuffle(order)
    seated = len(order) - len(order) % SEATS
    tables = tuple(
        Table((order[i], order[i + 1], order[i + 2], order[i + 3])) for i in range(0, seated, SEATS)
    )
    return Round(tables=tables, byes=tuple(order[seated:]))


def next_round(
    played: Sequence[Played],
    present: Sequence[int],
    *,
    history: Sequence[Round],
    lot: random.Random,
) -> Round:
    """The next round after ``played`` (every table of the round just played, with its
    winners) for the players ``present`` (those still in, late arrivals among them);
    ``history`` is every round so far, ``played``'s among them, for the sit-outs and the
    partners so far."""
    here = list(dict.fromkeys(present))
    if len(here) < SEATS:
        raise ValueError(f"a round needs at least {SEATS} players, not {len(here)}")
    still = set(here)
    # The tables of the next round: as many as the players present fill, whatever the
    # round just played had (late arrivals make a table more, leavers one less).
    count = len(here) // SEATS
    tables = sorted(played, key=lambda table: table.number)
    arrive: dict[int, list[int]] = {n: [] for n in range(1, count + 1)}
    stay: dict[int, list[int]] = {n: [] for n in range(1, count + 1)}
    # Who goes to the lowest table besides its own losers: the winners of the table below
    # it (where the round just played had one), the players of the tables gone (leavers
    # took one away), the head table's losers.
    rising: list[int] = []
    gone: list[int] = []
    head_losers: list[int] = []
    for table in tables:
        number = table.number
        if number == 1:
            stay[1] += table.winners
            head_losers += table.losers
            continue
        if number - 1 < count:
            arrive[number - 1] += table.winners
        elif number - 1 == count:
            rising += table.winners
        else:
            gone += table.winners
        if number <= count:
            stay[number] += table.losers
        else:
            gone += table.losers
    seated = {player for table in tables for player in table.seats}
    newcomers = [player for player in here if player not in seated]
    # Table by table from the head table down, those arriving first; the lowest table's
    # own losers last. A table short of players (someone left; a new table) takes the next
    # in this line: whoever was moving up anyway moves on up, then those coming in at the
    # lowest table (newcomers first, the head table's losers only after them), so the
    # lowest table's losers stay at their table while anyone else can fill a seat.
    line = [p for n in range(1, count) for p in (*arrive[n], *stay[n])]
    line += [
        *(stay[1] if count == 1 else ()),
        *rising,
        *newcomers,
        *gone,
        *head_losers,
        *(stay[count] if count > 1 else ()),
    ]
    line = [p for p in line if p in still]
    top, pool = line[: SEATS * (count - 1)], line[SEATS * (count - 1) :]
    out = _sitting_out(pool, len(line) % SEATS, history, lot)
    bottom = [player for player in pool if player not in out]
    groups = [top[i : i + SEATS] for i in range(0, len(top), SEATS)] + [bottom]
    where = {player: table.number for table in tables for player in table.seats}
    partner = {a: b for table in tables for a, b in _partners(table.seats)}
    partnered = Counter(
        two for rnd in history for table in rnd.tables for two in table.partner_pairs()
    )
    return Round(
        tables=tuple(
            _split(four, {p for p in four if where.get(p) == number}, partner, partnered, lot)
            for number, four in enumerate(groups, start=1)
        ),
        byes=tuple(out),
    )


def _partners(seats: Sequence[int]) -> Iterable[tuple[int, int]]:
    for a, b in ((seats[0], seats[2]), (seats[1], seats[3])):
        yield a, b
        yield b, a


def _sitting_out(
    pool: Sequence[int], count: int, history: Sequence[Round], lot: random.Random
) -> list[int]:
    """Who of the lowest table's players sits out: whoever has sat out least, then longest
    ago (or never), then by lot. A round missed (arriving late, or away) counts as one sat
    out, so a late arrival does not take the byes of those who were there."""
    out = [set(pool) - set(rnd.players) for rnd in history]
    times: Counter[int] = Counter(p for away in out for p in away)
    last = {p: n for n, away in enumerate(out) for p in away}
    draw = {p: lot.random() for p in pool}
    ranked = sorted(pool, key=lambda p: (times[p], last.get(p, -1), draw[p]))
    return ranked[:count]


def _split(
    four: Sequence[int],
    stayers: set[int],
    partner: dict[int, int],
    partnered: Counter[tuple[int, int]],
    lot: random.Random,
) -> Table:
    """The table's partnerships: nobody with last round's partner; each who arrives with one
    who stays, wherever the table has both; then the pairs that have partnered least, then
    by lot. Those who stay take seats 0 and 1."""
    a, b, c, d = four
    ways = [((a, b), (c, d)), ((a, c), (b, d)), ((a, d), (b, c))]
    draw = [lot.random() for _ in ways]

    def judged(i: int) -> tuple[int, int, float]:
        mixed = sum((x in stayers) != (y in stayers) for x, y in ways[i])
        again = sum(partnered[pair(x, y)] for x, y in ways[i])
        return (-mixed, again, draw[i])

    allowed = [i for i, way in enumerate(ways) if all(partner.get(x) != y for x, y in way)]
    first, second = sorted(
        (
            tuple(sorted(two, key=lambda p: p not in stayers))
            for two in ways[min(allowed, key=judged)]
        ),
        key=lambda two: two[0] not in stayers,
    )
    return Table((first[0], second[0], first[1], second[1]))


def moves(before: Round, after: Round) -> list[tuple[int, int | None, int | None]]:
    """Where each player of ``after`` came from: (player, their table in ``before``, their
    table in ``after``); None for a round sat out (or not yet there)."""
    was = {p: n for n, table in enumerate(before.tables, start=1) for p in table.seats}
    now = {p: n for n, table in enumerate(after.tables, start=1) for p in table.seats}
    return [(p, was.get(p), now.get(p)) for p in [*now, *after.byes]]
