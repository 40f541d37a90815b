"""A real server for the phones: its own database (PostgreSQL when DATABASE_URL names one,
else a SQLite file), static files collected as for a night, and the app server started and
killed as a process (bench/harness.py). This build's databases are copies of the run's migrated
template and its static files are the run's (tests/prepared.py); database names carry the
test's process id, so these tests run beside others."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from tests.commands import run_python
from tests.prepared import Prepared, postgres_url

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "bench"))
import harness  # noqa: E402
from table import api_get  # noqa: E402


@dataclass
class Stack:
    """Databases, backups, static files and one server process at a time, on one port (the
    phones' origin stays the same across restarts)."""

    folder: Path
    prepared: Prepared
    port: int = field(default_factory=harness.free_port)
    databases: list[str] = field(default_factory=list)
    process: subprocess.Popen[bytes] | None = None

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def database(self, name: str) -> str:
        """A new, empty database for this test: `euchre_<name>_<pid>` or a SQLite file."""
        url = postgres_url()
        if url is None:
            database = f"sqlite:///{self.folder / f'{name}.sqlite3'}"
        else:
            database = urlsplit(url)._replace(path=f"/euchre_{name}_{os.getpid()}").geturl()
            harness.fresh_postgres_database(database)
        self.databases.append(database)
        return database

    def migrated(self, name: str) -> str:
        """A new database of this build, migrated: a copy of the run's template."""
        database = self.prepared.database(self.folder, name)
        self.databases.append(database)
        return database

    def env(self, database: str, repo: Path = REPO) -> dict[str, str]:
        env = harness.server_env(
            database,
            HTTPS="0",
            CONN_MAX_AGE="0",
            STATIC_ROOT=str(
                self.prepared.static_root if repo == REPO else self.folder / f"static-{repo.name}"
            ),
            BACKUP_DIR=str(self.folder / "backups"),
            LIMIT_GAMES="1000/hour",
        )
        env["PYTHONPATH"] = f"{repo}{os.pathsep}{REPO / 'bench'}"
        env.pop("PYTHONWARNINGS", None)
        return env

    def manage(self, database: str, *args: str, repo: Path = REPO) -> str:
        done = run_python("manage.py", *args, env=self.env(database, repo), cwd=repo)
        assert done.returncode == 0, done.stderr
        return done.stdout

    def python(self, database: str, script: str) -> Any:
        """Run `script` with Django set up on this database; what it prints, read as JSON."""
        setup = "import django; django.setup()\n"
        done = run_python("-c", setup + script, env=self.env(database))
        assert done.returncode == 0, done.stderr
        return json.loads(done.stdout)

    def prepare(self, database: str, repo: Path = REPO) -> None:
        """Migrate the database as `repo`'s build does; another build's static files are
        collected for it (this build's are the run's)."""
        self.manage(database, "migrate", "--noinput", "-v0", repo=repo)
        if repo != REPO:
            self.manage(database, "collectstatic", "--noinput", "-v0", repo=repo)

    def start(self, database: str, repo: Path = REPO) -> None:
        """The app server (waitress, as the laptop's stack runs it) on this database."""
        assert self.process is None
        # The build's own code comes first on PYTHONPATH (see env).
        self.process = harness.start_server(
            "scorekeeper.wsgi:application",
            self.env(database, repo),
            port=self.port,
            server="waitress",
            workers=4,
        )

    def read(self, path: str) -> Any:
        """What the server answers at `path` (JSON), as a phone would read it."""
        return api_get(self.base, path)

    def kill(self) -> None:
        """The laptop dies: the server gets no chance to finish anything."""
        assert self.process is not None
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(timeout=30)
        self.process = None

    def stop(self) -> None:
        if self.process is not None:
            self.process.terminate()
            self.process.wait(timeout=30)
            self.process = None

    def remove(self) -> None:
        self.stop()
        url = postgres_url()
        if url is None:
            return
        import psycopg

        admin = urlsplit(url)._replace(path="/postgres").geturl()
        with psycopg.connect(admin, autocommit=True) as conn:
            for database in self.databases:
                name = urlsplit(database).path.lstrip("/")
                conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


SEAT_A_NIGHT = """
import json
from django.contrib.auth.models import User
from scorekeeper.events import services
from scorekeeper.events.access import Actor

director = Actor(user=User.objects.create_user("night-director"))
club = services.club_create(actor=director, name="Riverside Euchre Club")
event = services.event_create(
    club=club, actor=director, name="Club night", format="progressive", round_length="hands",
    hands_per_round=8, rounds_planned=2, published=True, seed=5,
)
for name in ["Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal"]:
    services.entrant_add(event=event, actor=director, name=name)
played = services.round_generate(event=event, actor=director)
print(json.dumps([
    {"code": t.event_table.join_code, "game": str(t.game_id),
     "seats": [s.player.name for s in t.seats.order_by("number")]}
    for t in played.tables.order_by("number")
]))
"""
