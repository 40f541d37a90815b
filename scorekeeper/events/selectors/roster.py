"""Reads of a club: the clubs, who directs them, their players (the roster, with how often
each played, and as the door's check-in list marks them) and its log, and their seasons.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.db.models import Count, Exists, Max, OuterRef, QuerySet

from scorekeeper.backups import BackupError, backup_made_at, backups_before
from scorekeeper.events.models import Director, Entrant, Event, RosterChange, Season
from scorekeeper.models import Club, Player
from scorekeeper.names import name_clean, name_key


def clubs() -> QuerySet[Club]:
    return Club.objects.order_by("name")


def clubs_directed_by(*, user: AbstractBaseUser | AnonymousUser) -> list[Club]:
    if user.pk is None:
        return []
    return [role.club for role in Director.objects.filter(user_id=user.pk).select_related("club")]


def roster_of(*, club: Club, name: str | None = None) -> QuerySet[Player]:
    """The club's players (only those of this name, by the rule of `scorekeeper.names`), each
    with how many of the club's events they entered and the date of the last (one query)."""
    players = Player.objects.filter(club=club)
    if name is not None:
        players = players.filter(match_key=name_key(name_clean(name, field="name")))
    return _on_roster(players).order_by("match_key", "label_key", "id")


def roster_entry(*, player: Player) -> Player:
    """One player as `roster_of` gives them (one query)."""
    return _on_roster(Player.objects.filter(pk=player.pk)).get()


def _on_roster(players: QuerySet[Player]) -> QuerySet[Player]:
    return players.annotate(events=Count("entries"), last_played=Max("entries__event__date"))


def roster_log(*, club: Club) -> QuerySet[RosterChange]:
    return RosterChange.objects.filter(club=club).order_by("id")


@dataclass(frozen=True)
class HeldBackup:
    """A backup made before erasures of the club's players: it still holds their names."""

    name: str
    made: datetime.datetime
    erased: int  # how many of the club's erased names it holds


def backups_holding_erased(*, club: Club, player: Player | None = None) -> list[HeldBackup]:
    """The backups made while a name of the club's players since erased was there (of
    `player` alone, when given): after the player was added and before the erasure, oldest
    first (any before the erasure, where records were merged into theirs: the one absorbed
    may be older, and its name was theirs too). Each still holds those names until it is
    removed (BACKUP_KEEP), and a restore of it erases them again (`manage.py restore`)."""
    changes = RosterChange.objects.filter(club=club)
    erasures = changes.filter(action=RosterChange.Action.ERASE)
    if player is not None:
        erasures = erasures.filter(player=player.pk)
    moments = dict(erasures.values_list("player", "created_at"))
    added = dict(Player.objects.filter(pk__in=moments).values_list("pk", "created_at"))
    merged = changes.filter(action=RosterChange.Action.MERGE, player__in=moments)
    for pk in merged.values_list("player", flat=True):
        added.pop(pk, None)
    spans = [(added.get(pk), erased) for pk, erased in moments.items()]
    if not spans:
        return []
    try:
        kept = backups_before(max(erased for _added, erased in spans))
    except BackupError:
        return []
    held = []
    for path in kept:
        made = backup_made_at(path)
        assert made is not None
        names = sum((since is None or since < made) and made < erased for since, erased in spans)
        if names:
            held.append(HeldBackup(path.name, made, names))
    return held


def seasons_of(*, club: Club) -> list[Season]:
    return list(club.seasons.all())


@dataclass(frozen=True)
class Arrival:
    """One of the club's players at the door: who, and whether they are checked in."""

    player: int
    shown: str
    kind: str
    checked_in: bool


def door_list(*, event: Event) -> list[Arrival]:
    """The club's roster for the door, by name, each marked checked in or not (one query)."""
    here = Entrant.objects.filter(event=event, player=OuterRef("pk"), active=True)
    players = (
        Player.objects.filter(club_id=event.club_id)
        .annotate(checked_in=Exists(here))
        .order_by("match_key", "label_key", "id")
    )
    return [
        Arrival(player=p.pk, shown=p.shown, kind=p.kind, checked_in=bool(p.checked_in))
        for p in players
    ]
