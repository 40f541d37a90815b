"""What the HTTP benchmarks share: a database, gunicorn on a free port, and latency figures.

The benchmarks run the real stack on 127.0.0.1 only: gunicorn serving the scorekeeper on
PostgreSQL (DATABASE_URL, or a throwaway server started here as in .ci/run) or on a SQLite
file, the embedded default.
"""

from __future__ import annotations

import atexit
import http.client
import json
import os
import secrets
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

REPO = Path(__file__).resolve().parent.parent
BIN = Path(sys.executable).parent
OWN_PG_PORT = 54331


def fail(message: str) -> None:
    """Stop the benchmark with one line (exit code 2, as for any bad input)."""
    print(f"{Path(sys.argv[0]).stem}: {message}", file=sys.stderr)
    sys.exit(2)


# Databases ---------------------------------------------------------------------------------


class OwnPostgres:
    """A throwaway PostgreSQL server on 127.0.0.1:port (as in .ci/run), which a test can stop
    and start again; removed when the process exits."""

    def __init__(self, port: int = OWN_PG_PORT) -> None:
        bins = sorted(Path("/usr/lib/postgresql").glob("*/bin/initdb"))
        if not bins:
            fail("needs PostgreSQL: set DATABASE_URL, or apt-get install postgresql")
        self.pgbin = bins[-1].parent
        self.port = port
        self.data = Path(tempfile.mkdtemp(prefix="pgbench."))
        self.run_as: list[str] = []
        if os.geteuid() == 0:
            self.run_as = ["runuser", "-u", "postgres", "--"]
            shutil.chown(self.data, "postgres", "postgres")
        initdb = [str(self.pgbin / "initdb"), "-D", str(self.data), "-U", "postgres"]
        subprocess.run(
            [*self.run_as, *initdb, "-A", "trust", "--no-sync", "-E", "UTF8"],
            stdout=subprocess.DEVNULL,
            check=True,
        )
        atexit.register(self.remove)
        self.start()

    @property
    def url(self) -> str:
        return f"postgres://postgres@127.0.0.1:{self.port}/postgres"

    def _pg_ctl(self, *args: str) -> None:
        pg_ctl = [str(self.pgbin / "pg_ctl"), "-D", str(self.data), "-l", str(self.data / "log")]
        subprocess.run([*self.run_as, *pg_ctl, *args], stdout=subprocess.DEVNULL, check=True)

    def start(self) -> None:
        options = (
            f"-c listen_addresses=127.0.0.1 -p {self.port} -k {self.data} -c fsync=off "
            "-c max_connections=200"
        )
        self._pg_ctl("-w", "-t", "30", "-o", options, "start")

    def stop(self) -> None:
        self._pg_ctl("-m", "immediate", "-w", "stop")

    def remove(self) -> None:
        pg_ctl = [str(self.pgbin / "pg_ctl"), "-D", str(self.data), "-m", "immediate", "stop"]
        subprocess.run([*self.run_as, *pg_ctl], capture_output=True, check=False)
        shutil.rmtree(self.data, ignore_errors=True)


def start_own_postgres() -> str:
    """A throwaway PostgreSQL server, stopped and removed when the benchmark exits."""
    return urlsplit(OwnPostgres().url)._replace(path="/euchre_bench").geturl()


def fresh_postgres_database(url: str) -> None:
    """Drop and create the database the URL names (a benchmark starts from nothing)."""
    import psycopg

    parts = urlsplit(url)
    name = parts.path.lstrip("/")
    admin = parts._replace(path="/postgres").geturl()
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        conn.execute(f'CREATE DATABASE "{name}"')


