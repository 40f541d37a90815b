"""The referee is pure Python: it imports the standard library and itself, nothing else."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
REFEREE = REPO / "referee"
MODULES = sorted(REFEREE.glob("*.py"))


def imported_top_levels(path: Path) -> set[str]:
    """Top-level names of every module the file imports (relative imports are ``referee``)."""
    names = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), filename=str(path))):
        if isinstance(node, ast.Import):
            names.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            names.add("referee" if node.level else (node.module or "").split(".")[0])
    return names


def test_the_referee_package_is_there() -> None:
    assert (REFEREE / "__init__.py").is_file()
    assert len(MODULES) >= 5


@pytest.mark.parametrize("path", MODULES, ids=[p.name for p in MODULES])
def test_a_referee_module_imports_only_the_standard_library(path: Path) -> None:
    outside = {
        name
        for name in imported_top_levels(path)
        if name != "referee" and name not in sys.stdlib_module_names
    }
    assert outside == set(), f"{path.name} imports {sorted(outside)}"


def test_the_import_walk_sees_third_party_imports(tmp_path: Path) -> None:
    sample = tmp_path / "sample.py"
    sample.write_text("import django.db\nfrom rest_framework import views\nfrom . import cards\n")
    assert imported_top_levels(sample) == {"django", "rest_framework", "referee"}


def test_importing_the_referee_loads_no_django() -> None:
    probe = (
        "import sys, referee, referee.egn, referee.cli\n"
        "loaded = sorted(m for m in sys.modules if m.split('.')[0] in "
        "('django', 'rest_framework', 'scorekeeper'))\n"
        "print(','.join(loaded))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", probe],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == ""
