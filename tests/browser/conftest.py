"""Browser tests: Debian's Chromium, driven by Playwright at a phone's size, against the app
served by Django's live server. Never `playwright install`: the system's chromium is used."""

from __future__ import annotations

import os
import shutil
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, BrowserType, expect
from stack import Stack

from tests.prepared import Prepared
from tests.waiting import until

# Playwright's sync API keeps an event loop running in the test thread; Django would refuse
# the database work of the live server's set-up and teardown there without this.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]
PHONE = {"width": 360, "height": 740}
# What a page shows may take longer than Playwright's 5 s while the other test worker runs
# servers and browsers beside it; an assertion still passes the moment it holds.
expect.set_options(timeout=15_000)


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    """Debian's Chromium as its headless shell (the same engine without the browser's own
    windows: about 40% less CPU a test), or the whole browser where the shell is missing."""
    chromium = shutil.which("chromium-headless-shell") or shutil.which("chromium")
    if chromium is None:
        pytest.fail(
            "The browser tests need Debian's chromium: "
            "apt-get install -y chromium chromium-headless-shell"
        )
    return {**browser_type_launch_args, "executable_path": chromium, "args": CHROMIUM_ARGS}


@pytest.fixture(scope="session")
def whole_browser(browser_type: BrowserType) -> Iterator[Browser]:
    """The whole of Debian's Chromium, for what its headless shell refuses (a screen wake
    lock)."""
    chromium = shutil.which("chromium")
    if chromium is None:
        pytest.fail("The browser tests need Debian's chromium: apt-get install -y chromium")
    launched = browser_type.launch(executable_path=chromium, args=CHROMIUM_ARGS)
    yield launched
    launched.close()


@pytest.fixture
def browser_context_args(
    browser_context_args: dict[str, Any], request: pytest.FixtureRequest
) -> dict[str, Any]:
    """A phone. The app's service worker takes charge only in the tests marked
    `service_worker` (offline, install, restore, its policy): installing it fetches every
    file of the app again, which the other tests would pay for in every new phone."""
    worker = request.node.get_closest_marker("service_worker") is not None
    return {
        **browser_context_args,
        "viewport": PHONE,
        "is_mobile": True,
        "has_touch": True,
        "locale": "en-US",
        "color_scheme": "light",
        "service_workers": "allow" if worker else "block",
    }


@pytest.fixture
def phone(
    browser: Browser, browser_context_args: dict[str, Any]
) -> Iterator[Callable[..., BrowserContext]]:
    """Another phone at the table: a browser context like the default one, with overrides."""
    contexts: list[BrowserContext] = []

    def make(**overrides: Any) -> BrowserContext:
        context = browser.new_context(**{**browser_context_args, **overrides})
        contexts.append(context)
        return context

    yield make
    for context in contexts:
        context.close()


class Requests:
    """The live server's requests being answered, counted from the app's call until the
    server closes the answer (Django's end of a request, which closes its connection, runs
    then). Not its connections: a phone keeps one open between requests.

    Between tests the server is shut: a request the browser sent just before its phone was
    closed, and the server reads only now, is answered 503 without reaching the app, so
    nothing opens a transaction while the database is emptied."""

    def __init__(self, server: Any) -> None:
        self.lock = threading.Lock()
        self.active = 0
        self.serving = True
        app = server.get_app()

        def counted(environ: dict[str, Any], start_response: Any) -> Any:
            with self.lock:
                if not self.serving:
                    start_response("503 Service Unavailable", [("Content-Length", "0")])
                    return [b""]
                self.active += 1
            try:
                return Answer(app(environ, start_response), self.done)
            except BaseException:
                self.done()
                raise

        server.set_app(counted)

    def done(self) -> None:
        with self.lock:
            self.active -= 1

    def open(self) -> None:
        with self.lock:
            self.serving = True

    def shut(self) -> None:
        with self.lock:
            self.serving = False

    def none(self) -> bool:
        with self.lock:
            return self.active == 0


class Answer:
    """An app's answer whose closing (once sent, or once sending failed) is told."""

    def __init__(self, answer: Any, closed: Callable[[], None]) -> None:
        self.answer = answer
        self.closed = closed

    def __iter__(self) -> Iterator[bytes]:
        return iter(self.answer)

    def close(self) -> None:
        try:
            if hasattr(self.answer, "close"):
                self.answer.close()
        finally:
            self.closed()


@pytest.fixture(scope="session")
def live_server(django_db_setup: None, live_server: Any) -> Any:
    """pytest-django's live server, started once the test database is made: so it stops, and
    its threads' database sessions end, before the database is removed at the end of the run."""
    return live_server


@pytest.fixture(scope="session")
def live_requests(live_server: Any) -> Requests:
    return Requests(live_server.thread.httpd)


@pytest.fixture(autouse=True)
def answered_before_the_flush(request: pytest.FixtureRequest) -> Iterator[None]:
    """A test against the live server ends once the server is shut to new requests and has
    answered what the test's phones asked before they were closed: emptying the database
    under a request still in its transaction deadlocks on PostgreSQL. (Set up after the live
    server and the database, this is torn down after the phones and before the database is
    emptied; the next test against the server opens it again.)"""
    if "live_server" not in request.fixturenames:
        yield
        return
    requests = request.getfixturevalue("live_requests")
    requests.open()
    yield
    requests.shut()
    until(requests.none, within=30, what="the live server has answered every request")


@pytest.fixture
def stack(tmp_path: Path, prepared: Prepared) -> Iterator[Stack]:
    """A real server of this test's own (tests/browser/stack.py), removed afterwards."""
    made = Stack(tmp_path, prepared)
    try:
        yield made
    finally:
        made.remove()
