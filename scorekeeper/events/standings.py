"""Standings in plain Python (no Django here): ranking, tie-breaks, sit-out credit and side
prizes, worked out from the rows the selectors fetch (`selectors.standings`).

A progressive event ranks players by points plus sit-out credit; a team event ranks teams by
match points (two a win, a bye counting as a win, one a tie). Ties are broken in the order of
`TIE_BREAKS` (docs/tournaments.md): head to head, point difference, points for, euchres made,
then a coin flip that is drawn once from the event's seed, so it never changes.
"""

from __future__ import annotations

import hashlib
from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final, NamedTuple

#: The tie-breaks, in the order they are tried (docs/tournaments.md).
TIE_BREAKS: Final = ("head-to-head", "point-difference", "points-for", "euchres", "coin-flip")
#: Sit-out credit: none, a fixed number of points a bye, or the player's own average.
NO_CREDIT: Final = "none"
FIXED_CREDIT: Final = "fixed"
AVERAGE_CREDIT: Final = "average"


@dataclass(frozen=True)
class Scoring:
    """What the arithmetic needs to know of an event."""

    teams: bool = False  # ranked by match points (fixed partners), not by points
    credit: str = NO_CREDIT
    credit_points: int = 0
    seed: int = 0  # the coin flip's
    # Team events: the match points of a win decided when time was called (None: a win).
    time_called_win: int | None = None

    @classmethod
    def of(cls, event: Any) -> Scoring:
        """From a `scorekeeper.events` `Event` (or anything with its fields)."""
        win_at_time = getattr(event, "time_called_win_points", None)
        return cls(
            teams=bool(event.is_teams),
            credit=str(event.sit_out_credit),
            credit_points=int(event.sit_out_points),
            seed=int(event.seed),
            time_called_win=None if win_at_time is None else int(win_at_time),
        )


class Line(NamedTuple):
    """One seated player's share of a confirmed result."""

    result_id: int
    round_number: int
    table_number: int
    player_id: int
    team_id: int | None
    side: int
    points_for: int
    points_against: int
    won: bool
    tied: bool
    euchres: int
    loners_made: int
    time_called: bool = False  # the result stood as it was when time was called


@dataclass
class StandingRow:
    key: int  # a player id (progressive) or a team id
    name: str
    players: list[str]
    active: bool = True
    played: int = 0
    wins: int = 0
    losses: int = 0
    ties: int = 0
    points_for: int = 0
    points_against: int = 0
    byes: int = 0
    credit: int = 0
    euchres: int = 0
    loners_made: int = 0
    best_game: int = 0
    head_to_head: int = 0
    rank: int = 0
    tie_break: str | None = None
    time_called: int = 0  # games whose result stood when time was called
    wins_at_time: int = 0  # of the wins, those decided when time was called
    win_at_time_points: int = 2  # what such a win is worth (the event's option)

    @property
    def total(self) -> int:
        """Points with the sit-out credit: what a progressive event ranks by."""
        return self.points_for + self.credit

    @property
    def match_points(self) -> int:
        """Two a win (a bye counts as one; a win when time was called as the event says),
        one a tie: what a team event ranks by."""
        full_wins = self.wins - self.wins_at_time + self.byes
        return 2 * full_wins + self.win_at_time_points * self.wins_at_time + self.ties

    @property
    def difference(self) -> int:
        return self.points_for - self.points_against


@dataclass(frozen=True)
class PrizeWinner:
    name: str
    value: int
    round: int | None = None


@dataclass(frozen=True)
class SidePrize:
    kind: str
    title: str
    winners: list[PrizeWinner]


@dataclass(frozen=True)
class Ranked:
    rows: list[StandingRow]
    side_prizes: list[SidePrize]


