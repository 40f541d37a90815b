"""The theme: the app follows the phone's light or dark setting until the player picks one with
the bar's button; the pick outlives a reload, and the rules page (no script) follows the phone."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.browser

# The page's background (--bg) and the bar's, in each palette.
PALETTES = {
    "light": {"body": "rgb(244, 241, 232)", ".bar": "rgb(14, 82, 51)"},
    "dark": {"body": "rgb(13, 23, 18)", ".bar": "rgb(10, 42, 26)"},
}
OTHER = {"light": "dark", "dark": "light"}


def expect_palette(page: Page, theme: str) -> None:
    for selector, color in PALETTES[theme].items():
        expect(page.locator(selector)).to_have_css("background-color", color)


@pytest.mark.parametrize("phone_scheme", ["light", "dark"])
def test_the_app_follows_the_phone_until_a_theme_is_picked(
    live_server, phone, phone_scheme
) -> None:
    page = phone(color_scheme=phone_scheme).new_page()
    page.goto(f"{live_server.url}/")
    picked = OTHER[phone_scheme]
    switch = page.get_by_role("button", name=f"{picked.title()} theme")
    expect(switch).to_be_visible()
    expect_palette(page, phone_scheme)

    switch.click()
    expect_palette(page, picked)
    page.reload()
    expect(page.get_by_role("button", name=f"{phone_scheme.title()} theme")).to_be_visible()
    expect_palette(page, picked)

    page.goto(f"{live_server.url}/rules/")
    expect_palette(page, phone_scheme)

    page.goto(f"{live_server.url}/")
    page.get_by_role("button", name=f"{phone_scheme.title()} theme").click()
    expect_palette(page, phone_scheme)
    expect(page.get_by_role("button", name=f"{picked.title()} theme")).to_be_visible()
