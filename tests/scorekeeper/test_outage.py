"""A database outage, served for real: every request answers 503 with Retry-After and one log
line, never a 500 with a traceback, and the service comes back by itself."""

from __future__ import annotations

import http.client
import json
import subprocess
import sys
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
from api_tables import REPO_ROOT

sys.path.insert(0, str(REPO_ROOT / "bench"))
import harness

from tests.prepared import Prepared
from tests.waiting import until

pytestmark = pytest.mark.slow

GAME = {"ruleset": "standard", "players": ["Ann", "Ben", "Cat", "Dan"], "dealer": 0}


def ask(
    port: int, method: str, path: str, body: object = None
) -> tuple[int, dict[str, str], bytes]:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    try:
        return harness.call(conn, method, path, body)
    finally:
        conn.close()


@pytest.fixture
def static_root(prepared: Prepared) -> Path:
    """The static files as production serves them (collected, with their manifest)."""
    return prepared.static_root


def serve(url: str, log: Path, static_root: Path) -> tuple[int, subprocess.Popen[bytes]]:
    port = harness.free_port()
    env = harness.server_env(url, STATIC_ROOT=str(static_root))
    with log.open("w") as stderr:
        command = [str(harness.BIN / "gunicorn"), "scorekeeper.wsgi:application", "--bind"]
        command += [f"127.0.0.1:{port}", "--workers", "2", "--log-level", "warning"]
        server = subprocess.Popen(command, cwd=REPO_ROOT, env=env, stderr=stderr)

    def answers_or_ended() -> bool:
        try:
            ask(port, "GET", "/api/v1/health/")
        except OSError:
            return server.poll() is not None
        return True

    # A busy machine (the suite's other workers, its browsers) may take gunicorn many seconds
    # to start: awaited as long as a test allows, or until it has died.
    try:
        until(answers_or_ended, within=120, what="gunicorn answering")
    except AssertionError:
        server.kill()
        raise AssertionError(log.read_text()) from None
    if server.poll() is not None:
        raise AssertionError(log.read_text())
    return port, server


@pytest.fixture
def dead_database(tmp_path: Path, static_root: Path) -> Iterator[tuple[int, Path]]:
    nobody = harness.free_port()  # nothing listens there
    log = tmp_path / "server.log"
    port, server = serve(f"postgres://euchre:euchre@127.0.0.1:{nobody}/euchre", log, static_root)
    yield port, log
    server.terminate()
    server.wait(timeout=30)


def test_with_the_database_down_every_request_is_a_503_with_retry_after(dead_database):
    port, log = dead_database
    asked = [
        ("GET", f"/api/v1/games/{uuid.uuid4()}/", None),
        ("POST", "/api/v1/games/", GAME),
        ("GET", "/api/v1/events/1/standings/", None),
        ("POST", "/api/v1/tables/join/", {"code": "ABCDEF"}),
    ]
    for method, path, body in asked:
        status, headers, answer = ask(port, method, path, body)
        assert status == 503, (path, answer[:300])
        assert headers["content-type"] == "application/problem+json"
        assert json.loads(answer)["code"] == "database-unavailable"
        assert int(headers["retry-after"]) > 0
    status, headers, answer = ask(port, "GET", "/events/")
    assert status == 503 and int(headers["retry-after"]) > 0
    assert b"Try again shortly" in answer
    status, headers, answer = ask(port, "GET", "/api/v1/health/")
    assert status == 503 and int(headers["retry-after"]) > 0
    assert json.loads(answer)["title"] == "Service Unavailable"

    def logged() -> list[str]:
        return [line for line in log.read_text().splitlines() if "database unavailable" in line]

    until(lambda: len(logged()) >= len(asked) + 1, within=10, what="a log line a request")
    lines = log.read_text().splitlines()
    assert len(logged()) == len(asked) + 1, lines
    assert not [line for line in lines if "Traceback" in line], lines


@pytest.mark.postgres
@pytest.mark.skipif(
    not sorted(Path("/usr/lib/postgresql").glob("*/bin/initdb")),
    reason="needs PostgreSQL's server programs (apt-get install postgresql); .ci/run has them",
)
def test_after_a_database_restart_the_service_recovers_by_itself(tmp_path: Path, static_root: Path):
    postgres = harness.OwnPostgres(harness.free_port())
    try:
        harness.migrate(harness.server_env(postgres.url))
        port, server = serve(postgres.url, tmp_path / "server.log", static_root)
        try:
            assert ask(port, "POST", "/api/v1/games/", GAME)[0] == 201
            postgres.stop()
            assert ask(port, "POST", "/api/v1/games/", GAME)[0] == 503
            postgres.start()
            statuses = [ask(port, "POST", "/api/v1/games/", GAME)[0] for _ in range(3)]
            assert statuses[-1] == 201 and 500 not in statuses, statuses
        finally:
            server.terminate()
            server.wait(timeout=30)
    finally:
        postgres.remove()
