"""The hosted stack for real: Debian's nginx with deploy/nginx/euchre.conf.template in front of
`python -m scorekeeper.serve --behind-proxy`, over HTTPS (a certificate made for the test).

The template is used as shipped, with only its ports moved to free ones: nginx serves the
static files, buffers slow clients, passes the client's address and scheme, and a phone in
Chromium plays a hand through it.
"""

from __future__ import annotations

import getpass
import http.client
import json
import os
import shutil
import signal
import socket
import ssl
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from playwright.sync_api import Browser, expect
from table import Table, eventually

from tests.huge_body import send_huge
from tests.prepared import Prepared
from tests.waiting import until

REPO = Path(__file__).resolve().parents[2]
TEMPLATE = REPO / "deploy" / "nginx" / "euchre.conf.template"
sys.path.insert(0, str(REPO / "bench"))
import harness  # noqa: E402

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(
        shutil.which("nginx") is None and not Path("/usr/sbin/nginx").exists(),
        reason="needs Debian's nginx (apt-get install nginx-light); .ci/run installs it",
    ),
]
NGINX = shutil.which("nginx") or "/usr/sbin/nginx"
GAME = {"ruleset": "standard", "players": ["Ann", "Ben", "Cat", "Dan"], "dealer": 0}


@dataclass
class Site:
    https_port: int
    http_port: int
    folder: Path

    def ask(
        self, method: str, path: str, body: object = None, headers: dict[str, str] | None = None
    ) -> tuple[int, dict[str, str], bytes]:
        context = ssl._create_unverified_context()
        conn = http.client.HTTPSConnection("127.0.0.1", self.https_port, context=context, timeout=5)
        try:
            return harness.call(conn, method, path, body, headers)
        finally:
            conn.close()


def render(folder: Path, static: Path, app_port: int, https_port: int, http_port: int) -> Path:
    """The shipped template with its five names filled in and its ports moved."""
    site = TEMPLATE.read_text()
    for name, value in {
        "SERVER_NAME": "127.0.0.1 localhost",
        "APP_PORT": str(app_port),
        "STATIC_ROOT": str(static),
        "TLS_CERTIFICATE": str(folder / "cert.pem"),
        "TLS_KEY": str(folder / "key.pem"),
    }.items():
        site = site.replace("${" + name + "}", value)
    site = site.replace("listen 80;", f"listen {http_port};").replace("listen [::]:80;", "")
    site = site.replace("listen 443 ssl http2;", f"listen {https_port} ssl http2;")
    site = site.replace("listen [::]:443 ssl http2;", "")
    assert "${" not in "\n".join(line for line in site.splitlines() if not line.startswith("#"))
    (folder / "euchre.conf").write_text(site)
    user = f"user {getpass.getuser()};" if os.geteuid() == 0 else ""
    temp = " ".join(
        f"{kind}_temp_path {folder / kind};"
        for kind in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi")
    )
    conf = folder / "nginx.conf"
    conf.write_text(
        f"{user} daemon off; worker_processes 1; pid {folder / 'nginx.pid'};\n"
        f"error_log {folder / 'error.log'};\n"
        "events { worker_connections 512; }\n"
        "http { include /etc/nginx/mime.types; default_type application/octet-stream;\n"
        f"  access_log off; {temp}\n"
        f"  include {folder / 'euchre.conf'};\n}}\n"
    )
    return conf


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory, prepared: Prepared) -> Iterator[Site]:
    folder = tmp_path_factory.mktemp("hosted")
    subprocess.run(
        [
            *("openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1"),
            *("-keyout", str(folder / "key.pem"), "-out", str(folder / "cert.pem")),
            *("-subj", "/CN=localhost", "-addext", "subjectAltName=DNS:localhost,IP:127.0.0.1"),
        ],
        check=True,
        capture_output=True,
    )
    app_port, https_port, http_port = (harness.free_port() for _ in range(3))
    env = {k: v for k, v in os.environ.items() if k not in {"DJANGO_DEBUG", "SECRET_KEY"}}
    env |= {
        "DATABASE_URL": prepared.database(folder, "site", kind="sqlite"),
        "STATIC_ROOT": str(prepared.static_root),
        "INSTANCE_DIR": str(folder / "instance"),
        "LIMIT_WRONG_CODES": "3/hour",
    }
    app = subprocess.Popen(
        [sys.executable, "-m", "scorekeeper.serve", "--behind-proxy", "--port", str(app_port)],
        cwd=REPO,
        env=env,
        stdout=subprocess.DEVNULL,
    )
    nginx = subprocess.Popen(
        [
            NGINX,
            "-c",
            str(render(folder, prepared.static_root, app_port, https_port, http_port)),
            "-p",
            str(folder),
        ]
    )
    served = Site(https_port, http_port, folder)
    try:
        for _ in range(600):
            try:
                if served.ask("GET", "/api/v1/health/")[0] == 200:
                    break
            except OSError:
                pass
            time.sleep(0.2)
        else:
            raise AssertionError((folder / "error.log").read_text())
        yield served
    finally:
        for process in (nginx, app):
            process.send_signal(signal.SIGTERM)
            process.wait(timeout=30)


