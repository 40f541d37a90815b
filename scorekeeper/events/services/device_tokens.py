"""A table phone's device token, and the phone known again after a restore lost it.

A device token is random and signed with what it was issued for: the physical table (and
when its event was made: a restored database numbers new rows as the backup's did, so an id
alone may name another club's table), the round's table, the role, the player a confirming
phone joined for, the night epoch it was issued in and when. The database keeps only its
digest. The event's own key signs it (Event.device_key, in every backup), so a backup restored
on a replacement laptop, whose secret key is not the dead one's, still reads it. A restore puts
back the database of the backup's time: a phone that joined since holds a token the restored
database has never seen. Its signature says this server issued it, its epoch that a restore
came after it, and its time that the backup was made before it, so on its next contact the
phone is known again, at the table it joined, and sends again what the restore lost (the room
is the backup). Nothing else makes a token known: one without a good signature, from the
current epoch, or older than the backup (whose database would have it, unless the event was
deleted) stays unknown.

Nor does a token a director's act or its phone's leaving ended (`tokens_revoke`): the act may
be one the restore lost, so each is written to the revocation ledger beside the backups
(`scorekeeper.revocation_ledger`), which a restore cannot take back, and a token it lists is
never known again. The night's close is not written there (a restore from before it brings
the night back open, with its phones), nor the handover a phone known again makes (the phone
it ends is the restored database's own: it joined before the backup).
"""

from __future__ import annotations

import secrets
import time
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Final

from django.core.signing import BadSignature, Signer
from django.db import IntegrityError, transaction
from django.db.models import QuerySet
from django.utils import timezone

from scorekeeper.backups import backup_made_at
from scorekeeper.events import selectors
from scorekeeper.events.models import Event, EventTable, Table, TableToken
from scorekeeper.events.services.changes import event_changed
from scorekeeper.events.services.restores import night_epoch
from scorekeeper.models import Player, Restore
from scorekeeper.revocation_ledger import Revocation, revocations_record, revoked
from scorekeeper.selectors import the_row
from scorekeeper.tokens import token_digest

_SALT: Final = "scorekeeper.events.table-device"
#: The epoch of a database never restored, as a token writes it.
_NEVER_RESTORED: Final = "-"


@dataclass(frozen=True)
class Issued:
    """What a device token was issued for."""

    event_table: int
    event_made: int  # when the table's event was made (microseconds since 1970, UTC)
    table: int | None
    role: str
    player: int | None
    epoch: str  # the night epoch it was issued in ("" before any restore)
    at: int = 0  # when it was issued (microseconds since 1970, UTC)


def _signer(key: str | None) -> Signer:
    """Its event's key signs a token; one issued before events had keys, this server's."""
    return Signer(key=key or None, salt=_SALT, sep=".")


