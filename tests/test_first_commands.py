"""What a newcomer meets first: the README opens with the two commands a fresh machine needs
(one serves the app, one runs every test), both serving targets take the port from `PORT=`,
and what they install is pinned with its hashes, the benchmarks' gunicorn outside what serving
installs."""

from __future__ import annotations

import re
import subprocess

import pytest

from tests.commands import REPO

REQUIREMENTS = REPO / "requirements"


def test_the_readme_opens_with_the_two_commands_of_a_fresh_machine():
    opening = re.match(r"```\n(.*?)\n```\n", (REPO / "README.md").read_text(), re.S)
    assert opening is not None, "the README does not open with its commands"
    assert opening.group(1).splitlines() == ["make run", "make test"]


def planned(*arguments: str) -> str:
    """What `make` would run for `arguments`, without running it."""
    done = subprocess.run(
        ["make", "--dry-run", "--always-make", *arguments],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=30,
        check=True,
    )
    return done.stdout


@pytest.mark.parametrize(
    ("target", "serving"),
    [
        ("run", "runserver --skip-checks 127.0.0.1:{port}"),
        ("serve", "scorekeeper.serve --port {port}"),
    ],
)
def test_make_run_and_make_serve_listen_on_the_port_asked_for(target: str, serving: str):
    assert serving.format(port=8000) in planned(target)
    assert serving.format(port=8123) in planned(target, "PORT=8123")


def test_make_run_migrates_loads_the_demo_and_serves_once_installed():
    steps = re.findall(r"manage\.py (\w+)", planned("run"))
    assert steps == ["migrate", "load_demo", "runserver"]


@pytest.mark.parametrize("name", ["base.txt", "test.txt", "uv.txt"])
def test_every_requirement_is_pinned_with_its_hashes(name: str):
    text = (REQUIREMENTS / name).read_text().replace("\\\n", " ")
    pins = [line for line in text.splitlines() if line and not line.startswith(("#", " "))]
    assert pins
    for pin in pins:
        assert re.match(r"[\w.\-\[\],]+==\S+ ", pin) and "--hash=sha256:" in pin, pin


def test_serving_installs_no_gunicorn_the_benchmarks_bring_their_own():
    assert "gunicorn" not in (REQUIREMENTS / "base.in").read_text()
    assert not re.search(r"^gunicorn==", (REQUIREMENTS / "base.txt").read_text(), re.M)
    assert re.search(r"^gunicorn==", (REQUIREMENTS / "test.txt").read_text(), re.M)


def test_every_test_has_a_time_limit(pytestconfig: pytest.Config):
    assert pytestconfig.pluginmanager.hasplugin("timeout")
    assert 0 < float(pytestconfig.getini("timeout")) <= 600
