"""Players, games and their hands, and the change log.

A game's score is never stored: it is the sum of its hands' awards, and each award is what
the referee gave. Only the services in `scorekeeper.services` write these rows.
"""

from __future__ import annotations

import uuid
from typing import Any

from django.db import models


class Club(models.Model):
    name = models.CharField(max_length=100, unique=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name


class Player(models.Model):
    name = models.CharField(max_length=60, unique=True)
    club = models.ForeignKey(Club, null=True, blank=True, on_delete=models.SET_NULL)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name


class Game(models.Model):
    class Status(models.TextChoices):
        IN_PROGRESS = "in-progress", "in progress"
        FINISHED = "finished", "finished"

    # A random id: anyone who knows it may read the game, so it must not be guessable.
    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    club = models.ForeignKey(Club, null=True, blank=True, on_delete=models.SET_NULL)
    # The ruleset exactly as the referee writes it (`Ruleset.to_json()`).
    ruleset = models.JSONField()
    preset = models.CharField(max_length=30)
    target = models.PositiveSmallIntegerField()
    team_names = models.JSONField(default=list)
    first_dealer = models.PositiveSmallIntegerField()
    # Kept in step with the hands by every write service; the score itself is not stored.
    status = models.CharField(max_length=12, choices=Status.choices, default=Status.IN_PROGRESS)
    winner = models.PositiveSmallIntegerField(null=True, blank=True)
    version = models.PositiveIntegerField(default=1)
    token_hash = models.CharField(max_length=64, editable=False)
    # For a game whose id and token a phone chose: what it asked for, so that a replayed
    # creation is told from another game under the same id.
    create_digest = models.CharField(max_length=64, blank=True, editable=False)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-created_at"]

    def __str__(self) -> str:
        return f"{self.preset} game {self.id}"


class Seat(models.Model):
    game = models.ForeignKey(Game, related_name="seats", on_delete=models.CASCADE)
    number = models.PositiveSmallIntegerField()
    player = models.ForeignKey(Player, related_name="seats", on_delete=models.PROTECT)
    team = models.PositiveSmallIntegerField()

    class Meta:
        ordering = ["game", "number"]
        constraints = [
            models.UniqueConstraint(fields=["game", "number"], name="seat_unique_per_game"),
        ]

    def __str__(self) -> str:
        return f"seat {self.number}: {self.player}"


class Hand(models.Model):
    class Kind(models.TextChoices):
        PLAYED = "played", "played"
        THROWN_IN = "thrown-in", "thrown in"
        REDEAL = "redeal", "poor-hand redeal"
        PENALTY = "penalty", "penalty (renege)"

    game = models.ForeignKey(Game, related_name="hands", on_delete=models.CASCADE)
    number = models.PositiveIntegerField()
    dealer = models.PositiveSmallIntegerField()
    kind = models.CharField(max_length=10, choices=Kind.choices)
    trump = models.CharField(max_length=1, blank=True)
    maker = models.PositiveSmallIntegerField(null=True, blank=True)
    alone = models.BooleanField(default=False)
    defender_alone = models.PositiveSmallIntegerField(null=True, blank=True)
    maker_tricks = models.PositiveSmallIntegerField(null=True, blank=True)
    # The referee's award as in the spec: {"reason": ..., "points": {"0": 2}}.
    award = models.JSONField()
    record = models.JSONField(null=True, blank=True)
    verdict = models.JSONField(null=True, blank=True)
    idempotency_key = models.CharField(max_length=255, null=True, blank=True)
    request_digest = models.CharField(max_length=64, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["game", "number"]
        constraints = [
            models.UniqueConstraint(fields=["game", "number"], name="hand_number_unique_per_game"),
            models.UniqueConstraint(
                fields=["game", "idempotency_key"],
                condition=models.Q(idempotency_key__isnull=False),
                name="hand_idempotency_key_unique_per_game",
            ),
        ]

    def __str__(self) -> str:
        return f"hand {self.number} of {self.game_id}"

    def points_of(self, team: int) -> int:
        points: dict[str, Any] = self.award.get("points", {})
        return int(points.get(str(team), 0))


class ChangeLogEntry(models.Model):
    """Append-only: who changed which hand, when, why, and the hand before and after."""

    class Action(models.TextChoices):
        CREATE_GAME = "create-game", "created the game"
        RECORD = "record", "recorded a hand"
        AMEND = "amend", "amended a hand"
        UNDO = "undo", "undid the last hand"

    game = models.ForeignKey(Game, related_name="log", on_delete=models.CASCADE)
    hand_number = models.PositiveIntegerField(null=True, blank=True)
    action = models.CharField(max_length=12, choices=Action.choices)
    actor = models.CharField(max_length=100)
    reason = models.TextField(blank=True)
    before = models.JSONField(null=True, blank=True)
    after = models.JSONField(null=True, blank=True)
    version = models.PositiveIntegerField()
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["game", "id"]
        verbose_name_plural = "change log entries"

    def __str__(self) -> str:
        return f"{self.action} hand {self.hand_number} by {self.actor}"

    def save(self, *args: Any, **kwargs: Any) -> None:
        if self.pk is not None:
            raise ValueError("The change log is append-only.")
        super().save(*args, **kwargs)
