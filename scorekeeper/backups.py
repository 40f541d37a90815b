"""Backups of the whole database, and restoring one: a night's results outlive the laptop.

SQLite is copied with its online backup API (consistent while the server writes); PostgreSQL
with `pg_dump --format=custom` and put back with `pg_restore`. Backups are files in
`settings.BACKUP_DIR` named by the time they were made (UTC), newest last in name order, each
with a note beside it of what it holds (`<file>.json`: events, the round in play, hands, the
time of the last write). When `settings.BACKUP_MIRROR` names a second place (another disk, a
USB stick) every backup is copied there too; a mirror that cannot be written leaves the backup
in BACKUP_DIR and says so in `last-backup.json`, which the director's screens read.

What is kept: every backup made while a night is open (labelled `round`) until every night in
play in it has closed (a later `night-<id>-closed` backup), the last of each closed night (its
close), and of the others the newest BACKUP_KEEP.

Beside the backups are the ledgers of what a restore must not take back (`LEDGERS`): files of
JSON lines, appended to and never rewritten, that no backup holds. Each line is written to the
mirror too when it is plugged in, each backup mirrored merges the ledgers into the mirror's,
and a ledger is read from both places.
"""

from __future__ import annotations

import datetime
import json
import logging
import os
import re
import secrets
import shutil
import sqlite3
import subprocess
import tempfile
import threading
import weakref
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from django.conf import settings
from django.db import connection, transaction
from django.utils import timezone

SUFFIX = {"sqlite": ".sqlite3", "postgresql": ".pgdump"}
logger = logging.getLogger(__name__)
_LABEL = re.compile(r"[^a-z0-9-]+")
#: The timer's backups while a round is in play, and a closed night's last one.
ROUND_LABEL = "round"
_CLOSED = re.compile(r"-night-([0-9]+)-closed\.")
#: Where the last backup went, read by the director's screens (in BACKUP_DIR).
STATUS_FILE = "last-backup.json"
#: The erasure ledger (`scorekeeper.erasure_ledger`), beside the backups and mirrored with them.
LEDGER = "erasures.jsonl"
#: The revocation ledger (`scorekeeper.revocation_ledger`), beside them the same way.
REVOCATIONS = "revocations.jsonl"
LEDGERS = (LEDGER, REVOCATIONS)
_STAMP = re.compile(r"^euchre-(\d{8}-\d{6}-\d{6})")


class BackupError(Exception):
    """A backup or a restore that could not be done; the message says why, in one line."""


def _vendor() -> str:
    if connection.vendor not in SUFFIX:
        raise BackupError(f"backups cover SQLite and PostgreSQL, not {connection.vendor}")
    return connection.vendor


class WriteWatch:
    """Whether anything was committed to the SQLite database since the last look: the timer
    keeps one, a connection of its own that only reads `PRAGMA data_version` (which moves
    when another connection commits, and not when the log is merged into the file, as a file's
    size and time would). A new database file (set aside, restored over) is a new watch."""

    def __init__(self) -> None:
        self._db: sqlite3.Connection | None = None
        self._file: tuple[str, int] | None = None
        self._opened = 0

    def mark(self) -> tuple[int, int] | None:
        """The same mark twice: nothing was committed in between. None where it cannot be
        told (PostgreSQL, a file that cannot be read)."""
        if connection.vendor != "sqlite":
            return None
        name = str(connection.settings_dict["NAME"])
        try:
            file = (name, os.stat(name).st_ino)
            if self._db is None or self._file != file:
                self.close()
                self._db = sqlite3.connect(f"file:{name}?mode=ro", uri=True)
                self._file, self._opened = file, self._opened + 1
            version = self._db.execute("PRAGMA data_version").fetchone()[0]
        except (OSError, sqlite3.Error):
            self.close()
            return None
        return self._opened, int(version)

    def close(self) -> None:
        if self._db is not None:
            self._db.close()
        self._db, self._file = None, None


def folder() -> Path:
    path = Path(settings.BACKUP_DIR)
    path.mkdir(parents=True, exist_ok=True)
    return path


