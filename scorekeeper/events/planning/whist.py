"""Whist designs: the full rotations of a progressive night, as classic tally sheets print them.

A *whist tournament* for ``n`` players, Wh(n), seats them at tables of four so that every two
players partner exactly once and sit on opposite sides exactly twice: over ``n - 1`` rounds
when ``n = 4m``, or over ``n`` rounds when ``n = 4m + 1``, each player then sitting out exactly
one. Such designs exist exactly when ``n`` is 0 or 1 modulo 4.

The designs are data (``whist_designs.json``): made once, offline, by ``python -m
scorekeeper.events.planning.whist`` from the constructions at the end of this module, and
each one is checked by the tests with :func:`defects`. Players are points ``0`` to ``n - 1``;
a table is ``(seat 0, seat 1, seat 2, seat 3)``, seats 0 and 2 partners against 1 and 3. Two
kinds:

- ``cyclic``: one base round, developed by adding ``t`` to every point for round ``t``: modulo
  ``n`` when ``n = 4m + 1`` (point 0 sits the base round out, so point ``t`` sits out round
  ``t``), modulo ``n - 1`` when ``n = 4m`` (point ``n - 1`` is fixed: the ``∞`` of the
  literature);
- ``rounds``: every round written out (a design made over another group, such as the finite
  field of nine elements).

Plain Python: no Django here.
"""

from __future__ import annotations

import functools
import json
import random
import sys
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from itertools import combinations
from pathlib import Path
from typing import Any, Final

#: A table of four points: seats 0 and 2 against seats 1 and 3.
Quad = tuple[int, int, int, int]
#: A round of a design: its tables (the points not at a table sit out).
WhistRound = tuple[Quad, ...]

DESIGNS: Final = Path(__file__).with_name("whist_designs.json")


def exists(n: int) -> bool:
    """Whether a whist design for ``n`` players exists at all (shipped or not)."""
    return n >= 4 and n % 4 in (0, 1)


def length(n: int) -> int:
    """The rounds of a full rotation: every pair partners once and opposes twice."""
    return n if n % 4 == 1 else n - 1


@functools.cache
def _table() -> dict[int, tuple[WhistRound, ...]]:
    data = json.loads(DESIGNS.read_text(encoding="utf-8"))
    return {int(n): _expand(int(n), design) for n, design in data["designs"].items()}


def counts() -> list[int]:
    """The player counts with a design shipped."""
    return sorted(_table())


def rounds(n: int) -> tuple[WhistRound, ...] | None:
    """The shipped whist design for ``n`` players, round by round, or None."""
    return _table().get(n)


def _quad(values: Sequence[int]) -> Quad:
    a, b, c, d = values
    return (a, b, c, d)


def develop(n: int, base: Sequence[Sequence[int]]) -> tuple[WhistRound, ...]:
    """A cyclic design's rounds from its base round (see the module's docstring)."""
    modulus = length(n)

    def shift(point: int, t: int) -> int:
        return point if point == modulus else (point + t) % modulus

    return tuple(
        tuple(_quad([shift(p, t) for p in table]) for table in base) for t in range(modulus)
    )


def _expand(n: int, design: Mapping[str, Any]) -> tuple[WhistRound, ...]:
    """A design as the table stores it: ``{"cyclic": base round}`` or ``{"rounds": [...]}``."""
    if "cyclic" in design:
        return develop(n, design["cyclic"])
    return tuple(tuple(_quad(table) for table in rnd) for rnd in design["rounds"])


def defects(n: int, design: Sequence[WhistRound]) -> list[str]:
    """What keeps ``design`` from being a whist design for ``n`` players (nothing: it is one)."""
    found: list[str] = []
    if not exists(n):
        return [f"no whist design exists for {n} players"]
    if len(design) != length(n):
        found.append(f"{len(design)} rounds, not {length(n)}")
    partners: Counter[tuple[int, int]] = Counter()
    opponents: Counter[tuple[int, int]] = Counter()
    byes: Counter[int] = Counter()
    for number, rnd in enumerate(design):
        seated = [p for table in rnd for p in table]
        if len(set(seated)) != len(seated) or not set(seated) <= set(range(n)):
            found.append(f"round {number} seats someone twice or an unknown point")
        if len(rnd) != n // 4:
            found.append(f"round {number} has {len(rnd)} tables, not {n // 4}")
        byes.update(set(range(n)) - set(seated))
        for a, b, c, d in rnd:
            partners.update(_pair(x, y) for x, y in ((a, c), (b, d)))
            opponents.update(_pair(x, y) for x in (a, c) for y in (b, d))
    for pair in combinations(range(n), 2):
        if partners[pair] != 1:
            found.append(f"{pair} partner {partners[pair]} times")
        if opponents[pair] != 2:
            found.append(f"{pair} oppose {opponents[pair]} times")
    if n % 4 == 1 and sorted(byes.elements()) != list(range(n)):
        found.append("someone does not sit out exactly once")
    return found


