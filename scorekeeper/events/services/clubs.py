"""Clubs, their members and guests, directors and seasons."""

from __future__ import annotations

import datetime
from collections.abc import Callable
from dataclasses import dataclass
from typing import Final

from django.contrib.auth import get_user_model
from django.contrib.auth.password_validation import validate_password
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.crypto import get_random_string

from scorekeeper.errors import Conflict, Malformed, NotFound
from scorekeeper.events.access import (
    Actor,
    require_director,
    require_signed_in,
)
from scorekeeper.events.models import (
    Director,
    Membership,
    Season,
)
from scorekeeper.models import Club, Player

MAX_NAME: Final = 60
MAX_USERNAME: Final = 150  # Django's user model's


def clean_name(value: str, field: str, limit: int = 100) -> str:
    name = " ".join(value.split())
    if not 0 < len(name) <= limit:
        raise Malformed(f"give a name of 1 to {limit} characters", code="bad-name", field=field)
    return name


def club_create(*, actor: Actor, name: str) -> Club:
    """A new club; whoever creates it is its first director."""
    user = require_signed_in(actor)
    name = clean_name(name, "name")
    with transaction.atomic():
        if Club.objects.filter(name__iexact=name).exists():
            raise Conflict(
                "There is a club with this name already.", code="club-exists", field="name"
            )
        club = Club.objects.create(name=name)
        Director.objects.create(club=club, user_id=user.pk)
    return club


def director_add(*, club: Club, actor: Actor, username: str) -> Director:
    """Make a user, named by their user name, a director of the club."""
    require_director(actor, club)
    user = get_user_model().objects.filter(username=username).first()
    if user is None:
        raise NotFound("There is no user with this name.", code="no-such-user", field="username")
    director, _ = Director.objects.get_or_create(club=club, user_id=user.pk)
    return director


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
    name = clean_name(club_name, "club")
    users = get_user_model()
    if not 0 < len(username) <= MAX_USERNAME or not _valid(users.username_validator, username):
        raise Malformed(
            f"give a user name of 1 to {MAX_USERNAME} letters, digits and @ . + - _",
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
        club = Club.objects.filter(name__iexact=name).first()
        club_created = club is None
        if club is None:
            club = Club.objects.create(name=name)
        director, _ = Director.objects.get_or_create(club=club, user_id=user.pk)
    return DirectorMade(director, generated, user_created, club_created)


def _valid(validator: Callable[[str], None], value: str) -> bool:
    try:
        validator(value)
    except ValidationError:
        return False
    return True


def player_named(name: str, field: str) -> Player:
    name = clean_name(name, field, MAX_NAME)
    player = Player.objects.filter(name__iexact=name).first()
    if player is None:
        player = Player.objects.create(name=name)
    return player


def member_add(
    *,
    club: Club,
    actor: Actor,
    name: str | None = None,
    player_id: int | None = None,
    kind: str = Membership.Kind.MEMBER,
) -> Membership:
    """Add a member or a guest, by name (a new or known player) or by player id."""
    require_director(actor, club)
    if kind not in Membership.Kind.values:
        raise Malformed("a member or a guest", code="bad-kind", field="kind")
    with transaction.atomic():
        player = player_of(name=name, player_id=player_id)
        membership, created = Membership.objects.get_or_create(
            club=club, player=player, defaults={"kind": kind}
        )
        if not created and membership.kind != kind:
            membership.kind = kind
            membership.save(update_fields=["kind"])
    return membership


def player_of(*, name: str | None, player_id: int | None) -> Player:
    if (name is None) == (player_id is None):
        raise Malformed("give a player's name or id (one of them)", code="bad-player", field="name")
    if player_id is not None:
        player = Player.objects.filter(pk=player_id).first()
        if player is None:
            raise NotFound(
                "There is no player with this id.", code="no-such-player", field="player"
            )
        return player
    assert name is not None
    return player_named(name, "name")


def season_create(
    *, club: Club, actor: Actor, name: str, starts_on: datetime.date, ends_on: datetime.date
) -> Season:
    require_director(actor, club)
    name = clean_name(name, "name")
    if ends_on < starts_on:
        raise Malformed("a season ends after it starts", code="bad-dates", field="ends_on")
    if Season.objects.filter(club=club, name__iexact=name).exists():
        raise Conflict("This club has a season with this name.", code="season-exists", field="name")
    return Season.objects.create(club=club, name=name, starts_on=starts_on, ends_on=ends_on)
