"""After a restore: the night epoch a table phone is told on each read, and which phones have
made contact since (scorekeeper.models.Restore; the restore itself is scorekeeper.backups)."""

from __future__ import annotations

from django.db.models import F

from scorekeeper import backups
from scorekeeper.events.models import Event, TableToken
from scorekeeper.events.services.night_log import restore_logged
from scorekeeper.events.services.privacy import erasures_reapply
from scorekeeper.models import Restore, RestoreContact

#: How far a restore moves every event's versions on: past any tag a reader kept before it.
VERSIONS_AFTER_RESTORE = 1_000_000

#: The (restore, device) pairs this process has already written down: a phone polls every few
#: seconds, and its contact is one row a restore.
_noted: set[tuple[str, int]] = set()


def night_epoch() -> Restore | None:
    """The last restore of this database (its epoch is the night's), or None: never restored."""
    return Restore.objects.order_by("-id").first()


def awaiting_restore() -> bool:
    """The database holds no event while backups wait beside it: the laptop died, and the
    server started on an empty (or set-aside) database the director is about to restore a
    backup into (restore on screen). A table phone's token is not unknown then, only not back
    yet: the phone is told to wait, never to leave its table and forget its night."""
    if Event.objects.exists():
        return False
    for place in backups.places():
        try:
            if backups.backups(place):
                return True
        except OSError:
            continue  # (a mirror unplugged)
    return False


def epoch_of(restore: Restore | None) -> str:
    """The night's epoch as phones are told it: the last restore's, empty before any."""
    return restore.epoch if restore is not None else ""


def device_seen(*, device: TableToken, restore: Restore | None) -> None:
    """Note that this phone made contact since the restore (once a restore)."""
    if restore is None or (restore.epoch, device.pk) in _noted:
        return
    RestoreContact.objects.get_or_create(restore=restore, device=device.pk)
    _noted.add((restore.epoch, device.pk))


def events_restored() -> int:
    """The database was just restored: every name the erasure ledger says was erased since
    the backup is erased again, and every event's versions move past any a reader holds (a
    console's, a projector's), whose tags would otherwise name a state the backup never had
    and be answered 304 with the page they kept; each open night's log says so. How many names
    were erased again."""
    erased = erasures_reapply()
    if (restore := night_epoch()) is not None:
        restore_logged(restore)
    Event.objects.update(
        version=F("version") + VERSIONS_AFTER_RESTORE,
        standings_version=F("standings_version") + VERSIONS_AFTER_RESTORE,
    )
    return erased