def _pair(a: int, b: int) -> tuple[int, int]:
    return (a, b) if a < b else (b, a)


# ---------------------------------------------------------------------------------------------
# How the table was made (offline): `python -m scorekeeper.events.planning.whist [COUNT ...]`


def _is_prime(q: int) -> bool:
    return q > 1 and all(q % k for k in range(2, int(q**0.5) + 1))


def prime_base(p: int) -> list[Quad]:
    """The classic cyclic design for a prime ``p = 4m + 1`` (Baker's construction).

    With ``g`` a primitive root and ``w = g^m`` (so ``w^2 = -1``), the tables are
    ``(x, xw, -x, -xw)`` for ``x = g^0 .. g^(m-1)``: partners differ by ``2x`` and ``2xw``,
    which covers every nonzero difference once; opponents by ``x(1 - w)`` and ``x(1 + w) =
    wx(1 - w)``, each twice, which covers every nonzero difference twice.
    """
    if not (_is_prime(p) and p % 4 == 1):
        raise ValueError(f"{p} is not a prime of the form 4m + 1")
    g = next(g for g in range(2, p) if len({pow(g, k, p) for k in range(1, p)}) == p - 1)
    m = (p - 1) // 4
    w = pow(g, m, p)
    return [(x, x * w % p, -x % p, -x * w % p) for x in (pow(g, i, p) for i in range(m))]


def gaussian_field_rounds(p: int) -> tuple[WhistRound, ...]:
    """The same construction over the field of ``p^2`` elements, for a prime ``p = 4k + 3``
    (so ``p^2 = 4m + 1``): elements ``a + bi`` with ``i^2 = -1``, written as the point
    ``a + p*b``, and the base round developed over the field's addition."""
    if not (_is_prime(p) and p % 4 == 3):
        raise ValueError(f"{p} is not a prime of the form 4k + 3")
    Element = tuple[int, int]

    def mul(x: Element, y: Element) -> Element:
        return ((x[0] * y[0] - x[1] * y[1]) % p, (x[0] * y[1] + x[1] * y[0]) % p)

    def power(x: Element, k: int) -> Element:
        out: Element = (1, 0)
        for _ in range(k):
            out = mul(out, x)
        return out

    q = p * p
    elements = [(a, b) for b in range(p) for a in range(p)]
    g = next(x for x in elements[1:] if len({power(x, k) for k in range(1, q)}) == q - 1)
    m = (q - 1) // 4
    w = power(g, m)

    def neg(x: Element) -> Element:
        return (-x[0] % p, -x[1] % p)

    base = [(x, mul(x, w), neg(x), neg(mul(x, w))) for x in (power(g, i) for i in range(m))]
    return tuple(
        tuple(_quad([(e[0] + t[0]) % p + p * ((e[1] + t[1]) % p) for e in table]) for table in base)
        for t in elements
    )


def cyclic_search(n: int, *, seed: int = 0, nodes: int = 300_000) -> list[Quad]:
    """A depth-first search for a cyclic base round (see the module's docstring): tables are
    filled one at a time, each new table starting from the first free point, keeping every
    partner difference used at most once and every opponent difference at most twice; a
    search that runs past ``nodes`` tables starts again in another order. Slow for large
    counts (minutes in the thirties), which is why its results are shipped as data."""
    if not exists(n):
        raise ValueError(f"no whist design exists for {n} players")
    for attempt in range(sys.maxsize):
        found = _BaseRound(n, random.Random(f"{seed}:{attempt}"), nodes).fill()
        if found is not None:
            return found
    raise AssertionError("unreachable")


