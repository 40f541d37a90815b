"""The backup timer stops when told, whatever it was doing when the signal came."""

from __future__ import annotations

import signal
import threading

from scorekeeper.management.commands.backup import stopper


def test_a_stop_signal_that_interrupts_the_timer_inside_its_wait_still_stops_it():
    stopped = threading.Event()
    handler = stopper(stopped)
    # The lock `stopped.wait` holds at moments, in the thread the signal interrupts: setting
    # the event there would wait for it for good.
    with stopped._cond:  # type: ignore[attr-defined]
        handler(signal.SIGTERM, None)
        assert not stopped.is_set()
    assert stopped.wait(10)
