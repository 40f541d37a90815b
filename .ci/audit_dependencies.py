"""CI's dependency audit: every pinned package (requirements/test.txt, pinned with their hashes:
the server's own, which requirements/base.txt pins alike, and the tests' and benchmarks') against
the package index's advisories, with pip-audit.

Exit 1 when a pinned package has a known vulnerability; exit 0 when none has, or when the
advisories cannot be read (the index unreachable, or answering for none of the packages): that
is said in one line, so an audit that did not happen never reads as a pass, and a machine
without the index still runs the tests.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

REQUIREMENTS = Path(__file__).resolve().parents[1] / "requirements" / "test.txt"
#: Seconds for the whole audit, and for each request to the index.
WHOLE, EACH = 120, 20


def verdict(report: dict[str, Any] | None, error: str = "") -> tuple[int, list[str]]:
    """The exit code and the lines to print for pip-audit's JSON report (None: no report)."""
    if report is None:
        return 0, [f"dependency audit skipped: the advisories could not be read ({error})"]
    audited = [d for d in report.get("dependencies", []) if "skip_reason" not in d]
    if not audited:
        return 0, ["dependency audit skipped: the index gave advisories for none of the packages"]
    vulnerable = [d for d in audited if d.get("vulns")]
    if vulnerable:
        return 1, [
            f"{d['name']} {d['version']}: {v['id']} (fixed in {', '.join(v.get('fix_versions') or ['no release yet'])})"
            for d in vulnerable
            for v in d["vulns"]
        ]
    return 0, [f"dependency audit: {len(audited)} packages, no known vulnerability"]


def audit(requirements: Path) -> tuple[dict[str, Any] | None, str]:
    command = [sys.executable, "-m", "pip_audit", "-r", str(requirements), "--disable-pip"]
    command += ["-f", "json", "--progress-spinner", "off", "--timeout", str(EACH)]
    try:
        done = subprocess.run(command, capture_output=True, text=True, timeout=WHOLE, check=False)
    except subprocess.TimeoutExpired:
        return None, f"no answer within {WHOLE} s"
    try:
        return json.loads(done.stdout), ""
    except json.JSONDecodeError:
        last = (done.stderr.strip().splitlines() or ["pip-audit printed nothing"])[-1]
        return None, last[:200]


def main() -> int:
    code, lines = verdict(*audit(REQUIREMENTS))
    print("\n".join(lines))
    return code


if __name__ == "__main__":
    sys.exit(main())