def database_url(kind: str) -> str:
    """A new, empty database of this kind (`postgres` or `sqlite`) for one benchmark run."""
    if kind == "sqlite":
        folder = Path(tempfile.mkdtemp(prefix="bench-sqlite."))
        atexit.register(shutil.rmtree, folder, True)
        return f"sqlite:///{folder / 'night.sqlite3'}"
    url = os.environ.get("DATABASE_URL", "")
    if url.startswith(("postgres://", "postgresql://")):
        url = urlsplit(url)._replace(path="/euchre_bench").geturl()
    else:
        url = start_own_postgres()
    fresh_postgres_database(url)
    return url


def describe_database(url: str) -> str:
    if url.startswith("sqlite"):
        return "SQLite (WAL) file"
    parts = urlsplit(url)
    return f"PostgreSQL {parts.hostname}:{parts.port}"


def server_env(url: str, **extra: str) -> dict[str, str]:
    """The environment of the production settings, on this database, for 127.0.0.1."""
    return {
        **os.environ,
        "DATABASE_URL": url,
        "DJANGO_SETTINGS_MODULE": "scorekeeper.settings",
        "DJANGO_DEBUG": "0",
        "SECRET_KEY": secrets.token_urlsafe(50),
        "ALLOWED_HOSTS": "127.0.0.1",
        "SECURE_SSL_REDIRECT": "0",
        "CONN_MAX_AGE": "60",
        "PYTHONPATH": f"{REPO}{os.pathsep}{REPO / 'bench'}",
        # WhiteNoise warns that collectstatic never ran; the benchmarks serve no static files.
        "PYTHONWARNINGS": "ignore:No directory at",
        **extra,
    }


def manage(env: dict[str, str], *command: str) -> None:
    """`manage.py *command` in this environment, quietly; the benchmark stops if it fails."""
    subprocess.run([sys.executable, "manage.py", *command, "-v0"], cwd=REPO, env=env, check=True)


def migrate(env: dict[str, str]) -> None:
    manage(env, "migrate")


# The server --------------------------------------------------------------------------------


#: Ports handed out below the kernel's own range (32768 and up), 500 to a pytest-xdist worker.
PORTS_FROM, PORTS_EACH = 20000, 500
#: A range of ports a process hands down to a benchmark it starts ("first-last").
PORTS_HANDED_DOWN = "HARNESS_PORTS"
_ports_given = 0


def _ports() -> range:
    """This process's ports: the range its starter handed down, else its test worker's own."""
    if handed := os.environ.get(PORTS_HANDED_DOWN):
        first, last = (int(end) for end in handed.split("-"))
        return range(first, last + 1)
    worker = os.environ.get("PYTEST_XDIST_WORKER", "gw0").removeprefix("gw")
    first = PORTS_FROM + PORTS_EACH * (int(worker) if worker.isdigit() else 0)
    return range(first, first + PORTS_EACH)


def free_port() -> int:
    """A port on 127.0.0.1 that nothing else of this run is given. Each test worker counts up
    through a range of its own, so two workers never pick the same port, one process never
    picks one twice, and a benchmark a test starts takes ports only from a block handed down
    to it (`ports_to_hand_down`); each port is checked free before it is handed out."""
    global _ports_given
    ports = _ports()
    while _ports_given < len(ports):
        port = ports[_ports_given]
        _ports_given += 1
        with socket.socket() as probe:
            try:
                probe.bind(("127.0.0.1", port))
            except OSError:
                continue  # something outside this run has it
            return port
    fail(f"no free port left in {ports.start}-{ports.stop - 1}")
    raise AssertionError  # fail() exits


def ports_to_hand_down(count: int = 10) -> dict[str, str]:
    """The environment that gives a process this one starts `count` ports of this process's
    own range, never given here."""
    global _ports_given
    ports = _ports()
    if _ports_given + count > len(ports):
        fail(f"no {count} free ports left in {ports.start}-{ports.stop - 1}")
    block = ports[_ports_given : _ports_given + count]
    _ports_given += count
    return {PORTS_HANDED_DOWN: f"{block[0]}-{block[-1]}"}


