"""Real concurrency: threads released together, on PostgreSQL (row locks) or on the laptop's
SQLite (each writing transaction takes the write lock when it begins)."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

import pytest
from django.db import connection, connections

#: Marks a module whose tests race real threads: PostgreSQL only, skipped with a reason.
POSTGRES_ONLY = [
    pytest.mark.postgres,
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(
        connection.vendor != "postgresql",
        reason="row locks and real concurrency need PostgreSQL (set DATABASE_URL); .ci/run has it",
    ),
]

#: Marks a module whose tests race real threads on either database: what they prove holds on
#: the laptop stack's SQLite as on PostgreSQL.
EITHER_DATABASE = [pytest.mark.django_db(transaction=True)]


def all_at_once(count: int, work: Callable[[int], Any]) -> list[Any]:
    """Run `work(i)` in `count` threads released together; each thread has its own connection."""
    barrier = threading.Barrier(count)
    results: list[Any] = [None] * count

    def run(index: int) -> None:
        try:
            barrier.wait(timeout=30)
            results[index] = work(index)
        except Exception as error:  # reported by the assertions below
            results[index] = error
        finally:
            connections.close_all()

    threads = [threading.Thread(target=run, args=(i,)) for i in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    return results
