"""Reads that shape events' data: standings with tie-breaks and side prizes, leaderboards and a
player's record. Each takes a constant number of queries, whatever the size of the event or
the season: rows are fetched flat and added up here or in the database.

Standings count confirmed results only; the tournament arithmetic (ranking, tie-breaks,
sit-out credit) is here, the points themselves are the referee's (see services).
"""

from __future__ import annotations

import hashlib
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from django.db.models import Count, Max, Q, QuerySet, Sum

from scorekeeper.errors import NotFound
from scorekeeper.events.models import (
    Entrant,
    Event,
    EventTeam,
    Result,
    ResultLine,
    Round,
    Season,
    SitOut,
    Table,
    TableSeat,
)
from scorekeeper.models import Club, Player

#: The tie-breaks, in the order they are tried (docs/tournaments.md).
TIE_BREAKS: Final = ("head-to-head", "point-difference", "points-for", "euchres", "coin-flip")

_LINE_FIELDS: Final = (
    "result_id",
    "round_number",
    "table_number",
    "player_id",
    "team_id",
    "side",
    "points_for",
    "points_against",
    "won",
    "tied",
    "euchres",
    "loners_made",
)


# ---------------------------------------------------------------------------------------------
# Look-ups


def club_get(*, club_id: int) -> Club:
    club = Club.objects.filter(pk=club_id).first() if 0 < club_id < 2**63 else None
    if club is None:
        raise NotFound("There is no club with this id.", code="no-such-club", field="id")
    return club


def event_get(*, event_id: int) -> Event:
    event = (
        Event.objects.select_related("club", "season").filter(pk=event_id).first()
        if 0 < event_id < 2**63
        else None
    )
    if event is None:
        raise NotFound("There is no event with this id.", code="no-such-event", field="id")
    return event


def round_get(*, event: Event, number: int) -> Round:
    rnd = event.rounds.filter(number=number).first() if 0 < number < 2**15 else None
    if rnd is None:
        raise NotFound(
            "This event has no round with this number.", code="no-such-round", field="number"
        )
    return rnd


def table_get(*, table_id: int) -> Table:
    table = (
        Table.objects.select_related("round__event__club", "game").filter(pk=table_id).first()
        if 0 < table_id < 2**63
        else None
    )
    if table is None:
        raise NotFound("There is no table with this id.", code="no-such-table", field="id")
    return table


def player_get(*, player_id: int) -> Player:
    player = Player.objects.filter(pk=player_id).first() if 0 < player_id < 2**63 else None
    if player is None:
        raise NotFound("There is no player with this id.", code="no-such-player", field="id")
    return player


def season_get(*, club: Club, season_id: int) -> Season:
    season = club.seasons.filter(pk=season_id).first() if 0 < season_id < 2**63 else None
    if season is None:
        raise NotFound(
            "This club has no season with this id.", code="no-such-season", field="season"
        )
    return season


# ---------------------------------------------------------------------------------------------
# Rounds as the director and the players see them


@dataclass(frozen=True)
class SeatView:
    seat: int
    side: int
    player_id: int
    name: str


@dataclass(frozen=True)
class TableView:
    id: int
    number: int
    seats: list[SeatView]
    team_names: list[str]
    game_id: str | None
    join_code: str | None
    result: Result | None


@dataclass(frozen=True)
class RoundView:
    number: int
    tables: list[TableView]
    sit_outs: list[str]
    sit_out_ids: list[int]
    complete: bool


