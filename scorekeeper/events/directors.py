"""A club's directors and the invitations to become one (of `scorekeeper.events.models`,
which names them)."""

from __future__ import annotations

from django.conf import settings
from django.db import models

from scorekeeper.models import Club


class Director(models.Model):
    """A Django user who runs a club's events: creates them, seats rounds, corrects results."""

    club = models.ForeignKey(Club, related_name="directors", on_delete=models.CASCADE)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, related_name="club_directorships", on_delete=models.CASCADE
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["club", "user"], name="director_once_per_club"),
        ]

    def __str__(self) -> str:
        return f"{self.user} directs {self.club}"


class DirectorInvite(models.Model):
    """A director's invitation to direct the club too: a one-time link (emailed or handed over;
    only its token's hash is kept; it works once, until it expires), or one for a user named
    by their user name (`invitee`), waiting on their home page until they accept or decline."""

    club = models.ForeignKey(Club, related_name="invites", on_delete=models.CASCADE)
    token_hash = models.CharField(max_length=64, unique=True, editable=False)
    email = models.EmailField(blank=True)
    invited_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, related_name="+", on_delete=models.SET_NULL
    )
    created_at = models.DateTimeField(auto_now_add=True)
    expires_at = models.DateTimeField()
    used_at = models.DateTimeField(null=True, blank=True)
    used_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, related_name="+", on_delete=models.SET_NULL
    )
    invitee = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        related_name="director_invites",
        on_delete=models.CASCADE,
    )
    declined_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["club", "-id"]

    def __str__(self) -> str:
        return f"invitation to direct {self.club}"
