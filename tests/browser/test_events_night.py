"""A small progressive night end to end on phones: the director creates it and seats a round,
two tables join by code and enter their hands, the opponents confirm (one on the table's
phone, one on their own), and the players' page shows the standings as they come in."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import BrowserContext, Page, expect
from table import api_get

pytestmark = pytest.mark.browser

EIGHT = ["Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal"]


def seat_names(table: dict[str, Any]) -> list[str]:
    return [seat["name"] for seat in sorted(table["seats"], key=lambda s: s["seat"])]


def enter_hand(page: Page, maker: str, tricks: int, *, alone: bool = False) -> None:
    form = page.locator(".hand-form")
    form.get_by_label("Maker", exact=True).select_option(label=maker)
    form.get_by_label("Trump").select_option(label="Spades")
    form.get_by_label("Tricks the makers took").select_option(str(tricks))
    if alone:
        form.get_by_label("Alone").check()
    count = page.locator(".hands li").count()
    form.get_by_role("button", name="Save hand").click()
    expect(page.locator(".hands li")).to_have_count(count + 1)


def join_table(context: BrowserContext, base: str, code: str, *, opponents: bool = False) -> Page:
    page = context.new_page()
    page.goto(base + "/events/table/")
    page.get_by_label("Join code").fill(code)
    if opponents:
        page.get_by_label("We are the opponents, here to confirm").check()
    page.get_by_role("button", name="Join").click()
    expect(page.locator(".table-title")).to_have_text(re.compile(r"Round 1, table \d"))
    return page


def test_a_progressive_night_on_phones(page: Page, live_server, phone, django_user_model) -> None:
    base = live_server.url
    django_user_model.objects.create_user("dora", password="deal-the-cards-42")

    # The director signs in, starts a club and a progressive event of two-hand rounds.
    page.goto(base + "/events/director/")
    page.get_by_label("User name").fill("dora")
    page.get_by_label("Password").fill("deal-the-cards-42")
    page.get_by_role("button", name="Sign in").click()
    page.get_by_label("Club name").fill("Riverside Euchre Club")
    page.get_by_role("button", name="Create club").click()
    expect(page.get_by_role("heading", name="Riverside Euchre Club")).to_be_visible()
    page.get_by_text("New event").click()
    page.get_by_label("Name", exact=True).fill("Tuesday progressive")
    page.get_by_label("A round is").select_option(label="a number of hands")
    page.get_by_label("Hands a round").fill("2")
    page.get_by_label("Rounds").fill("1")
    page.get_by_role("button", name="Create event").click()
    expect(page.get_by_role("heading", name="Tuesday progressive")).to_be_visible()
    event = re.search(r"/events/(\d+)/manage/", page.url).group(1)

    page.get_by_label("Names, one a line").fill("\n".join(EIGHT))
    page.get_by_role("button", name="Add players").click()
    expect(page.locator(".entrants li")).to_have_count(8)
    page.get_by_role("button", name="Publish").click()
    expect(page.get_by_role("button", name="Hide from the public")).to_be_visible()
    page.get_by_role("button", name="Seat the next round").click()
    expect(page.locator(".round .tables li")).to_have_count(2)
    codes = {n: page.locator(f'.round li[data-table="{n}"] .code').inner_text() for n in (1, 2)}
    tables = {t["number"]: t for t in api_get(base, f"/api/v1/events/{event}/rounds/1/")["tables"]}

    # A player opens the event's page before any result is in.
    watcher = phone().new_page()
    watcher.goto(base + f"/events/{event}/")
    seated = seat_names(tables[2])
    watcher.get_by_label("I am").select_option(label=seated[3])
    expect(watcher.locator(".my-table")).to_contain_text("Round 1: table 2, seat 3.")

    # Table 1: seat 0 makes it (+1), seat 1 marches (+2); an opponent confirms on this phone.
    one = seat_names(tables[1])
    first = join_table(phone(), base, codes[1])
    enter_hand(first, one[0], 3)
    enter_hand(first, one[1], 5)
    expect(first.locator(".score")).to_contain_text("1 – 2")
    first.locator(".enter-form").get_by_label("Entered by").select_option(label=one[0])
    first.get_by_role("button", name="Enter result").click()
    expect(first.locator(".result-text")).to_contain_text("the opponents confirm it")
    first.get_by_label("Confirm as").select_option(label=one[1])
    first.get_by_role("button", name="Confirm result").click()
    expect(first.locator(".result-text")).to_contain_text(f"confirmed by {one[1]}")

    # Table 2: seat 0 alone takes all five (+4), seat 1 is euchred (+2): 6-0; the opponents
    # confirm on a phone of their own.
    two = seat_names(tables[2])
    second = join_table(phone(), base, codes[2])
    enter_hand(second, two[0], 5, alone=True)
    enter_hand(second, two[1], 2)
    second.locator(".enter-form").get_by_label("Entered by").select_option(label=two[2])
    second.get_by_role("button", name="Enter result").click()
    theirs = join_table(phone(), base, codes[2], opponents=True)
    expect(theirs.locator(".hand-form")).to_be_hidden()
    theirs.get_by_label("Confirm as").select_option(label=two[3])
    theirs.get_by_role("button", name="Confirm result").click()
    expect(theirs.locator(".result-text")).to_contain_text(f"confirmed by {two[3]}")
    expect(second.locator(".result-text")).to_contain_text("confirmed", timeout=10_000)

    # The players' page caught up by itself: table 2's winners lead with 6.
    rows = watcher.locator(".standings-table tbody tr")
    expect(rows.first).to_contain_text("6", timeout=10_000)
    leaders = {rows.nth(i).locator("td").nth(1).inner_text() for i in (0, 1)}
    assert leaders == {two[0], two[2]}
    expect(rows).to_have_count(8)
    expect(watcher.locator(".prizes")).to_contain_text(f"Most loners made: {two[0]} (1)")
    standings = api_get(base, f"/api/v1/events/{event}/standings/")
    assert [row["total"] for row in standings["rows"]] == [6, 6, 2, 2, 1, 1, 0, 0]
    # Each name in the live standings opens that player's page.
    leader = standings["rows"][0]
    link = rows.first.get_by_role("link", name=leader["name"], exact=True)
    assert link.get_attribute("href") == f"/events/players/{leader['key']}/"

    # From the results page, the night's lone marcher opens their own page on the phone.
    watcher.goto(base + f"/events/{event}/results/")
    watcher.get_by_role("link", name=two[0], exact=True).click()
    expect(watcher.get_by_role("heading", name=two[0])).to_be_visible()
    expect(watcher.locator('[data-stat="loners_made"]')).to_have_text("1")
    expect(watcher.locator('[data-stat="points"]')).to_have_text("6")
    expect(watcher.locator(".games li")).to_contain_text("Won 6–0 · Tuesday progressive")
    assert watcher.evaluate("document.documentElement.scrollWidth") <= 360