def test_the_app_answers_over_https_as_a_secure_request(site: Site):
    status, headers, _ = site.ask("GET", "/")
    assert status == 200  # no redirect loop: the app knows the request came over HTTPS
    assert "script-src 'self'" in headers["content-security-policy"]
    assert "max-age=31536000" in headers["strict-transport-security"]
    _, headers, _ = site.ask("GET", "/events/login/")
    assert "Secure" in headers["set-cookie"]
    assert site.ask("POST", "/api/v1/games/", GAME)[0] == 201


def test_plain_http_is_sent_to_https(site: Site):
    conn = http.client.HTTPConnection("127.0.0.1", site.http_port, timeout=5)
    status, headers, _ = harness.call(conn, "GET", "/events/")
    assert status == 301 and headers["location"].startswith("https://")
    # (but a load balancer's health check over plain HTTP is answered by the app)
    conn = http.client.HTTPConnection("127.0.0.1", site.http_port, timeout=5)
    status, headers, _ = harness.call(conn, "GET", "/api/v1/health/")
    assert status == 200 and headers["content-type"].startswith("application/json")


def test_nginx_serves_the_static_files_for_good_with_the_apps_headers(site: Site):
    _, app, page = site.ask("GET", "/")
    script = page.decode().split('<script type="module" src="')[1].split('"')[0]
    status, headers, _ = site.ask("GET", script)
    assert status == 200 and headers["server"].startswith("nginx")
    assert headers["content-type"].startswith("application/javascript")
    assert "immutable" in headers["cache-control"]

    def policy(value: str) -> set[str]:
        return {part.strip() for part in value.split(";")}

    assert policy(headers["content-security-policy"]) == policy(app["content-security-policy"])
    for name in (
        "strict-transport-security",
        "x-content-type-options",
        "x-frame-options",
        "referrer-policy",
        "cross-origin-opener-policy",
    ):
        assert headers[name] == app[name], name
    assert policy(headers["permissions-policy"].replace(",", ";")) == policy(
        app["permissions-policy"].replace(",", ";")
    )
    # A file that is not there is answered with them too.
    status, missing, _ = site.ask("GET", "/static/no-such-file.js")
    assert status == 404 and missing["x-content-type-options"] == "nosniff"
    assert missing["content-security-policy"] == headers["content-security-policy"]


@pytest.mark.parametrize("chunked", [False, True], ids=["with-its-length", "chunked"])
def test_a_huge_body_is_refused_as_a_problem_before_a_megabyte_of_it_is_sent(
    site: Site, chunked: bool
):
    context = ssl._create_unverified_context()
    raw = socket.create_connection(("127.0.0.1", site.https_port), timeout=30)
    with context.wrap_socket(raw) as sock:
        refused = send_huge(sock, "/api/v1/games/", chunked=chunked)
    assert refused.status == 413
    assert refused.headers["content-type"] == "application/problem+json"
    assert json.loads(refused.body)["field"] == "body"
    assert refused.sent < 1024 * 1024 if chunked else refused.sent == 0
    spooled = sum(path.stat().st_size for path in (site.folder / "client_body").rglob("*"))
    assert spooled == 0
    # A URL with a file's extension gets the same problem document, never a page or a script.
    raw = socket.create_connection(("127.0.0.1", site.https_port), timeout=30)
    with context.wrap_socket(raw) as sock:
        refused = send_huge(sock, "/events/x.html" if chunked else "/static/x.js", chunked=chunked)
    assert refused.status == 413
    assert refused.headers["content-type"] == "application/problem+json"
    assert refused.headers["x-content-type-options"] == "nosniff"
    assert "default-src 'none'" in refused.headers["content-security-policy"]


