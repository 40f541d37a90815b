"""The packages the server runs with have no known vulnerability (pip-audit, against the
package index's advisories), checked where the index answers; where it does not, the test is
skipped and says so, rather than passing for an audit that did not happen."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

REQUIREMENTS = Path(__file__).resolve().parents[1] / "requirements" / "base.txt"


def test_the_servers_packages_have_no_known_vulnerability():
    audit = subprocess.run(
        [
            *(sys.executable, "-m", "pip_audit", "-r", str(REQUIREMENTS), "-f", "json"),
            *("--progress-spinner", "off", "--timeout", "20"),
        ],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    try:
        report = json.loads(audit.stdout)
    except json.JSONDecodeError:
        pytest.skip(f"pip-audit could not ask the package index: {audit.stderr.strip()[-200:]}")
    dependencies = report["dependencies"]
    audited = [d for d in dependencies if "skip_reason" not in d]
    if not audited:
        pytest.skip(
            "the package index gave no advisories for these versions (every dependency was "
            f"skipped: {dependencies[0]['skip_reason'] if dependencies else 'none listed'})"
        )
    vulnerable = {d["name"]: [v["id"] for v in d["vulns"]] for d in audited if d["vulns"]}
    assert vulnerable == {}
