"""One seed a run for every test that draws at random (Hypothesis, the OpenSpiel differential,
the record fuzzer): the day's date (UTC) unless TEST_SEED names another. The first process of a
run fixes it in the environment, so its test workers share it, and pytest's header prints it:
any failure replays with TEST_SEED=<seed>."""

from __future__ import annotations

import datetime
import os


def run_seed() -> int:
    today = datetime.datetime.now(datetime.UTC).strftime("%Y%m%d")
    return int(os.environ.setdefault("TEST_SEED", today))
