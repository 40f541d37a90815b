"""The laptop server's log on a busy night: waitress's queue warnings, one line a minute."""

from __future__ import annotations

import logging

from scorekeeper.serve import QueueDepths


def warning(depth: int) -> logging.LogRecord:
    return logging.LogRecord(
        "waitress.queue", logging.WARNING, "task.py", 113, "Task queue depth is %d", (depth,), None
    )


def test_queue_warnings_come_through_once_a_minute_with_the_deepest_queue_since():
    depths = QueueDepths(every=60.0)
    first = warning(2)
    assert depths.filter(first)
    assert first.getMessage().startswith("Requests waited for a server thread: at most 2 queued")
    assert not any(depths.filter(warning(depth)) for depth in (5, 9, 3))
    depths.said_at -= 60.0  # a minute on
    later = warning(1)
    assert depths.filter(later)
    assert "at most 9 queued" in later.getMessage()
