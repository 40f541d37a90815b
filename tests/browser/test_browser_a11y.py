"""Accessibility: axe-core (vendored) finds nothing serious or critical on the main screens,
in the light and the dark theme."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect
from table import Table

pytestmark = pytest.mark.browser

# Loaded into the page by the tests only: the app never serves it.
AXE = Path(__file__).resolve().parent / "vendor" / "axe-core" / "axe.min.js"
RUN_AXE = """async () => {
    const result = await axe.run(document, { resultTypes: ["violations"] });
    return result.violations.map((v) => ({
        id: v.id, impact: v.impact, help: v.help,
        nodes: v.nodes.slice(0, 3).map((n) => n.target.join(" ")),
    }));
}"""


def serious_violations(page: Page) -> list[dict]:
    if not page.evaluate("() => typeof axe !== 'undefined'"):
        page.add_script_tag(path=str(AXE))
    return [v for v in page.evaluate(RUN_AXE) if v["impact"] in ("serious", "critical")]


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_main_screens_have_no_serious_accessibility_violations(
    page: Page, live_server, scheme: str
) -> None:
    assert AXE.is_file(), f"axe-core is vendored at {AXE}"
    page.emulate_media(color_scheme=scheme)
    table = Table(page, live_server.url)
    found: dict[str, list[dict]] = {}

    table.open("/")
    found["home"] = serious_violations(page)
    page.get_by_role("link", name="New game").click()
    expect(page.get_by_role("button", name="Start the game")).to_be_visible()
    page.locator("details.more summary").click()
    found["new game"] = serious_violations(page)

    table.new_game(["Ann", "Ben", "Cat", "Dan"])
    table.pick_hand("Ann (N)", "Hearts", 2)
    found["hand entry"] = serious_violations(page)
    table.save()
    table.pick_hand("Ben (E)", "Clubs", 5, alone=True)
    table.save()
    expect(page.locator(".hand-list .badge")).to_have_count(0)
    found["scoreboard"] = serious_violations(page)

    page.get_by_role("button", name=re.compile(r"^Change hand 1:")).click()
    expect(page.get_by_role("dialog")).to_be_visible()
    found["amend"] = serious_violations(page)
    page.get_by_role("dialog").get_by_role("button", name="Cancel").click()

    page.get_by_role("link", name="Referee").click()
    page.get_by_role("group", name="Trump", exact=True).get_by_role("radio", name="Spades").check()
    page.get_by_role("group", name="Who called trump?").get_by_role("radio", name="Ann (N)").check()
    page.get_by_role("group", name="Who led?").get_by_role("radio", name="Ben (E)").check()
    page.get_by_role("button", name="king of Spades").first.click()
    page.get_by_role("button", name="Ask the referee").last.click()
    expect(page.locator(".ruling")).to_be_visible()
    found["referee"] = serious_violations(page)

    page.get_by_role("link", name="Share").click()
    found["share"] = serious_violations(page)
    page.get_by_role("link", name="Log").click()
    expect(page.get_by_text("Hand 2 recorded")).to_be_visible()
    found["log"] = serious_violations(page)

    assert {screen: v for screen, v in found.items() if v} == {}