class _BaseRound:
    """One attempt of `cyclic_search`: differences are counted by kind (``d`` and ``-d``)."""

    def __init__(self, n: int, rng: random.Random, nodes: int) -> None:
        self.n = n
        self.modulus = length(n)
        self.fixed = self.modulus  # the point every round leaves in place, when n = 4m
        self.order = list(range(self.modulus))
        rng.shuffle(self.order)
        half = (self.modulus - 1) // 2
        self.partner = [0] * (half + 1)
        self.opposed = [0] * (half + 1)
        self.free = [True] * (self.modulus + 1)
        if n % 4 == 1:
            self.free[0] = False  # point 0 sits the base round out
        self.tables: list[Quad] = []
        self.budget = nodes

    def kind(self, x: int, y: int) -> int:
        d = (x - y) % self.modulus
        return min(d, self.modulus - d)

    def kinds(self, x: int, others: Iterable[int]) -> list[int]:
        return [self.kind(x, y) for y in others if self.fixed not in (x, y)]

    def fits(self, new: list[int]) -> bool:
        return all(self.opposed[k] + new.count(k) <= 2 for k in new)

    def count(self, kinds: list[int], counts: list[int], by: int) -> None:
        for k in kinds:
            counts[k] += by

    def unused(self) -> list[int]:
        return [x for x in self.order if self.free[x]]

    def fill(self) -> list[Quad] | None:
        """Seat the next table and the rest after it, or give up (None)."""
        if len(self.tables) == self.n // 4:
            return self.tables
        self.budget -= 1
        if self.budget < 0:
            return None
        first_table = not self.tables and self.n % 4 == 0
        a = self.fixed if first_table else self.unused()[0]
        self.free[a] = False
        partners = (
            [0] if first_table else [x for x in self.unused() if not self.partner[self.kind(a, x)]]
        )
        for c in partners:
            if self._around(a, c):
                return self.tables
            if self.budget < 0:
                break
        self.free[a] = True
        return None

    def _around(self, a: int, c: int) -> bool:
        """Partners ``a`` and ``c``; now their two opponents."""
        made = self.kinds(a, [c])
        self.count(made, self.partner, 1)
        self.free[c] = False
        for b in self.unused():
            against_b = self.kinds(b, (a, c))
            if not self.fits(against_b):
                continue
            self.count(against_b, self.opposed, 1)
            self.free[b] = False
            for d in self.unused():
                against_d = self.kinds(d, (a, c))
                if self.partner[self.kind(b, d)] or not self.fits(against_d):
                    continue
                self.count([self.kind(b, d)], self.partner, 1)
                self.count(against_d, self.opposed, 1)
                self.free[d] = False
                self.tables.append((a, b, c, d))
                if self.fill() is not None:
                    return True
                self.tables.pop()
                self.free[d] = True
                self.count(against_d, self.opposed, -1)
                self.count([self.kind(b, d)], self.partner, -1)
                if self.budget < 0:
                    break
            self.free[b] = True
            self.count(against_b, self.opposed, -1)
            if self.budget < 0:
                break
        self.free[c] = True
        self.count(made, self.partner, -1)
        return False


def construct(n: int) -> dict[str, Any]:
    """A design for ``n`` players as the table stores it: by formula where one is known."""
    if n % 4 == 1 and _is_prime(n):
        return {"cyclic": [list(t) for t in prime_base(n)]}
    root = round(n**0.5)
    if root * root == n and _is_prime(root) and root % 4 == 3:
        return {"rounds": [[list(t) for t in rnd] for rnd in gaussian_field_rounds(root)]}
    return {"cyclic": [list(t) for t in cyclic_search(n)]}


def main(argv: Sequence[str]) -> None:
    """Add designs for the counts given (all up to 41 when none is) to the shipped table,
    saving it after each one (the searches for the larger counts take minutes)."""
    wanted = [int(a) for a in argv] or [n for n in range(4, 42) if exists(n)]
    data = json.loads(DESIGNS.read_text(encoding="utf-8")) if DESIGNS.exists() else {}
    designs = data.get("designs", {})
    for n in wanted:
        design = construct(n)
        problems = defects(n, _expand(n, design))
        if problems:
            raise SystemExit(f"{n}: {problems[:3]}")
        designs[str(n)] = design
        _save(designs)
        print(f"{n}: {next(iter(design))}", file=sys.stderr)


def _save(designs: dict[str, Any]) -> None:
    lines = ",\n".join(
        f'    "{n}": {json.dumps(designs[n], separators=(",", ":"))}'
        for n in sorted(designs, key=int)
    )
    DESIGNS.write_text('{\n  "designs": {\n' + lines + "\n  }\n}\n", encoding="utf-8")


if __name__ == "__main__":
    main(sys.argv[1:])
