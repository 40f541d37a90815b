"""The counts the limits keep (wrong join codes, games started, wrong passwords): one row a key
in the database every app server shares, read and changed under the row's lock in one
transaction. Fifty guesses sent at once are counted one after another, each seeing the count
the one before left, so no more than the limit ever gets through.

Why the database and not the cache: Django's database cache reads a count, changes it and writes
it back without a lock (so do DRF's throttles over it), and a cache server with an atomic
increment is one more service for a club's laptop to run. Here every count is one short
transaction on the database the app uses anyway: an insert that does nothing when the row is
there, the rows read under their locks (taken in the order of their keys), and their update
(on SQLite the transaction takes the write lock when it begins, which serializes the same
way).

A count lasts a window: `period` seconds from its first count; a row whose window is over
counts from 0 again, and rows a day past their last count are deleted as new windows begin.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Final

from django.db import transaction

from scorekeeper.models import LimitCount

#: Rows this long past their last count are deleted (longer than any limit's period).
FORGOTTEN_AFTER: Final = 86400.0


@dataclass
class Window:
    """One key's count in its current window, as read under the row's lock; changed in place
    and written back when the `counted` block ends."""

    key: str
    period: float
    count: int
    since: float
    last: float

    @property
    def ends(self) -> float:
        return self.since + self.period

    def add(self, now: float) -> None:
        self.count += 1
        self.last = max(self.last, now)  # a clock read before the lock may be behind the row's

    def take_back(self) -> None:
        self.count = max(0, self.count - 1)

    def wait(self, now: float) -> int:
        """Whole seconds until this window is over (at least 1)."""
        return max(1, int(self.ends - now + 0.999))


@contextmanager
def counted(*keys: tuple[str, float], now: float | None = None) -> Iterator[list[Window]]:
    """The windows of `keys` (each a key and its period in seconds), locked for the block: what
    the block changes is written when it ends, all in one transaction. Keys are locked in one
    order, so two requests counting the same keys never wait on each other in a circle."""
    now = time.time() if now is None else now
    names = sorted({key for key, _period in keys})
    with transaction.atomic():
        LimitCount.objects.bulk_create(
            [LimitCount(key=key, count=0, since=now, last=now) for key in names],
            ignore_conflicts=True,
        )
        # Locked in the order of their keys (the sort comes before the lock): a scan's own
        # order follows where each row's latest version happens to lie, and two requests
        # locking the same rows in two orders would wait on each other for good.
        locking = LimitCount.objects.select_for_update().filter(key__in=names).order_by("key")
        rows = {row.key: row for row in locking}
        windows = []
        renewed = False
        for key, period in keys:
            row = rows[key]
            if row.count == 0 or row.since <= now - period:
                windows.append(Window(key, period, 0, now, now))
                renewed = True
            else:
                windows.append(Window(key, period, row.count, row.since, row.last))
        yield windows
        for window in windows:
            LimitCount.objects.filter(key=window.key).update(
                count=window.count, since=window.since, last=window.last
            )
        if renewed:
            # Only the forgotten rows no other request holds: one that waited here for a
            # row while holding its own could be waited on in turn.
            forgotten = (
                LimitCount.objects.select_for_update(skip_locked=True)
                .filter(last__lt=now - FORGOTTEN_AFTER)
                .exclude(key__in=names)
            )
            LimitCount.objects.filter(pk__in=list(forgotten.values_list("pk", flat=True))).delete()


def take_back(key: str, period: float) -> None:
    """One count of `key` taken back (what it counted turned out not to count)."""
    with counted((key, period)) as (window,):
        window.take_back()