def sit_out_credit(scoring: Scoring, row: StandingRow) -> int:
    """What the event credits for the row's byes (docs/tournaments.md, "Sitting out")."""
    if scoring.credit == FIXED_CREDIT:
        return row.byes * scoring.credit_points
    if scoring.credit == AVERAGE_CREDIT and row.played:
        # The player's own average per round played, rounded half up, for each bye.
        return row.byes * ((2 * row.points_for + row.played) // (2 * row.played))
    return 0


class _Meeting(NamedTuple):
    key: int
    faced: list[int]  # the keys on the other side of the same result
    line: Line


def rank(
    scoring: Scoring,
    *,
    rows: Sequence[StandingRow],
    lines: Sequence[Line],
    byes: Iterable[int],
    names: Mapping[int, str],
) -> Ranked:
    """Add up the lines (and the byes, by row key) into the rows, rank them and find the side
    prizes. `names` names every entrant by player id."""
    by_key = {row.key: row for row in rows}

    def key_of(line: Line) -> int | None:
        return line.team_id if scoring.teams else line.player_id

    # A team's two players share a result: count it once per team, add up their feats.
    counted: set[tuple[int, int]] = set()
    opponents: dict[tuple[int, int], list[int]] = defaultdict(list)  # (result, side) -> keys
    for line in lines:
        key = key_of(line)
        row = by_key.get(key) if key is not None else None
        if row is None or key is None:
            continue
        row.euchres += line.euchres
        row.loners_made += line.loners_made
        if (line.result_id, key) in counted:
            continue
        counted.add((line.result_id, key))
        opponents[(line.result_id, line.side)].append(key)
        row.played += 1
        row.wins += line.won
        row.time_called += line.time_called
        row.wins_at_time += line.won and line.time_called
        row.ties += line.tied
        row.losses += not (line.won or line.tied)
        row.points_for += line.points_for
        row.points_against += line.points_against
        row.best_game = max(row.best_game, line.points_for)
    for key in byes:
        if key in by_key:
            by_key[key].byes += 1
    for row in by_key.values():
        row.credit = sit_out_credit(scoring, row)
        if scoring.time_called_win is not None:
            row.win_at_time_points = scoring.time_called_win
    meetings = [
        _Meeting(key, opponents[(line.result_id, 1 - line.side)], line)
        for line in lines
        if (key := key_of(line)) is not None and key in by_key
    ]
    ranked = _ranked(scoring, list(by_key.values()), meetings)
    return Ranked(ranked, _side_prizes(scoring, lines, ranked, names))


def _primary(scoring: Scoring, row: StandingRow) -> int:
    return row.match_points if scoring.teams else row.total


def _ranked(
    scoring: Scoring, rows: list[StandingRow], meetings: list[_Meeting]
) -> list[StandingRow]:
    rows.sort(key=lambda r: -_primary(scoring, r))
    ranked: list[StandingRow] = []
    start = 0
    while start < len(rows):
        end = start
        while end < len(rows) and _primary(scoring, rows[end]) == _primary(scoring, rows[start]):
            end += 1
        group = rows[start:end]
        if len(group) > 1:
            _break_ties(scoring, group, meetings)
        ranked.extend(group)
        start = end
    for place, row in enumerate(ranked, start=1):
        row.rank = place
    return ranked


def _coin(seed: int, key: int) -> str:
    """The coin flip: a hash of the event's seed and the entrant, so it never changes."""
    return hashlib.sha256(f"{seed}:{key}".encode()).hexdigest()


def _criteria(scoring: Scoring, row: StandingRow) -> tuple[int, int, int, int, str]:
    """Bigger is better for each, in the order of TIE_BREAKS."""
    return (
        row.head_to_head,
        row.difference,
        row.points_for,
        row.euchres,
        _coin(scoring.seed, row.key),
    )


def _break_ties(scoring: Scoring, group: list[StandingRow], meetings: list[_Meeting]) -> None:
    """Order a tie: head to head (net points in games against the other tied entrants),
    then point difference, points for, euchres made, then the coin flip."""
    tied = {row.key for row in group}
    net: dict[int, int] = defaultdict(int)
    counted: set[tuple[int, int]] = set()
    for key, faced, line in meetings:
        if key in tied and (line.result_id, key) not in counted and tied & set(faced):
            counted.add((line.result_id, key))
            net[key] += line.points_for - line.points_against
    for row in group:
        row.head_to_head = net[row.key]
    group.sort(key=lambda r: _criteria(scoring, r), reverse=True)
    # Each row names the rule that ordered it against its neighbour in the tie (the row
    # above; for the first row, the row below).
    for i, row in enumerate(group):
        other = group[i - 1] if i else group[1]
        mine, theirs = _criteria(scoring, row), _criteria(scoring, other)
        row.tie_break = next(
            name for name, a, b in zip(TIE_BREAKS, mine, theirs, strict=True) if a != b
        )


def _side_prizes(
    scoring: Scoring, lines: Sequence[Line], ranked: list[StandingRow], names: Mapping[int, str]
) -> list[SidePrize]:
    loners: dict[int, int] = defaultdict(int)
    euchres: dict[int, int] = defaultdict(int)
    for line in lines:
        loners[line.player_id] += line.loners_made
        euchres[line.player_id] += line.euchres
    prizes = [
        SidePrize("most-loners", "Most loners made", _leaders(loners, names)),
        SidePrize("most-euchres", "Most euchres", _leaders(euchres, names)),
    ]
    best = max((line.points_for for line in lines), default=0)
    highest = []
    seen: set[int] = set()
    for line in lines:
        if best and line.points_for == best and line.player_id not in seen:
            seen.add(line.player_id)
            highest.append(PrizeWinner(names[line.player_id], best, line.round_number))
    prizes.append(SidePrize("highest-game", "Highest single game", highest))
    last = [row for row in ranked if row.played]
    booby = [PrizeWinner(last[-1].name, _primary(scoring, last[-1]))] if len(last) > 1 else []
    prizes.append(SidePrize("booby", "Booby prize", booby))
    return prizes


def _leaders(values: dict[int, int], names: Mapping[int, str]) -> list[PrizeWinner]:
    best = max(values.values(), default=0)
    if best <= 0:
        return []
    return sorted(
        (PrizeWinner(names[key], value) for key, value in values.items() if value == best),
        key=lambda w: w.name,
    )
