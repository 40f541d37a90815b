"""A club's clock: its time zone (a club setting, an IANA name zoneinfo knows) for what pages,
printouts and exports show; the server stores and computes in UTC."""

from __future__ import annotations

import datetime
import zoneinfo
from functools import lru_cache

from scorekeeper.models import Club

UTC = "UTC"


@lru_cache(maxsize=64)
def zone_named(name: str) -> zoneinfo.ZoneInfo | None:
    """The time zone of this IANA name, or None when zoneinfo does not know it."""
    if not name or name != name.strip():
        return None
    try:
        return zoneinfo.ZoneInfo(name)
    except (zoneinfo.ZoneInfoNotFoundError, ValueError):
        return None


def club_zone(club: Club) -> zoneinfo.ZoneInfo:
    return zone_named(club.time_zone) or zoneinfo.ZoneInfo(UTC)


def club_time(moment: datetime.datetime | None, club: Club) -> str:
    """A moment as the club's clock reads it, with its offset (ISO 8601); "" for none."""
    if moment is None:
        return ""
    return moment.astimezone(club_zone(club)).isoformat(timespec="seconds")
