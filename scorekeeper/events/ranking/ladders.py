"""Season ladders in plain Python (no Django here): how a season's nights add up to its
leaderboard, from each player's nights as the selectors find them (`season_board`).

A night is one published event of the season where the player played at least one
confirmed game or sat out a complete round (a bye: `StandingRow.took_part`); its place and
points are the event's own standings, a bye worth what the event makes it. A season's ladder
(docs/tournaments.md, "Seasons and ladders") chooses what a night is worth and how the
nights add up:

- ``totals``: a night is worth its points (as the event counted them: with sit-out credit
  and loner bonus); the nights are added up.
- ``placement``: a night is worth the placement points of its place (say 10-8-6-5-4-3-2-1;
  places past the end of the table earn nothing). Players the night's standings could only
  tell apart by the coin flip share the points of the places they cover, averaged: two
  level in second and third place of 10-8-6 earn 7 each. The nights are added up.
- ``average``: a night is worth its points, and the ladder ranks their average.

With ``best_nights`` N only a player's best N nights count (best N of M). A player with
fewer than ``min_nights`` nights is listed but not ranked: they do not qualify. Equal
figures share a rank (1, 2, 2, 4), listed by name.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Final

TOTALS: Final = "totals"
PLACEMENT: Final = "placement"
AVERAGE: Final = "average"
METHODS: Final = (TOTALS, PLACEMENT, AVERAGE)
#: The placement points a placement ladder uses unless its season names others.
DEFAULT_PLACEMENT_POINTS: Final = (10, 8, 6, 5, 4, 3, 2, 1)
#: Limits a season's settings are held to.
MAX_PLACES: Final = 64
MAX_PLACEMENT_POINTS: Final = 1000
MAX_NIGHTS: Final = 366


@dataclass(frozen=True)
class Ladder:
    """How a season ranks its players."""

    method: str = TOTALS
    placement_points: tuple[int, ...] = DEFAULT_PLACEMENT_POINTS
    min_nights: int = 1
    best_nights: int | None = None  # None: every night counts

    @classmethod
    def of(cls, season: Any) -> Ladder:
        """From a `scorekeeper.events` `Season` (or anything with its fields)."""
        table = tuple(int(points) for points in season.placement_points or ())
        best = season.best_nights
        return cls(
            method=str(season.ladder),
            placement_points=table or DEFAULT_PLACEMENT_POINTS,
            min_nights=int(season.min_nights),
            best_nights=None if best is None else int(best),
        )


@dataclass(frozen=True)
class Night:
    """A player's night: the event, its points, and the places it covers in the event's
    standings (first == last unless level with others)."""

    event_id: int
    key: int  # the player
    points: int
    first: int
    last: int


@dataclass
class LadderRow:
    key: int
    name: str
    nights: int = 0
    figures: list[Fraction] = field(default_factory=list)  # each night's worth, best first
    counted: int = 0  # the nights that count (the best N, or all)
    score: Fraction = Fraction(0)  # what ranks: the counted nights' sum, or their average
    qualifies: bool = False
    rank: int | None = None  # None: not qualified (too few nights)

    @property
    def per_night(self) -> Fraction:
        """Every night's worth on average, counted or not."""
        return Fraction(sum(self.figures), self.nights) if self.nights else Fraction(0)


def placement_share(table: tuple[int, ...], first: int, last: int) -> Fraction:
    """The placement points of places ``first`` to ``last`` (from 1), averaged: what each
    of the players level across them earns."""
    covered = [table[place - 1] if place <= len(table) else 0 for place in range(first, last + 1)]
    return Fraction(sum(covered), len(covered))


def night_worth(ladder: Ladder, night: Night) -> Fraction:
    if ladder.method == PLACEMENT:
        return placement_share(ladder.placement_points, night.first, night.last)
    return Fraction(night.points)


def ladder_rank(
    ladder: Ladder, nights: Iterable[Night], names: Mapping[int, str]
) -> list[LadderRow]:
    """Every player with a night (named by ``names``), ranked by the season's ladder: those
    who qualify first, by their score, equal scores sharing a rank; then, unranked, those
    with too few nights."""
    worth: dict[int, list[Fraction]] = defaultdict(list)
    for night in nights:
        worth[night.key].append(night_worth(ladder, night))
    rows = []
    for key, figures in worth.items():
        figures.sort(reverse=True)
        counted = figures if ladder.best_nights is None else figures[: ladder.best_nights]
        total = Fraction(sum(counted))
        rows.append(
            LadderRow(
                key=key,
                name=names.get(key, ""),
                nights=len(figures),
                figures=figures,
                counted=len(counted),
                score=total / len(counted) if ladder.method == AVERAGE else total,
                qualifies=len(figures) >= ladder.min_nights,
            )
        )
    rows.sort(key=lambda r: (not r.qualifies, -r.score, r.name, r.key))
    previous: LadderRow | None = None
    for place, row in enumerate((r for r in rows if r.qualifies), start=1):
        shares = previous is not None and previous.score == row.score
        row.rank = previous.rank if shares and previous is not None else place
        previous = row
    return rows
