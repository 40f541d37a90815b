"""Answers many phones poll for, computed once per state and kept in the shared cache.

A night's watchers poll the standings and the rounds together, and arrive together: without
care, every request that finds the cache empty computes the same answer at the same moment
(and, on the laptop's SQLite, queues to write it). Here a server process computes one key's
answer once while its other requests for that key wait for it and then read what it kept.
Other processes share the database's cache, so a night computes a state at most once a
process.

An erasure of a player's name empties the cache (`scorekeeper.events.services.privacy`). An
answer made from what the database held before it must not be kept after it: a caller that
gives `still` has its answer kept only if `still()` says what it was made from is unchanged,
asked in the transaction that keeps it, which an erasure's waits for and which waits for an
erasure's (`erasure_excludes_keeping`): either the erasure empties the cache after the answer
is kept, or the answer finds the state moved and is not kept.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Final, TypeVar

from django.core.cache import caches
from django.db import DEFAULT_DB_ALIAS, connections, transaction

_T = TypeVar("_T")

# A key's lock and how many requests hold it or wait for it; the entry goes with the last.
_locks: dict[str, tuple[threading.Lock, list[int]]] = {}
_registry = threading.Lock()


#: The lock (PostgreSQL's, for a transaction) an erasure holds alone and keeping an answer
#: shares. On SQLite every writing transaction waits its turn already.
_KEEPING: Final = 0x6B657074


def kept(
    key: str, seconds: int, make: Callable[[], _T], *, still: Callable[[], bool] | None = None
) -> _T:
    """What the cache keeps under `key`, or `make()`'s answer, kept for `seconds`: made by one
    request of this process however many ask for it at once (and kept only if `still()`, when
    given, says what it was made from is unchanged: see the top)."""
    cache = caches["default"]
    value: _T | None = cache.get(key)
    if value is not None:
        return value
    with _alone(key) as others_first:
        # Another request was making it when this one came: it has kept it by now.
        if others_first:
            value = cache.get(key)
        if value is None:
            value = make()
            if still is None:
                cache.set(key, value, timeout=seconds)
            else:
                with transaction.atomic():
                    _lock(shared=True)
                    if still():
                        cache.set(key, value, timeout=seconds)
    return value


def erasure_excludes_keeping() -> None:
    """In an erasure's transaction, before it empties the cache: no answer is being kept until
    it commits, and one being kept now is kept before it goes on (see the top)."""
    _lock(shared=False)


def _lock(*, shared: bool) -> None:
    connection = connections[DEFAULT_DB_ALIAS]
    if connection.vendor != "postgresql":
        return
    call = "pg_advisory_xact_lock_shared" if shared else "pg_advisory_xact_lock"
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT {call}(%s)", [_KEEPING])


@contextmanager
def _alone(key: str) -> Iterator[bool]:
    """Holds `key`'s lock; whether other requests held it or waited for it on arrival."""
    with _registry:
        lock, users = _locks.setdefault(key, (threading.Lock(), [0]))
        users[0] += 1
        others_first = users[0] > 1
    try:
        with lock:
            yield others_first
    finally:
        with _registry:
            users[0] -= 1
            if not users[0]:
                del _locks[key]


def asking(key: str) -> int:
    """How many requests of this process are making or waiting for `key` (for the tests)."""
    with _registry:
        return _locks[key][1][0] if key in _locks else 0
