"""Django's PostgreSQL backend, checking a kept connection's health without a round trip
while its socket is quiet.

With persistent connections (CONN_MAX_AGE) and health checks on, Django makes sure at the start
of every request that the connection it kept still works, by sending `SELECT 1` and waiting for
the answer: one more round trip for every request, where the most common one (a poll answered
304) otherwise makes one. A connection at rest has nothing to read: when the server ends it (a
restart, a failover, an idle timeout, its backend killed) it says so and closes, and the socket
becomes readable. So a kept connection psycopg knows open, sound and at rest (in no
transaction), with nothing waiting on its socket, is used as it is; any other (something
waiting: a farewell, or anything else; a transaction left open or failed) is checked with
`SELECT 1` as Django would, and a failed check opens a new connection for the request.
"""

from __future__ import annotations

import select

from django.db.backends.postgresql import base
from psycopg import pq


class DatabaseWrapper(base.DatabaseWrapper):
    def is_usable(self) -> bool:
        connection = self.connection
        if connection is None or connection.closed or connection.broken:
            return False
        try:
            waiting, _, _ = select.select([connection.fileno()], [], [], 0)
        except (OSError, ValueError):
            return False
        at_rest = connection.info.transaction_status == pq.TransactionStatus.IDLE
        return (at_rest and not waiting) or bool(super().is_usable())
