"""The site under its Content-Security-Policy: every screen works without one refusal."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import ConsoleMessage, Page, expect
from table import Table, seat_a_night

pytestmark = pytest.mark.browser


def refusals_of(page: Page) -> list[str]:
    refused: list[str] = []

    def seen(message: ConsoleMessage) -> None:
        if "Content Security Policy" in message.text:
            refused.append(message.text)

    page.on("console", seen)
    return refused


@pytest.mark.service_worker
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


def test_table_mode_and_the_table_cards_run_under_the_policy(
    live_server, page: Page, django_user_model
):
    user = django_user_model.objects.create_user("dora", password="deal-the-cards-42")
    event, rnd, _ = seat_a_night(
        user, ["Ann", "Ben", "Cat", "Dan"], hands_per_round=1, round_minutes=15
    )
    code = rnd.tables.get().event_table.join_code
    refused = refusals_of(page)
    table = Table(page, live_server.url)
    table.open(f"/t/{code}")
    page.get_by_role("button", name="Keep this table's score").click()
    # Whoever sits North (the seating is drawn) makes trump.
    north = page.get_by_role("group", name="Who called trump?").get_by_role("radio").first
    north.check()
    table.ending_button("Made").click()
    expect(page.get_by_role("heading", name="Hand 1 of 1 was the last")).to_be_visible()
    page.get_by_role("group", name="Who enters it?").get_by_role("radio").first.check()
    page.get_by_role("button", name="Enter the result", exact=True).click()
    expect(page.get_by_role("button", name=re.compile(r"^I am .*: confirm$")).first).to_be_visible()
    for path in ("/table/referee/", "/table/log/", "/events/login/"):
        table.open(path)
        page.wait_for_load_state("networkidle")
    page.get_by_label("User name").fill("dora")
    page.get_by_label("Password").fill("deal-the-cards-42")
    page.get_by_role("button", name="Sign in").click()
    table.open(f"/events/{event.pk}/cards/")
    expect(page.locator("svg.qr")).to_have_count(1)
    assert refused == []
