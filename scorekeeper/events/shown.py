"""How the room's pages show a round and its results: seats by compass (N, E, S, W; N deals
the first hand), a result's status and the tie-breaks in words, in the reader's language."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext_lazy as _

from scorekeeper.events.choice_names import PRIZE_NAMES
from scorekeeper.events.seating import SEAT_NAMES
from scorekeeper.events.selectors import RoundView

#: A result's status as the room reads it.
STATUS_NAMES = {
    "entered": _("waiting for confirmation"),
    "confirmed": _("confirmed"),
    "disputed": _("disputed"),
}

#: The tie-breaks (`standings.TIE_BREAKS`) as the results page names them.
TIE_BREAK_NAMES = {
    "head-to-head": _("head to head"),
    "point-difference": _("point difference"),
    "points-for": _("points for"),
    "euchres": _("euchres made"),
    "coin-flip": _("a coin flip drawn once for the event"),
}


def prize_title(prize: Any) -> str:
    """A side prize's title in the reader's language (the standings name it in English)."""
    return str(PRIZE_NAMES.get(prize.kind, prize.title))


@dataclass(frozen=True)
class SeatedTable:
    """A table of the round with its four players by compass seat."""

    number: int
    seats: list[tuple[str, str]]  # (N/E/S/W, name), N first
    dealer: str  # who deals the first hand (seat N)
    result: Any = None


def seated_tables(round_view: RoundView) -> list[SeatedTable]:
    tables = []
    for table in round_view.tables:
        seats = [(SEAT_NAMES[s.seat], s.name) for s in sorted(table.seats, key=lambda s: s.seat)]
        dealer = next((name for seat, name in seats if seat == SEAT_NAMES[0]), "")
        tables.append(SeatedTable(table.number, seats, dealer, table.result))
    return tables
