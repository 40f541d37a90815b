#!/usr/bin/env python
"""Time the pairing of Swiss nights: each later round as `planning.swiss` pairs it, beside the
same rounds paired with the whole matching asked at every check (the baseline: no first pass
in order), and the ratio of the two.

    .venv/bin/python bench/swiss_bench.py [TEAMS/ROUNDS ...]

Each night plays its rounds with the winners drawn from a fixed seed, so both pairings meet
the same standings; the bench checks that they pair every round alike. Plain Python: no
database.
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path
from unittest import mock

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from scorekeeper.events.planning import swiss  # noqa: E402

#: A club night, a large one, and the most teams an event enters by default (200 players).
NIGHTS = [(16, 5), (50, 7), (100, 7)]


def night(teams: int, rounds: int) -> tuple[float, list[swiss.Pairing]]:
    """The seconds the later rounds took to pair, and every round's pairing."""
    rng = random.Random(teams * 1000 + rounds)
    entered = list(range(1, teams + 1))
    scores = dict.fromkeys(entered, 0)
    met: set[frozenset[int]] = set()
    byes: list[int] = []
    pairing = swiss.first_round(entered)
    pairings = [pairing]
    seconds = 0.0
    for _ in range(rounds - 1):
        for pair in pairing.pairs:
            met.add(frozenset(pair))
            scores[rng.choice(pair)] += 2
        if pairing.bye is not None:
            scores[pairing.bye] += 2
            byes.append(pairing.bye)
        ranked = sorted(entered, key=lambda team: (-scores[team], team))
        start = time.perf_counter()
        pairing = swiss.next_round(ranked, scores, met, byes)
        seconds += time.perf_counter() - start
        pairings.append(pairing)
    return seconds, pairings


def main(argv: list[str]) -> None:
    nights = [tuple(int(x) for x in a.split("/")) for a in argv] or NIGHTS
    print("teams rounds  seconds  baseline  ratio (baseline / seconds)")
    for teams, rounds in nights:
        seconds, pairings = night(teams, rounds)
        with mock.patch.object(swiss._Apart, "_pair_greedily", lambda self, teams: False):
            baseline, same = night(teams, rounds)
        if same != pairings:
            raise SystemExit(f"{teams} teams: the two pairings differ")
        print(f"{teams:5} {rounds:6} {seconds:8.3f} {baseline:9.3f}  {baseline / seconds:6.1f}")


if __name__ == "__main__":
    main(sys.argv[1:])
