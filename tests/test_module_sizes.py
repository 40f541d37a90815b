"""No module is over 600 lines: every Python module of `scorekeeper/` and `referee/` (the
migrations aside) and every script module the app and the pages load. A module that grows past
it is cut by what it holds, as the events package was."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
MOST_LINES = 600


def modules() -> list[Path]:
    found = [
        path
        for package in ("scorekeeper", "referee")
        for path in (ROOT / package).rglob("*")
        if path.suffix in {".py", ".js"} and "migrations" not in path.parts
    ]
    assert len(found) > 100  # the walk found the packages
    return found


def test_no_module_is_over_600_lines():
    long = {
        str(path.relative_to(ROOT)): count
        for path in modules()
        if (count := len(path.read_text(encoding="utf-8").splitlines())) > MOST_LINES
    }
    assert long == {}


def test_the_size_check_counts_the_scripts_too():
    assert any(path.suffix == ".js" for path in modules())
    assert ROOT / "scorekeeper" / "webapp" / "static" / "webapp" / "js" / "views" / "table.js" in (
        modules()
    )