def rounds_of(*, event: Event, numbers: Sequence[int] | None = None) -> list[RoundView]:
    """The event's rounds with their tables, seats, results and byes (five queries)."""
    rounds = list(Round.objects.filter(event=event).order_by("number"))
    if numbers is not None:
        rounds = [r for r in rounds if r.number in numbers]
    ids = [r.pk for r in rounds]
    tables = list(
        Table.objects.filter(round_id__in=ids)
        .select_related("first_team", "second_team", "result")
        .order_by("number")
    )
    seats: dict[int, list[SeatView]] = defaultdict(list)
    for seat in (
        TableSeat.objects.filter(table__round_id__in=ids)
        .select_related("player")
        .order_by("number")
    ):
        seats[seat.table_id].append(
            SeatView(seat.number, seat.side, seat.player_id, seat.player.name)
        )
    byes: dict[int, list[tuple[int, str]]] = defaultdict(list)
    for sit_out in SitOut.objects.filter(round_id__in=ids).select_related("player", "team"):
        who = sit_out.player or sit_out.team
        assert who is not None
        byes[sit_out.round_id].append((who.pk, str(who)))
    by_round: dict[int, list[TableView]] = defaultdict(list)
    for table in tables:
        seated = seats[table.pk]
        if table.first_team and table.second_team:
            names = [table.first_team.name, table.second_team.name]
        else:
            names = [" & ".join(s.name for s in seated if s.side == side) for side in (0, 1)]
        by_round[table.round_id].append(
            TableView(
                id=table.pk,
                number=table.number,
                seats=seated,
                team_names=names,
                game_id=str(table.game_id) if table.game_id else None,
                join_code=table.join_code,
                result=getattr(table, "result", None),
            )
        )
    views = []
    for rnd in rounds:
        tables_here = by_round[rnd.pk]
        views.append(
            RoundView(
                number=rnd.number,
                tables=tables_here,
                sit_outs=[name for _, name in byes[rnd.pk]],
                sit_out_ids=[pk for pk, _ in byes[rnd.pk]],
                complete=all(
                    t.result is not None and t.result.status == Result.Status.CONFIRMED
                    for t in tables_here
                ),
            )
        )
    return views


# ---------------------------------------------------------------------------------------------
# Standings


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

    @property
    def total(self) -> int:
        """Points with the sit-out credit: what a progressive event ranks by."""
        return self.points_for + self.credit

    @property
    def match_points(self) -> int:
        """Two a win (a bye counts as one), one a tie: what a team event ranks by."""
        return 2 * (self.wins + self.byes) + self.ties

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


@dataclass
class Standings:
    event: Event
    rows: list[StandingRow]
    side_prizes: list[SidePrize] = field(default_factory=list)
    rounds: int = 0
    waiting: int = 0  # results entered and not yet confirmed, not counted yet


def _coin(seed: int, key: int) -> str:
    """The coin flip: a hash of the event's seed and the entrant, so it never changes."""
    return hashlib.sha256(f"{seed}:{key}".encode()).hexdigest()


