"""CI's dependency audit (.ci/audit_dependencies.py, its own step before the tests) fails on a
known vulnerability in a pinned package, and says so when it could not audit at all."""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path
from types import ModuleType

from tests.commands import REPO


def the_audit() -> ModuleType:
    spec = importlib.util.spec_from_file_location("audit", REPO / ".ci" / "audit_dependencies.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


audit = the_audit()
DJANGO = {"name": "django", "version": "5.2.19", "vulns": []}


def test_a_known_vulnerability_fails_the_audit_and_names_it():
    vulnerable = {**DJANGO, "vulns": [{"id": "PYSEC-2026-1", "fix_versions": ["5.2.20"]}]}
    code, lines = audit.verdict({"dependencies": [vulnerable, {**DJANGO, "name": "segno"}]})
    assert code == 1
    assert lines == ["django 5.2.19: PYSEC-2026-1 (fixed in 5.2.20)"]


def test_packages_with_no_advisory_pass_and_are_counted():
    assert audit.verdict({"dependencies": [DJANGO, {**DJANGO, "name": "segno"}]}) == (
        0,
        ["dependency audit: 2 packages, no known vulnerability"],
    )


def test_an_audit_that_could_not_happen_says_so_rather_than_pass_quietly():
    skipped = {"name": "django", "skip_reason": "Dependency not found on PyPI"}
    code, lines = audit.verdict({"dependencies": [skipped]})
    assert code == 0 and lines[0].startswith("dependency audit skipped")
    code, lines = audit.verdict(None, "no answer within 120 s")
    assert code == 0 and lines == [
        "dependency audit skipped: the advisories could not be read (no answer within 120 s)"
    ]


def test_the_audit_reads_every_pinned_requirement():
    """The tests' and benchmarks' pins hold the server's: every package CI installs is asked."""
    requirements = Path(audit.REQUIREMENTS)
    assert requirements == REPO / "requirements" / "test.txt"
    assert "--hash=sha256:" in requirements.read_text()
    pinned = re.compile(r"^([A-Za-z0-9_.-]+)==(\S+)", re.M)
    server = dict(pinned.findall((REPO / "requirements" / "base.txt").read_text()))
    every = dict(pinned.findall(requirements.read_text()))
    assert server and server.items() <= every.items()
