"""A club's plain-HTTP network: the browser gives the app no service worker, wake lock or
camera there, so the app says it works online only where a player starts, and still scores.
Chromium reaches the live server under a LAN-style name (not a secure context, unlike
127.0.0.1) through a host resolver rule."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from urllib.parse import urlsplit

import pytest
from conftest import CHROMIUM_ARGS, PHONE
from playwright.sync_api import Browser, BrowserType, Page, expect
from table import Table, api_get, eventually

pytestmark = pytest.mark.browser

LAN_NAME = "euchre-club.lan"
NOTE = "This address is plain HTTP"


@pytest.fixture
def lan_browser(browser_type: BrowserType, live_server, settings) -> Iterator[Browser]:
    port = urlsplit(live_server.url).port
    settings.ALLOWED_HOSTS = [*settings.ALLOWED_HOSTS, LAN_NAME]
    browser = browser_type.launch(
        executable_path=shutil.which("chromium"),
        args=[*CHROMIUM_ARGS, f"--host-resolver-rules=MAP {LAN_NAME}:{port} 127.0.0.1:{port}"],
    )
    yield browser
    browser.close()


def lan_page(browser: Browser, live_server, locale: str = "en-US") -> tuple[Page, str]:
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True, locale=locale)
    port = urlsplit(live_server.url).port
    return context.new_page(), f"http://{LAN_NAME}:{port}"


def test_over_plain_http_the_app_says_it_works_online_only_and_still_scores(
    lan_browser: Browser, live_server
) -> None:
    page, url = lan_page(lan_browser, live_server)
    page.goto(url + "/")
    assert page.evaluate("() => window.isSecureContext") is False
    note = page.get_by_role("note").filter(has_text=NOTE)
    expect(note).to_be_visible()
    expect(note).to_contain_text("https://")
    assert page.evaluate("() => 'serviceWorker' in navigator") is False

    page.goto(url + "/table/")
    expect(page.get_by_role("heading", level=1)).to_be_visible()
    expect(page.get_by_role("note").filter(has_text=NOTE)).to_be_visible()

    # Online, it still keeps score: a game starts and a hand reaches the server.
    table = Table(page, url)
    table.new_game(["Ann", "Ben", "Cat", "Dan"])
    table.pick_hand("Ann", "Hearts", 3)
    table.save()
    expect(page.get_by_role("heading", name="Hand 2")).to_be_visible()
    # The hand shows at once (the phone's own copy) and reaches the server from the outbox.
    eventually(
        page,
        lambda: api_get(live_server.url, f"/api/v1/games/{table.game_id}/")["hands"] != [],
        what="the hand reaches the server",
    )
    game = api_get(live_server.url, f"/api/v1/games/{table.game_id}/")
    assert [hand["award"] for hand in game["hands"]] == [{"reason": "make", "points": {"0": 1}}]


def test_the_note_speaks_korean(lan_browser: Browser, live_server) -> None:
    page, url = lan_page(lan_browser, live_server, locale="ko-KR")
    page.goto(url + "/")
    expect(page.get_by_role("note")).to_contain_text("일반 HTTP")


def test_a_secure_address_shows_no_note(page: Page, live_server) -> None:
    page.goto(live_server.url + "/")
    expect(page.get_by_role("heading", level=1)).to_be_visible()
    assert page.evaluate("() => window.isSecureContext") is True
    expect(page.get_by_text(NOTE)).to_have_count(0)
