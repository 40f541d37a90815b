"""An event's version: one counter per event, moved in the same transaction by every write
that changes what its pages and the API show about it (standings, rounds, tables, phones).

Readers tag what they send with it (an ETag) and answer a poll that already has the current
version with 304, after one query; computed standings are kept per version.
"""

from __future__ import annotations

from django.db.models import F

from scorekeeper.events.models import Event


def event_changed(event_id: int) -> None:
    Event.objects.filter(pk=event_id).update(version=F("version") + 1)


def club_events_changed(club_id: int) -> None:
    """A change every event of the club shows (a player renamed, merged or split)."""
    Event.objects.filter(club_id=club_id).update(version=F("version") + 1)
