"""The home screen's "Games on this phone": a club table's game shows as its table and opens
it (never as a casual game to play on), only while the phone sits at that table; and each
game says truly what of it waits to be sent (not what the server refused)."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from playwright.sync_api import Page, Route, expect
from table import OUTBOX, Table, eventually, refreshed
from test_the_table_in_two_taps import a_night, keeping_score, round_of_two_played

from scorekeeper.events import services

pytestmark = pytest.mark.browser

FOUR = ["Ann", "Ben", "Cat", "Dan"]


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
    table, _, _, rnd, _ = round_of_two_played(live_server, phone, django_user_model, settings)
    page = table.page
    game_id = str(rnd.tables.get().game_id)
    result = page.locator("section.result")
    result.get_by_role("group", name="Who enters it?").get_by_role("radio").first.check()
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


def refuse_undos(route: Route) -> None:
    if route.request.method != "DELETE":
        route.continue_()
        return
    route.fulfill(
        status=409,
        content_type="application/problem+json",
        body=json.dumps({"status": 409, "code": "refused", "detail": "Not now."}),
    )


def test_the_home_screen_counts_what_waits_to_be_sent_and_names_it(page: Page, live_server) -> None:
    """An undo the server refused waits for no one: it is not counted. An undo waiting is
    an undo; an undo and a hand, two changes. In English and in Korean."""
    table = Table(page, live_server.url)
    table.new_game(FOUR)
    table.hand("Ann (N)", "Made")
    eventually(page, lambda: page.evaluate(OUTBOX) == [], what="hand 1 is sent")
    page.route("**/api/v1/games/*/hands/*/", refuse_undos)
    undo = page.get_by_role("button", name="Undo hand 1")
    undo.click()
    undo.click()
    eventually(
        page,
        lambda: [entry["state"] for entry in page.evaluate(OUTBOX)] == ["rejected"],
        what="the undo is refused",
    )
    row = games_on_this_phone(page).locator("a.game-link")
    expect(row.locator(".game-status")).to_contain_text("In progress · 1 hand")
    expect(row.locator(".badge.warn")).to_have_count(0)

    # Nothing reaches the server now: what is entered waits.
    page.unroute("**/api/v1/games/*/hands/*/")
    page.route("**/api/v1/games/*/hands/**", lambda route: route.abort())
    row.click()
    page.get_by_role("button", name="OK").click()  # the refusal, read
    undo.click()
    undo.click()
    expect(page.get_by_role("heading", name="Hand 1")).to_be_visible()
    row = games_on_this_phone(page).locator("a.game-link")
    expect(row.locator(".badge.warn")).to_have_text("1 undo not sent yet")

    row.click()
    table.hand("Ben (E)", "March")
    expect(page.get_by_role("heading", name="Hand 2")).to_be_visible()
    row = games_on_this_phone(page).locator("a.game-link")
    expect(row.locator(".badge.warn")).to_have_text("2 changes not sent yet")
    page.get_by_role("button", name="한국어").click()
    expect(page.locator("a.game-link .badge.warn")).to_have_text("아직 보내지 않은 변경 사항 2개")