def test_the_app_away_is_a_problem_with_retry_after(site: Site, tmp_path: Path, prepared: Prepared):
    """The template in front of an app that does not answer (its port closed)."""
    nowhere, https_port, http_port = (harness.free_port() for _ in range(3))
    for name in ("cert.pem", "key.pem"):
        (tmp_path / name).write_bytes((site.folder / name).read_bytes())
    conf = render(tmp_path, prepared.static_root, nowhere, https_port, http_port)
    nginx = subprocess.Popen([NGINX, "-c", str(conf), "-p", str(tmp_path)])
    away = Site(https_port, http_port, tmp_path)
    try:
        status, headers, body = until(
            lambda: _answer_or_none(away), within=30, what="nginx answering"
        )
        assert status == 503
        assert headers["content-type"] == "application/problem+json"
        assert int(headers["retry-after"]) > 0
        assert headers["x-content-type-options"] == "nosniff"
        assert json.loads(body)["title"] == "Service Unavailable"
        # (a 502 or 504 may follow a change the app made: never "nothing was changed")
        assert "may or may not have been made" in json.loads(body)["detail"]
        status, headers, _ = away.ask("GET", "/events/x.html")
        assert (status, headers["content-type"]) == (503, "application/problem+json")
    finally:
        nginx.send_signal(signal.SIGTERM)
        nginx.wait(timeout=30)


def _answer_or_none(site: Site) -> tuple[int, dict[str, str], bytes] | None:
    try:
        return site.ask("GET", "/api/v1/health/")
    except OSError:
        return None


def test_the_client_cannot_make_up_its_address(site: Site):
    """Wrong join codes count per client; a made-up X-Forwarded-For does not make a new one."""
    for n in range(3):
        spoofed = {"X-Forwarded-For": f"10.20.30.{n}"}
        status, _, _ = site.ask("POST", "/api/v1/tables/join/", {"code": "WRONG1"}, spoofed)
        assert status == 404
    status, headers, _ = site.ask(
        "POST", "/api/v1/tables/join/", {"code": "WRONG1"}, {"X-Forwarded-For": "10.20.30.99"}
    )
    assert status == 429 and int(headers["retry-after"]) > 0


def test_slow_clients_are_held_by_the_proxy(site: Site):
    stop = threading.Event()
    context = ssl._create_unverified_context()

    connected = threading.Semaphore(0)

    def trickle() -> None:
        raw = socket.create_connection(("127.0.0.1", site.https_port), timeout=30)
        with context.wrap_socket(raw) as sock:
            connected.release()
            sock.sendall(b"POST /api/v1/games/ HTTP/1.1\r\nHost: 127.0.0.1\r\n")
            sock.sendall(b"Content-Type: application/json\r\nContent-Length: 60000\r\n\r\n")
            for _ in range(60):
                if stop.wait(0.5):
                    return
                sock.sendall(b" ")

    slow = [threading.Thread(target=trickle, daemon=True) for _ in range(20)]
    for thread in slow:
        thread.start()
    try:
        for _ in slow:
            assert connected.acquire(timeout=30), "a slow client could not connect"
        for _ in range(10):
            conn = http.client.HTTPSConnection(
                "127.0.0.1", site.https_port, context=context, timeout=1.0
            )
            status, _, _ = harness.call(conn, "GET", "/api/v1/health/")
            assert status == 200
            stop.wait(0.3)
    finally:
        stop.set()


@pytest.mark.browser
def test_a_phone_plays_a_hand_through_the_proxy(site: Site, browser: Browser):
    context = browser.new_context(
        ignore_https_errors=True, viewport={"width": 360, "height": 740}, is_mobile=True
    )
    try:
        page = context.new_page()
        table = Table(page, f"https://127.0.0.1:{site.https_port}")
        table.new_game(["Ann", "Ben", "Cat", "Dan"])
        table.pick_hand("Ann", "Hearts", 3)
        table.save()
        expect(page.get_by_role("heading", name="Hand 2")).to_be_visible()
        game = f"/api/v1/games/{table.game_id}/"
        eventually(
            page,
            lambda: len(json.loads(site.ask("GET", game)[2])["hands"]) == 1,
            what="the hand reached the server through the proxy",
        )
    finally:
        context.close()
