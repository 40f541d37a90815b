"""Django's SQLite backend, with a process's write transactions taking turns on a lock of
their own before SQLite's.

Every write transaction begins IMMEDIATE (settings: it takes SQLite's write lock at BEGIN). A
writer that finds the lock taken waits in SQLite's busy handler, which sleeps 1, 2, 5 ... up to
100 ms between tries: with a room's worth of server threads posting hands at once, one writer
can lose the race many times over and wait seconds while the lock is free most of that time.
Here the threads of one process queue on a lock of the process first, and the next is woken
the moment the last commits. The server's processes then take turns on a lock file beside the
database (`<name>-writers`, flock), tried every half millisecond: without it, one process's
writers would hand SQLite's lock on among themselves while another's slept in the handler. A
writer still waits at most the database's `timeout` in all, then fails as SQLite would
("database is locked").
"""

from __future__ import annotations

import contextlib
import os
import threading
import time
from typing import Any

try:
    import fcntl
except ImportError:  # (no flock: the processes meet in SQLite's handler as before)
    fcntl = None  # type: ignore[assignment]

from django.db.backends.sqlite3 import base, creation
from django.db.utils import OperationalError

_LOCKS: dict[str, threading.Lock] = {}
_LOCKS_LOCK = threading.Lock()
# The lock files' descriptors, by database, with the process that opened each (a process
# forked from it opens its own: a shared descriptor would share the turn).
_FILES: dict[str, tuple[int, int]] = {}
#: How long a process's next writer waits between tries of the processes' lock file.
_PAUSE = 0.0005


def _writers(name: str) -> threading.Lock:
    """The one lock of this process for the database file `name`."""
    with _LOCKS_LOCK:
        return _LOCKS.setdefault(name, threading.Lock())


def _lock_file(name: str) -> int:
    """This process's descriptor of the lock file the processes writing `name` share (opened
    once; only the holder of the process's lock uses it)."""
    with _LOCKS_LOCK:
        pid, descriptor = _FILES.get(name, (0, -1))
        if pid != os.getpid():
            descriptor = os.open(f"{name}-writers", os.O_RDWR | os.O_CREAT, 0o644)
            _FILES[name] = (os.getpid(), descriptor)
        return descriptor


def _take_file(descriptor: int, deadline: float) -> None:
    """This process's turn among the processes, or "database is locked" at the deadline."""
    while True:
        try:
            fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
            return
        except BlockingIOError:
            if time.monotonic() >= deadline:
                raise OperationalError("database is locked") from None
            time.sleep(_PAUSE)


def _forget(name: str) -> None:
    """Close this process's descriptor of `name`'s lock file, if it opened one."""
    with _LOCKS_LOCK:
        pid, descriptor = _FILES.pop(name, (0, -1))
    if pid == os.getpid():
        os.close(descriptor)


class DatabaseCreation(creation.DatabaseCreation):
    def _destroy_test_db(self, test_database_name: str, verbosity: int) -> None:
        """Remove a test database with the files beside it: the writers' lock file and
        SQLite's write-ahead log and its index."""
        django: Any = super()  # (a private method, not in Django's type stubs)
        django._destroy_test_db(test_database_name, verbosity)
        if test_database_name and not self.is_in_memory_db(test_database_name):
            _forget(test_database_name)
            for beside in ("-writers", "-wal", "-shm"):
                with contextlib.suppress(FileNotFoundError):
                    os.remove(f"{test_database_name}{beside}")


class DatabaseWrapper(base.DatabaseWrapper):
    creation_class = DatabaseCreation
    _holding: threading.Lock | None = None
    _holding_file: int | None = None

    def _django(self) -> Any:
        """Django's SQLite wrapper, whose transaction methods (private, not in its type
        stubs) these extend."""
        return super()

    def _start_transaction_under_autocommit(self) -> None:
        django = self._django()
        if getattr(self, "transaction_mode", None) != "IMMEDIATE" or self.is_in_memory_db():
            django._start_transaction_under_autocommit()
            return
        name = str(self.settings_dict["NAME"])
        wait = float(self.settings_dict["OPTIONS"].get("timeout", 5))
        deadline = time.monotonic() + wait
        lock = _writers(name)
        if not lock.acquire(timeout=wait):
            raise OperationalError("database is locked")
        self._holding = lock
        try:
            if fcntl is not None:
                descriptor = _lock_file(name)
                _take_file(descriptor, deadline)
                self._holding_file = descriptor
            django._start_transaction_under_autocommit()
        except BaseException:
            self._let_go()
            raise

    def _let_go(self) -> None:
        descriptor, self._holding_file = self._holding_file, None
        holding, self._holding = self._holding, None
        try:
            if descriptor is not None:
                fcntl.flock(descriptor, fcntl.LOCK_UN)
        finally:
            if holding is not None:
                holding.release()

    def _ending(self, how: str) -> None:
        """End the transaction as Django's wrapper does (`_commit`, `_rollback`, `_close`),
        and hand the turn on whatever happens."""
        try:
            getattr(self._django(), how)()
        finally:
            self._let_go()

    def _commit(self) -> None:
        self._ending("_commit")

    def _rollback(self) -> None:
        self._ending("_rollback")

    def _close(self) -> None:
        self._ending("_close")
