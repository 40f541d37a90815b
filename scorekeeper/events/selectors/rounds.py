"""Rounds as the director and the players see them (tables, seats, results, byes and the
phones at each table), and each player's night built on them: the tally, "find your
table", the crosstable.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from django.db.models import QuerySet

from scorekeeper.events.formats import format_of
from scorekeeper.events.localized.stories import confirmed_again_by
from scorekeeper.events.models import (
    Event,
    EventTeam,
    Result,
    ResultLine,
    Round,
    SitOut,
    Table,
    TableSeat,
    TableToken,
)
from scorekeeper.events.planning.seating import seat_name
from scorekeeper.events.ranking.standings import Line, name_order, round_averages
from scorekeeper.events.selectors.events import entrants_of
from scorekeeper.events.selectors.lookups import no_table
from scorekeeper.events.selectors.ranking import LINE_VALUES, complete_rounds


@dataclass(frozen=True)
class SeatView:
    seat: int
    side: int
    player_id: int
    name: str
    letter: str = ""  # the seat by compass point (N, E, S, W; six-handed N, NE, SE, S, SW, NW)
    absent: bool = False  # absent for the round, nobody playing for them
    substitute_for: str = ""  # a substitute's seat: the player they play for
    substitute_for_id: int | None = None


@dataclass(frozen=True)
class DeviceView:
    id: int
    role: str
    label: str
    joined_at: Any
    player: int | None = None  # the player a confirming phone joined for


@dataclass(frozen=True)
class TableView:
    id: int
    number: int
    seats: list[SeatView]
    team_names: list[str]
    game_id: str | None
    join_code: str | None
    result: Result | None
    devices: list[DeviceView]


@dataclass(frozen=True)
class RoundView:
    number: int
    tables: list[TableView]
    sit_outs: list[str]
    sit_out_ids: list[int]
    complete: bool
    minutes: int | None = None  # a timed round's length
    time_called_at: Any = None  # when the director called time
    time_called_by: str = ""  # who called it


def rounds_of(*, event: Event, numbers: Sequence[int] | None = None) -> list[RoundView]:
    """The event's rounds with their tables, seats, results, byes and the phones at each
    table (six queries)."""
    rounds = list(Round.objects.filter(event=event).order_by("number"))
    last_round = rounds[-1].pk if rounds else None
    if numbers is not None:
        rounds = [r for r in rounds if r.number in numbers]
    ids = [r.pk for r in rounds]
    by_round: dict[int, list[TableView]] = defaultdict(list)
    for round_id, view in _table_views(event, Table.objects.filter(round_id__in=ids), last_round):
        by_round[round_id].append(view)
    byes: dict[int, list[tuple[int, str]]] = defaultdict(list)
    for sit_out in SitOut.objects.filter(round_id__in=ids).select_related("player", "team"):
        who = sit_out.player or sit_out.team
        assert who is not None
        byes[sit_out.round_id].append((who.pk, str(who)))
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
                minutes=rnd.minutes,
                time_called_at=rnd.time_called_at,
                time_called_by=rnd.time_called_by,
            )
        )
    return views


def table_view(*, table: Table) -> TableView:
    """One table as `rounds_of` shows it, from its own rows alone (four queries): a phone's
    poll of its table costs the same at a night of five tables as at one of fifty."""
    event = table.round.event
    last_round = (
        Round.objects.filter(event=event).order_by("-number").values_list("pk", flat=True).first()
    )
    views = _table_views(event, Table.objects.filter(pk=table.pk), last_round)
    if not views:  # (its round was undone since the table was read)
        raise no_table()
    ((_, view),) = views
    return view


def _table_views(
    event: Event, tables: QuerySet[Table], last_round: int | None
) -> list[tuple[int, TableView]]:
    """These tables of the event (by number), each with its round's id: seats, result and
    the phones at it (three queries)."""
    rows = list(
        tables.select_related("first_team", "second_team", "result", "event_table").order_by(
            "number"
        )
    )
    # A scoring phone sits at its physical table every round (shown at the last round's); a
    # confirming phone at its round's table.
    devices: dict[tuple[int, int | None], list[DeviceView]] = defaultdict(list)
    for token in TableToken.objects.filter(
        event_table_id__in={t.event_table_id for t in rows}, revoked_at__isnull=True
    ).order_by("id"):
        place = token.table_id if token.role == TableToken.Role.CONFIRMER else None
        devices[(token.event_table_id, place)].append(
            DeviceView(token.pk, token.role, token.label, token.created_at, token.player_id)
        )
    seats: dict[int, list[SeatView]] = defaultdict(list)
    for seat in (
        TableSeat.objects.filter(table_id__in=[t.pk for t in rows])
        .select_related("player", "substitute_for")
        .order_by("number")
    ):
        seats[seat.table_id].append(
            SeatView(
                seat.number,
                seat.side,
                seat.player_id,
                seat.player.shown,
                seat_name(seat.number, event.table_size),
                seat.absent,
                seat.substitute_for.shown if seat.substitute_for else "",
                seat.substitute_for_id,
            )
        )
    views = []
    for table in rows:
        seated = seats[table.pk]
        if table.first_team and table.second_team:
            names = [table.first_team.name, table.second_team.name]
        else:
            names = [" & ".join(s.name for s in seated if s.side == side) for side in (0, 1)]
        view = TableView(
            id=table.pk,
            number=table.number,
            seats=seated,
            team_names=names,
            game_id=str(table.game_id) if table.game_id else None,
            join_code=table.event_table.join_code,
            result=getattr(table, "result", None),
            devices=(devices[(table.event_table_id, None)] if table.round_id == last_round else [])
            + devices[(table.event_table_id, table.pk)],
        )
        views.append((table.round_id, view))
    return views


@dataclass(frozen=True)
class TallyLine:
    """One player's round: where they sat and what their side scored, or their bye."""

    round: int
    player_id: int
    name: str
    table: int | None = None  # None: sat out
    seat: str = ""  # N, E, S or W (seat 0 is N and deals first)
    partner: str = ""
    opponents: tuple[str, ...] = ()
    points_for: int | None = None  # None: no result entered yet
    points_against: int | None = None
    # won, lost, tied, bye, absent, replaced (a substitute played for them), or "" while the
    # table plays
    outcome: str = ""
    status: str = ""  # the result's status: entered, confirmed, disputed; "" while it plays
    how: str = ""  # how the result came about (`Result.provenance`), "" while it plays
    director: str = ""  # the director who set, changed or confirmed it
    time_called_by: str = ""  # who called time, when the result stood as it was then
    confirmed: tuple[int, int] | None = None  # for and against as confirmed, if corrected since
    confirmed_again_by: str | None = None  # who confirmed the correction again at the table
    hands: int = 0
    euchres: int = 0
    loners_made: int = 0
    substitute_for: str = ""  # a substitute's line: the player they played for
    substituted_by: str = ""  # a replaced player's line: who played for them


