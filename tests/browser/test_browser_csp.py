"""The site under its Content-Security-Policy: every screen works without one refusal."""

from __future__ import annotations

import pytest
from playwright.sync_api import ConsoleMessage, Page, expect
from table import Table

pytestmark = pytest.mark.browser


def refusals_of(page: Page) -> list[str]:
    refused: list[str] = []

    def seen(message: ConsoleMessage) -> None:
        if "Content Security Policy" in message.text:
            refused.append(message.text)

    page.on("console", seen)
    return refused


def test_the_app_and_the_club_pages_run_under_the_policy(live_server, page: Page):
    refused = refusals_of(page)
    table = Table(page, live_server.url)
    table.open("/")
    table.wait_until_controlled()
    table.new_game(["Ann", "Ben", "Cat", "Dan"])
    table.pick_hand("Ann", "Hearts", 3)
    table.save()
    expect(page.get_by_role("heading", name="Hand 2")).to_be_visible()
    for path in ("/rules/", "/events/", "/events/login/"):
        table.open(path)
        page.wait_for_load_state("networkidle")
    assert refused == []


def test_the_api_documentation_runs_under_the_policy(live_server, page: Page):
    refused = refusals_of(page)
    page.goto(live_server.url + "/api/docs/")
    expect(page.get_by_text("/api/v1/games/").first).to_be_visible()
    assert refused == []
