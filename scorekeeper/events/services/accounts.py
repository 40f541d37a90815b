"""Directors' accounts: the name they are shown by, and invitations. A club's director invites
someone to direct it too, by email or by a one-time link handed over, or names a user by their
user name: an invitation then waits on that user's home page. Nobody directs a club without
taking an invitation up, and naming a user tells the director nothing about whether the name
is a user's, by its words or its time. A link's token is shown once and kept only as a digest; an invitation works once,
for `INVITE_DAYS` days (a setting). Signing in and out and passwords are Django's own
(`scorekeeper.events.pages.accounts`)."""

from __future__ import annotations

import datetime
import time
from dataclasses import dataclass
from typing import Final

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import transaction
from django.db.models import QuerySet
from django.utils import timezone
from django.utils.translation import gettext as _

from scorekeeper import names
from scorekeeper.errors import Conflict, Malformed, NotFound
from scorekeeper.events.access import Actor, require_director, require_signed_in
from scorekeeper.events.models import Director, DirectorInvite
from scorekeeper.models import Club
from scorekeeper.tokens import token_digest, token_new

#: The least time naming a user for an invitation takes: making one (a write) takes longer than
#: finding no such user, and a director timing the answers would learn who has an account.
INVITE_NAMED_SECONDS: Final = 0.25


@dataclass(frozen=True)
class InviteMade:
    invite: DirectorInvite
    token: str  # shown once: the link is made of it


def account_update(*, actor: Actor, display_name: str, email: str) -> None:
    """A director's display name (shown on pages and in logs instead of their user name) and
    the email address a password reset is sent to."""
    user = require_signed_in(actor)
    shown = names.name_clean(display_name, field="display_name", limit=names.PERSON)
    if not shown:
        raise Malformed(_("give a display name"), code="bad-name", field="display_name")
    get_user_model().objects.filter(pk=user.pk).update(first_name=shown, email=email)


def invite_days() -> int:
    return int(getattr(settings, "INVITE_DAYS", 7))


def invite_create(*, club: Club, actor: Actor, email: str = "") -> InviteMade:
    """An invitation to direct `club`, from one of its directors (sent to `email` by the
    caller, when given)."""
    user = require_director(actor, club)
    token = token_new()
    invite = DirectorInvite.objects.create(
        club=club,
        token_hash=token_digest(token),
        email=email,
        invited_by_id=user.pk,
        expires_at=timezone.now() + datetime.timedelta(days=invite_days()),
    )
    return InviteMade(invite, token)


def invite_named(*, club: Club, actor: Actor, username: str) -> None:
    """An invitation to direct `club` for the user of this name, waiting for them to accept
    it. Whether there is such a user is not told: nothing is made for a name no user has, for
    a director of the club already, or for a user already invited, and every answer takes
    `INVITE_NAMED_SECONDS` at the least."""
    inviter = require_director(actor, club)
    answer_at = time.monotonic() + INVITE_NAMED_SECONDS
    _invite_left(club, inviter.pk, username)
    time.sleep(max(0.0, answer_at - time.monotonic()))


def _invite_left(club: Club, inviter: int, username: str) -> None:
    invitee = get_user_model().objects.filter(username=username).first()
    if invitee is None:
        return
    with transaction.atomic():
        directs = Director.objects.filter(club=club, user_id=invitee.pk).exists()
        waiting = _waiting().filter(club=club, invitee_id=invitee.pk).exists()
        if directs or waiting:
            return
        DirectorInvite.objects.create(
            club=club,
            token_hash=token_digest(token_new()),  # never shown: no link opens it
            invitee_id=invitee.pk,
            invited_by_id=inviter,
            expires_at=timezone.now() + datetime.timedelta(days=invite_days()),
        )


def _waiting() -> QuerySet[DirectorInvite]:
    return DirectorInvite.objects.filter(
        used_at__isnull=True, declined_at__isnull=True, expires_at__gt=timezone.now()
    )


def invites_waiting(*, actor: Actor) -> list[DirectorInvite]:
    """The invitations waiting for the signed-in user to accept or decline, newest first."""
    user = require_signed_in(actor)
    return list(
        _waiting().filter(invitee_id=user.pk).select_related("club", "invited_by").order_by("-id")
    )


def invite_answer(*, invite_id: int, actor: Actor, accept: bool) -> Director | None:
    """The invited user accepts (and directs the club) or declines an invitation made for
    them; anyone else finds no such invitation."""
    user = require_signed_in(actor)
    with transaction.atomic():
        invite = (
            _waiting()
            .select_for_update(of=("self",))
            .filter(pk=invite_id, invitee_id=user.pk)
            .select_related("club")
            .first()
        )
        if invite is None:
            raise NotFound(
                _("There is no invitation with this id waiting for you."),
                code="no-such-invite",
                field="id",
            )
        if not accept:
            invite.declined_at = timezone.now()
            invite.save(update_fields=["declined_at"])
            return None
        invite.used_at, invite.used_by_id = timezone.now(), user.pk
        invite.save(update_fields=["used_at", "used_by"])
        director, _created = Director.objects.get_or_create(club=invite.club, user_id=user.pk)
    return director


def invite_for(*, token: str) -> DirectorInvite:
    """The invitation of this link, while it can still be used."""
    invite = (
        DirectorInvite.objects.select_related("club")
        .filter(token_hash=token_digest(token), invitee__isnull=True)
        .first()
    )
    if invite is None or invite.expires_at <= timezone.now():
        raise NotFound(
            _("This invitation link is not known, or has expired: ask for a new one."),
            code="no-such-invite",
            field="token",
        )
    if invite.used_at is not None:
        raise Conflict(
            _("This invitation link has been used already: ask for a new one."),
            code="invite-used",
            field="token",
        )
    return invite


def invite_accept(*, token: str, actor: Actor) -> Director:
    """The signed-in user takes the invitation up and directs the club; the link is spent
    (two people using it at once: one of them gets it)."""
    user = require_signed_in(actor)
    with transaction.atomic():
        invite = invite_for(token=token)
        spent = DirectorInvite.objects.filter(pk=invite.pk, used_at__isnull=True).update(
            used_at=timezone.now(), used_by_id=user.pk
        )
        if not spent:
            raise Conflict(
                _("This invitation link has been used already: ask for a new one."),
                code="invite-used",
                field="token",
            )
        director, _created = Director.objects.get_or_create(club=invite.club, user_id=user.pk)
    return director
