"""What a backup holds (its note, scorekeeper.backups), and after a restore: what came back to
an event's tables since, and which phones have not been seen since (the director's console)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.db.models import Max, Q

from scorekeeper.events.models import Event, Round, Table, TableToken
from scorekeeper.models import ChangeLogEntry, Hand, Restore, RestoreContact


def holdings() -> dict[str, Any]:
    """What the database holds now, as a backup's note says it: events, the rounds in play,
    hands, and the time of the last write."""
    running = Round.objects.filter(event__status=Event.Status.RUNNING).select_related("event")
    latest: dict[int, Any] = {}
    for played in running.order_by("number"):
        latest[played.event_id] = played
    last = ChangeLogEntry.objects.aggregate(at=Max("created_at"))["at"]
    last_event = Event.objects.aggregate(at=Max("updated_at"))["at"]
    if last is None or (last_event is not None and last_event > last):
        last = last_event
    return {
        "events": Event.objects.count(),
        "rounds": [
            {"id": r.event_id, "event": r.event.name, "round": r.number} for r in latest.values()
        ],
        "hands": Hand.objects.count(),
        "last_write": last.isoformat() if last else None,
    }


@dataclass(frozen=True)
class TableSince:
    number: int
    hands: int  # hands recorded at the table since the restore (sent again, or new)
    result: bool  # its result entered, confirmed or disputed since
    unseen: list[str]  # the table's phones (by role) not seen since


@dataclass(frozen=True)
class SinceRestore:
    restore: Restore
    tables: list[TableSince]


def since_restore(*, event: Event) -> SinceRestore | None:
    """The event's tables in its latest round since the database's last restore; None when
    it was never restored, or its latest round was seated since (nothing to come back to it),
    or the night is over."""
    restore = Restore.objects.order_by("-id").first()
    latest = event.rounds.order_by("-number").first()
    if (
        restore is None
        or latest is None
        or latest.created_at > restore.restored_at
        or event.status != Event.Status.RUNNING
    ):
        return None
    at = restore.restored_at
    seen = set(RestoreContact.objects.filter(restore=restore).values_list("device", flat=True))
    rows = []
    for table in Table.objects.filter(round=latest).select_related("result").order_by("number"):
        hands = 0
        if table.game_id is not None:
            hands = ChangeLogEntry.objects.filter(
                game_id=table.game_id, action=ChangeLogEntry.Action.RECORD, created_at__gt=at
            ).count()
        result = getattr(table, "result", None)
        came = result is not None and (
            result.entered_at > at or (result.confirmed_at is not None and result.confirmed_at > at)
        )
        phones = TableToken.objects.filter(
            Q(role=TableToken.Role.SCORER, event_table=table.event_table) | Q(table=table),
            revoked_at__isnull=True,
        )
        unseen = [str(phone.role) for phone in phones if phone.pk not in seen]
        rows.append(TableSince(table.number, hands, came, unseen))
    return SinceRestore(restore, rows)