def backups(place: Path | None = None) -> list[Path]:
    """This database's kind of backup in the folder (or `place`), oldest first."""
    suffix = SUFFIX[_vendor()]
    where = folder() if place is None else place
    if not where.is_dir():
        return []
    return sorted(p for p in where.glob(f"euchre-*{suffix}") if p.is_file())


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


def backup_create(*, label: str = "", holds: dict[str, Any] | None = None) -> Path:
    """A new backup file of the whole database and, beside it, the note of what it `holds`
    (the events app says: `scorekeeper.events.selectors.holdings`), copied to the mirror when
    one is set; what is no longer kept is removed from both places."""
    vendor = _vendor()
    stamp = timezone.now().strftime("%Y%m%d-%H%M%S-%f")
    tag = _LABEL.sub("-", label.lower()).strip("-")[:40]
    name = f"euchre-{stamp}{'-' + tag if tag else ''}{SUFFIX[vendor]}"
    target = folder() / name
    partial = target.with_name(f".{name}.partial")
    try:
        _private(partial)
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
    _write_atomically(note_of(target), json.dumps(holds or {}, indent=1))
    mirrored, failure = _mirror(target)
    _prune(folder())
    if mirrored:
        _prune(mirrored)
    status = {
        "at": timezone.now().isoformat(),
        "file": name,
        "folder": str(folder()),
        "mirror": str(settings.BACKUP_MIRROR) if settings.BACKUP_MIRROR else None,
        "mirror_failed": failure,
    }
    _write_atomically(folder() / STATUS_FILE, json.dumps(status, indent=1))
    return target


def _private(path: Path) -> None:
    """An empty file only its owner can read, for a backup to be written into: a backup holds
    the sessions, password hashes and PINs (pg_dump, sqlite and copyfile keep the mode of a
    file that is there)."""
    os.close(os.open(path, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o600))


def note_of(path: Path) -> Path:
    """The note beside a backup of what it holds."""
    return path.with_name(path.name + ".json")


def _write_atomically(path: Path, text: str) -> None:
    """The file as a whole or as it was. Each writer has a partial file of its own: two
    backups ending at once (the timer's and a night just closed) both write the status, and
    the later replace stands."""
    handle, partial = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".partial", dir=path.parent)
    with os.fdopen(handle, "w", encoding="utf-8") as out:
        out.write(text)
    os.replace(partial, path)


def mirror_folder() -> Path | None:
    """BACKUP_MIRROR when one is set and plugged in."""
    mirror: Path | None = settings.BACKUP_MIRROR
    return mirror if mirror is not None and mirror.is_dir() else None


def _mirror(made: Path) -> tuple[Path | None, str | None]:
    """Copy a backup and its note to BACKUP_MIRROR, and the ledgers with them: where they
    went, or why they could not."""
    mirror: Path | None = settings.BACKUP_MIRROR
    if mirror is None:
        return None, None
    try:
        if not mirror.is_dir():
            raise FileNotFoundError(f"{mirror} is not a folder (is the disk plugged in?)")
        for source in (made, note_of(made)):
            partial = mirror / f".{source.name}.partial"
            partial.unlink(missing_ok=True)
            try:
                _private(partial)
                shutil.copyfile(source, partial)
                os.replace(partial, mirror / source.name)
            finally:
                partial.unlink(missing_ok=True)  # (a stick filled up: nothing half-copied left)
        for ledger in LEDGERS:
            _ledger_mirrored(made.with_name(ledger), mirror / ledger)
    except OSError as error:
        reason = str(error.strerror or error) if error.filename is None else str(error)
        logger.error("backup %s not mirrored: %s", made.name, reason)
        return None, reason
    return mirror, None


def _ledger_mirrored(ledger: Path, mirrored: Path) -> None:
    """The mirror's ledger holds every line of this one (and keeps its own: a laptop restored
    from the mirror starts a new ledger). Lines it lacks are appended, never written over: an
    erasure or a revocation appending its own line meanwhile keeps it (a line twice is read
    once)."""
    if not ledger.exists():
        return
    lines = ledger.read_text(encoding="utf-8").splitlines()
    with mirrored.open("a+", encoding="utf-8") as out:
        out.seek(0)
        held = out.read()
        have = set(held.splitlines())
        missing = [line for line in dict.fromkeys(lines) if line not in have]
        if missing:
            # (a line cut short by a crash ends where the next begins: it stays unreadable)
            start = "\n" if held and not held.endswith("\n") else ""
            out.write(start + "".join(f"{line}\n" for line in missing))
            out.flush()
            os.fsync(out.fileno())