def tally(*, event: Event) -> list[TallyLine]:
    """Every player's every round, round by round, by table and seat, then the byes by name
    (seven queries; a Swiss event's, nine): what a per-round tally sheet or a player's tally
    card shows."""
    # Each player's own share of their table's result: a no-show's present partner scores
    # the round's average, not their side's points.
    own: dict[tuple[int, int], tuple[int, int, int, int, int]] = {
        (number, player): (points_for, against, hands, euchres, loners)
        for number, player, points_for, against, hands, euchres, loners in (
            ResultLine.objects.filter(event=event).values_list(
                "round_number",
                "player_id",
                "points_for",
                "points_against",
                "hands",
                "euchres",
                "loners_made",
            )
        )
    }
    members: dict[int, list[tuple[int, str]]] = defaultdict(list)
    for e in entrants_of(event=event).filter(team__isnull=False).order_by("id"):
        if e.team_id is not None:
            members[e.team_id].append((e.player_id, e.player.name))
    byes_won = _byes_won(event)
    lines: list[TallyLine] = []
    for rnd in rounds_of(event=event):
        for table in rnd.tables:
            result = table.result
            for seat in table.seats:
                mine = seat.side
                how = director = called = ""
                confirmed: tuple[int, int] | None = None
                again: str | None = None
                if result is None:
                    points: tuple[int | None, int | None] = (None, None)
                    outcome, status = "", ""
                else:
                    how, director = result.provenance, result.director
                    called = rnd.time_called_by if result.time_called else ""
                    if result.confirmed_points:
                        was = result.confirmed_points
                        confirmed = (was[mine], was[1 - mine])
                    again = confirmed_again_by(result, {o.player_id: o.name for o in table.seats})
                    points = (result.points[mine], result.points[1 - mine])
                    status = result.status
                    outcome = (
                        "tied"
                        if result.winner is None
                        else ("won" if result.winner == mine else "lost")
                    )
                hands = euchres = loners = 0
                if seat.absent:  # seated, but nobody played for them: no points, no outcome
                    points, outcome = (None, None), ("absent" if result else "")
                elif (rnd.number, seat.player_id) in own:
                    points_for, against, hands, euchres, loners = own[rnd.number, seat.player_id]
                    points = (points_for, against)
                lines.append(
                    TallyLine(
                        round=rnd.number,
                        player_id=seat.player_id,
                        name=seat.name,
                        table=table.number,
                        seat=seat_name(seat.seat, len(table.seats)),
                        partner=" & ".join(
                            o.name for o in table.seats if o.side == mine and o.seat != seat.seat
                        ),
                        opponents=tuple(o.name for o in table.seats if o.side != mine),
                        points_for=points[0],
                        points_against=points[1],
                        outcome=outcome,
                        status=status,
                        how=how,
                        director=director,
                        time_called_by=called,
                        confirmed=confirmed,
                        confirmed_again_by=again,
                        hands=hands,
                        euchres=euchres,
                        loners_made=loners,
                        substitute_for=seat.substitute_for,
                    )
                )
                if seat.substitute_for_id is not None:
                    # The player a substitute played for: their round, at no table (what
                    # it counts for them is the standings' sit-out credit, if any).
                    lines.append(
                        TallyLine(
                            round=rnd.number,
                            player_id=seat.substitute_for_id,
                            name=seat.substitute_for,
                            outcome="replaced" if result else "",
                            substituted_by=seat.name,
                        )
                    )
        sitting: list[tuple[int, str]] = []
        for who, name in zip(rnd.sit_out_ids, rnd.sit_outs, strict=True):
            sitting += members[who] if event.is_teams else [(who, name)]
        bye = byes_won.get(rnd.number)
        lines += [
            TallyLine(
                round=rnd.number,
                player_id=pk,
                name=name,
                points_for=bye,
                points_against=bye,
                outcome="bye",
            )
            for pk, name in sorted(sitting, key=lambda p: name_order(p[1]))
        ]
    return lines


