"""Schemathesis against a running server, for a bounded time: every phase (examples,
coverage, fuzzing, and the stateful one that chains what one answer gives into the next
request), and never a server error or an answer outside the schema."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from api_tables import REPO_ROOT

sys.path.insert(0, str(REPO_ROOT / "bench"))
import harness

from tests.prepared import Prepared
from tests.seeds import run_seed

pytestmark = pytest.mark.slow

SECONDS = int(os.environ.get("SCHEMATHESIS_SECONDS", "30"))


@pytest.fixture
def server(tmp_path: Path, prepared: Prepared):
    url = prepared.database(tmp_path, "live", kind="sqlite")
    # Limits high enough for a fuzzer to reach past them into the logic behind.
    env = harness.server_env(url, LIMIT_GAMES="100000/hour", LIMIT_WRONG_CODES="100000/hour")
    env["LIMIT_WRONG_CODES_ALL"] = "100000/hour"
    port = harness.free_port()
    process = harness.start_server(
        "scorekeeper.wsgi:application", env, port=port, server="waitress", workers=4
    )
    yield port
    process.terminate()
    process.wait(timeout=30)


def test_a_running_server_keeps_to_its_schema_under_schemathesis(server: int):
    run = subprocess.run(
        [
            str(Path(sys.executable).parent / "schemathesis"),
            *("run", f"http://127.0.0.1:{server}/api/schema/"),
            # The run's seed (printed by the run): the fuzzing replays with TEST_SEED.
            *("--max-time", str(SECONDS), "--seed", str(run_seed())),
            # Schema-valid input the rules refuse (a card "0", a NUL in an ignored field) is
            # a clear 400, not a fault.
            *("--exclude-checks", "positive_data_acceptance"),
        ],
        capture_output=True,
        text=True,
        timeout=SECONDS + 240,
        check=False,
    )
    assert run.returncode == 0, run.stdout[-6000:]
