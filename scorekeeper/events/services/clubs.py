"""Clubs, their directors and seasons."""

from __future__ import annotations

import datetime

from django.contrib.auth import get_user_model
from django.db import IntegrityError, transaction

from scorekeeper import names
from scorekeeper.errors import Conflict, Malformed, NotFound
from scorekeeper.events.access import (
    Actor,
    require_director,
    require_signed_in,
)
from scorekeeper.events.models import (
    Director,
    Season,
)
from scorekeeper.models import Club


def club_create(*, actor: Actor, name: str) -> Club:
    """A new club; whoever creates it is its first director. No two clubs have one name (by
    the rule of `scorekeeper.names`), even when both are asked for at once."""
    user = require_signed_in(actor)
    name = names.name_clean(name, field="name")
    exists = Conflict("There is a club with this name already.", code="club-exists", field="name")
    if Club.objects.filter(name_key=names.name_key(name)).exists():
        raise exists
    try:
        with transaction.atomic():
            club = Club.objects.create(name=name)
            Director.objects.create(club=club, user_id=user.pk)
    except IntegrityError:
        raise exists from None
    return club


def director_add(*, club: Club, actor: Actor, username: str) -> Director:
    """Make a user, named by their user name, a director of the club."""
    require_director(actor, club)
    user = get_user_model().objects.filter(username=username).first()
    if user is None:
        raise NotFound("There is no user with this name.", code="no-such-user", field="username")
    director, _ = Director.objects.get_or_create(club=club, user_id=user.pk)
    return director


def season_create(
    *, club: Club, actor: Actor, name: str, starts_on: datetime.date, ends_on: datetime.date
) -> Season:
    require_director(actor, club)
    name = names.name_clean(name, field="name")
    if ends_on < starts_on:
        raise Malformed("a season ends after it starts", code="bad-dates", field="ends_on")
    if names.name_key(name) in {names.name_key(s.name) for s in club.seasons.all()}:
        raise Conflict("This club has a season with this name.", code="season-exists", field="name")
    return Season.objects.create(club=club, name=name, starts_on=starts_on, ends_on=ends_on)
