"""The event's change log, written in one place: every result's entry, confirmation, dispute
and correction, every remedy, and every act of a director on the night (players arriving
and leaving, rounds seated, undone or changed, time called, the night closed and reopened,
the event's settings changed, the database restored from a backup), each with who, why, and
what it was before and after.

An entry names its table (when it has one) and keeps the round's and the table's numbers,
so it still reads right once an undone round's tables are gone. A table's write to its result
keeps the Idempotency-Key its phone sent (`already_logged`): sent again, the write is found by
it and changes nothing.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Final

from django.utils.translation import gettext as _

from scorekeeper.errors import ChangedMeanwhile, Unprocessable
from scorekeeper.events.access import Actor
from scorekeeper.events.models import Event, ResultChange, Table
from scorekeeper.events.selectors.board import newest_of, scope_of, version_of
from scorekeeper.models import Player, Restore

#: Where an entry's before and after name a player, by id (their name is looked up as the log
#: is read: erasing a name rewrites none of the log for it).
PLAYER_KEYS: Final = (
    "entered_by",
    "confirmed_by",
    "disputed_by",
    "player",
    "players",
    "won_by",
)


def logged(
    event_id: int,
    action: str,
    actor: Actor,
    *,
    table: Table | None = None,
    round_number: int | None = None,
    reason: str = "",
    before: Any = None,
    after: Any = None,
    key: str | None = None,
) -> ResultChange:
    """Append an entry to the event's change log (a table's, or the event's as a whole,
    maybe naming a round), with the Idempotency-Key the write came with, if any."""
    if table is not None:
        round_number = table.round.number
    return ResultChange.objects.create(
        event_id=event_id,
        table=table,
        round_number=round_number,
        table_number=table.number if table is not None else None,
        action=action,
        actor=actor.label,
        reason=reason.strip(),
        before=before,
        after=after,
        key=key,
    )


def already_logged(table: Table, action: str, key: str | None) -> bool:
    """Whether the table's write sent with this Idempotency-Key is in the log already (sent
    again: its answer was lost, or the phone sends what it kept after a restore), so that it
    changes nothing now, whatever happened since. A key is the table's own (as a hand's is its
    game's); one spent at the table on another write is refused."""
    if key is None:
        return False
    found = ResultChange.objects.filter(table=table, key=key).values_list("action", flat=True)
    spent = found.first()
    if spent is None:
        return False
    if spent != action:
        raise Unprocessable(
            _("This Idempotency-Key was used for a different write."),
            code="idempotency-key-reused",
            field="Idempotency-Key",
        )
    return True


def restore_logged(restore: Restore) -> None:
    """The database was put back from a backup: an entry in the log of every night still open
    in it (draft or running), naming the backup and who restored it: a director, whoever sat
    at the laptop itself (its restore page, nobody signed in), or `manage.py restore`
    ("terminal")."""
    still_open = Event.objects.exclude(status=Event.Status.FINISHED)
    for event_id in still_open.values_list("pk", flat=True):
        ResultChange.objects.create(
            event_id=event_id,
            action=ResultChange.Action.RESTORE,
            actor=restore.restored_by or "laptop",
            after={"backup": restore.backup},
        )


def changes_json(changes: Iterable[ResultChange]) -> list[dict[str, Any]]:
    """Entries as the log shows them (`GET /api/v1/events/{id}/log/`, and the changes a 412
    lists), each with the names of the players it names (one look-up for them all)."""
    changes = list(changes)
    ids = {pk for change in changes for pk in _players_in(change)}
    names = {player.pk: player.shown for player in Player.objects.filter(pk__in=ids)}
    return [change_json(change, names) for change in changes]


def _players_in(change: ResultChange) -> list[int]:
    found: list[int] = []
    for snapshot in (change.before, change.after):
        if not isinstance(snapshot, dict):
            continue
        values = [snapshot.get(key) for key in PLAYER_KEYS]
        # (a round's seating undone: each table's players, by seat)
        seated = snapshot.get("tables")
        if isinstance(seated, list):
            values += seated
        for value in values:
            for pk in value if isinstance(value, list) else [value]:
                if isinstance(pk, int) and not isinstance(pk, bool):
                    found.append(pk)
    return found


def change_json(change: ResultChange, names: dict[int, str]) -> dict[str, Any]:
    """An entry as the log shows it; `names`: the players' names, by id."""
    return {
        "id": change.pk,
        "round": change.round_number,
        "table": change.table_number,
        "action": change.action,
        "actor": change.actor,
        "reason": change.reason,
        "before": change.before,
        "after": change.after,
        "players": {str(pk): names[pk] for pk in _players_in(change) if pk in names},
        "created_at": change.created_at.isoformat(),
    }


def require_fresh(event: Event, expected: int | None, table: Table | None = None) -> None:
    """The director read the table (or the event) as it stands (`If-Match`; None: any will
    do); else a 412 listing who changed what since, to look at before saving again."""
    if expected is None:
        return
    since = list(scope_of(event, table).filter(id__gt=expected).order_by("id"))
    if since:
        newest = since[-1].pk
    elif expected > newest_of(ResultChange.objects.filter(event_id=event.pk)):
        # Past the newest entry of the event's whole log (its tables' included): a version no
        # read of this event gave out (made up, or from another server) cannot prove the
        # director saw what stands, so nothing is changed on it.
        newest = version_of(event, table)
    else:
        return
    raise ChangedMeanwhile(
        _("Changed since you read it: look at what changed, then save again."),
        code="changed-meanwhile",
        field="If-Match",
        version=newest,
        changes=changes_json(since),
    )
