"""What a backup holds (its note, scorekeeper.backups), and after a restore: what came back to
an event's tables since, and which phones have not been seen since (the director's console)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any
from uuid import UUID

from django.db.models import Count, Max, Q

from scorekeeper.events.models import Event, Result, ResultChange, Round, Table, TableToken
from scorekeeper.models import ChangeLogEntry, Hand, Restore, RestoreContact


def holdings() -> dict[str, Any]:
    """What the database holds now, as a backup's note says it: events, the latest round of
    each running one (complete: every table's result confirmed), hands, and the time of the
    last write."""
    running = Round.objects.filter(event__status=Event.Status.RUNNING).select_related("event")
    latest: dict[int, Any] = {}
    for played in running.order_by("number"):
        latest[played.event_id] = played
    unfinished = set(
        Table.objects.filter(round__in=list(latest.values()))
        .exclude(result__status=Result.Status.CONFIRMED)
        .values_list("round_id", flat=True)
    )
    # A hand's, a result's (entered, confirmed, disputed, corrected) or a director's act's.
    writes = (
        ChangeLogEntry.objects.aggregate(at=Max("created_at"))["at"],
        ResultChange.objects.aggregate(at=Max("created_at"))["at"],
        Event.objects.aggregate(at=Max("updated_at"))["at"],
    )
    last = max((at for at in writes if at is not None), default=None)
    return {
        "events": Event.objects.count(),
        "rounds": [
            {
                "id": r.event_id,
                "event": r.event.name,
                "round": r.number,
                "complete": r.pk not in unfinished,
            }
            for r in latest.values()
        ],
        "hands": Hand.objects.count(),
        "last_write": last.isoformat() if last else None,
    }


@dataclass(frozen=True)
class TableSince:
    number: int
    hands: int  # hands recorded at the table since the restore (sent again, or new)
    undos: int  # hands undone there since
    amendments: int  # hands amended there since
    result: list[str]  # what was done to its result since, in order: entered, confirmed, ...
    unseen: list[str]  # the table's phones (by role) not seen since


@dataclass(frozen=True)
class SinceRestore:
    restore: Restore
    tables: list[TableSince]


# The acts on a table's result a phone sends (and so sends again after a restore).
RESULT_ACTS = (
    ResultChange.Action.ENTER,
    ResultChange.Action.CONFIRM,
    ResultChange.Action.DISPUTE,
)


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
    tables = list(Table.objects.filter(round=latest).order_by("number"))
    hand_acts: dict[tuple[UUID | None, str], int] = {
        (row["game_id"], row["action"]): row["count"]
        for row in ChangeLogEntry.objects.filter(
            game_id__in=[t.game_id for t in tables if t.game_id is not None], created_at__gt=at
        )
        .order_by()
        .values("game_id", "action")
        .annotate(count=Count("id"))
    }
    result_acts: dict[int, list[str]] = {}
    for table_id, action in ResultChange.objects.filter(
        table__in=tables, action__in=RESULT_ACTS, created_at__gt=at
    ).values_list("table_id", "action"):
        acts = result_acts.setdefault(table_id, [])
        if action not in acts:
            acts.append(action)
    rows = []
    for table in tables:
        phones = TableToken.objects.filter(
            Q(role=TableToken.Role.SCORER, event_table=table.event_table) | Q(table=table),
            revoked_at__isnull=True,
        )
        rows.append(
            TableSince(
                number=table.number,
                hands=hand_acts.get((table.game_id, ChangeLogEntry.Action.RECORD), 0),
                undos=hand_acts.get((table.game_id, ChangeLogEntry.Action.UNDO), 0),
                amendments=hand_acts.get((table.game_id, ChangeLogEntry.Action.AMEND), 0),
                result=result_acts.get(table.pk, []),
                unseen=[str(phone.role) for phone in phones if phone.pk not in seen],
            )
        )
    return SinceRestore(restore, rows)
