"""`manage.py make_director USERNAME --club "Club name" [--password ...]`: a director for a club.

Creates the user and the club when missing (the service `director_make` does the writes). A
new user without `--password` gets a generated one, printed once. Bad input exits with
status 2 and one line saying why.
"""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from scorekeeper.errors import DomainError
from scorekeeper.events.services import director_make


class Command(BaseCommand):
    help = "Make USERNAME a director of a club, creating the user and the club when missing."

    def add_arguments(self, parser: CommandParser) -> None:
        # Both are required, and checked in handle(): a missing one is one line, as any
        # other bad input, not argparse's usage screen.
        parser.add_argument("username", nargs="?", help="the director's user name (new or not)")
        parser.add_argument("--club", help="the club's name (created if new)")
        parser.add_argument(
            "--password",
            help="set this password (a new user without one gets a generated one, printed)",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        for name, missing in (("username", "give the user name"), ("club", "give --club NAME")):
            if options[name] is None:
                raise CommandError(f"{name}: {missing}", returncode=2)
        try:
            made = director_make(
                username=options["username"],
                club_name=options["club"],
                password=options["password"],
            )
        except DomainError as error:
            raise CommandError(f"{error.field}: {error.detail}", returncode=2) from error
        user, club = made.director.user, made.director.club
        news = [
            what for what, new in (("user", made.user_created), ("club", made.club_created)) if new
        ]
        self.stdout.write(
            f"{user.get_username()} directs {club.name}"
            + (f" (new {' and '.join(news)})" if news else "")
        )
        if made.password is not None:
            self.stdout.write(f"password: {made.password}")
