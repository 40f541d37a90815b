"""How the tests run the project's commands as a club would: this Python, in the repository,
its output kept as text and its exit status left to the test to judge."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Mapping
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]


def run_python(
    *args: str,
    env: Mapping[str, str] | None = None,
    stdin: str | None = None,
    timeout: float | None = None,
    cwd: Path = REPO,
) -> subprocess.CompletedProcess[str]:
    """``python *args`` (a script, ``-m module`` or ``-c code``), with `env` for the whole
    environment when given."""
    return subprocess.run(
        [sys.executable, *args],
        cwd=cwd,
        env=env,
        input=stdin,
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
    )