def ledger_append(ledger: str, lines: list[dict[str, Any]]) -> None:
    """Add the lines to the ledger named `ledger` (one of LEDGERS), on the disk before this
    returns; and to the mirror's, when it is plugged in (if not, the next backup mirrored
    takes the ledger)."""
    if not lines:
        return
    text = "".join(json.dumps(line, sort_keys=True) + "\n" for line in lines)
    _appended(folder() / ledger, text)
    mirror = mirror_folder()
    if mirror is not None:
        try:
            _appended(mirror / ledger, text)
        except OSError as error:
            logger.error("%s not mirrored: %s", ledger, error)


def _appended(path: Path, text: str) -> None:
    with path.open("a", encoding="utf-8") as out:
        out.write(text)
        out.flush()
        os.fsync(out.fileno())


def ledger_lines(ledger: str) -> list[dict[str, Any]]:
    """Every line of the ledger named `ledger`, in BACKUP_DIR and on the mirror, as written
    (a line that cannot be read is passed over: a write cut short by a crash)."""
    found = []
    for place in places():
        try:
            text = (place / ledger).read_text(encoding="utf-8")
        except OSError:  # none yet, or a mirror unplugged
            continue
        for line in text.splitlines():
            try:
                data = json.loads(line)
            except ValueError:
                continue
            if isinstance(data, dict):
                found.append(data)
    return found


def _prune(place: Path) -> None:
    """Keep every backup of an open night, the last of each closed one, and of the others
    the newest BACKUP_KEEP (see the top)."""
    found = backups(place)
    closes = [(i, int(m[1])) for i, p in enumerate(found) if (m := _CLOSED.search(p.name))]
    timer = [p for p in found if p.name.endswith(f"-{ROUND_LABEL}{p.suffix}")]
    gone = [p for p in timer if _closed_since(found.index(p), _in_play(p), closes)]
    others = [p for p in found if p not in timer and not _CLOSED.search(p.name)]
    gone += others[: -max(1, settings.BACKUP_KEEP)]
    for path in gone:
        path.unlink(missing_ok=True)
        note_of(path).unlink(missing_ok=True)


def _in_play(path: Path) -> list[int] | None:
    """The events with a round in play in a backup, from its note (None: not noted by id)."""
    try:
        rounds = json.loads(note_of(path).read_text(encoding="utf-8"))["rounds"]
        ids = [int(played["id"]) for played in rounds]
    except (OSError, ValueError, KeyError, TypeError):
        return None
    return ids or None


def _closed_since(at: int, in_play: list[int] | None, closes: list[tuple[int, int]]) -> bool:
    """Whether every night in play in the backup at `at` has closed since (a later close of
    that night); a backup that does not say which nights were in play goes at any later
    close."""
    later = {night for i, night in closes if i > at}
    if in_play is None:
        return bool(later)
    return later.issuperset(in_play)


@dataclass(frozen=True)
class Found:
    """A backup on this laptop: its name, the places it is in, what it holds (None when its
    note is missing), and its size."""

    name: str
    places: tuple[Path, ...]
    holds: dict[str, Any] | None
    size: int

    @property
    def path(self) -> Path:
        return self.places[0] / self.name


def places() -> list[Path]:
    """Where backups are looked for: BACKUP_DIR, then the mirror when one is set."""
    mirror: Path | None = settings.BACKUP_MIRROR
    return [Path(settings.BACKUP_DIR), *([mirror] if mirror else [])]


