"""Clubs, their directors and seasons."""

from __future__ import annotations

import datetime
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Final

from django.contrib.auth import get_user_model
from django.contrib.auth.password_validation import validate_password
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.utils.crypto import get_random_string
from django.utils.translation import gettext as _

from scorekeeper import names
from scorekeeper.errors import Conflict, Malformed
from scorekeeper.events.access import (
    Actor,
    require_director,
    require_signed_in,
)
from scorekeeper.events.localized.club_language import SPOKEN
from scorekeeper.events.localized.club_time import zone_named
from scorekeeper.events.models import (
    Director,
    Season,
)
from scorekeeper.events.services.changes import club_events_changed
from scorekeeper.events.services.seasons import ladder_check
from scorekeeper.models import Club

MAX_USERNAME: Final = 150  # Django's user model's


def club_create(*, actor: Actor, name: str) -> Club:
    """A new club; whoever creates it is its first director. No two clubs have one name (by
    the rule of `scorekeeper.names`), even when both are asked for at once."""
    user = require_signed_in(actor)
    name = names.name_clean(name, field="name")
    exists = Conflict(
        _("There is a club with this name already."), code="club-exists", field="name"
    )
    if Club.objects.filter(name_key=names.name_key(name)).exists():
        raise exists
    try:
        with transaction.atomic():
            club = Club.objects.create(name=name)
            Director.objects.create(club=club, user_id=user.pk)
    except IntegrityError:
        raise exists from None
    return club


def club_update(
    *, club: Club, actor: Actor, language: str | None = None, time_zone: str | None = None
) -> Club:
    """The club's language ("" for the server's default) and time zone (an IANA name that
    zoneinfo knows); what its events show changes with them."""
    require_director(actor, club)
    if language is not None and language not in ("", *SPOKEN):
        raise Malformed(
            _("a language the server speaks: en or ko"), code="bad-language", field="language"
        )
    if time_zone is not None and zone_named(time_zone) is None:
        raise Malformed(
            _("%(zone)s is not a time zone: give an IANA name such as Asia/Seoul")
            % {"zone": time_zone},
            code="bad-time-zone",
            field="time_zone",
        )
    with transaction.atomic():
        club = Club.objects.select_for_update().get(pk=club.pk)
        if language is not None:
            club.language = language
        if time_zone is not None:
            club.time_zone = time_zone
        club.save(update_fields=["language", "time_zone"])
        club_events_changed(club.pk)
    return club


@dataclass(frozen=True)
class DirectorMade:
    director: Director
    password: str | None  # generated here (shown once), or None: given, or left as it was
    user_created: bool
    club_created: bool


def director_make(*, username: str, club_name: str, password: str | None = None) -> DirectorMade:
    """Make a user a director of a club, creating the user and the club when missing: for
    whoever runs the server (`manage.py make_director`, the demo), never the API. A new user
    without a password given gets a generated one; a password given is set (after Django's
    password checks), also on a user who exists."""
    name = names.name_clean(club_name, field="club")
    users = get_user_model()
    if not 0 < len(username) <= MAX_USERNAME or not _valid(users.username_validator, username):
        raise Malformed(
            _("give a user name of 1 to %(max_username)s letters, digits and @ . + - _")
            % {"max_username": MAX_USERNAME},
            code="bad-username",
            field="username",
        )
    with transaction.atomic():
        user = users.objects.filter(username=username).first()
        user_created = user is None
        if user is None:
            user = users(username=username)
        generated = None
        if password is None and user_created:
            password = generated = get_random_string(16)  # letters and digits
        if password is not None:
            try:
                validate_password(password, user)
            except ValidationError as error:
                raise Malformed(
                    " ".join(error.messages),
                    code="bad-password",
                    field="password",
                ) from error
            user.set_password(password)
        if password is not None or user_created:
            user.save()
        club = Club.objects.filter(name_key=names.name_key(name)).first()
        club_created = club is None
        if club is None:
            club = Club.objects.create(name=name)
        director, _created = Director.objects.get_or_create(club=club, user_id=user.pk)
    return DirectorMade(director, generated, user_created, club_created)


def _valid(validator: Callable[[str], None], value: str) -> bool:
    try:
        validator(value)
    except ValidationError:
        return False
    return True


def season_create(
    *,
    club: Club,
    actor: Actor,
    name: str,
    starts_on: datetime.date,
    ends_on: datetime.date,
    ladder: str = Season.Ladder.TOTALS,
    placement_points: Sequence[int] | None = None,
    min_nights: int = 1,
    best_nights: int | None = None,
) -> Season:
    """A season, and how its leaderboard ranks (`services.seasons.ladder_check`)."""
    require_director(actor, club)
    name = names.name_clean(name, field="name")
    if ends_on < starts_on:
        raise Malformed(_("a season ends after it starts"), code="bad-dates", field="ends_on")
    table = ladder_check(
        ladder=ladder,
        placement_points=placement_points,
        min_nights=min_nights,
        best_nights=best_nights,
    )
    if names.name_key(name) in {names.name_key(s.name) for s in club.seasons.all()}:
        raise Conflict(
            _("This club has a season with this name."), code="season-exists", field="name"
        )
    return Season.objects.create(
        club=club,
        name=name,
        starts_on=starts_on,
        ends_on=ends_on,
        ladder=ladder,
        placement_points=table,
        min_nights=min_nights,
        best_nights=best_nights,
    )
