"""Standings in plain Python (no Django here): ranking, tie-breaks, sit-out credit and side
prizes, worked out from the rows the selectors fetch (`selectors.standings`).

Individuals rank by points plus sit-out credit (and a loner bonus), by those points per round
played, or by games won (`RANK_BY`); teams rank by match points (two a win, a bye counting as
a win, one a tie). A bye counts (its credit, its win) once its round is complete: every table
of it has a confirmed result. Ties are broken in the order the event's format gives
(`Scoring.tie_breaks`, docs/tournaments.md): by default `TIE_BREAKS`, head to head, point
difference, points for, euchres made; a Swiss event's `SWISS_TIE_BREAKS`, Buchholz (the
opponents' match points), its median, then point difference; last of all a coin flip that is
drawn once from the event's seed, so it never changes. Side prizes follow the format and the
event's choice (`side_prizes_of`).
"""

from __future__ import annotations

import hashlib
import unicodedata
from collections import Counter, defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from math import floor
from typing import Final, NamedTuple

#: The tie-breaks, in the order they are tried (docs/tournaments.md); the coin flip is last.
TIE_BREAKS: Final = ("head-to-head", "point-difference", "points-for", "euchres", "coin-flip")
BUCHHOLZ: Final = "buchholz"
MEDIAN_BUCHHOLZ: Final = "median-buchholz"
#: A Swiss event's: the opponents' match points (a bye counting the team's own), the same
#: less the best and the worst of them, then point difference.
SWISS_TIE_BREAKS: Final = (BUCHHOLZ, MEDIAN_BUCHHOLZ, "point-difference", "coin-flip")
#: Sit-out credit: none, a fixed number of points a bye, or the player's own average.
NO_CREDIT: Final = "none"
FIXED_CREDIT: Final = "fixed"
AVERAGE_CREDIT: Final = "average"
#: What ranks a progressive event's players: their points (with sit-out credit and loner
#: bonus), those points per round played (late arrivals and early leavers), or games won
#: (then points).
TOTAL: Final = "total"
PER_ROUND: Final = "per-round"
WINS: Final = "wins"
RANK_BY: Final = (TOTAL, PER_ROUND, WINS)
#: What ranks, in words, as the standings' answer says it.
MATCH_POINTS: Final = "match points"
BRACKET: Final = "the bracket, then match points"
RANKED_BY: Final = {
    TOTAL: "points with sit-out credit",
    PER_ROUND: "points per round counted",
    WINS: "games won, then points",
}
#: The side prizes there are, by kind; an event gives those of them it chooses.
#: The prizes counted from hands: none where the tables enter final scores only.
HAND_PRIZES: Final = ("most-loners", "most-euchres")
SIDE_PRIZES: Final = (*HAND_PRIZES, "highest-game", "booby")
SIDE_PRIZE_TITLES: Final = (
    "Most loners made",
    "Most euchres",
    "Highest single game",
    "Booby prize",
)


@dataclass(frozen=True)
class Scoring:
    """What the arithmetic needs to know of an event (its format makes it)."""

    teams: bool = False  # ranked by match points (fixed partners), not by points
    credit: str = NO_CREDIT
    credit_points: int = 0
    seed: int = 0  # the coin flip's
    bracket: bool = False  # a knockout: no side prizes
    hands: bool = True  # hands entered one by one (not only final scores): loners, euchres
    # Team events: the match points of a win decided when time was called (None: a win).
    time_called_win: int | None = None
    rank_by: str = TOTAL  # individuals: RANK_BY
    loner_bonus: int = 0  # points added for each loner made
    side_prizes: frozenset[str] = frozenset(SIDE_PRIZES)  # the kinds the event gives
    tie_breaks: tuple[str, ...] = TIE_BREAKS
    # A bye is a game won (a Swiss event's): among the wins, with the round's average
    # points for and against; else a bye counts only in the match points, with no points.
    bye_won: bool = False


