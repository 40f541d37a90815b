"""An event's versions: counters on the event's row, moved in the same transaction by every
write that changes what its pages and the API show about it.

`version` follows everything (rounds, tables, phones, hands); `standings_version` follows only
what the standings are made of (entrants, seating, results, sit-outs, the event's options), so
the hands a night's tables post every few seconds leave the standings' pollers at 304. The
rounds as a player sees them (no join codes, no phones) are made of the same, so they follow
`standings_version` too; a director's rounds follow `version`.

Readers tag what they send with one of them (an ETag) and answer a poll that already has the
current one with 304, after one query; computed standings are kept per standings version.
"""

from __future__ import annotations

from typing import Final

from django.db.models import F, QuerySet

from scorekeeper.compiled import CompiledUpdate
from scorekeeper.events.models import Event

BOTH: Final = {"version": F("version") + 1, "standings_version": F("standings_version") + 1}
VERSION: Final = {"version": F("version") + 1}


def event_changed(event_id: int, *, standings: bool = True, while_open: bool = False) -> bool:
    """A write to the event; `standings=False` for one neither the standings nor a player's
    rounds can show (a hand entered at a table: the standings count confirmed results only; a
    phone joining or leaving, a new join code: only a director sees them). With `while_open`
    the versions move only while the event takes entries (not closed, not finished): whether
    they moved."""
    return _MOVES[standings, while_open].run(event_id) > 0


def _moves(*, standings: bool, while_open: bool) -> CompiledUpdate:
    """The update of one event's versions (compiled once: every table's hand asks it)."""

    def events(event_id: int) -> QuerySet[Event]:
        rows = Event.objects.filter(pk=event_id)
        if while_open:
            rows = rows.filter(closed_at__isnull=True).exclude(status=Event.Status.FINISHED)
        return rows

    return CompiledUpdate(events, "id", BOTH if standings else VERSION)


_MOVES: Final = {
    (standings, while_open): _moves(standings=standings, while_open=while_open)
    for standings in (True, False)
    for while_open in (True, False)
}


def club_events_changed(club_id: int) -> None:
    """A change every event of the club shows (a player renamed, merged or split, the club's
    language or time zone)."""
    Event.objects.filter(club_id=club_id).update(**BOTH)
