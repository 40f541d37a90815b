"""Clubs and their players, games and their hands, and the change log.

A game's score is never stored: it is the sum of its hands' awards, and each award is what
the referee gave. Only the services in `scorekeeper.services` write these rows.
"""

from __future__ import annotations

import uuid
from collections.abc import Iterable
from typing import Any, ClassVar

from django.db import models

from scorekeeper import names
from scorekeeper.names import name_key


class AppendOnly(models.Model):
    """A log: rows are added and never changed."""

    #: Its `save` only refuses to change a row: a new row may be inserted as the ORM inserts
    #: it (`scorekeeper.compiled_writes.row_insert`).
    inserted_as_saved: ClassVar[bool] = True

    class Meta:
        abstract = True

    def save(self, *args: Any, **kwargs: Any) -> None:
        if self.pk is not None:
            raise ValueError(f"{type(self).__name__} is an append-only log.")
        super().save(*args, **kwargs)


class Club(models.Model):
    name = models.CharField(max_length=100)
    # The name's key (`scorekeeper.names.name_key`): no two clubs share one.
    name_key = models.TextField(unique=True, editable=False)
    # The club's language for its emails and for visitors whose browser asks for none we
    # speak ("" follows the visitor), and the time zone its pages, printouts and exports use
    # (an IANA name that zoneinfo knows).
    language = models.CharField(max_length=8, blank=True, default="")
    time_zone = models.CharField(max_length=64, default="UTC")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name

    def save(self, *args: Any, **kwargs: Any) -> None:
        self.name_key = name_key(self.name)
        kwargs["update_fields"] = _with_keys(kwargs.get("update_fields"), {"name": "name_key"})
        super().save(*args, **kwargs)


class Player(models.Model):
    """Someone who plays. A club's player is on its roster (a member or a guest), where names
    are matched by `scorekeeper.names` and a label tells two of one name apart. A casual
    game's player belongs to no club: each seat of such a game has its own, never matched by
    name and never listed.

    Seats, entries and results refer to a player by id only, so a name can change, or become
    a placeholder, while every number stays (a placeholder must still be unique in the club:
    give it the player's id).
    """

    class Kind(models.TextChoices):
        MEMBER = "member", "member"
        GUEST = "guest", "guest"
        CASUAL = "casual", "a casual game's player"

    name = models.CharField(max_length=names.PERSON)
    label = models.CharField(max_length=names.LABEL, blank=True)
    club = models.ForeignKey(
        Club, null=True, blank=True, related_name="players", on_delete=models.PROTECT
    )
    kind = models.CharField(max_length=6, choices=Kind.choices)
    # The keys of the name and the label (`scorekeeper.names.name_key`), kept by save();
    # text, since a key can be longer than its name.
    match_key = models.TextField(editable=False)
    label_key = models.TextField(blank=True, editable=False)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name", "label", "id"]
        constraints = [
            models.UniqueConstraint(
                fields=["club", "match_key", "label_key"],
                condition=models.Q(club__isnull=False),
                name="player_name_once_per_club",
            ),
            models.CheckConstraint(
                condition=models.Q(kind="casual", club__isnull=True)
                | (~models.Q(kind="casual") & models.Q(club__isnull=False)),
                name="player_of_a_club_unless_casual",
            ),
        ]

    def __str__(self) -> str:
        return self.shown

    @property
    def shown(self) -> str:
        return names.name_shown(self.name, self.label)

    def save(self, *args: Any, **kwargs: Any) -> None:
        self.match_key = name_key(self.name)
        self.label_key = name_key(self.label)
        kwargs["update_fields"] = _with_keys(
            kwargs.get("update_fields"), {"name": "match_key", "label": "label_key"}
        )
        super().save(*args, **kwargs)