class Bye(NamedTuple):
    """A round sat out: by a player (progressive) or a team, its key in the standings."""

    round_number: int
    key: int


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
    match: str = ""  # a knockout's match the game belongs to ("W2-1")
    # The director's assignment or forfeit the result is (None: played at the table).
    assigned: object = None
    euchred: int = 0  # hands this player made trump in and was euchred (a team's euchres)


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
    rank: int | None = None  # None before any result: nothing ranks anyone yet
    tie_break: str | None = None
    whole_night: bool = False  # at a table or sitting out in every complete round
    # Who the coin flip is drawn for: the entrant's own id, which stays the same when a
    # director merges or splits player records (0: the key).
    coin: int = 0
    time_called: int = 0  # games whose result stood when time was called
    wins_at_time: int = 0  # of the wins, those decided when time was called
    win_at_time_points: int = 2  # what such a win is worth (the event's option)
    bonus: int = 0  # the loner bonus: the event's points for each loner made
    guest: bool = False  # a substitute not entered: their points, listed after, unranked
    # The total per round counted (rounds played, and byes credited or won), to 2 places
    # (None: no round counted yet, so no figure to rank by).
    per_round: float | None = None
    buchholz: int = 0  # the opponents' match points (a bye: the row's own)
    median_buchholz: int = 0  # the same less the best and the worst of them
    byes_won: int = 0  # of the wins, the byes (a Swiss event's)

    @property
    def total(self) -> int:
        """Points with the sit-out credit and the loner bonus: what a progressive event
        ranks by, unless it ranks per round or by games won."""
        return self.points_for + self.credit + self.bonus

    @property
    def match_points(self) -> int:
        """Two a win (a bye counts as one; a win when time was called as the event says),
        one a tie: what a team event ranks by."""
        full_wins = self.wins - self.wins_at_time + self.byes - self.byes_won
        return 2 * full_wins + self.win_at_time_points * self.wins_at_time + self.ties

    @property
    def difference(self) -> int:
        return self.points_for - self.points_against

    @property
    def took_part(self) -> bool:
        """At a table for a confirmed game, or sitting out a complete round (a bye, worth
        what the event makes it): a night of the season's ladder. Entered and gone before
        either, nothing of the night is theirs."""
        return bool(self.played or self.byes)


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
        return row.byes * half_up(Fraction(row.points_for, row.played))
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
    byes: Iterable[Bye],
    complete: Iterable[int],
) -> Ranked:
    """Add up the lines (and the byes of the ``complete`` rounds, by row key) into the rows,
    rank them and find the side prizes."""
    by_key = {row.key: row for row in rows}
    counted_rounds = set(complete)
    present: dict[int, set[int]] = defaultdict(set)  # key -> complete rounds they were in

    def key_of(line: Line) -> int | None:
        return line.team_id if scoring.teams else line.player_id

    # A team's two players share a result: count it once per team, add up their feats. Both
    # defenders euchre the makers together: a team's euchres are the hands its opponents
    # were euchred in as makers, one each (a player's, each of theirs as a defender).
    counted: set[tuple[int, int]] = set()
    sides: dict[tuple[int, int], int] = {}  # (result, key) -> its side
    opponents: dict[tuple[int, int], list[int]] = defaultdict(list)  # (result, side) -> keys
    euchred: Counter[tuple[int, int]] = Counter()  # (result, side) -> hands euchred as makers
    for line in lines:
        euchred[(line.result_id, line.side)] += line.euchred
    for line in lines:
        key = key_of(line)
        row = by_key.get(key) if key is not None else None
        if row is None or key is None:
            continue
        if not scoring.teams:
            row.euchres += line.euchres
        row.loners_made += line.loners_made
        if (line.result_id, key) in counted:
            continue
        counted.add((line.result_id, key))
        if scoring.teams:
            row.euchres += euchred[(line.result_id, 1 - line.side)]
        sides[(line.result_id, key)] = line.side
        opponents[(line.result_id, line.side)].append(key)
        present[key].add(line.round_number)
        row.played += 1
        row.wins += line.won
        row.time_called += line.time_called
        row.wins_at_time += line.won and line.time_called
        row.ties += line.tied
        row.losses += not (line.won or line.tied)
        row.points_for += line.points_for
        row.points_against += line.points_against
        # The first game counts as it is, below zero too (Bid Euchre's set).
        row.best_game = line.points_for if row.played == 1 else max(row.best_game, line.points_for)
    faced: dict[int, list[int | None]] = defaultdict(list)  # key -> opponents (None: a bye)
    for (result_id, key), side in sides.items():
        faced[key] += opponents[(result_id, 1 - side)]
    averages = round_averages(lines) if scoring.bye_won else {}
    for bye in byes:
        # A bye is credited once its round is complete, not while the others still play.
        if bye.key in by_key and bye.round_number in counted_rounds:
            row = by_key[bye.key]
            row.byes += 1
            present[bye.key].add(bye.round_number)
            faced[bye.key].append(None)
            if scoring.bye_won:
                row.wins += 1
                row.byes_won += 1
                row.points_for += averages.get(bye.round_number, 0)
                row.points_against += averages.get(bye.round_number, 0)
    for row in by_key.values():
        row.credit = sit_out_credit(scoring, row)
        row.bonus = scoring.loner_bonus * row.loners_made
        if _rounds_counted(scoring, row):
            row.per_round = round(float(_per_round(scoring, row)), 2)
        row.whole_night = bool(counted_rounds) and counted_rounds <= present[row.key]
        if scoring.time_called_win is not None:
            row.win_at_time_points = scoring.time_called_win
    if BUCHHOLZ in scoring.tie_breaks or MEDIAN_BUCHHOLZ in scoring.tie_breaks:
        _buchholz(by_key, faced)
    meetings = [
        _Meeting(key, opponents[(line.result_id, 1 - line.side)], line)
        for line in lines
        if (key := key_of(line)) is not None and key in by_key
    ]
    ranked = _ranked(scoring, list(by_key.values()), meetings)
    return Ranked(ranked, side_prizes_of(scoring, lines, ranked))


