"""The home screen's "Games on this phone": a club table's game shows as its table and opens
it (never as a casual game to play on), only while the phone sits at that table."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import Page, expect
from table import OUTBOX, eventually, refreshed
from test_the_table_in_two_taps import a_night, keeping_score, round_of_two_played

from scorekeeper.events import services

pytestmark = pytest.mark.browser


def games_on_this_phone(page: Page) -> Any:
    page.locator("a.brand").click()
    return page.locator(
        "section.panel", has=page.get_by_role("heading", name="Games on this phone")
    )


def test_a_club_tables_game_shows_as_its_table_and_opens_it(
    live_server, phone, django_user_model, settings
) -> None:
    """The round played and its result entered: the home screen lists the table's game as
    the table, and it opens the table screen; its game's own address does too, so it is never
    a casual game to score on (to 999, with hand 3 to enter)."""
    table, _, _, rnd = round_of_two_played(live_server, phone, django_user_model, settings)
    page = table.page
    game_id = str(rnd.tables.get().game_id)
    result = page.locator("section.result")
    result.get_by_role("group", name="Who enters it?").get_by_role("radio").first.tap()
    result.get_by_role("button", name="Enter the result", exact=True).tap()
    eventually(page, lambda: page.evaluate(OUTBOX) == [], what="the result is sent")

    row = games_on_this_phone(page).locator("a.game-link")
    expect(row).to_have_count(1)
    expect(row).to_have_attribute("href", "/table/")
    expect(row.locator(".game-status")).to_contain_text("Table 1 · round 1")
    expect(row).not_to_contain_text("In progress")
    row.tap()
    expect(page).to_have_url(re.compile(r"/table/$"))
    expect(page.locator("section.result")).to_be_visible()

    page.goto(f"{live_server.url}/g/{game_id}/")
    expect(page).to_have_url(re.compile(r"/table/$"))
    expect(page.locator("section.result")).to_be_visible()
    expect(page.get_by_text("Playing to")).to_have_count(0)
    expect(page.get_by_role("heading", name=re.compile("^Hand 3"))).to_have_count(0)


def test_a_game_of_a_round_undone_goes_from_the_home_screen(
    live_server, phone, django_user_model
) -> None:
    """The director undoes the round the phone joined: its game is gone from the server, and
    from the home screen; its address opens the table, not a blank game to play on."""
    event, rnd, code, director = a_night(django_user_model)
    game_id = str(rnd.tables.get().game_id)
    page = phone().new_page()
    keeping_score(page, live_server.url, code)
    services.round_undo(event=event, actor=director, number=1)
    refreshed(
        page,
        lambda ms: expect(page.get_by_text("No game at this table this round").first).to_be_visible(
            timeout=ms
        ),
    )

    games = games_on_this_phone(page)
    expect(games).to_contain_text("None yet.")
    expect(games.locator("a.game-link")).to_have_count(0)
    page.goto(f"{live_server.url}/g/{game_id}/")
    expect(page).to_have_url(re.compile(r"/table/$"))
    expect(page.locator("form.entry")).to_have_count(0)
