"""Django's SQLite backend, with a process's write transactions taking turns on a lock of
their own before SQLite's.

Every write transaction begins IMMEDIATE (settings: it takes SQLite's write lock at BEGIN). A
writer that finds the lock taken waits in SQLite's busy handler, which sleeps 1, 2, 5 ... up to
100 ms between tries: with a room's worth of server threads posting hands at once, one writer
can lose the race many times over and wait seconds while the lock is free most of that time.
Here the threads of one process queue on a lock of the process first, and the next is woken
the moment the last commits; only the server's other processes still meet in SQLite's handler.
A writer still waits at most the database's `timeout`, then fails as SQLite would ("database
is locked").
"""

from __future__ import annotations

import threading
from typing import Any

from django.db.backends.sqlite3 import base
from django.db.utils import OperationalError

_LOCKS: dict[str, threading.Lock] = {}
_LOCKS_LOCK = threading.Lock()


def _writers(name: str) -> threading.Lock:
    """The one lock of this process for the database file `name`."""
    with _LOCKS_LOCK:
        return _LOCKS.setdefault(name, threading.Lock())


class DatabaseWrapper(base.DatabaseWrapper):
    _holding: threading.Lock | None = None

    def _django(self) -> Any:
        """Django's SQLite wrapper, whose transaction methods (private, not in its type
        stubs) these extend."""
        return super()

    def _start_transaction_under_autocommit(self) -> None:
        django = self._django()
        if getattr(self, "transaction_mode", None) != "IMMEDIATE" or self.is_in_memory_db():
            django._start_transaction_under_autocommit()
            return
        lock = _writers(str(self.settings_dict["NAME"]))
        wait = float(self.settings_dict["OPTIONS"].get("timeout", 5))
        if not lock.acquire(timeout=wait):
            raise OperationalError("database is locked")
        self._holding = lock
        try:
            django._start_transaction_under_autocommit()
        except BaseException:
            self._let_go()
            raise

    def _let_go(self) -> None:
        holding, self._holding = self._holding, None
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
