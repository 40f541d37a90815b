"""On SQLite, a server process's write transactions take turns on a lock of the process, and
the processes on a lock file beside the database (scorekeeper/sqlite/base.py): a writer waits
while another's transaction is open, gives up as SQLite would after the database's timeout,
and the turn passes on however a transaction ends (commit, rollback, or its connection
closed) — a turn never handed back would stop every write of the night."""

from __future__ import annotations

import os
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from django.db.utils import ConnectionHandler, OperationalError

try:
    import fcntl
except ImportError:
    fcntl = None  # type: ignore[assignment]


@pytest.fixture
def writers(tmp_path: Path, django_db_blocker: Any) -> Iterator[tuple[Any, Any]]:
    """Two connections of one process to one SQLite file, each waiting a tenth of a second."""
    options = {"transaction_mode": "IMMEDIATE", "timeout": 0.1}
    database = {"ENGINE": "scorekeeper.sqlite", "NAME": str(tmp_path / "w.sqlite3")}
    handler = ConnectionHandler(
        {name: {**database, "OPTIONS": options} for name in ("default", "b")}
    )
    with django_db_blocker.unblock():
        a, b = handler["default"], handler["b"]
        yield a, b
        handler.close_all()


def begin(connection: Any) -> None:
    """BEGIN IMMEDIATE, as `transaction.atomic` starts a transaction on SQLite."""
    connection.ensure_connection()
    connection._start_transaction_under_autocommit()


def test_a_writer_waits_for_the_open_transaction_and_gives_up_as_sqlite_would(writers):
    a, b = writers
    begin(a)
    with pytest.raises(OperationalError, match="database is locked"):
        begin(b)
    a.commit()
    begin(b)  # its turn now
    b.commit()


@pytest.mark.parametrize("ending", ["commit", "rollback", "close"])
def test_the_turn_passes_on_however_a_transaction_ends(writers, ending: str):
    a, b = writers
    begin(a)
    with a.cursor() as cursor:
        cursor.execute("CREATE TABLE IF NOT EXISTS hands (number integer)")
    getattr(a, ending)()
    begin(b)
    b.rollback()
    begin(a)  # and back again
    a.commit()


@pytest.mark.skipif(fcntl is None, reason="the processes' lock file needs flock (POSIX)")
def test_a_writer_waits_for_another_process_writing_and_gives_up_as_sqlite_would(writers):
    """Another server process writing holds the lock file beside the database (here a second
    open of it, which flock treats as another process's): a writer waits its timeout, then
    fails; once that process lets go, the writer's turn comes at once."""
    a, _ = writers
    other = os.open(f"{a.settings_dict['NAME']}-writers", os.O_RDWR | os.O_CREAT)
    try:
        fcntl.flock(other, fcntl.LOCK_EX)
        started = time.monotonic()
        with pytest.raises(OperationalError, match="database is locked"):
            begin(a)
        assert time.monotonic() - started >= 0.1
        fcntl.flock(other, fcntl.LOCK_UN)
        begin(a)
        # While this process writes, the other cannot take the turn.
        with pytest.raises(BlockingIOError):
            fcntl.flock(other, fcntl.LOCK_EX | fcntl.LOCK_NB)
        a.commit()
        fcntl.flock(other, fcntl.LOCK_EX | fcntl.LOCK_NB)
        fcntl.flock(other, fcntl.LOCK_UN)
    finally:
        os.close(other)
