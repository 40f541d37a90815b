"""A bracket's chart on a phone at 360 px: the page itself never scrolls sideways (the bracket
scrolls inside its own box), it runs under the site's CSP, it follows a dark device, and
axe-core finds nothing serious in either theme."""

from __future__ import annotations

import pytest
from playwright.sync_api import ConsoleMessage, Page
from screens import shot
from test_browser_a11y import serious_violations

from scorekeeper.events import services
from tests.events.event_helpers import event_founded, rounds_entered

pytestmark = pytest.mark.browser


def played_double_elimination(user) -> int:
    actor, event = event_founded(
        user,
        name="Spring knockout",
        format="bracket",
        entry="totals",
        knockout="double",
        published=True,
    )
    for n in range(1, 10):
        services.team_add(
            event=event, actor=actor, name=f"Team {n}", players=[f"Ann {n}", f"Ben {n}"]
        )
    rounds_entered(event, actor, 3, [10, 5])
    services.round_generate(event=event, actor=actor)
    return event.pk


def test_the_chart_scrolls_in_its_own_box_at_360_px(
    live_server, page: Page, phone, django_user_model
):
    event = played_double_elimination(django_user_model.objects.create_user("dora"))
    refused: list[str] = []

    def seen(message: ConsoleMessage) -> None:
        if "Content Security Policy" in message.text:
            refused.append(message.text)

    page.on("console", seen)
    page.goto(f"{live_server.url}/events/{event}/bracket/")
    assert page.get_by_role("heading", name="Winners' bracket").is_visible()
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 360
    box = page.locator(".bracket-scroll").first
    assert box.evaluate("b => b.scrollWidth > b.clientWidth")  # it scrolls, inside itself
    box.evaluate("b => { b.scrollLeft = b.scrollWidth; }")
    assert box.evaluate("b => b.scrollLeft") > 0
    assert (
        page.get_by_text("At table 1 now").first.is_visible() or page.locator(".match-open").count()
    )
    light = page.evaluate("() => getComputedStyle(document.body).backgroundColor")
    assert refused == []
    # Nine teams: the seven top seeds' first-round byes are drawn, where each seed starts.
    assert page.get_by_text("Through on a bye").count() == 7
    box.evaluate("b => { b.scrollLeft = 0; }")
    shot(page, "bracket-byes", full_page=True)

    dark = phone(color_scheme="dark").new_page()
    dark.goto(f"{live_server.url}/events/{event}/bracket/")
    night = dark.evaluate("() => getComputedStyle(document.body).backgroundColor")
    assert light == "rgb(255, 255, 255)" and night != light
    for theme in ("light", "dark"):  # axe-core is loaded by the test: past the CSP
        checked = phone(color_scheme=theme, bypass_csp=True).new_page()
        checked.goto(f"{live_server.url}/events/{event}/bracket/")
        assert serious_violations(checked) == [], theme