def name_order(name: str) -> tuple[str, str]:
    """Where a name stands in an alphabetical list (standings before any result, find your
    table, the movement and tally cards): by its letters, case and accents set aside ("Ál"
    beside "Al", before "Zed"; Hangul as written), then as typed."""
    letters = unicodedata.normalize("NFKD", name.casefold())
    plain = "".join(char for char in letters if not unicodedata.combining(char))
    return unicodedata.normalize("NFC", plain), name


def unranked(rows: Iterable[StandingRow]) -> list[StandingRow]:
    """Before any result, nothing ranks anyone: every row by name (then by key), with no
    rank and no tie-break, not a coin flip's order."""
    listed = sorted(rows, key=lambda row: (name_order(row.name), row.key))
    for row in listed:
        row.rank, row.tie_break = None, None
    return listed


def round_averages(lines: Sequence[Line]) -> dict[int, int]:
    """Each round's average points of a side at its tables played, rounded half up (a
    result the director assigned, or a forfeit, left out, as from every table's average;
    the whole night's for a round with none played): what a Swiss bye earns, for and
    against."""
    sides: dict[int, dict[tuple[int, int], int]] = defaultdict(dict)
    for line in lines:
        if line.assigned is None:
            sides[line.round_number][(line.result_id, line.side)] = line.points_for
    night = [points for played in sides.values() for points in played.values()]
    averages = {}
    for number in {line.round_number for line in lines}:
        points = list(sides[number].values()) or night
        if points:
            averages[number] = half_up(Fraction(sum(points), len(points)))
    return averages


def half_up(value: Fraction) -> int:
    """A number of points in whole points, a half rounded up (-2.5 to -2)."""
    return floor(value + Fraction(1, 2))


