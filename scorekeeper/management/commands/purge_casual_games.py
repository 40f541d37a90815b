"""Delete the casual games nobody touched for a while (CASUAL_GAME_DAYS, 365 by default), with
their hands, change log and players: for a systemd timer or a cron line (docs/privacy.md)."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from scorekeeper.events.services import casual_games_purge
from scorekeeper.events.services.privacy import casual_game_days
from scorekeeper.management.words import counted


class Command(BaseCommand):
    help = "Delete casual games (not a club night's) not touched for DAYS days."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--days",
            type=int,
            default=None,
            help=f"untouched for this many days (default: CASUAL_GAME_DAYS, {casual_game_days()})",
        )
        parser.add_argument("--dry-run", action="store_true", help="count, delete nothing")

    def handle(self, *args: Any, **options: Any) -> None:
        days = casual_game_days() if options["days"] is None else options["days"]
        if days < 0:
            self.stderr.write("--days is 0 or more")
            raise SystemExit(2)
        games, players = casual_games_purge(days=days, dry_run=options["dry_run"])
        verb = "would delete" if options["dry_run"] else "deleted"
        self.stdout.write(
            f"{verb} {counted(games, 'casual game')} untouched for {counted(days, 'day')}, "
            f"and {counted(players, 'player')}"
        )
