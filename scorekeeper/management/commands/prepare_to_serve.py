"""What `python -m scorekeeper.serve` runs before it serves: migrate the database, and collect
the static files unless they are the ones collected last time.

A SQLite file that is damaged (the laptop died while writing, the disk failed) is set aside
beside itself (`<name>.damaged-<time>`) and a new one made; on a database with no event while
backups are there, it says where to pick one on screen (/events/restore/), so the night goes
on without a terminal.

Collecting hashes every file's name into the others and compresses each (seconds on a laptop),
so a restart during a night skips it when no static file changed since: the collect leaves a
fingerprint of what it read (every file's path, size and time) beside the files it wrote.
"""

from __future__ import annotations

import hashlib
from pathlib import Path
from typing import Any

from django.conf import settings
from django.contrib.staticfiles import finders
from django.core.management import call_command
from django.core.management.base import BaseCommand
from django.db import connection

from scorekeeper import backups
from scorekeeper.management.words import counted

FINGERPRINT = ".collected-from"


def sources_fingerprint() -> str:
    """Every static file the finders would collect, with its size and time, and the storage
    that writes them, in one digest."""
    digest = hashlib.sha256(str(settings.STORAGES["staticfiles"]).encode())
    found = []
    for finder in finders.get_finders():
        for path, storage in finder.list([]):
            stat = Path(storage.path(path)).stat()
            found.append(f"{path}\0{stat.st_size}\0{stat.st_mtime_ns}")
    for line in sorted(found):
        digest.update(line.encode())
    return digest.hexdigest()


def restore_offered() -> list[backups.Found]:
    """The backups there are to restore when the database holds no event (else none)."""
    from scorekeeper.events.services import awaiting_restore

    return backups.backups_found() if awaiting_restore() else []


#: How many of the newest backups the terminal lists (the page lists them all).
LISTED = 5


def described(found: backups.Found) -> str:
    """One line for a backup: its name, where it is, and what its note says it holds."""
    where = " and ".join(str(place) for place in found.places)
    holds = found.holds
    if holds is None:
        return f"  {found.name} ({where}): what it holds is not noted"
    rounds = "".join(
        f"; {r['event']}, round {r['round']} {'complete' if r.get('complete') else 'in play'}"
        for r in holds.get("rounds", [])
    )
    last = f"; last write {holds['last_write']}" if holds.get("last_write") else ""
    return (
        f"  {found.name} ({where}): {counted(holds.get('events', 0), 'event')}, "
        f"{counted(holds.get('hands', 0), 'hand')}{rounds}{last}"
    )


class Command(BaseCommand):
    help = "Migrate the database, and collect the static files if they changed since last time."

    def handle(self, *args: Any, **options: Any) -> None:
        sqlite = connection.vendor == "sqlite"
        if sqlite and (aside := backups.damaged_set_aside(Path(connection.settings_dict["NAME"]))):
            self.stdout.write(
                f"The database was damaged: it is kept as {aside}; a new one is made."
            )
        call_command("migrate", interactive=False, verbosity=0)
        if found := restore_offered():
            here = counted(len(found), "backup is", "backups are")
            self.stdout.write(
                f"This database holds no event and {here} here, newest first: "
                "open /events/restore/ on this laptop to pick one and restore it."
            )
            for backup in found[:LISTED]:
                self.stdout.write(described(backup))
        root = Path(settings.STATIC_ROOT)
        stamp = root / FINGERPRINT
        sources = sources_fingerprint()
        if stamp.is_file() and stamp.read_text() == sources:
            return
        call_command("collectstatic", interactive=False, verbosity=0)
        stamp.write_text(sources)