def _buchholz(by_key: dict[int, StandingRow], faced: dict[int, list[int | None]]) -> None:
    """Each row's Buchholz: the match points of every opponent it faced (a bye counting the
    row's own); its median, the same less the best and the worst of them when it faced
    three or more."""
    for key, row in by_key.items():
        figures = [
            row.match_points if other is None else by_key[other].match_points
            for other in faced[key]
            if other is None or other in by_key
        ]
        row.buchholz = sum(figures)
        trimmed = sorted(figures)[1:-1] if len(figures) >= 3 else figures
        row.median_buchholz = sum(trimmed)


def _rounds_counted(scoring: Scoring, row: StandingRow) -> int:
    """The rounds a total per round is of: at a table, and the byes that put points in the
    total, credited or won (a Swiss bye's average points); a bye that earns nothing does not
    count against a late arrival."""
    return row.played + (row.byes if scoring.credit != NO_CREDIT else row.byes_won)


def _per_round(scoring: Scoring, row: StandingRow) -> Fraction:
    """The total per round counted (none counted yet: 0, and the row is not ranked)."""
    rounds = _rounds_counted(scoring, row)
    return Fraction(row.total, rounds) if rounds else Fraction(0)


def _primary(scoring: Scoring, row: StandingRow) -> tuple[Fraction | int, ...]:
    """What ranks a row, bigger first: before any tie-break."""
    if scoring.teams:
        return (row.match_points,)
    if scoring.rank_by == PER_ROUND:
        return (_per_round(scoring, row),)
    if scoring.rank_by == WINS:
        return (row.wins, row.total)
    return (row.total,)


def _figure(scoring: Scoring, row: StandingRow) -> int:
    """The whole number a booby prize shows: what ranked the row (its total per round
    aside, which is a fraction: then the total)."""
    if scoring.teams:
        return row.match_points
    return row.wins if scoring.rank_by == WINS else row.total


def _ranked(
    scoring: Scoring, rows: list[StandingRow], meetings: list[_Meeting]
) -> list[StandingRow]:
    # Ranked per round, a row with no round counted yet has no figure to rank by (not 0.00
    # beside those who scored nothing): listed after the ranked rows, by name, with no rank.
    waiting: list[StandingRow] = []
    if scoring.rank_by == PER_ROUND and not scoring.teams:
        waiting = [row for row in rows if not _rounds_counted(scoring, row)]
        rows = [row for row in rows if _rounds_counted(scoring, row)]
    rows.sort(key=lambda r: _primary(scoring, r), reverse=True)
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
    return ranked + unranked(waiting)


def _coin(seed: int, key: int) -> str:
    """The coin flip: a hash of the event's seed and the entrant, so it never changes."""
    return hashlib.sha256(f"{seed}:{key}".encode()).hexdigest()


def _criteria(scoring: Scoring, row: StandingRow) -> tuple[int | str, ...]:
    """Bigger is better for each, in the order of the event's tie-breaks."""
    figures: dict[str, int | str] = {
        "head-to-head": row.head_to_head,
        "point-difference": row.difference,
        "points-for": row.points_for,
        "euchres": row.euchres,
        BUCHHOLZ: row.buchholz,
        MEDIAN_BUCHHOLZ: row.median_buchholz,
        "coin-flip": _coin(scoring.seed, row.coin or row.key),
    }
    return tuple(figures[name] for name in scoring.tie_breaks)


def _break_ties(scoring: Scoring, group: list[StandingRow], meetings: list[_Meeting]) -> None:
    """Order a tie by the event's tie-breaks: head to head is the net points in games
    against the other tied entrants; the others are the rows' own figures."""
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
            name for name, a, b in zip(scoring.tie_breaks, mine, theirs, strict=True) if a != b
        )


