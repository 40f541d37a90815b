"""A club night under load, end to end: `bench/night_bench.py` against gunicorn, short.

Ten tables post hands while ten watchers poll the standings: on the embedded default (SQLite)
and on PostgreSQL, no request may fail, and eight phones joining one table's code at once get
one table and seven refusals, never a server error.
"""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from api_tables import REPO_ROOT

from tests.prepared import Prepared

sys.path.insert(0, str(REPO_ROOT / "bench"))
import harness

pytestmark = pytest.mark.slow

POSTGRES = os.environ.get("DATABASE_URL", "").startswith(("postgres://", "postgresql://"))


@pytest.fixture
def night(prepared: Prepared, tmp_path: Path) -> Callable[..., subprocess.CompletedProcess[str]]:
    """A short night of the bench (and its bare load) on a copy of the run's migrated
    database, serving the run's static files."""

    def run(database: str, server: str = "gunicorn") -> subprocess.CompletedProcess[str]:
        migrated = prepared.database(tmp_path, "night", kind=database)
        return bench(database, migrated, server, prepared.static_root)

    return run


def bench(
    database: str, migrated: str, server: str, static: Path
) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [
            *(sys.executable, "bench/night_bench.py", "--database", database, "--tables", "10"),
            *("--migrated", migrated, "--server", server),
            *("--watchers", "10", "--seconds", "2.5", "--pace", "0.3", "--workers", "4"),
            *("--poll", "1"),  # the room arrives in a second, not a phone's 5
        ],
        cwd=REPO_ROOT,
        env={**os.environ, "STATIC_ROOT": str(static), **harness.ports_to_hand_down()},
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )


def assert_the_night_held(result: subprocess.CompletedProcess[str]) -> None:
    assert result.returncode == 0, result.stdout + result.stderr[-3000:]
    assert "joins of one code at once: {201: 1, 409: 7}" in result.stdout
    (line,) = [line for line in result.stdout.splitlines() if line.startswith("night: ")]
    figures = dict(item.split("=") for item in line.removeprefix("night: ").split())
    assert figures["errors"] == "0", result.stderr[-3000:]
    assert int(figures["requests"]) > 20
    assert float(figures["p99_ratio"]) > 0 and float(figures["bare_p99_ms"]) > 0


def test_a_night_on_the_embedded_default_has_no_failed_request(night):
    assert_the_night_held(night("sqlite"))


def test_a_night_on_the_laptops_own_stack_has_no_failed_request(night):
    """`make serve`'s stack, exactly: `python -m scorekeeper.serve` on SQLite."""
    assert_the_night_held(night("sqlite", server="serve"))


@pytest.mark.postgres
@pytest.mark.skipif(not POSTGRES, reason="needs PostgreSQL (set DATABASE_URL); .ci/run has it")
def test_a_night_on_postgresql_has_no_failed_request(night):
    assert_the_night_held(night("postgres"))
