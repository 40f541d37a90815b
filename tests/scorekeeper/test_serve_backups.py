"""While a round is in play, the laptop's server backs the database up on its interval
(`scorekeeper.serve.back_up_while_rounds_run`, `manage.py backup --if-round-running`), and
between nights it leaves the backup folder alone. Run for real: the loop in a thread with a
short interval, the real command in its own process, a real SQLite file under production
settings, as `make serve` has them."""

from __future__ import annotations

import argparse
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from api_tables import REPO_ROOT

from scorekeeper import serve
from tests.prepared import Prepared
from tests.waiting import until

pytestmark = pytest.mark.slow

#: The interval the loop is given here (BACKUP_INTERVAL is 60 on a laptop).
EVERY = 1.0

#: A night with one round seated and no result yet, made the way a director makes it.
A_ROUND_IN_PLAY = """
from scorekeeper.events import services
from scorekeeper.events.access import Actor
made = services.director_make(username="dora", club_name="Riverside Euchre Club")
dora = Actor(user=made.director.user)
event = services.event_create(
    club=made.director.club, actor=dora, name="Tuesday", format="progressive",
    round_length="hands", hands_per_round=8, entry="totals", rounds_planned=2,
)
for name in ("Ann", "Ben", "Cat", "Dan"):
    services.entrant_add(event=event, actor=dora, name=name)
services.round_generate(event=event, actor=dora)
"""


@dataclass
class Laptop:
    env: dict[str, str]
    backups: Path

    def manage(self, *args: str) -> None:
        subprocess.run(
            [sys.executable, str(REPO_ROOT / "manage.py"), *args],
            cwd=REPO_ROOT,
            env=self.env,
            check=True,
            capture_output=True,
        )

    def made(self) -> list[Path]:
        return sorted(self.backups.glob("euchre-*-round.sqlite3"))


@pytest.fixture
def laptop(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, prepared: Prepared) -> Laptop:
    """A club's laptop: its own SQLite file, migrated, and the environment serve runs with."""
    for name in ("DJANGO_DEBUG", "HTTPS", "DATABASE_URL"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("DATABASE_URL", prepared.database(tmp_path, "club", kind="sqlite"))
    monkeypatch.setenv("BACKUP_DIR", str(tmp_path / "backups"))
    monkeypatch.setenv("SECRET_KEY", "a-laptop-key-" + "x" * 50)
    env = serve.environment(argparse.Namespace(behind_proxy=False), addresses=[])
    return Laptop(env, tmp_path / "backups")


@dataclass
class Loop:
    """Serve's backup loop, on its short interval until the test ends, and how many times it
    has run the backup command."""

    start: Callable[[], None]
    runs: list[int]


@pytest.fixture
def loop(laptop: Laptop, monkeypatch: pytest.MonkeyPatch) -> Iterator[Loop]:
    stopped = threading.Event()
    thread = threading.Thread(
        target=serve.back_up_while_rounds_run, args=(laptop.env, EVERY, stopped), daemon=True
    )
    runs: list[int] = []
    run = subprocess.run

    def counted(command: list[str], *args: Any, **kwargs: Any) -> Any:
        done = run(command, *args, **kwargs)
        if "--if-round-running" in command:
            runs.append(done.returncode)
        return done

    monkeypatch.setattr(serve.subprocess, "run", counted)
    yield Loop(thread.start, runs)
    stopped.set()
    if thread.ident is not None:  # started
        thread.join(timeout=60)
        assert not thread.is_alive()


def wait_for(count: int, laptop: Laptop, within: float) -> list[Path]:
    return until(
        lambda: len(laptop.made()) >= count and laptop.made(),
        within=within,
        what=f"{count} backups",
    )


def test_while_a_round_is_in_play_the_loop_backs_up_on_its_interval(laptop: Laptop, loop: Loop):
    laptop.manage("shell", "-c", A_ROUND_IN_PLAY)
    started = time.monotonic()
    loop.start()
    first = wait_for(1, laptop, within=60)
    # Not before the interval has passed, then again after another.
    assert time.monotonic() - started >= EVERY
    again = wait_for(2, laptop, within=60)
    assert len(again) >= 2 and again[0] == first[0]
    assert all(path.stat().st_size > 0 for path in again)


def test_between_nights_the_loop_leaves_the_folder_alone(laptop: Laptop, loop: Loop):
    loop.start()
    # Several intervals, each running the real command, which finds no round in play.
    until(lambda: len(loop.runs) >= 2, within=60, what="two runs of the backup command")
    assert loop.runs[:2] == [0, 0] and laptop.made() == []
    # The same loop, still running, backs up once the night's first round is seated.
    laptop.manage("shell", "-c", A_ROUND_IN_PLAY)
    assert wait_for(1, laptop, within=60)
