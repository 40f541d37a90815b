#!/usr/bin/env python
"""Time the seating of progressive nights and print how evenly each plan has pairs meet.

    .venv/bin/python bench/seating_bench.py [PLAYERS/ROUNDS ...]

For each night (by default the sizes docs/tournaments.md reports, and the large nights the
hardening limits are about) it plans every round at once, as the first round of an event
does, and prints the time (one run: the plan is the same for the same seed), the most times
any pair partnered and opposed, the fewest, and the distributions (times met: pairs).
Plain Python: no database.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from scorekeeper.events.planning.progressive import progressive_plan  # noqa: E402
from scorekeeper.events.planning.seating import opposed_floor, pair_meetings  # noqa: E402

NIGHTS = [
    (8, 7),
    (9, 9),
    (12, 11),
    (13, 13),
    (16, 15),
    (17, 17),
    (20, 19),
    (24, 23),
    (28, 27),
    (29, 29),
    (10, 10),
    (11, 11),
    (40, 10),
    (64, 30),
    (80, 30),
    (120, 30),
    (300, 1),
    (300, 10),
    (300, 30),
]


def main(argv: list[str]) -> None:
    nights = [tuple(int(x) for x in a.split("/")) for a in argv] or NIGHTS
    print("players rounds   seconds  partnered(most)  opposed(most/fewest/floor)  distributions")
    for players, rounds in nights:
        roster = list(range(1, players + 1))
        start = time.perf_counter()
        plan = progressive_plan(roster, rounds=rounds, seed=players)
        seconds = time.perf_counter() - start
        meetings = pair_meetings(plan)
        print(
            f"{players:7} {rounds:6} {seconds:9.3f}  {meetings.most_partnered:15}"
            f"  {meetings.most_opposed:4}/{meetings.fewest_opposed}/{opposed_floor(plan):<17}"
            f"  partnered {meetings.partnered} opposed {meetings.opposed}"
        )


if __name__ == "__main__":
    main(sys.argv[1:])
