"""Backups of the whole database, and restoring one: a night's results outlive the laptop.

SQLite is copied with its online backup API (consistent while the server writes); PostgreSQL
with `pg_dump --format=custom` and put back with `pg_restore`. Backups are files in
`settings.BACKUP_DIR` named by the time they were made (UTC), newest last in name order; only
the newest `settings.BACKUP_KEEP` are kept.
"""

from __future__ import annotations

import datetime
import logging
import os
import re
import sqlite3
import subprocess
import threading
from pathlib import Path
from typing import Any

from django.conf import settings
from django.db import connection, transaction
from django.utils import timezone

SUFFIX = {"sqlite": ".sqlite3", "postgresql": ".pgdump"}
logger = logging.getLogger(__name__)
_LABEL = re.compile(r"[^a-z0-9-]+")
_STAMP = re.compile(r"^euchre-(\d{8}-\d{6}-\d{6})")


class BackupError(Exception):
    """A backup or a restore that could not be done; the message says why, in one line."""


def _vendor() -> str:
    if connection.vendor not in SUFFIX:
        raise BackupError(f"backups cover SQLite and PostgreSQL, not {connection.vendor}")
    return connection.vendor


def folder() -> Path:
    path = Path(settings.BACKUP_DIR)
    path.mkdir(parents=True, exist_ok=True)
    return path


def backups() -> list[Path]:
    """This database's kind of backup in the folder, oldest first."""
    suffix = SUFFIX[_vendor()]
    return sorted(p for p in folder().glob(f"euchre-*{suffix}") if p.is_file())


def _pg_env() -> tuple[list[str], dict[str, str]]:
    db: dict[str, Any] = connection.settings_dict
    args = ["--dbname", str(db["NAME"]), "--no-password"]
    if db.get("HOST"):
        args += ["--host", str(db["HOST"])]
    if db.get("PORT"):
        args += ["--port", str(db["PORT"])]
    if db.get("USER"):
        args += ["--username", str(db["USER"])]
    env = {**os.environ}
    if db.get("PASSWORD"):
        env["PGPASSWORD"] = str(db["PASSWORD"])
    return args, env


def _run(command: list[str], env: dict[str, str]) -> None:
    try:
        done = subprocess.run(command, env=env, capture_output=True, text=True, check=False)
    except FileNotFoundError as error:
        raise BackupError(f"{command[0]} is missing: install PostgreSQL's client") from error
    if done.returncode != 0:
        last = (done.stderr.strip().splitlines() or ["no message"])[-1]
        raise BackupError(f"{Path(command[0]).name} failed: {last}")


def backup_create(*, label: str = "") -> Path:
    """A new backup file of the whole database; the oldest beyond BACKUP_KEEP are removed."""
    vendor = _vendor()
    stamp = timezone.now().strftime("%Y%m%d-%H%M%S-%f")
    tag = _LABEL.sub("-", label.lower()).strip("-")[:40]
    name = f"euchre-{stamp}{'-' + tag if tag else ''}{SUFFIX[vendor]}"
    target = folder() / name
    partial = target.with_name(f".{name}.partial")
    try:
        if vendor == "sqlite":
            connection.ensure_connection()
            destination = sqlite3.connect(partial)
            try:
                connection.connection.backup(destination)
            finally:
                destination.close()
        else:
            args, env = _pg_env()
            _run(["pg_dump", "--format=custom", "--file", str(partial), *args], env)
        os.replace(partial, target)
    finally:
        partial.unlink(missing_ok=True)
    for old in backups()[: -settings.BACKUP_KEEP]:
        old.unlink(missing_ok=True)
    return target


def backup_made_at(path: Path) -> datetime.datetime | None:
    """When a backup was made, as its name says (UTC); None for a name not made here."""
    found = _STAMP.search(path.name)
    if found is None:
        return None
    made = datetime.datetime.strptime(found[1], "%Y%m%d-%H%M%S-%f")
    return made.replace(tzinfo=datetime.UTC)


def backups_before(moment: datetime.datetime) -> list[Path]:
    """The backups in the folder made before `moment`, oldest first."""
    return [path for path in backups() if (made := backup_made_at(path)) and made < moment]


def backup_latest() -> Path:
    found = backups()
    if not found:
        raise BackupError(f"no backup in {folder()}")
    return found[-1]


def backup_restore(*, path: Path) -> None:
    """Put the database back as the backup has it (everything since is gone)."""
    vendor = _vendor()
    if not path.is_file():
        raise BackupError(f"no backup file at {path}")
    if path.suffix != SUFFIX[vendor]:
        raise BackupError(f"{path.name} is not a {vendor} backup ({SUFFIX[vendor]})")
    if vendor == "sqlite":
        source = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
        try:
            if source.execute("PRAGMA quick_check").fetchone() != ("ok",):
                raise BackupError(f"{path.name} is damaged")
            connection.ensure_connection()
            source.backup(connection.connection)
        except sqlite3.DatabaseError as error:
            raise BackupError(f"{path.name} is not a SQLite database: {error}") from error
        finally:
            source.close()
    else:
        connection.close()
        args, env = _pg_env()
        _run(
            [
                "pg_restore",
                "--clean",
                "--if-exists",
                "--no-owner",
                "--single-transaction",
                *args,
                str(path),
            ],
            env,
        )


def backup_soon(*, label: str) -> None:
    """A backup made in the background once the current transaction commits (a night just
    closed, say): the request that asked for it does not wait, and a failure is logged."""

    def make() -> None:
        try:
            backup_create(label=label)
        except BackupError as error:
            logger.error("backup %s failed: %s", label, error)
        finally:
            connection.close()

    transaction.on_commit(lambda: threading.Thread(target=make, daemon=True).start())
