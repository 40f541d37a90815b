"""Serve the scorekeeper for real: `python -m scorekeeper.serve` (what `make serve` runs).

A club's laptop on the club's Wi-Fi needs one command: production settings, waitress as the
application server (it reads each request whole before a thread sees it, so slow phones on bad
Wi-Fi never hold up the others), static files from WhiteNoise, SQLite in WAL mode unless
DATABASE_URL says PostgreSQL, listening on every address of the laptop. It serves from one
process a core (`--processes`), all taking requests from one listening socket, so a crowded
night uses the whole laptop. It prints the address phones should open, warns when only this
computer can reach it, and starts a server process again by itself if one ever dies (and they
end when it dies, even by kill -9: the port is free for the next start). Behind a
TLS proxy on a hosted site, `--behind-proxy` listens on 127.0.0.1 only and trusts the proxy's
X-Forwarded-For and X-Forwarded-Proto.

What it sets, unless the environment already does (docs/deployment.md):
- SECRET_KEY: made once and kept in `instance/secret_key` (INSTANCE_DIR), mode 0600;
- HTTPS=0 (the plain-HTTP LAN mode) on a laptop, HTTPS=1 behind a proxy;
- ALLOWED_HOSTS: this computer's names and addresses (and PUBLIC_URL's host).
While a round is in play it backs the database up every BACKUP_INTERVAL seconds (60; 0 for
never) into BACKUP_DIR and BACKUP_MIRROR (`manage.py backup`), when something was written
since the last. Started on a database that is
empty or damaged while backups are there, it lists the newest and says where to pick one to
restore (/events/restore/).
"""

from __future__ import annotations

import argparse
import gc
import json
import logging
import os
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path
from types import FrameType
from urllib.parse import urlsplit

from scorekeeper.instance import secret_key_made

BASE_DIR = Path(__file__).resolve().parent.parent
#: A server that dies sooner than this after starting is failing to start: wait longer.
SHORT_LIFE_SECONDS = 10.0
#: The supervisor's process id, told to the processes it starts (see `when_orphaned`).
SUPERVISOR_PID = "SERVE_SUPERVISOR_PID"


def when_orphaned(then: Callable[[], None], every: float = 1.0) -> None:
    """Call `then`, once, from a thread of its own, when the supervisor that started this
    process is gone without stopping it (killed with kill -9, crashed): its server processes
    would go on serving the port unsupervised, and its backup timer backing up a database
    that may be replaced meanwhile. A process nobody supervised is left alone."""
    supervisor = os.environ.get(SUPERVISOR_PID, "")
    if not supervisor.isdigit():
        return

    def watch() -> None:
        while os.getppid() == int(supervisor):
            time.sleep(every)
        then()

    threading.Thread(target=watch, name="orphan-watch", daemon=True).start()


def local_addresses() -> list[str]:
    """This computer's IPv4 addresses other phones could reach (loopback left out)."""
    found: set[str] = set()
    try:
        out = subprocess.run(["hostname", "-I"], capture_output=True, text=True, check=False)
        found.update(a for a in out.stdout.split() if "." in a)
    except OSError:
        pass
    # The address the default route leaves from (no packet is sent by a UDP connect).
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("192.0.2.1", 9))
            found.add(probe.getsockname()[0])
        except OSError:
            pass
    return sorted(a for a in found if not a.startswith("127."))


def environment(args: argparse.Namespace, addresses: list[str]) -> dict[str, str]:
    env = dict(os.environ)
    env.pop("DJANGO_DEBUG", None)
    if not env.get("SECRET_KEY"):
        env["SECRET_KEY"] = secret_key_made()
    if args.behind_proxy:
        env.setdefault("HTTPS", "1")
        env.setdefault("SECURE_PROXY_SSL_HEADER", "1")
        env.setdefault("NUM_PROXIES", "1")
    else:
        env.setdefault("HTTPS", "0")
    hosts = ["127.0.0.1", "localhost", "[::1]", socket.gethostname(), *addresses]
    hosts.append(f"{socket.gethostname()}.local")
    if public := env.get("PUBLIC_URL"):
        hosts.append(urlsplit(public).hostname or "")
        origin = f"{urlsplit(public).scheme}://{urlsplit(public).netloc}"
        env.setdefault("CSRF_TRUSTED_ORIGINS", origin)
    env.setdefault("ALLOWED_HOSTS", ",".join(h for h in hosts if h))
    return env


