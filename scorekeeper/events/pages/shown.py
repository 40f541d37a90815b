"""How the room's pages show a round and its results: seats by compass (N, E, S, W; N deals
the first hand) and side prizes, in the reader's language (the names of a result's status
and of the tie-breaks are the choices' own, in `choice_names`)."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from scorekeeper.events.formats.base import Move
from scorekeeper.events.localized.stories import story_of
from scorekeeper.events.planning.seating import seat_name
from scorekeeper.events.selectors import RoundView, TableView


@dataclass(frozen=True)
class SeatedTable:
    """A table of the round with its players by compass seat."""

    number: int
    seats: list[tuple[str, str]]  # (N/E/S/W, name), N first
    dealer: str  # who deals the first hand (seat N)
    result: Any = None
    story: str = ""  # how its result came about (`result_story`)


def seated_tables(round_view: RoundView) -> list[SeatedTable]:
    tables = []
    for table in round_view.tables:
        size = len(table.seats)
        seats = [
            (seat_name(s.seat, size), s.name) for s in sorted(table.seats, key=lambda s: s.seat)
        ]
        dealer = seats[0][1] if seats else ""
        story = table_story(table, round_view.time_called_by)
        tables.append(SeatedTable(table.number, seats, dealer, table.result, story))
    return tables


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