def sit_out_credit(event: Event, row: StandingRow) -> int:
    """What the event credits for the row's byes (docs/tournaments.md, "Sitting out")."""
    if event.sit_out_credit == Event.SitOutCredit.FIXED:
        return row.byes * event.sit_out_points
    if event.sit_out_credit == Event.SitOutCredit.AVERAGE and row.played:
        # The player's own average per round played, rounded half up, for each bye.
        return row.byes * ((2 * row.points_for + row.played) // (2 * row.played))
    return 0


def _entrant_rows(event: Event) -> tuple[dict[int, StandingRow], dict[int, str]]:
    """A row for each player (or team), and every entrant's name by player id."""
    entrants = list(Entrant.objects.filter(event=event).select_related("player").order_by("id"))
    names = {e.player_id: e.player.name for e in entrants}
    if not event.is_teams:
        rows = {
            e.player_id: StandingRow(e.player_id, e.player.name, [e.player.name], e.active)
            for e in entrants
        }
        return rows, names
    members: dict[int, list[str]] = defaultdict(list)
    for e in entrants:
        if e.team_id is not None:
            members[e.team_id].append(e.player.name)
    rows = {
        team.pk: StandingRow(team.pk, team.name, members[team.pk], team.active)
        for team in EventTeam.objects.filter(event=event).order_by("seed")
    }
    return rows, names


def _lines(event: Event) -> list[dict[str, Any]]:
    return list(
        ResultLine.objects.filter(event=event, confirmed=True)
        .order_by("round_number", "table_number", "side", "player_id")
        .values(*_LINE_FIELDS)
    )


def standings(*, event: Event) -> Standings:
    """Live standings from confirmed results, ranked with the documented tie-breaks (and the
    event's side prizes), in five queries (six for a team event)."""
    rows, names = _entrant_rows(event)
    lines = _lines(event)
    key_of = "team_id" if event.is_teams else "player_id"
    # A team's two players share a result: count it once per team, add up their feats.
    counted: set[tuple[int, int]] = set()
    opponents: dict[tuple[int, int], list[int]] = defaultdict(list)  # (result, side) -> keys
    for line in lines:
        key = line[key_of]
        row = rows.get(key)
        if row is None:
            continue
        row.euchres += line["euchres"]
        row.loners_made += line["loners_made"]
        if (line["result_id"], key) in counted:
            continue
        counted.add((line["result_id"], key))
        opponents[(line["result_id"], line["side"])].append(key)
        row.played += 1
        row.wins += line["won"]
        row.ties += line["tied"]
        row.losses += not (line["won"] or line["tied"])
        row.points_for += line["points_for"]
        row.points_against += line["points_against"]
        row.best_game = max(row.best_game, line["points_for"])
    byes = SitOut.objects.filter(round__event=event).values_list("player_id", "team_id")
    for player_id, team_id in byes:
        row = rows.get(team_id if event.is_teams else player_id)
        if row is not None:
            row.byes += 1
    for row in rows.values():
        row.credit = sit_out_credit(event, row)
    meetings = [
        (line[key_of], opponents[(line["result_id"], 1 - line["side"])], line)
        for line in lines
        if line[key_of] in rows
    ]
    ranked = _rank(event, list(rows.values()), meetings)
    waiting = Result.objects.filter(table__round__event=event, status=Result.Status.ENTERED).count()
    rounds = Round.objects.filter(event=event).count()
    return Standings(event, ranked, _side_prizes(event, lines, ranked, names), rounds, waiting)


def _primary(event: Event, row: StandingRow) -> int:
    return row.match_points if event.is_teams else row.total


def _rank(
    event: Event,
    rows: list[StandingRow],
    meetings: list[tuple[int, list[int], dict[str, Any]]],
) -> list[StandingRow]:
    rows.sort(key=lambda r: -_primary(event, r))
    ranked: list[StandingRow] = []
    start = 0
    while start < len(rows):
        end = start
        while end < len(rows) and _primary(event, rows[end]) == _primary(event, rows[start]):
            end += 1
        group = rows[start:end]
        if len(group) > 1:
            _break_ties(event, group, meetings)
        ranked.extend(group)
        start = end
    for rank, row in enumerate(ranked, start=1):
        row.rank = rank
    return ranked


def _criteria(event: Event, row: StandingRow) -> tuple[Any, ...]:
    """Bigger is better for each, in the order of TIE_BREAKS."""
    return (
        row.head_to_head,
        row.difference,
        row.points_for,
        row.euchres,
        _coin(event.seed, row.key),
    )


def _break_ties(
    event: Event,
    group: list[StandingRow],
    meetings: list[tuple[int, list[int], dict[str, Any]]],
) -> None:
    """Order a tie: head to head (net points in games against the other tied entrants),
    then point difference, points for, euchres made, then the coin flip."""
    tied = {row.key for row in group}
    net: dict[int, int] = defaultdict(int)
    counted: set[tuple[int, int]] = set()
    for key, faced, line in meetings:
        if key in tied and (line["result_id"], key) not in counted and tied & set(faced):
            counted.add((line["result_id"], key))
            net[key] += line["points_for"] - line["points_against"]
    for row in group:
        row.head_to_head = net[row.key]
    group.sort(key=lambda r: _criteria(event, r), reverse=True)
    # Each row names the rule that ordered it against its neighbour in the tie (the row
    # above; for the first row, the row below).
    for i, row in enumerate(group):
        other = group[i - 1] if i else group[1]
        mine, theirs = _criteria(event, row), _criteria(event, other)
        row.tie_break = next(
            name for name, a, b in zip(TIE_BREAKS, mine, theirs, strict=True) if a != b
        )


def _side_prizes(
    event: Event, lines: list[dict[str, Any]], ranked: list[StandingRow], names: dict[int, str]
) -> list[SidePrize]:
    loners: dict[int, int] = defaultdict(int)
    euchres: dict[int, int] = defaultdict(int)
    for line in lines:
        loners[line["player_id"]] += line["loners_made"]
        euchres[line["player_id"]] += line["euchres"]
    prizes = [
        SidePrize("most-loners", "Most loners made", _leaders(loners, names)),
        SidePrize("most-euchres", "Most euchres", _leaders(euchres, names)),
    ]
    best = max((line["points_for"] for line in lines), default=0)
    highest = []
    seen: set[int] = set()
    for line in lines:
        if best and line["points_for"] == best and line["player_id"] not in seen:
            seen.add(line["player_id"])
            highest.append(PrizeWinner(names[line["player_id"]], best, line["round_number"]))
    prizes.append(SidePrize("highest-game", "Highest single game", highest))
    last = [row for row in ranked if row.played]
    booby = [PrizeWinner(last[-1].name, _primary(event, last[-1]))] if len(last) > 1 else []
    prizes.append(SidePrize("booby", "Booby prize", booby))
    return prizes


def _leaders(values: dict[int, int], names: dict[int, str]) -> list[PrizeWinner]:
    best = max(values.values(), default=0)
    if best <= 0:
        return []
    return sorted(
        (PrizeWinner(names[key], value) for key, value in values.items() if value == best),
        key=lambda w: w.name,
    )


# ---------------------------------------------------------------------------------------------
# Leaderboards and a player's record


LEADERBOARD_ORDER: Final = {
    "points": ("-points", "-wins"),
    "wins": ("-wins", "-points"),
    "euchres": ("-euchres", "-points"),
    "loners": ("-loners_made", "-points"),
    "games": ("-games", "-points"),
}

_STATS: Final = {
    "games": Count("id"),
    "events": Count("event_id", distinct=True),
    "wins": Count("id", filter=Q(won=True)),
    "points": Sum("points_for"),
    "points_against": Sum("points_against"),
    "hands": Sum("hands"),
    "made": Sum("made"),
    "marched": Sum("marched"),
    "euchred": Sum("euchred"),
    "euchres": Sum("euchres"),
    "loners_tried": Sum("loners_tried"),
    "loners_made": Sum("loners_made"),
    "best_game": Max("points_for"),
}


def _public_lines(club: Club | None = None, season: Season | None = None) -> QuerySet[ResultLine]:
    lines = ResultLine.objects.filter(confirmed=True, event__published=True)
    if club is not None:
        lines = lines.filter(event__club=club)
    if season is not None:
        lines = lines.filter(event__season=season)
    return lines


def leaderboard(
    *, club: Club, season: Season | None = None, order: str = "points", limit: int = 100
) -> list[dict[str, Any]]:
    """Players of a club's published events (one season's, or all), one query."""
    rows = (
        _public_lines(club, season)
        .values("player_id", "player__name")
        .annotate(**_STATS)
        .order_by(*LEADERBOARD_ORDER[order], "player__name")[:limit]
    )
    return [
        {"rank": rank, "player": row.pop("player_id"), "name": row.pop("player__name"), **row}
        for rank, row in enumerate(rows, start=1)
    ]


@dataclass
class PlayerRecord:
    player: Player
    stats: dict[str, Any]
    history: list[dict[str, Any]]
    total_games: int


def player_record(
    *, player: Player, season: Season | None = None, limit: int = 50, offset: int = 0
) -> PlayerRecord:
    """A player's statistics and the latest games of their history, with partners and
    opponents, from published events (three queries)."""
    lines = _public_lines(season=season).filter(player=player)
    stats = lines.aggregate(**_STATS)
    for key, value in stats.items():
        stats[key] = value or 0
    page = list(
        lines.select_related("event", "result").order_by(
            "-event__date", "-event_id", "-round_number"
        )[offset : offset + limit]
    )
    seated: dict[int, list[tuple[int, int, str]]] = defaultdict(list)
    for table_id, side, player_id, name in TableSeat.objects.filter(
        table_id__in={line.result.table_id for line in page}
    ).values_list("table_id", "side", "player_id", "player__name"):
        seated[table_id].append((side, player_id, name))
    history = []
    for line in page:
        others = seated[line.result.table_id]
        history.append(
            {
                "event": line.event_id,
                "event_name": line.event.name,
                "date": line.event.date,
                "round": line.round_number,
                "table": line.table_number,
                "partners": [n for s, p, n in others if s == line.side and p != player.pk],
                "opponents": [n for s, p, n in others if s != line.side],
                "points_for": line.points_for,
                "points_against": line.points_against,
                "won": line.won,
                "tied": line.tied,
                "euchres": line.euchres,
                "loners_made": line.loners_made,
            }
        )
    return PlayerRecord(player, stats, history, stats["games"])


def events_of(*, club: Club | None = None, published_only: bool = True) -> QuerySet[Event]:
    events = Event.objects.select_related("club", "season")
    if club is not None:
        events = events.filter(club=club)
    if published_only:
        events = events.filter(published=True)
    return events.order_by("-date", "-id")


def change_log(*, event: Event) -> Iterable[Any]:
    return event.changes.select_related("table__round").order_by("id")