def announce(args: argparse.Namespace, addresses: list[str]) -> None:
    if args.behind_proxy:
        print(f"Serving on 127.0.0.1:{args.port} for the proxy in front.", flush=True)
        return
    if public := os.environ.get("PUBLIC_URL"):
        print(f"Phones open {public}", flush=True)
    for address in addresses:
        print(f"Phones on this network open http://{address}:{args.port}/", flush=True)
    if not addresses:
        print(
            "Warning: this computer has no network address but 127.0.0.1, so only it can reach "
            "the app. Join the club's Wi-Fi (or turn on the laptop's hotspot) and start again.",
            flush=True,
        )
    print(
        "Plain HTTP on a local network: the app works while the phones are connected; working "
        "offline, keeping the screen on and the camera need HTTPS (docs/deployment.md).",
        flush=True,
    )


def prepare(env: dict[str, str]) -> None:
    """Migrate the database and collect the static files (when they changed), as the server
    will see them."""
    manage = [sys.executable, str(BASE_DIR / "manage.py"), "prepare_to_serve"]
    subprocess.run(manage, env=env, check=True)


def refusals_as_problems() -> None:
    """What waitress refuses before the app sees it (a body over the limit, a malformed
    request, headers too long) is answered as the app answers errors, a problem document, and
    logged in one line."""
    from django.utils import translation
    from waitress.channel import HTTPChannel
    from waitress.task import ErrorTask

    from scorekeeper.api.door import body_refused, language_of, too_large, unreadable
    from scorekeeper.api.problems import problem, status_text

    codes = {400: "bad-request", 413: "body-too-large", 431: "headers-too-large"}
    logger = logging.getLogger("scorekeeper.door")

    class ProblemErrorTask(ErrorTask):  # type: ignore[misc]
        def execute(self) -> None:
            error, request = self.request.error, self.request
            code = int(error.code)
            # In the client's language, as the app answers (waitress's own words otherwise).
            language = language_of(request.headers.get("ACCEPT_LANGUAGE", ""))
            with translation.override(language):
                if code == 413:
                    detail, field = too_large(), "body"
                else:
                    detail, field = unreadable(code, str(error.body))
                what = problem(
                    code,
                    title=status_text(code),
                    code=codes.get(code, "refused"),
                    field=field,
                    detail=detail,
                )
            if code == 413:
                length = request.content_length or "more than the limit's"
                logger.warning(body_refused(request.command, request.path, length))
            else:
                logger.warning("%s refused before the app: %s", code, error.body)
            body = json.dumps(what).encode()
            self.status = f"{code} {error.reason}"
            self.response_headers += [
                ("Content-Type", "application/problem+json"),
                ("Content-Language", language),  # as every answer of the app says
                # the headers of every answer of the app, for one that runs nothing
                ("X-Content-Type-Options", "nosniff"),
                ("Content-Security-Policy", "default-src 'none'; frame-ancestors 'none'"),
                ("X-Frame-Options", "DENY"),
                ("Referrer-Policy", "same-origin"),
            ]
            self.set_close_on_finish()
            self.content_length = len(body)
            self.write(body)

    HTTPChannel.error_task_class = ProblemErrorTask


class QueueDepths(logging.Filter):
    """Waitress warns of its queue at every request that finds no thread free ("Task queue
    depth is 3"): on a busy night, thousands of lines that bury the log's real news. This
    lets one line through a minute at most, saying the deepest queue since the last one."""

    def __init__(self, every: float = 60.0) -> None:
        super().__init__()
        self.every = every
        self.deepest = 0
        self.said_at = -every
        self.lock = threading.Lock()

    def filter(self, record: logging.LogRecord) -> bool:
        depth = record.args[0] if isinstance(record.args, tuple) and record.args else 0
        now = time.monotonic()
        with self.lock:
            self.deepest = max(self.deepest, depth if isinstance(depth, int) else 0)
            if now - self.said_at < self.every:
                return False
            record.msg, record.args = (
                "Requests waited for a server thread: at most %d queued (said once a minute)",
                (self.deepest,),
            )
            self.deepest, self.said_at = 0, now
            return True


def serve_forever(args: argparse.Namespace) -> None:
    """The server itself, in this process (one of the supervisor's children), on the listening
    socket it was handed."""
    import waitress
    from django.conf import settings
    from django.urls import get_resolver

    from scorekeeper.wsgi import application

    refusals_as_problems()
    when_orphaned(lambda: os._exit(1))
    logging.getLogger("waitress.queue").addFilter(QueueDepths())
    # What the app has loaded stays all night: moved out of the collector's sight, a full
    # collection no longer walks it while every thread of the process waits (60-150 ms on a
    # loaded server, every few seconds in a crowded night).
    get_resolver().url_patterns  # noqa: B018  (the URLs, loaded now rather than at a request)
    gc.freeze()
    options: dict[str, object] = {
        "sockets": [socket.socket(fileno=args.listen_fd)],
        "threads": args.threads,
        "connection_limit": 2000,
        "channel_timeout": 120,
        "ident": "euchre",
        # A larger body is refused from its Content-Length (a chunked one as it passes the
        # limit), never read into memory or spooled to disk.
        "max_request_body_size": settings.REQUEST_BODY_LIMIT + 1,
    }
    if args.behind_proxy:
        options |= {
            "trusted_proxy": "127.0.0.1",
            "trusted_proxy_count": 1,
            "trusted_proxy_headers": {"x-forwarded-for", "x-forwarded-proto"},
            "clear_untrusted_proxy_headers": True,
        }
    waitress.serve(application, **options)


