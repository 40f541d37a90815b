"""What the tests that start servers and commands start from, made once a run and shared by its
test workers: a migrated database to copy (a SQLite file, or a PostgreSQL template database)
and the static files collected as production serves them (with the fingerprint that lets
`prepare_to_serve` skip collecting them again)."""

from __future__ import annotations

import fcntl
import hashlib
import os
import shutil
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit

from tests.commands import REPO

sys.path.insert(0, str(REPO / "bench"))
import harness


def postgres_url() -> str | None:
    """The PostgreSQL server of this run (DATABASE_URL), if it names one."""
    url = os.environ.get("DATABASE_URL", "")
    return url if url.startswith(("postgres://", "postgresql://")) else None


def on_postgres(url: str, *statements: str) -> None:
    """Run `statements` on the server of `url`, outside any database of the tests."""
    import psycopg

    admin = urlsplit(url)._replace(path="/postgres").geturl()
    with psycopg.connect(admin, autocommit=True) as conn:
        for statement in statements:
            conn.execute(statement)


def with_name(url: str, name: str) -> str:
    return urlsplit(url)._replace(path=f"/{name}").geturl()


@dataclass(frozen=True)
class Prepared:
    """The run's folder, shared by its workers, and what is made in it once."""

    folder: Path

    @contextmanager
    def _alone(self, name: str) -> Iterator[bool]:
        """Hold the run's lock `name`; yields whether `name` is still to be made."""
        with (self.folder / f"{name}.lock").open("w") as lock:
            fcntl.flock(lock, fcntl.LOCK_EX)
            done = self.folder / f"{name}.done"
            yield not done.exists()
            done.touch()

    @property
    def template(self) -> str:
        """The PostgreSQL template database's name: this run's own."""
        return "euchre_template_" + hashlib.sha256(str(self.folder).encode()).hexdigest()[:10]

    @property
    def static_root(self) -> Path:
        self._sqlite_template()
        return self.folder / "static"

    def _sqlite_template(self) -> Path:
        path = self.folder / "template.sqlite3"
        with self._alone("sqlite") as to_make:
            if to_make:
                env = harness.server_env(
                    f"sqlite:///{path}", STATIC_ROOT=str(self.folder / "static")
                )
                harness.manage(env, "prepare_to_serve")
        return path

    def database(self, folder: Path, name: str, kind: str = "") -> str:
        """A migrated database of this test's own, `name`: a SQLite file in `folder`, or a
        PostgreSQL database (`kind`, by default PostgreSQL when DATABASE_URL names it)."""
        server = postgres_url()
        if (kind or ("postgres" if server else "sqlite")) == "sqlite":
            path = folder / f"{name}.sqlite3"
            shutil.copyfile(self._sqlite_template(), path)
            return f"sqlite:///{path}"
        if server is None:
            raise AssertionError("a PostgreSQL database needs DATABASE_URL")
        made = f"euchre_{name}_{os.getpid()}"
        # One copy at a time: PostgreSQL copies a template nobody else is reading.
        with self._alone("postgres") as to_make:
            if to_make:
                on_postgres(server, f'DROP DATABASE IF EXISTS "{self.template}"')
                on_postgres(server, f'CREATE DATABASE "{self.template}"')
                harness.manage(harness.server_env(with_name(server, self.template)), "migrate")
            on_postgres(
                server,
                f'DROP DATABASE IF EXISTS "{made}" WITH (FORCE)',
                f'CREATE DATABASE "{made}" TEMPLATE "{self.template}"',
            )
            with (self.folder / "postgres.made").open("a") as made_list:
                made_list.write(made + "\n")  # (dropped with the template at the run's end)
        return with_name(server, made)

    def remove(self) -> None:
        """Drop what this run made on the PostgreSQL server."""
        server = postgres_url()
        if server is not None and (self.folder / "postgres.done").exists():
            made = self.folder / "postgres.made"
            for name in made.read_text().split() if made.exists() else []:
                on_postgres(server, f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
            on_postgres(server, f'DROP DATABASE IF EXISTS "{self.template}" WITH (FORCE)')
