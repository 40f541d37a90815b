"""While a round is in play, the laptop's server backs the database up on its interval, and
between nights it leaves the backup folder alone: serve keeps one timer process running all night
(`scorekeeper.serve.backup_command`, `manage.py backup --if-round-running --every N`). Run for
real: the timer's own command as its own process with a short interval, on a real SQLite file
under production settings, as `make serve` has them."""

from __future__ import annotations

import argparse
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from api_tables import REPO_ROOT

from scorekeeper import serve
from tests.prepared import Prepared
from tests.waiting import until

pytestmark = pytest.mark.slow

#: The interval the timer is given here (BACKUP_INTERVAL is 60 on a laptop).
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


#: A director's change to the night: something a backup holds.
SOMETHING_WRITTEN = """
from scorekeeper.events.models import Event
Event.objects.update(name="Tuesday night")
"""
#: What the timer says when nothing was written since its last backup.
UNCHANGED = "nothing written since the last backup"


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
class Timer:
    """Serve's backup timer as its own process, and the lines it has said so far."""

    process: subprocess.Popen[str]
    said: list[str] = field(default_factory=list)

    def read(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            self.said.append(line.strip())

    def checks(self) -> int:
        """How many times it found no round in play."""
        return self.said.count("no round in play")


@pytest.fixture
def timer(laptop: Laptop) -> Iterator[Timer]:
    command = [*serve.backup_command(EVERY), "--verbosity", "2"]
    process = subprocess.Popen(
        command, cwd=REPO_ROOT, env=laptop.env, stdout=subprocess.PIPE, text=True
    )
    started = Timer(process)
    threading.Thread(target=started.read, daemon=True).start()
    yield started
    if process.poll() is None:
        process.kill()
        process.wait(timeout=30)


def wait_for(count: int, laptop: Laptop, within: float) -> list[Path]:
    return until(
        lambda: len(laptop.made()) >= count and laptop.made(),
        within=within,
        what=f"{count} backups",
    )


def test_while_a_round_is_in_play_the_timer_backs_up_on_its_interval(laptop: Laptop):
    laptop.manage("shell", "-c", A_ROUND_IN_PLAY)
    started = time.monotonic()
    process = subprocess.Popen(serve.backup_command(EVERY), cwd=REPO_ROOT, env=laptop.env)
    try:
        first = wait_for(1, laptop, within=60)
        # Not before the interval has passed, then again after another (something written
        # meanwhile), from the same process.
        assert time.monotonic() - started >= EVERY
        laptop.manage("shell", "-c", SOMETHING_WRITTEN)
        again = wait_for(2, laptop, within=60)
        assert process.poll() is None
    finally:
        process.send_signal(signal.SIGTERM)
        # Told to stop, it finishes the backup under way and leaves no half-made file.
        assert process.wait(timeout=30) == 0
    assert len(again) >= 2 and again[0] == first[0]
    assert all(path.stat().st_size > 0 for path in again)
    assert not list(laptop.backups.glob(".*partial"))


def test_between_nights_the_timer_leaves_the_folder_alone(laptop: Laptop, timer: Timer):
    # Several intervals, each finding no round in play.
    until(lambda: timer.checks() >= 2, within=60, what="two checks of the timer")
    assert laptop.made() == []
    # The same process, still running, backs up once the night's first round is seated.
    laptop.manage("shell", "-c", A_ROUND_IN_PLAY)
    made = wait_for(1, laptop, within=60)
    until(lambda: str(made[0]) in timer.said, within=30, what="the timer saying its backup")
    assert timer.process.poll() is None


@pytest.mark.parametrize("every", ["-1", "nan", "inf"])
def test_a_timer_given_no_interval_says_so_in_one_line(laptop: Laptop, every: str):
    done = subprocess.run(
        [sys.executable, str(REPO_ROOT / "manage.py"), "backup", f"--every={every}"],
        cwd=REPO_ROOT,
        env=laptop.env,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 2
    assert done.stderr.strip().splitlines() == [
        "CommandError: --every takes a number of seconds (0: one backup now)"
    ]


def test_the_timer_makes_no_copy_of_what_it_has_already_backed_up(laptop: Laptop, timer: Timer):
    """A night's backups are all kept until it closes: interval after interval of the same copy
    would bury the one that differs."""
    laptop.manage("shell", "-c", A_ROUND_IN_PLAY)
    first = wait_for(1, laptop, within=60)
    until(lambda: timer.said.count(UNCHANGED) >= 2, within=60, what="two intervals unchanged")
    assert laptop.made() == first
    laptop.manage("shell", "-c", SOMETHING_WRITTEN)
    wait_for(2, laptop, within=60)


def test_a_quiet_timer_backs_up_again_for_a_mirror_plugged_back_in(laptop: Laptop, tmp_path):
    """The stick was out at the last backup: once it is back, the mirror gets a copy though
    nothing was written since."""
    stick = tmp_path / "stick"
    laptop.env["BACKUP_MIRROR"] = str(stick)
    laptop.manage("shell", "-c", A_ROUND_IN_PLAY)
    command = [*serve.backup_command(EVERY), "--verbosity", "2"]
    process = subprocess.Popen(
        command, cwd=REPO_ROOT, env=laptop.env, stdout=subprocess.PIPE, text=True
    )
    timer = Timer(process)
    threading.Thread(target=timer.read, daemon=True).start()
    try:
        first = wait_for(1, laptop, within=60)
        until(lambda: timer.said.count(UNCHANGED) >= 1, within=60, what="an interval unchanged")
        assert laptop.made() == first
        stick.mkdir()
        wait_for(2, laptop, within=60)
        until(lambda: list(stick.glob("euchre-*-round.sqlite3")), within=30, what="a mirrored copy")
    finally:
        process.kill()
        process.wait(timeout=30)