def start_server(
    app: str,
    env: dict[str, str],
    *,
    port: int,
    server: str = "gunicorn",
    workers: int = 0,
) -> subprocess.Popen[bytes]:
    """The WSGI app `module:name` on 127.0.0.1:port, answering its health check; stopped when
    the benchmark exits.

    `gunicorn`: `workers` sync worker processes. `waitress`: one process that buffers each
    request before one of its `workers` threads sees it. `serve`: the laptop's stack
    (`python -m scorekeeper.serve`: waitress with `workers` threads a process, supervised; by
    default as many as `make serve` runs).
    """
    asked, workers = workers, workers or default_workers()
    if server == "gunicorn":
        command = [str(BIN / "gunicorn"), app]
        command += ["--bind", f"127.0.0.1:{port}", "--workers", str(workers)]
        command += ["--log-level", "warning"]
    elif server == "serve":
        # The laptop's stack exactly as `make serve` runs it (it migrates and collects itself).
        command = [sys.executable, "-m", "scorekeeper.serve", "--port", str(port)]
        command += ["--threads", str(asked)] if asked else []
        static = tempfile.mkdtemp(prefix="bench-static.")
        atexit.register(shutil.rmtree, static, True)
        # Its backups (every minute of a round in play, and each round's end) go to a folder
        # of the benchmark's own, never the club's: on the club's laptop `restore --latest`
        # would otherwise find the benchmark's night, and its pruning the club's nights.
        backups = tempfile.mkdtemp(prefix="bench-backups.")
        atexit.register(shutil.rmtree, backups, True)
        env = {"STATIC_ROOT": static, **env, "BACKUP_DIR": backups}
        env.pop("BACKUP_MIRROR", None)
    elif server == "waitress":
        command = [str(BIN / "waitress-serve"), "--listen", f"127.0.0.1:{port}"]
        command += ["--threads", str(workers), "--ident", "waitress", "--connection-limit", "4000"]
        command += [app]
    else:
        fail(f"no server named {server}")
    process = subprocess.Popen(command, cwd=REPO, env=env)

    def stop() -> None:
        if process.poll() is None:
            process.terminate()
            process.wait(timeout=30)

    atexit.register(stop)
    for _ in range(600):
        if process.poll() is not None:
            fail(f"{server} exited; see its output above")
        try:
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=2)
            conn.request("GET", "/api/v1/health/")
            response = conn.getresponse()
            if IDENT[server] not in (response.getheader("Server") or ""):
                fail(f"something else answers on port {port}")
            if response.status == 200:
                return process
        except OSError:
            pass
        time.sleep(0.2)
    fail(f"{server} did not answer")
    raise AssertionError  # fail() exits


#: What each server says it is (the Server header).
IDENT = {"gunicorn": "gunicorn", "waitress": "waitress", "serve": "euchre"}


def default_workers() -> int:
    return (os.cpu_count() or 1) * 2 + 1


# Requests and figures ----------------------------------------------------------------------


def call(
    conn: http.client.HTTPConnection,
    method: str,
    path: str,
    body: Any = None,
    headers: dict[str, str] | None = None,
) -> tuple[int, dict[str, str], bytes]:
    """One request; the status, the headers (lower-case names) and the body."""
    sent = {"Content-Type": "application/json", **(headers or {})}
    conn.request(method, path, None if body is None else json.dumps(body), sent)
    response = conn.getresponse()
    answer = response.read()
    return response.status, {k.lower(): v for k, v in response.getheaders()}, answer


@dataclass
class Latencies:
    """Seconds per answered request, and the requests that failed (5xx or no answer)."""

    name: str
    seconds: list[float] = field(default_factory=list)
    errors: int = 0

    def add(self, other: Latencies) -> None:
        self.seconds.extend(other.seconds)
        self.errors += other.errors

    def percentile_ms(self, p: float) -> float:
        ordered = sorted(self.seconds) or [float("nan")]
        return ordered[min(len(ordered) - 1, int(p / 100 * len(ordered)))] * 1000