def device_token_new(issued: Issued, key: str) -> str:
    """A new device token for this, signed with its event's `key` (shown once; only its
    digest is kept)."""
    fields = (
        str(issued.event_table),
        str(issued.event_made),
        str(issued.table or 0),
        issued.role,
        str(issued.player or 0),
        issued.epoch or _NEVER_RESTORED,
        str(issued.at or time.time_ns() // 1000),
        secrets.token_hex(16),
    )
    return _signer(key).sign(".".join(fields))


def shaped_as_issued(token: str) -> bool:
    """The token has the shape of one this server gives out (eight fields and the signature,
    the first a table's number), whether or not it could check the signature."""
    parts = token.split(".")
    return len(parts) == 9 and parts[0].isascii() and parts[0].isdigit()


def issued_for(token: str) -> Issued | None:
    """What a token this server signed was issued for (None: not one it signed)."""
    if not shaped_as_issued(token):
        return None
    event_table = token.split(".", 1)[0]
    keys = EventTable.objects.filter(pk=int(event_table) if len(event_table) < 19 else 0)
    for key in [*keys.values_list("event__device_key", flat=True), None]:
        try:
            fields = _signer(key).unsign(token).split(".")
            break
        except BadSignature:
            continue
    else:
        return None
    if len(fields) != 8 or fields[3] not in TableToken.Role.values:
        return None
    event_table, event_made, table, role, player, epoch, at, _nonce = fields
    return Issued(
        event_table=int(event_table),
        event_made=int(event_made),
        table=int(table) or None,
        role=role,
        player=int(player) or None,
        epoch="" if epoch == _NEVER_RESTORED else epoch,
        at=int(at),
    )


def made_at(moment: datetime) -> int:
    """A moment as a token writes it: microseconds since 1970, UTC."""
    return round(moment.timestamp() * 1_000_000)


def physical_tables_locked(tables: QuerySet[EventTable]) -> list[int]:
    """Lock physical tables as a phone's join locks its own before its token refers to it
    (their rows only, FOR NO KEY UPDATE, in order: a round seated meanwhile, whose tables
    refer to them, never waits on them): the ids of those still there."""
    locking = tables.select_for_update(no_key=True, of=("self",)).order_by("pk")
    return list(locking.values_list("pk", flat=True))


def device_known_again(token: str) -> TableToken | None:
    """The phone holding a token a restore lost, known again (None: the token is not one).

    A scoring phone goes back to its physical table, as its scorer: it joined after the
    phone the restored database has there, so that one is handed over (but a phone that
    joined since the restore keeps the table). A confirming phone goes back to the round's
    table it joined at, if the restored night has it."""
    issued = issued_for(token)
    restore = None if issued is None else night_epoch()
    if issued is None or restore is None or issued.epoch == restore.epoch:
        return None
    made = backup_made_at(Path(restore.backup))
    if made is None or issued.at <= made_at(made):
        return None  # (the backup's database had it, unless its event was deleted since)
    event_table = EventTable.objects.select_related("event").filter(pk=issued.event_table).first()
    if event_table is None or made_at(event_table.event.created_at) != issued.event_made:
        return None  # (its event is gone, and another has its number now, or none)
    digest = token_digest(token)
    if revoked(digest):
        return None  # (the director, or the phone itself, ended it after the backup)
    try:
        with transaction.atomic():
            physical_tables_locked(EventTable.objects.filter(pk=event_table.pk))
            # (This phone's other request, waited for here, may have made it known already.)
            known = TableToken.objects.filter(token_hash=digest).exists()
            if not known and not _token_made_again(issued, event_table, restore, digest):
                return None
    except IntegrityError:
        pass  # (the same phone's other request made it known again first)
    return the_row(
        TableToken.objects.select_related("event_table__event__club", "table").filter(
            token_hash=digest
        )
    )


def _token_made_again(
    issued: Issued, event_table: EventTable, restore: Restore, digest: str
) -> bool:
    """The restored night's token for the phone, made again (its physical table locked):
    False where it is not to be (another phone took the table since, its table is gone)."""
    table = Table.objects.filter(pk=issued.table or 0, event_table=event_table).first()
    if issued.role == TableToken.Role.SCORER:
        scoring = TableToken.objects.filter(
            event_table=event_table, role=issued.role, revoked_at__isnull=True
        )
        if scoring.filter(created_at__gte=restore.restored_at).exists():
            return False  # another phone took the table since the restore: it keeps it
        scoring.update(revoked_at=timezone.now(), ended=TableToken.Ended.HANDED_OVER)
        table = selectors.table_now(event_table=event_table) or table
    elif table is None:
        return False
    player = issued.player
    if player is not None and not Player.objects.filter(pk=player).exists():
        player = None
    TableToken.objects.create(
        event_table=event_table,
        table=table,
        role=issued.role,
        token_hash=digest,
        label="known again after a restore",
        player_id=player,
    )
    event_changed(event_table.event_id, standings=False)
    return True


def tokens_revoke(*, tokens: QuerySet[TableToken], event: Event, ended: str) -> int:
    """End the phones' tokens still working among `tokens` (of `event`), for the reason
    `ended`, and write each to the revocation ledger before the caller's transaction commits:
    how many were ended."""
    now = timezone.now()
    # (Their rows only, in order: a token's default ordering joins its physical table and its
    # event, whose rows a plain lock would take too, against the order a join takes them.)
    working = list(
        tokens.filter(revoked_at__isnull=True)
        .select_for_update(of=("self",))
        .order_by("pk")
        .values_list("pk", "token_hash", "event_table_id")
    )
    count = TableToken.objects.filter(
        pk__in=[pk for pk, _digest, _table in working], revoked_at__isnull=True
    ).update(revoked_at=now, ended=ended)
    made = made_at(event.created_at)
    revocations_record(
        Revocation(digest=digest, event_table=table, event_made=made, ended=ended, at=now)
        for _pk, digest, table in working
    )
    return count
