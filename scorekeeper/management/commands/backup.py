"""`manage.py backup`: a copy of the whole database in BACKUP_DIR (see scorekeeper.backups)."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from scorekeeper.backups import BackupError, backup_create, backups
from scorekeeper.events.selectors import a_round_is_in_play, holdings


class Command(BaseCommand):
    help = "Back up the whole database into BACKUP_DIR; --list shows the backups there."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--label", default="", help="a word added to the file's name")
        parser.add_argument("--list", action="store_true", help="list the backups, newest last")
        parser.add_argument(
            "--if-round-running",
            action="store_true",
            help="only while a table of a running event has no confirmed result (for a timer)",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        try:
            if options["list"]:
                for path in backups():
                    self.stdout.write(str(path))
                return
            if options["if_round_running"] and not a_round_is_in_play():
                return
            path = backup_create(label=options["label"], holds=holdings())
        except BackupError as error:
            raise CommandError(str(error), returncode=2) from error
        self.stdout.write(str(path))
