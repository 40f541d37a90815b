"""`manage.py restore`: put the database back as a backup has it (see scorekeeper.backups), then
erase again every name the erasure ledger says was erased since (scorekeeper.erasure_ledger).
A damaged SQLite file in the way is set aside first (`<name>.damaged-<time>`)."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.db import DatabaseError, connection

from scorekeeper.backups import BackupError, backup_latest, backup_restore, damaged_set_aside
from scorekeeper.events.services import events_restored
from scorekeeper.management.words import counted


class Command(BaseCommand):
    # Run in a crisis to put the database back: the project's checks say nothing about that,
    # and ask for a second of CPU first.
    requires_system_checks = []
    help = (
        "Restore the database from a backup file (or, with --latest, the newest in BACKUP_DIR "
        "or BACKUP_MIRROR). "
        "Everything written since that backup is replaced; names erased since are erased again."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("path", nargs="?", help="a backup file made by `manage.py backup`")
        parser.add_argument("--latest", action="store_true", help="the newest backup")
        parser.add_argument("--yes", action="store_true", help="do not ask first")

    def handle(self, *args: Any, **options: Any) -> None:
        if bool(options["path"]) == bool(options["latest"]):
            raise CommandError("give a backup file or --latest (one of them)", returncode=2)
        try:
            path = backup_latest() if options["latest"] else Path(options["path"])
            if not options["yes"]:
                if not sys.stdin.isatty():
                    raise CommandError(
                        "no terminal to ask: add --yes, or pick the backup on screen at /events/restore/",
                        returncode=2,
                    )
                try:
                    answer = input(f"Replace the whole database with {path.name}? [y/N] ")
                except EOFError:
                    answer = ""
                if answer.strip().lower() not in {"y", "yes"}:
                    raise CommandError("nothing restored", returncode=2)
            # (the laptop died writing it: a damaged file cannot even be opened to restore)
            database = Path(connection.settings_dict["NAME"])
            if connection.vendor == "sqlite" and (aside := damaged_set_aside(database)):
                self.stdout.write(f"the database was damaged: it is kept as {aside}")
            backup_restore(path=path, by="terminal")
            again = events_restored()
        except BackupError as error:
            raise CommandError(str(error), returncode=2) from error
        except DatabaseError as error:
            raise CommandError(
                f"the database could not be restored: {error}", returncode=2
            ) from error
        self.stdout.write(f"restored {path}")
        if again:
            self.stdout.write(
                f"erased again: {counted(again, 'name')} erased after this backup was made"
            )
