"""`manage.py backup`: a copy of the whole database in BACKUP_DIR (see scorekeeper.backups)."""

from __future__ import annotations

import math
import os
import signal
import sys
import threading
from collections.abc import Callable
from types import FrameType
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.db import DatabaseError, close_old_connections

from scorekeeper.backups import (
    BackupError,
    WriteWatch,
    backup_create,
    backups,
    mirror_plugged_back,
)
from scorekeeper.events.selectors import a_round_is_in_play, holdings
from scorekeeper.serve import when_orphaned

#: The database's mark at the timer's last backup (`WriteWatch.mark`).
Mark = tuple[int, int] | None


def stopper(stopped: threading.Event) -> Callable[[int, FrameType | None], None]:
    """A signal handler that sets `stopped` from a thread of its own: a handler runs in the
    thread it interrupts, which may hold the event's lock inside `stopped.wait` (setting it
    there would wait for that lock for good, and the server's supervisor with it)."""

    def stop(signum: int, frame: FrameType | None) -> None:
        threading.Thread(target=stopped.set, daemon=True).start()

    return stop


class Command(BaseCommand):
    # A copy of the database on a timer: it checks nothing of the project's code (the server
    # that runs it checked that when it started), and every minute would pay for the checks.
    requires_system_checks = []
    help = "Back up the whole database into BACKUP_DIR; --list shows the backups there."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--label", default="", help="a word added to the file's name")
        parser.add_argument("--list", action="store_true", help="list the backups, newest last")
        parser.add_argument(
            "--if-round-running",
            action="store_true",
            help="only while a table of a running event has no confirmed result (for a timer)",
        )
        parser.add_argument(
            "--every",
            type=float,
            default=0,
            metavar="SECONDS",
            help=(
                "stay running and back up every SECONDS, at low priority, until stopped "
                "(the laptop server's timer: one process all night, not one a backup)"
            ),
        )

    def handle(self, *args: Any, **options: Any) -> None:
        if options["list"]:
            try:
                found = backups()
            except BackupError as error:
                raise CommandError(str(error), returncode=2) from error
            for path in found:
                self.stdout.write(str(path))
            return
        every: float = options["every"]
        if not (math.isfinite(every) and every >= 0):
            raise CommandError(
                "--every takes a number of seconds (0: one backup now)", returncode=2
            )
        if not every:
            self._once(options, failing=True)
            return
        self._every(every, options)

    def _every(self, every: float, options: dict[str, Any]) -> None:
        """Back up on the interval until SIGTERM or SIGINT (or the server that started it is
        gone), finishing a backup under way; a backup that fails (or a database that does not
        answer) is said in one line and the next is tried on time."""
        stopped = threading.Event()
        for signum in (signal.SIGTERM, signal.SIGINT):
            signal.signal(signum, stopper(stopped))
        when_orphaned(stopped.set)
        if hasattr(os, "nice"):
            os.nice(10)  # the tables' requests come first
        watch, last = WriteWatch(), None
        try:
            while not stopped.wait(every):
                close_old_connections()
                last = self.tick(options, watch, last)
        finally:
            watch.close()

    def tick(self, options: dict[str, Any], watch: WriteWatch, last: Mark) -> Mark:
        """The timer's backup, unless nothing was written since its last (`last`: the
        watch's mark then): a night's backups are all kept until it closes, and interval after
        interval of the same copy would only bury the one that differs. (But the mirror the
        last one could not reach, plugged back in, gets one.) The mark now."""
        mark = watch.mark()
        if mark is not None and mark == last and not mirror_plugged_back():
            if options["verbosity"] >= 2:
                self.stdout.write("nothing written since the last backup")
                self.stdout.flush()
            return mark
        return mark if self._once(options, failing=False) else last

    def _once(self, options: dict[str, Any], *, failing: bool) -> bool:
        """A backup now (when a round is in play, with --if-round-running): whether one was
        made."""
        try:
            if options["if_round_running"] and not a_round_is_in_play():
                if options["verbosity"] >= 2:
                    self.stdout.write("no round in play")
                    self.stdout.flush()
                return False
            path = backup_create(label=options["label"], holds=holdings())
        except BackupError as error:
            if failing:
                raise CommandError(str(error), returncode=2) from error
            print(f"backup: {error}", file=sys.stderr, flush=True)
            return False
        except DatabaseError as error:
            if failing:
                raise
            # The database is down or busy: the next interval tries again.
            said = (str(error).strip().splitlines() or ["no message"])[0]
            print(f"backup: the database did not answer: {said}", file=sys.stderr, flush=True)
            return False
        self.stdout.write(str(path))
        self.stdout.flush()
        return True