def side_prizes_of(
    scoring: Scoring, lines: Sequence[Line], ranked: Sequence[StandingRow]
) -> list[SidePrize]:
    """The side prizes that mean something for the event's format, each shared by all who
    tie for it (docs/tournaments.md, "Side prizes"); they go to players in a progressive
    event and to teams in a team event.

    - Most loners made and most euchres: only where hands are entered (totals-only events
      have no hands to count them from).
    - Highest single game: the most points in one round, with the round.
    - Booby prize: the last place among those who played the whole night (at a table or
      sitting out in every complete round: late arrivals and early leavers are not in it).
    - A bracket has none: its teams play different numbers of games, and its last place is
      not a place.

    Of these, an event gives the kinds it chose (`Scoring.side_prizes`).
    """
    if scoring.bracket:
        return []
    prizes = [
        SidePrize("most-loners", "Most loners made", _leaders(ranked, "loners_made")),
        SidePrize("most-euchres", "Most euchres", _leaders(ranked, "euchres")),
        SidePrize("highest-game", "Highest single game", _highest_game(scoring, lines, ranked)),
        SidePrize("booby", "Booby prize", _booby(scoring, ranked)),
    ]
    given = scoring.side_prizes if scoring.hands else scoring.side_prizes - set(HAND_PRIZES)
    return [prize for prize in prizes if prize.kind in given]


def shared_places(scoring: Scoring, ranked: Sequence[StandingRow]) -> list[tuple[int, int]]:
    """The places each row of ``ranked`` (in rank order) covers, as (first, last): rows that
    only the coin flip told apart are level and cover their places together; every other
    row has its own. Places count from 1 in the order given, so rows left out (those who did
    not play) leave no gap."""
    spans: list[tuple[int, int]] = []
    start = 0
    for i in range(1, len(ranked) + 1):
        if i < len(ranked) and _level(scoring, ranked[i - 1], ranked[i]):
            continue
        spans += [(start + 1, i)] * (i - start)
        start = i
    return spans


def _level(scoring: Scoring, a: StandingRow, b: StandingRow) -> bool:
    return (
        _primary(scoring, a) == _primary(scoring, b)
        and _criteria(scoring, a)[:-1] == _criteria(scoring, b)[:-1]
    )


def _leaders(ranked: Sequence[StandingRow], feat: str) -> list[PrizeWinner]:
    values = {row.name: int(getattr(row, feat)) for row in ranked}
    best = max(values.values(), default=0)
    if best <= 0:
        return []
    return [PrizeWinner(name, value) for name, value in sorted(values.items()) if value == best]


def _highest_game(
    scoring: Scoring, lines: Sequence[Line], ranked: Sequence[StandingRow]
) -> list[PrizeWinner]:
    names = {row.key: row.name for row in ranked}
    best = max((line.points_for for line in lines), default=0)
    winners: dict[tuple[int, int], PrizeWinner] = {}
    for line in lines:
        key = line.team_id if scoring.teams else line.player_id
        if best and line.points_for == best and key in names:
            winners.setdefault(
                (key, line.round_number), PrizeWinner(names[key], best, line.round_number)
            )
    return sorted(winners.values(), key=lambda w: (w.round or 0, w.name))


def _booby(scoring: Scoring, ranked: Sequence[StandingRow]) -> list[PrizeWinner]:
    """Everyone level in last place among those who played the whole night and are ranked
    (ranked per round, a bye that earned nothing leaves its row unranked: last on no figure);
    nobody when there are not two such places (everyone level, or fewer than two who stayed)."""
    stayed = [row for row in ranked if row.whole_night and row.rank is not None]
    if len(stayed) < 2:
        return []
    lowest = min(_primary(scoring, row) for row in stayed)
    last = [row for row in stayed if _primary(scoring, row) == lowest]
    if len(last) == len(stayed):
        return []
    return [
        PrizeWinner(row.name, _figure(scoring, row)) for row in sorted(last, key=lambda r: r.name)
    ]