def _byes_won(event: Event) -> dict[int, int]:
    """Where a bye is a game won (a Swiss event's), its points in each complete round: the
    round's average, as the standings count it (two queries); elsewhere a bye has none."""
    if not format_of(event).scoring(event).bye_won:
        return {}
    complete = complete_rounds(event=event).complete
    played = ResultLine.objects.filter(event=event, confirmed=True, round_number__in=complete)
    return round_averages([Line(*values) for values in played.values_list(*LINE_VALUES)])


def find_your_table(*, event: Event, number: int) -> list[TallyLine]:
    """A round's seating in alphabetical order of the players: where each sits, with whom,
    against whom, or that they sit out (the wall list "find your table")."""
    return sorted(
        (line for line in tally(event=event) if line.round == number),
        key=lambda line: (name_order(line.name), line.player_id),
    )


@dataclass(frozen=True)
class CrossCell:
    """One team's game against another: its points, theirs, the round, the status, and
    whether this team won it (as the result says: a Bid Euchre game is won by a made bid or
    a set, not always by the side ahead)."""

    points_for: int
    points_against: int
    round: int
    status: str
    won: bool = False


@dataclass(frozen=True)
class Crosstable:
    teams: list[str]  # by seed: the rows and the columns
    cells: dict[tuple[int, int], list[CrossCell]]  # (row, column) indexes -> their games


def crosstable(*, event: Event) -> Crosstable:
    """A team event's games as a round-robin crosstable: row team against column team."""
    teams = list(EventTeam.objects.filter(event=event).order_by("seed"))
    index = {team.name: i for i, team in enumerate(teams)}
    cells: dict[tuple[int, int], list[CrossCell]] = defaultdict(list)
    for rnd in rounds_of(event=event):
        for table in rnd.tables:
            result = table.result
            first, second = (index.get(name) for name in table.team_names)
            if result is None or first is None or second is None:
                continue
            a, b = result.points
            won = result.winner
            cells[first, second].append(CrossCell(a, b, rnd.number, result.status, won == 0))
            cells[second, first].append(CrossCell(b, a, rnd.number, result.status, won == 1))
    return Crosstable([team.name for team in teams], dict(cells))