def backup_command(every: float) -> list[str]:
    """The backup timer: one process all night that backs the database up every `every`
    seconds while a round is in play, at a lower priority than the server's."""
    manage = [sys.executable, str(BASE_DIR / "manage.py")]
    return [*manage, "backup", "--label", "round", "--if-round-running", "--every", f"{every:g}"]


def listen(args: argparse.Namespace) -> socket.socket:
    """The listening socket every server process takes requests from."""
    try:
        listener = socket.create_server((args.host, args.port), backlog=1024)
    except OSError as error:
        print(f"serve: cannot listen on {args.host}:{args.port}: {error.strerror}", file=sys.stderr)
        raise SystemExit(2) from None
    listener.set_inheritable(True)
    return listener


def supervise(args: argparse.Namespace, env: dict[str, str]) -> int:
    """Run `--processes` server processes on one listening socket, and start each again
    whenever it dies, until told to stop; meanwhile back the database up every
    BACKUP_INTERVAL seconds while a round is in play and something was written since."""
    listener = listen(args)
    env = {**env, SUPERVISOR_PID: str(os.getpid())}
    children: list[subprocess.Popen[bytes]] = []
    stopped = threading.Event()
    server = [sys.executable, "-m", "scorekeeper.serve", "--child", *sys.argv[1:]]
    server += ["--listen-fd", str(listener.fileno())]
    started = threading.Lock()

    def keep_running(command: list[str], what: str, serves: bool = True) -> None:
        """One process, started again each time it dies (a server process gets the listening
        socket; the backup timer only says what failed)."""
        pause = 1.0
        while not stopped.is_set():
            with started:
                if stopped.is_set():
                    return
                child = subprocess.Popen(
                    command,
                    env=env,
                    cwd=BASE_DIR,
                    pass_fds=(listener.fileno(),) if serves else (),
                    stdout=None if serves else subprocess.DEVNULL,
                )
                children.append(child)
            began = time.monotonic()
            code = child.wait()
            if stopped.is_set():
                return
            lived = time.monotonic() - began
            pause = 1.0 if lived > SHORT_LIFE_SECONDS else min(pause * 2, 30.0)
            print(f"{what} stopped (exit {code}); starting it again in {pause:g} s.", flush=True)
            stopped.wait(pause)

    def stop(signum: int, frame: FrameType | None) -> None:
        stopped.set()
        with started:
            for child in children:
                if child.poll() is None:
                    child.terminate()

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    keepers = [
        threading.Thread(target=keep_running, args=(server, "A server process"))
        for _ in range(args.processes)
    ]
    every = float(env.get("BACKUP_INTERVAL", "60"))
    if every > 0:
        timer = backup_command(every)
        keeper = threading.Thread(target=keep_running, args=(timer, "The backup timer", False))
        keepers.append(keeper)
    for keeper in keepers:
        keeper.start()
    for keeper in keepers:
        while keeper.is_alive():
            keeper.join(timeout=1.0)  # the main thread stays free for the signals
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m scorekeeper.serve", description=__doc__)
    parser.add_argument("--port", type=int, default=int(os.environ.get("PORT", "8000")))
    # Four app threads a process: the app's work holds Python's lock, and more threads mostly
    # make each request, and a SQLite writer's turn, wait longer for it (docs/deployment.md).
    parser.add_argument("--threads", type=int, default=4, help="threads a process")
    parser.add_argument(
        "--processes", type=int, default=os.cpu_count() or 1, help="default: one a core"
    )
    parser.add_argument(
        "--behind-proxy", action="store_true", help="listen on 127.0.0.1 behind a TLS proxy"
    )
    parser.add_argument("--host", default=None, help="default: every address (0.0.0.0)")
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--listen-fd", type=int, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if not 0 < args.port < 65536 or not 1 <= args.threads <= 256 or not 1 <= args.processes <= 64:
        parser.exit(2, "serve: give a port from 1 to 65535, 1 to 256 threads, 1 to 64 processes\n")
    args.host = args.host or ("127.0.0.1" if args.behind_proxy else "0.0.0.0")
    if args.child:
        os.environ.setdefault("DJANGO_SETTINGS_MODULE", "scorekeeper.settings")
        serve_forever(args)
        return 0
    addresses = [] if args.behind_proxy else local_addresses()
    env = environment(args, addresses)
    prepare(env)
    announce(args, addresses)
    return supervise(args, env)


if __name__ == "__main__":
    sys.exit(main())
