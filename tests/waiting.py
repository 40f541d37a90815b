"""Waiting for what another process or thread does: ask until it holds, never a fixed sleep."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TypeVar

T = TypeVar("T")


def until(check: Callable[[], T], *, within: float, what: str, every: float = 0.1) -> T:
    """What `check()` returns once it is true, asked every `every` seconds; a failure naming
    `what` when it is still false after `within` seconds."""
    deadline = time.monotonic() + within
    while not (answer := check()):
        if time.monotonic() > deadline:
            raise AssertionError(f"not so after {within:g} s: {what}")
        time.sleep(every)
    return answer