def _with_keys(fields: Iterable[str] | None, keys: dict[str, str]) -> list[str] | None:
    """`update_fields` with the key of each name among them."""
    if fields is None:
        return None
    fields = list(fields)
    return fields + [key for name, key in keys.items() if name in fields and key not in fields]


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
    # Where the game stands, derived from its hands and kept in step with them by every write
    # service in the same transaction, so that a hand is recorded without reading the others
    # (a test checks them against the hands): the score is the sum of the referee's awards.
    status = models.CharField(max_length=12, choices=Status.choices, default=Status.IN_PROGRESS)
    winner = models.PositiveSmallIntegerField(null=True, blank=True)
    score = models.JSONField(default=list)
    dealer = models.PositiveSmallIntegerField(default=0)  # who deals the next hand
    last_hand = models.PositiveIntegerField(default=0)  # the number of the last hand
    hands_dealt = models.PositiveIntegerField(default=0)  # hands but poor-hand redeals
    version = models.PositiveIntegerField(default=1)
    # How many times the names the game shows were rewritten (a player's erasure): a read's
    # ETag says it with the version, so a phone holding the old names is sent the new ones,
    # while the version a write names (If-Match) stays the game's own.
    renamed = models.PositiveIntegerField(default=0)
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


def _key_spent_once_per_game(name: str) -> models.UniqueConstraint:
    """An Idempotency-Key is spent once in a game; a hand or entry without one (null) is free."""
    return models.UniqueConstraint(
        fields=["game", "idempotency_key"],
        condition=models.Q(idempotency_key__isnull=False),
        name=name,
    )


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
    # Under an auction (Bid Euchre), what the makers bid: a number of tricks, "moon" or
    # "loner" ("" in a turn-up game, or when not known).
    bid = models.CharField(max_length=5, blank=True, default="")
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
            _key_spent_once_per_game("hand_idempotency_key_unique_per_game"),
        ]

    def __str__(self) -> str:
        return f"hand {self.number} of {self.game_id}"

    @property
    def bid_said(self) -> int | str | None:
        """The bid as the API says it: a number of tricks, ``moon`` or ``loner``, or null."""
        return int(self.bid) if self.bid.isdigit() else self.bid or None

    def points_of(self, team: int) -> int:
        points: dict[str, Any] = self.award.get("points", {})
        return int(points.get(str(team), 0))


class ChangeLogEntry(AppendOnly):
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
    # A recorded hand's Idempotency-Key and what was asked with it: kept here, where nothing is
    # ever deleted, a key stays spent after its hand is undone.
    idempotency_key = models.CharField(max_length=255, null=True, blank=True)
    request_digest = models.CharField(max_length=64, blank=True)
    # What a recorded hand's write answered besides the hand itself (its verdict and times,
    # where the game then stood), so that a retry of its key is answered the same, whatever
    # happened to the game since.
    answer = models.JSONField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["game", "id"]
        verbose_name_plural = "change log entries"
        constraints = [
            _key_spent_once_per_game("log_idempotency_key_once_per_game"),
        ]

    def __str__(self) -> str:
        return f"{self.action} hand {self.hand_number} by {self.actor}"


class Restore(AppendOnly):
    """The database put back from a backup. Each restore starts a new night epoch: a random id
    every table phone's read carries, so a phone that finds it moved sends again what it sent
    this night (the keys make a replay a no-op). Kept in the restored database itself."""

    epoch = models.CharField(max_length=32, unique=True)
    backup = models.CharField(max_length=255)
    restored_by = models.CharField(max_length=150, blank=True)
    restored_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["id"]

    def __str__(self) -> str:
        return f"restored {self.backup} ({self.epoch})"


class RestoreContact(models.Model):
    """A table phone (its device token's id) that made contact since a restore: the console
    names the phones not seen since."""

    restore = models.ForeignKey(Restore, related_name="contacts", on_delete=models.CASCADE)
    device = models.BigIntegerField()
    seen_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["restore", "device"], name="restore_contact_once")
        ]


class LimitCount(models.Model):
    """What one limit has counted for one key (a client's wrong join codes, the wrong passwords
    given for a user name): a window that began at `since`, its `count`, and the time of the
    latest. Changed only under the row's lock, by `scorekeeper.counters`."""

    key = models.CharField(max_length=200, primary_key=True)
    count = models.PositiveIntegerField(default=0)
    since = models.FloatField()  # seconds since the epoch
    last = models.FloatField()

    class Meta:
        indexes = [models.Index(fields=["last"], name="limit_count_last")]

    def __str__(self) -> str:
        return f"{self.key}: {self.count}"
