"""How the room's pages show a round and its results: seats by compass (N, E, S, W; N deals
the first hand) and side prizes, in the reader's language (the names of a result's status
and of the tie-breaks are the choices' own, in `choice_names`)."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from django.utils.translation import gettext as _

from scorekeeper.events import selectors
from scorekeeper.events.formats import format_of
from scorekeeper.events.formats.base import Move
from scorekeeper.events.localized.stories import story_of
from scorekeeper.events.models import Event
from scorekeeper.events.planning.seating import seat_name
from scorekeeper.events.selectors import RoundView, SeatView, TableView


@dataclass(frozen=True)
class SeatedTable:
    """A table of the round with its players by compass seat."""

    number: int
    seats: list[tuple[str, str]]  # (N/E/S/W, name), N first
    dealer: str  # who deals the first hand (seat N)
    result: Any = None
    story: str = ""  # how its result came about (`result_story`)
    team_names: Sequence[str] = ()  # each side's name (a team's, or its partners')


def seat_shown(seat: SeatView) -> str:
    """Who is in the seat this round, as the console's board says it: an absent player
    marked so, a substitute with the player they play for."""
    if seat.absent:
        return _("{name} (absent)").format(name=seat.name)
    if seat.substitute_for:
        return _("{name}, substitute for {absent}").format(
            name=seat.name, absent=seat.substitute_for
        )
    return seat.name


def seated_tables(round_view: RoundView) -> list[SeatedTable]:
    tables = []
    for table in round_view.tables:
        size = len(table.seats)
        in_order = sorted(table.seats, key=lambda s: s.seat)
        seats = [(seat_name(s.seat, size), seat_shown(s)) for s in in_order]
        dealer = in_order[0].name if in_order else ""
        story = table_story(table, round_view.time_called_by)
        tables.append(
            SeatedTable(table.number, seats, dealer, table.result, story, table.team_names)
        )
    return tables


@dataclass(frozen=True)
class PlannedRound:
    """A round not seated yet, as planned now: its sheet's tables and who sits out."""

    number: int
    tables: list[SeatedTable]
    sit_outs: list[str]


def planned_round(event: Event, number: int) -> PlannedRound | None:
    """Round ``number`` as the format plans it now, for its sheet printed in advance; None
    when it is seated already, beyond the plan, the night is closed, or the format seats
    each round from the last one's results."""
    if event.status == Event.Status.FINISHED:
        return None
    night = selectors.night_of(event=event)
    shape = format_of(event)
    planned = shape.planned_rounds(night, event)
    index = number - len(night.rounds) - 1
    if planned is None or not 0 <= index < len(planned):
        return None
    rnd = planned[index]
    names = {e.player_id: e.player.shown for e in selectors.entrants_of(event=event)}
    members = {team.id: team.members for team in night.teams} if shape.teams else {}
    tables = [
        SeatedTable(
            t,
            [(seat_name(s, len(seats)), names.get(player, "")) for s, player in enumerate(seats)],
            names.get(seats[0], "") if seats else "",
        )
        for t, seats in enumerate(rnd["tables"], start=1)
    ]
    sit_outs = [names.get(player, "") for bye in rnd["byes"] for player in members.get(bye, (bye,))]
    return PlannedRound(number, tables, sit_outs)


def table_story(table: TableView, called_by: str) -> str:
    """How the table's result came about (`story_of`), naming its players."""
    return story_of(table.result, called_by, {s.player_id: s.name for s in table.seats})


@dataclass
class TableMoves:
    """Where the players of one table go after a round (``table`` None: those who sat the
    round out or just arrived): each group of them with where it goes (None: sits out)."""

    table: int | None
    groups: list[tuple[str, int | None]] = field(default_factory=list)


def moves_by_table(moves: Sequence[Move], names: Mapping[int, str]) -> list[TableMoves]:
    """The moves as the wall shows them: table by table, those going the same way together
    ("Ann & Ben: to table 2")."""
    going: dict[int | None, dict[int | None, list[str]]] = defaultdict(lambda: defaultdict(list))
    for move in moves:
        going[move.from_table][move.to_table].append(names.get(move.player, "?"))
    tables = sorted(going, key=lambda number: (number is None, number or 0))
    return [
        TableMoves(
            number,
            [
                (" & ".join(sorted(who, key=str.casefold)), to)
                for to, who in sorted(
                    going[number].items(), key=lambda i: (i[0] is None, i[0] or 0)
                )
            ],
        )
        for number in tables
    ]
