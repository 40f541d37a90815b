"""The event's change log (one of `scorekeeper.events.models`, which names it): what was
done to the night, by whom, why, and what it was before and after."""

from __future__ import annotations

from django.db import models

from scorekeeper.models import AppendOnly


class ResultChange(AppendOnly):
    """Append-only: the event's change log. Every entry, confirmation, dispute and correction
    of a table's result and the director's remedies (an assigned result, a forfeit, a
    substitute, a player absent, a team withdrawn, a level table's cut, a paper tally keyed
    in), and every act of the director on the night: players arriving and leaving, a round
    seated, undone or changed (seats swapped, a late arrival seated), time called, the night
    closed and reopened, the event's settings changed (each field, old and new), the
    database restored from a backup, and the phones: a table's join code issued anew, its
    scoring phone handed over, its confirming phones ended, the wrong join codes of the
    director's network forgiven; a team event's seeds ordered; a table's hand the director
    entered, changed or undid (before its result: after, the correction names it). An entry
    keeps the numbers of the round and the table it names, so it outlives an undone round."""

    class Action(models.TextChoices):
        ENTER = "enter", "entered the result"
        CONFIRM = "confirm", "confirmed the result"
        DISPUTE = "dispute", "disputed the result"
        CORRECT = "correct", "corrected the result"
        ASSIGN = "assign", "assigned a result"
        FORFEIT = "forfeit", "recorded a forfeit"
        SUBSTITUTE = "substitute", "seated a substitute"
        WITHDRAW = "withdraw", "withdrew a team"
        CUT = "cut", "decided a level table by a cut"
        ABSENT = "absent", "recorded a player absent"
        KEY_IN = "key-in", "keyed in a paper tally"
        ARRIVE = "arrive", "entered a late arrival"
        LEAVE = "leave", "recorded a player leaving"
        SEAT = "seat", "seated a round"
        UNSEAT = "unseat", "undid a seated round"
        SWAP = "swap", "swapped two players' seats"
        SEAT_LATE = "seat-late", "seated a late arrival in the round"
        TIME = "time", "called time"
        CLOSE = "close", "closed the night"
        REOPEN = "reopen", "reopened the night"
        SETTINGS = "settings", "changed the event's settings"
        RESTORE = "restore", "restored the database from a backup"
        CODE = "code", "issued the table a new join code"
        HAND_OVER = "hand-over", "handed the table to another phone"
        CONFIRMERS = "confirmers", "ended the table's confirming phones"
        JOIN_LIMIT = "join-limit", "let the phones on their network join again"
        SEEDS = "seeds", "ordered the teams' seeds"
        HAND = "hand", "entered, changed or undid a table's hand"

    event = models.ForeignKey("events.Event", related_name="changes", on_delete=models.CASCADE)
    table = models.ForeignKey(
        "events.Table", null=True, blank=True, related_name="changes", on_delete=models.SET_NULL
    )
    # The round and the table it names (null: the event as a whole), kept as numbers.
    round_number = models.PositiveSmallIntegerField(null=True, blank=True)
    table_number = models.PositiveSmallIntegerField(null=True, blank=True)
    action = models.CharField(max_length=10, choices=Action.choices)
    actor = models.CharField(max_length=100)
    reason = models.TextField(blank=True)
    before = models.JSONField(null=True, blank=True)
    after = models.JSONField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    # The Idempotency-Key a table's phone sent with the write (an entry, a confirmation, a
    # dispute): the same write sent again is found by it and changes nothing (null: none sent).
    key = models.CharField(max_length=255, null=True, blank=True)

    class Meta:
        ordering = ["event", "id"]
        constraints = [
            models.UniqueConstraint(
                fields=["table", "key"],
                condition=models.Q(key__isnull=False),
                name="result_change_key_once_a_table",
            )
        ]

    def __str__(self) -> str:
        return f"{self.actor} {self.action} {self.table}"
