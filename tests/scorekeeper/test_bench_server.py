"""The benchmarks' servers (bench/harness.py: start_server) on the laptop's own stack keep what
they write to themselves: a benchmark run on the club's laptop leaves its backups alone."""

from __future__ import annotations

import sys
from pathlib import Path
from types import SimpleNamespace
from typing import Any, ClassVar

import pytest
from api_tables import REPO_ROOT

sys.path.insert(0, str(REPO_ROOT / "bench"))
import harness


class Exited:
    """A server process that ended at once; what it was started with is kept."""

    started: ClassVar[dict[str, Any]] = {}

    def __init__(self, command: list[str], cwd: Path, env: dict[str, str]) -> None:
        Exited.started = {"command": command, "env": env}

    def poll(self) -> int:
        return 1


def test_the_laptops_stack_in_a_benchmark_backs_up_into_a_folder_of_its_own(monkeypatch):
    # (harness's own name for the module: no other thread of the worker starts an Exited)
    monkeypatch.setattr(harness, "subprocess", SimpleNamespace(Popen=Exited))
    club = {"BACKUP_DIR": str(REPO_ROOT / "backups"), "BACKUP_MIRROR": "/media/club-usb"}
    env = harness.server_env("sqlite:///night.sqlite3", **club)
    with pytest.raises(SystemExit):  # the benchmark stops: its server exited
        harness.start_server("scorekeeper.wsgi:application", env, port=1, server="serve")
    started = Exited.started["env"]
    assert "scorekeeper.serve" in Exited.started["command"]
    assert Path(started["BACKUP_DIR"]).name.startswith("bench-backups.")
    assert "BACKUP_MIRROR" not in started
