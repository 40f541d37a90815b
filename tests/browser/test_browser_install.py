"""Install criteria: a manifest with the right fields and icons, and a service worker that
controls the page and serves the app with the network off."""

from __future__ import annotations

import struct

import pytest
from playwright.sync_api import BrowserContext, Page, expect
from table import Table

from scorekeeper.webapp import views

pytestmark = pytest.mark.browser


def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    assert data[12:16] == b"IHDR"
    width, height = struct.unpack(">II", data[16:24])
    return width, height


@pytest.mark.service_worker
def test_the_app_meets_the_install_criteria(
    page: Page, context: BrowserContext, live_server
) -> None:
    table = Table(page, live_server.url)
    table.open("/")
    href = page.locator('link[rel="manifest"]').get_attribute("href")
    response = page.request.get(live_server.url + href)
    assert response.headers["content-type"].startswith("application/manifest+json")
    manifest = response.json()
    assert manifest["name"] == "Euchre Scorekeeper"
    assert manifest["short_name"] == "Euchre"
    assert manifest["display"] == "standalone"
    assert manifest["start_url"] == "/"
    assert manifest["scope"] == "/"
    assert manifest["theme_color"].startswith("#")
    assert manifest["background_color"].startswith("#")

    icons = {(icon["sizes"], icon["purpose"]): icon for icon in manifest["icons"]}
    assert {("192x192", "any"), ("512x512", "any"), ("512x512", "maskable")} <= set(icons)
    for (sizes, _purpose), icon in icons.items():
        assert icon["type"] == "image/png"
        body = page.request.get(live_server.url + icon["src"]).body()
        width, height = png_size(body)
        assert f"{width}x{height}" == sizes

    # Chromium's own verdict on the manifest and the page; Playwright's contexts are always
    # incognito, which is the one thing Chromium may hold against it.
    cdp = context.new_cdp_session(page)
    table.wait_until_controlled()
    errors = cdp.send("Page.getInstallabilityErrors")["installabilityErrors"]
    assert [error["errorId"] for error in errors if error["errorId"] != "in-incognito"] == []
    assert cdp.send("Page.getAppManifest")["errors"] == []

    registration = page.evaluate(
        """async () => {
            const registration = await navigator.serviceWorker.getRegistration();
            return { scope: registration.scope, script: registration.active.scriptURL };
        }"""
    )
    assert registration == {"scope": live_server.url + "/", "script": live_server.url + "/sw.js"}
    worker = page.request.get(live_server.url + "/sw.js")
    assert worker.headers["cache-control"] == "no-cache"
    assert "javascript" in worker.headers["content-type"]

    # After one visit the app starts with the network off, on any of its screens.
    context.set_offline(True)
    page.goto(live_server.url + manifest["start_url"])
    expect(page.get_by_role("heading", name="Keep score at the table")).to_be_visible()
    page.goto(live_server.url + "/referee/")
    expect(page.get_by_role("heading", name="Ask the referee")).to_be_visible()
    # The presets were fetched on the first visit: a new game can start offline too.
    page.goto(live_server.url + "/new/")
    expect(page.get_by_role("button", name="Start the game")).to_be_visible()


@pytest.mark.service_worker
def test_a_new_version_is_offered_and_taken_when_the_player_accepts(
    page: Page, live_server, monkeypatch: pytest.MonkeyPatch
) -> None:
    table = Table(page, live_server.url)
    table.open("/")
    table.wait_until_controlled()
    assert page.evaluate("() => caches.keys()") == [f"euchre-shell-{views.precache()[1]}"]

    # A deploy: the worker's precache list or version changes, so its bytes change.
    urls, _version = views.precache()
    monkeypatch.setattr(views, "precache", lambda: (urls, "0123456789abcdef"))
    page.evaluate("async () => (await navigator.serviceWorker.getRegistration()).update()")
    offer = page.get_by_role("alert").filter(has_text="A new version of the app is ready.")
    expect(offer).to_be_visible()
    # Nothing changes until the player says so; then the new worker takes over, drops the
    # old cache and the page reloads.
    assert page.evaluate("() => caches.keys()") != ["euchre-shell-0123456789abcdef"]
    with page.expect_event("load"):
        offer.get_by_role("button", name="Update").click()
    table.wait_until_controlled()
    expect(page.get_by_role("heading", name="Keep score at the table")).to_be_visible()
    assert page.evaluate("() => caches.keys()") == ["euchre-shell-0123456789abcdef"]


def test_the_first_screen_offers_to_install_the_app_when_the_browser_does(
    page: Page, live_server
) -> None:
    table = Table(page, live_server.url)
    table.open("/")
    install = page.get_by_role("button", name="Install the app")
    expect(install).to_have_count(0)
    # The browser's offer (Chromium's beforeinstallprompt), kept until the player taps.
    page.evaluate(
        """() => {
            const offer = new Event("beforeinstallprompt", { cancelable: true });
            offer.prompt = async () => { window.prompted = true; };
            window.dispatchEvent(offer);
        }"""
    )
    install.tap()
    assert page.evaluate("() => window.prompted") is True
    expect(install).to_have_count(0)


def test_on_an_iphone_the_first_screen_says_how_to_add_the_app(live_server, phone) -> None:
    iphone = (
        "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 "
        "(KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1"
    )
    page = phone(user_agent=iphone).new_page()
    page.goto(live_server.url + "/")
    expect(page.locator(".install-hint")).to_have_text(
        "To keep the app on this phone: tap Share, then “Add to Home Screen”."
    )
