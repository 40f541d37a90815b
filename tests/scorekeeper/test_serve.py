"""The production stack as `make serve` runs it: `python -m scorekeeper.serve`, for real.

It prints where phones go, serves the app with its static files under production settings,
comes back by itself when the server dies, and slow clients on bad Wi-Fi never hold up the
others: with twenty sockets trickling bytes, the health check still answers within a second.
"""

from __future__ import annotations

import http.client
import json
import os
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import pytest
from api_tables import REPO_ROOT

sys.path.insert(0, str(REPO_ROOT / "bench"))
import harness

from tests.huge_body import answer_to, send_huge
from tests.prepared import Prepared
from tests.waiting import until

pytestmark = pytest.mark.slow


@dataclass
class Served:
    process: subprocess.Popen[str]
    port: int
    output: list[str]
    folder: Path

    def get(self, path: str, timeout: float = 5.0) -> tuple[int, dict[str, str], bytes]:
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=timeout)
        try:
            return harness.call(conn, "GET", path)
        finally:
            conn.close()

    def answers(self, within: float) -> bool:
        deadline = time.monotonic() + within
        while time.monotonic() < deadline:
            try:
                if self.get("/api/v1/health/", timeout=1.0)[0] == 200:
                    return True
            except OSError:
                pass
            time.sleep(0.2)
        return False

    def server_pids(self) -> set[int]:
        """The server processes the supervisor runs (its children serving the app)."""
        ps = subprocess.run(
            ["ps", "-o", "pid=,args=", "--ppid", str(self.process.pid)],
            capture_output=True,
            text=True,
            check=True,
        )
        return {int(line.split()[0]) for line in ps.stdout.splitlines() if "--child" in line}


@contextmanager
def serving(folder: Path, prepared: Prepared) -> Iterator[Served]:
    port = harness.free_port()
    env = {k: v for k, v in os.environ.items() if k not in {"DJANGO_DEBUG", "SECRET_KEY", "HTTPS"}}
    env |= {
        "DATABASE_URL": prepared.database(folder, "club", kind="sqlite"),
        "STATIC_ROOT": str(prepared.static_root),
        "INSTANCE_DIR": str(folder / "instance"),
        "BACKUP_DIR": str(folder / "backups"),
    }
    process = subprocess.Popen(
        [
            *(sys.executable, "-m", "scorekeeper.serve", "--port", str(port)),
            *("--threads", "4", "--processes", "2"),
        ],
        cwd=REPO_ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    output: list[str] = []
    reader = threading.Thread(target=lambda: output.extend(process.stdout or []), daemon=True)
    reader.start()
    server = Served(process, port, output, folder)
    try:
        assert server.answers(within=120), "".join(output)
        yield server
    finally:
        process.send_signal(signal.SIGTERM)
        process.wait(timeout=30)


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory, prepared: Prepared) -> Iterator[Served]:
    """One server for the tests that only talk to it (its start is most of their time)."""
    with serving(tmp_path_factory.mktemp("served"), prepared) as server:
        yield server


@pytest.fixture
def served_alone(tmp_path: Path, prepared: Prepared) -> Iterator[Served]:
    """A server of the test's own, for a test that kills part of it."""
    with serving(tmp_path, prepared) as server:
        yield server


def test_it_serves_the_app_with_production_settings_and_says_where(served: Served):
    text = "".join(served.output)
    assert "open http://" in text or "only it can reach the app" in text
    status, headers, body = served.get("/")
    assert status == 200
    assert "script-src 'self'" in headers["content-security-policy"]
    script = body.decode().split('<script type="module" src="')[1].split('"')[0]
    assert "/static/" in script and script.count(".") >= 2, script  # a hashed name
    assert served.get(script)[0] == 200
    assert (served.folder / "instance" / "secret_key").stat().st_mode & 0o077 == 0


def test_it_serves_from_two_processes_and_one_that_dies_is_started_again(served_alone: Served):
    served = served_alone
    until(lambda: len(served.server_pids()) == 2, within=30, what="two server processes")
    first, other = sorted(served.server_pids())
    os.kill(first, signal.SIGKILL)
    until(lambda: "starting it again" in "".join(served.output), within=30, what="a restart")
    assert served.answers(within=30), "".join(served.output)
    again = until(lambda: len(pids := served.server_pids()) == 2 and pids, within=30, what="two")
    assert first not in again and other in again


def test_its_processes_end_when_it_is_killed_and_the_port_is_free_again(served_alone: Served):
    served = served_alone
    until(lambda: len(served.server_pids()) == 2, within=30, what="two server processes")
    ps = ["ps", "-o", "pid=", "--ppid", str(served.process.pid)]
    children = {
        int(pid) for pid in subprocess.run(ps, capture_output=True, text=True).stdout.split()
    }
    assert len(children) == 3  # two server processes and the backup timer
    served.process.kill()  # kill -9, as a crash would: no chance to stop them
    served.process.wait(timeout=10)

    def alive(pid: int) -> bool:
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return False
        # (an orphan that ended waits for init as a zombie: it serves nothing)
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().rsplit(")", 1)[1].split()[0] != "Z"

    def port_refuses() -> bool:
        with socket.socket() as probe:
            return probe.connect_ex(("127.0.0.1", served.port)) != 0

    until(lambda: not any(alive(pid) for pid in children), within=10, what="orphans gone")
    # A process's main thread can show as a zombie while its other threads are still ending
    # and the socket they share is still open: the port is free a moment later.
    until(port_refuses, within=10, what="the port free")


