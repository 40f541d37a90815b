"""A double tap is one tap, on a 360 x 740 touch phone. Its second tap lands where the first
one's control was; when that control went with the first tap (a new screen, a closed sheet,
a redrawn list), what now stands there is not pressed: not the Referee tab under a sheet's
Save, not the next game's trump under "Play again", and not the "Tap again to undo" that the
first tap on "Undo hand N" asked for."""

from __future__ import annotations

import re
import time

import pytest
from playwright.sync_api import Page, Route, expect
from table import Table, eventually, seat_a_night

pytestmark = pytest.mark.browser

FOUR = ["Ann", "Ben", "Cat", "Dan"]


def on_the_score_tab(page: Page) -> None:
    expect(page).to_have_url(re.compile(r"/g/[0-9a-f-]{36}/$"))
    expect(page.get_by_role("link", name=re.compile("Score"))).to_have_attribute(
        "aria-current", "page"
    )


def test_a_double_tap_starts_one_game_and_a_sheets_save_opens_no_tab(
    page: Page, live_server
) -> None:
    table = Table(page, live_server.url)
    table.open("/new/")
    seats = page.get_by_role("group", name="Players").get_by_role("textbox")
    for seat, name in enumerate(FOUR):
        seats.nth(seat).fill(name)
    page.mouse.wheel(0, 5000)  # down to the button, as a thumb goes
    page.get_by_role("button", name="Start the game").dblclick()
    expect(page.get_by_role("heading", name="Hand 1")).to_be_visible()
    on_the_score_tab(page)

    page.get_by_role("button", name="Renege…").click()
    sheet = page.get_by_role("dialog", name="A renege")
    sheet.get_by_role("group", name="Who called trump?").get_by_role("radio", name="Ann").check()
    sheet.get_by_role("group", name="Who reneged?").get_by_role("radio", name="Ben").check()
    sheet.get_by_role("button", name="Save").dblclick()
    expect(page.get_by_role("heading", name="Hand 2")).to_be_visible()
    on_the_score_tab(page)
    eventually(page, lambda: len(table.game()["hands"]) == 1, what="the renege recorded")


def test_a_double_tap_on_undo_asks_again_and_on_play_again_chooses_nothing(
    page: Page, live_server
) -> None:
    table = Table(page, live_server.url)
    table.new_game(FOUR)
    table.hand("Ann (N)", "Made")
    table.hand("Ben (E)", "Made")
    undo = page.get_by_role("button", name="Undo hand 2")
    expect(undo).to_be_visible()
    undo.dblclick()
    expect(page.get_by_role("button", name="Tap again to undo hand 2")).to_be_visible()
    # The next hand is sent after any undo: three hands on the server say none was undone.
    table.hand("Cat (S)", "Made")
    expect(page.get_by_role("heading", name="Hand 4")).to_be_visible()
    eventually(page, lambda: len(table.game()["hands"]) == 3, what="three hands recorded")
    first = table.game_id
    # Armed for hand 2, the button asks hand 3 for two taps of its own; and armed for hand 3,
    # a hand entered within the moment disarms it: one tap never undoes the new hand.
    page.get_by_role("button", name="Undo hand 3").click()
    expect(page.get_by_role("button", name="Tap again to undo hand 3")).to_be_visible()
    table.hand("Ann (N)", "Made")
    expect(page.get_by_role("heading", name="Hand 5")).to_be_visible()
    page.get_by_role("button", name="Undo hand 4").click()
    expect(page.get_by_role("button", name="Tap again to undo hand 4")).to_be_visible()
    eventually(page, lambda: len(table.game()["hands"]) == 4, what="four hands recorded")

    for number in (6, 7):
        table.hand("Dan (W)", "March", alone=True)
        expect(page.get_by_role("heading", name=f"Hand {number}")).to_be_visible()
    table.hand("Dan (W)", "March", alone=True)
    again = page.get_by_role("button", name="Play again")
    expect(again).to_be_visible()
    # On a slow network the button is still there for the second tap: one game all the same.
    started: list[str] = []

    def slowly(route: Route) -> None:
        if route.request.method == "POST":
            started.append(route.request.url)
            time.sleep(0.4)
        route.continue_()

    page.route(re.compile(r"/api/v1/games/$"), slowly)
    again.dblclick()
    expect(page.get_by_role("heading", name="Hand 1")).to_be_visible()
    assert table.game_id != first
    expect(page.locator("form.entry input:checked")).to_have_count(0)
    assert len(started) == 1


def test_a_double_tap_on_joining_a_table_joins_it_once(
    live_server, phone, django_user_model
) -> None:
    _, rnd, _ = seat_a_night(django_user_model.objects.create_user("dora"), FOUR)
    code = rnd.tables.get().event_table.join_code
    page = phone().new_page()
    page.goto(f"{live_server.url}/t/{code}")
    # On a slow network the first tap's join is still asked when the second lands: the second
    # asks nothing (asked again, the table would answer that its score is kept elsewhere).
    asked: list[str] = []

    def slowly(route: Route) -> None:
        asked.append(route.request.url)
        time.sleep(0.4)
        route.continue_()

    page.route(re.compile(r"/api/v1/tables/join/$"), slowly)
    page.get_by_role("button", name="Keep this table's score").dblclick()
    expect(page.locator(".table-title")).to_have_text(re.compile(r"Table 1 · round 1"))
    expect(page.get_by_role("alert")).to_have_count(0)
    assert len(asked) == 1


def test_a_burst_of_taps_saves_one_hand_though_the_browser_counts_its_taps_anew(
    page: Page, live_server
) -> None:
    """Four quick taps on "Thrown in": the browser counts them 1, 2, 3 and then 1 again; the
    fourth is the same burst (the button it began on has gone), not a new tap."""
    table = Table(page, live_server.url)
    table.new_game(["Ann", "Ben"], variant="Two-handed")
    box = page.get_by_role("button", name="Thrown in (no one called)").bounding_box()
    assert box is not None
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    for count in (1, 2, 3, 1):
        page.mouse.down(click_count=count)
        page.mouse.up(click_count=count)
        page.wait_for_timeout(90)  # (a thumb's pace: every tap within the last's moment)
    expect(page.get_by_role("heading", name="Hand 2")).to_be_visible()
    # The next hand, tapped once the burst's moment is over (a tap within it is the burst's),
    # goes after anything the burst began: once it is on the server, so is that.
    page.wait_for_timeout(400)
    table.hand("Ben (S)", "March")
    eventually(page, lambda: len(table.game()["hands"]) >= 2, what="the march recorded")
    assert [hand["kind"] for hand in table.game()["hands"]] == ["thrown-in", "played"]