def backups_found() -> list[Found]:
    """Every backup in both places, newest first; one found in both is listed once."""
    by_name: dict[str, list[Path]] = {}
    for place in places():
        try:
            for path in backups(place):
                by_name.setdefault(path.name, []).append(place)
        except OSError:
            continue  # a mirror unplugged
    found = []
    for name in sorted(by_name, reverse=True):
        where = tuple(by_name[name])
        path = where[0] / name
        try:
            holds = json.loads(note_of(path).read_text(encoding="utf-8"))
        except (OSError, ValueError):
            holds = None
        found.append(Found(name, where, holds, path.stat().st_size))
    return found


def mirror_plugged_back() -> bool:
    """The last backup could not be copied to the mirror, and the mirror is there now."""
    last = last_backup()
    return bool(last and last.get("mirror_failed")) and mirror_folder() is not None


def last_backup() -> dict[str, Any] | None:
    """Where and when the last backup went (see STATUS_FILE), or None before the first."""
    try:
        status: dict[str, Any] = json.loads(
            (Path(settings.BACKUP_DIR) / STATUS_FILE).read_text(encoding="utf-8")
        )
    except (OSError, ValueError):
        return None
    return status


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
    """The newest backup in BACKUP_DIR or the mirror (a replacement laptop may have only the
    mirror's stick plugged in); of two copies of one backup, BACKUP_DIR's."""
    here, mirror = folder(), mirror_folder()
    found = backups() + (backups(mirror) if mirror is not None else [])
    if not found:
        places = f"{here} or {mirror}" if mirror is not None else str(here)
        raise BackupError(f"no backup in {places}")
    oldest = datetime.datetime.min.replace(tzinfo=datetime.UTC)
    return max(found, key=lambda path: (backup_made_at(path) or oldest, path.parent == here))


def damaged_set_aside(path: Path) -> Path | None:
    """Move a damaged SQLite database file (and its WAL) aside, beside itself as
    `<name>.damaged-<time>`, so a new one can be made or a backup put in its place; where it
    went, or None for a healthy or missing file."""
    if not path.is_file() or path.stat().st_size == 0:
        return None
    try:
        check = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
        try:
            healthy = check.execute("PRAGMA quick_check").fetchone() == ("ok",)
        finally:
            check.close()
    except sqlite3.DatabaseError:
        healthy = False
    if healthy:
        return None
    connection.close()
    aside = path.with_name(f"{path.name}.damaged-{timezone.now():%Y%m%d-%H%M%S}")
    os.replace(path, aside)
    for extra in ("-wal", "-shm"):
        Path(f"{path}{extra}").unlink(missing_ok=True)
    return aside


def backup_restore(*, path: Path, by: str = "") -> str:
    """Put the database back as the backup has it (everything since is gone), and start a new
    night epoch there (scorekeeper.models.Restore): its id, which every table read now says."""
    vendor = _vendor()
    if not path.is_file():
        raise BackupError(f"no backup file at {path}")
    if path.suffix != SUFFIX[vendor]:
        raise BackupError(f"{path.name} is not a {vendor} backup ({SUFFIX[vendor]})")
    if vendor == "sqlite":
        # (immutable: a backup never changes, and nothing is made beside it, -wal or -shm)
        source = sqlite3.connect(f"file:{path}?mode=ro&immutable=1", uri=True)
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
    from scorekeeper.models import Restore

    epoch = secrets.token_hex(8)
    Restore.objects.create(epoch=epoch, backup=path.name, restored_by=by[:150])
    return epoch


def backup_soon(*, label: str, holdings: Callable[[], dict[str, Any]] | None = None) -> None:
    """A backup made in the background once the current transaction commits (a night just
    closed, say): the request that asked for it does not wait, and a failure is logged."""

    def make() -> None:
        try:
            backup_create(label=label, holds=holdings() if holdings else None)
        except BackupError as error:
            logger.error("backup %s failed: %s", label, error)
        finally:
            connection.close()

    def start() -> None:
        thread = threading.Thread(target=make, daemon=True)
        _in_background.add(thread)
        thread.start()

    transaction.on_commit(start)


_in_background: weakref.WeakSet[threading.Thread] = weakref.WeakSet()


def backups_settled(*, within: float = 60) -> None:
    """Wait for the backups `backup_soon` started to finish: a test ends this way before it
    empties the database a backup may still be reading, and a command before it exits."""
    for thread in list(_in_background):
        thread.join(within)