def trickle(port: int, stop: threading.Event, body: bool, connected: threading.Semaphore) -> None:
    """A phone on bad Wi-Fi: a request sent a byte at a time, never finished."""
    with socket.create_connection(("127.0.0.1", port), timeout=30) as sock:
        connected.release()
        if body:
            head = b"POST /api/v1/games/ HTTP/1.1\r\nHost: 127.0.0.1\r\n"
            head += b"Content-Type: application/json\r\nContent-Length: 100000\r\n\r\n"
            sock.sendall(head)
            data = b"{" + b" " * 99999
        else:
            data = b"GET /api/v1/health/ HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: " + b"a" * 1000
        for byte in data:
            if stop.wait(0.5):
                return
            try:
                sock.sendall(bytes([byte]))
            except OSError:
                return


def test_twenty_slow_clients_do_not_hold_up_the_others(served: Served):
    stop = threading.Event()
    connected = threading.Semaphore(0)
    slow = [
        threading.Thread(
            target=trickle, args=(served.port, stop, n % 2 == 0, connected), daemon=True
        )
        for n in range(20)
    ]
    for thread in slow:
        thread.start()
    try:
        for _ in slow:
            assert connected.acquire(timeout=30), "a slow client could not connect"
        for _ in range(10):
            # Each answer within seconds (a server the slow clients held up would never
            # answer), or the socket times out and the test fails.
            status, _, _ = served.get("/api/v1/health/", timeout=5.0)
            assert status == 200
            stop.wait(0.3)
    finally:
        stop.set()


@pytest.mark.parametrize("chunked", [False, True], ids=["with-its-length", "chunked"])
def test_a_huge_body_is_refused_before_a_megabyte_of_it_is_sent(served: Served, chunked: bool):
    logged_before = len(served.output)
    with socket.create_connection(("127.0.0.1", served.port), timeout=30) as sock:
        refused = send_huge(sock, "/api/v1/games/", chunked=chunked)
    assert refused.status == 413
    assert refused.headers["content-type"] == "application/problem+json"
    assert b'"field": "body"' in refused.body or b'"field":"body"' in refused.body
    assert refused.sent < 1024 * 1024 if chunked else refused.sent == 0
    logged = until(
        lambda: [line for line in served.output[logged_before:] if "413 body too large" in line],
        within=10,
        what="the refusal logged",
    )
    assert len(logged) == 1, logged
    assert "Traceback" not in "".join(served.output)
    assert (
        json.loads(refused.body)["detail"]
        == "The request body is larger than the server takes (256 KB)."
    )


def test_a_huge_body_is_refused_in_the_clients_language(served: Served):
    with socket.create_connection(("127.0.0.1", served.port), timeout=30) as sock:
        refused = send_huge(sock, "/api/v1/games/", chunked=False, language="ko-KR,ko;q=0.9")
    assert refused.status == 413 and refused.sent == 0
    assert refused.headers["content-language"] == "ko"
    assert refused.headers["x-content-type-options"] == "nosniff"
    assert refused.headers["x-frame-options"] == "DENY"
    assert "default-src 'none'" in refused.headers["content-security-policy"]
    answer = json.loads(refused.body)
    assert answer["detail"] == "요청 본문이 서버가 받는 크기(256 KB)보다 큽니다."
    assert answer["title"] != "Content Too Large", answer


@pytest.mark.parametrize(
    ("sent", "field"),
    [(b"A header line with no colon", "request"), (b"Transfer-Encoding: chunked", "body")],
    ids=["a-broken-header", "a-broken-chunk"],
)
def test_a_request_the_server_cannot_read_is_a_problem_in_the_clients_language(
    served: Served, sent: bytes, field: str
):
    """Refused before the app sees it, in the client's words, the part at fault named, never
    waitress's own English."""
    request = (
        b"POST /api/v1/games/ HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept-Language: ko\r\n"
        + sent
        + b"\r\n\r\nnot a chunk size\r\n\r\n"
    )
    with socket.create_connection(("127.0.0.1", served.port), timeout=30) as sock:
        status, headers, body = answer_to(sock, request)
    assert status == 400 and headers["content-type"] == "application/problem+json"
    assert headers["content-language"] == "ko"
    answer = json.loads(body)
    assert answer["title"] == "잘못된 요청" and answer["field"] == field, answer
    assert answer["errors"] == [{"field": field, "detail": answer["detail"]}]
    assert all("\uac00" <= c <= "\ud7a3" for c in answer["detail"] if c.isalpha()), answer
