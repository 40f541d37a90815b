"""The app on a phone at 360 x 740, with normal and with large (200%) text: a hand fits one
screen and takes two taps without scrolling, the screen stays put after saving, the message
after a save (with its Undo) takes the place of the outcome buttons and covers nothing,
nothing runs off the screen or is cut short, every control is at least 44 x 44 px, and the
screen stays awake while a game is open."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.core.management import call_command
from playwright.sync_api import Browser, Page, expect
from table import Table, eventually, layout_problems, text_size, uncovered

pytestmark = pytest.mark.browser

FOUR = ["Ann", "Ben", "Cat", "Dan"]
SIZES = [100, 200]


def in_view(page: Page, locator) -> bool:
    box = locator.bounding_box()
    height = page.viewport_size["height"]
    return box is not None and box["y"] >= 0 and box["y"] + box["height"] <= height


def test_a_hand_fits_one_screen_and_is_saved_without_scrolling(page: Page, live_server) -> None:
    page.clock.install()  # the test moves the page's clock on itself
    table = Table(page, live_server.url)
    table.new_game(FOUR)
    page.clock.fast_forward(4_000)
    expect(page.locator("#toast")).to_be_hidden()  # the "game on" message has gone
    parts = [
        page.get_by_role("group", name="Who called trump?"),
        page.get_by_role("group", name="Trump (optional)"),
        page.get_by_role("switch", name="Went alone"),
        page.get_by_role("group", name="How did it end?"),
        page.get_by_role("region", name="Scoreboard"),
    ]
    tabs = page.get_by_role("navigation", name="Game").bounding_box()
    for part in parts:
        box = part.bounding_box()
        assert box["y"] >= 0 and box["y"] + box["height"] <= tabs["y"], part
    assert page.evaluate("() => window.scrollY") == 0

    for maker, ending, score in [
        ("Ann (N)", "Made", "N/S: 1 point"),
        ("Ben (E)", "March", "E/W: 2 points"),
    ]:
        table.hand(maker, ending)
        expect(page.get_by_label(score)).to_be_visible()
        assert page.evaluate("() => window.scrollY") == 0
        # The message and its Undo stand where the outcome buttons (and "alone") were.
        for part in [*parts[:2], parts[4], page.get_by_role("alert")]:
            assert in_view(page, part), part
    expect(page.get_by_role("heading", name="Hand 3")).to_be_focused()


def test_with_large_text_a_hand_is_on_one_screen_and_the_screen_keeps_its_place(
    page: Page, live_server
) -> None:
    text_size(page, 200)
    table = Table(page, live_server.url)
    table.new_game(FOUR)
    maker = page.get_by_role("group", name="Who called trump?")
    score = page.get_by_role("region", name="Scoreboard")
    table.pick_hand("Cat (S)", None, 4)
    # Who called, how it ended and the score are on one screen, none of them under another.
    for part in (maker, table.ending_button(), score):
        assert in_view(page, part), part
    assert uncovered(page, "form.entry .choice-face, form.entry .ending") == []
    place = page.evaluate("() => window.scrollY")
    table.save()
    expect(page.get_by_label("N/S: 1 point")).to_be_visible()
    assert page.evaluate("() => window.scrollY") == place  # no jump back to the top
    table.pick_hand("Dan (W)", None, 1)
    assert in_view(page, table.ending_button())
    table.save()
    expect(page.get_by_label("N/S: 3 points")).to_be_visible()
    # The score shows the hand as soon as it is kept; the server has it once it is sent.
    eventually(
        page,
        lambda: [h["outcome"] for h in table.game()["hands"]] == ["made", "euchred"],
        what="both hands recorded",
    )


def test_the_message_after_a_save_covers_neither_the_score_nor_the_next_hand(
    page: Page, live_server
) -> None:
    for percent in SIZES:
        text_size(page, percent)
        table = Table(page, live_server.url)
        table.new_game(FOUR)
        table.hand("Ann (N)", "Made")
        said = page.get_by_role("alert").filter(has_text="Hand 1: Made it!")
        expect(said).to_be_visible()
        # It stands where the outcome buttons were (no hand is being entered yet) and covers
        # nothing: the score and who called the next hand are where they were.
        assert uncovered(page, ".board .score, form.entry .choice-face, #toast button") == []
        table.pick_hand("Ben (E)", "Clubs", 3)
        expect(said).to_be_hidden()
        assert uncovered(page, "form.entry .ending, form.entry .choice-face") == []


def screens(page: Page, table: Table, base: str) -> dict[str, list[str]]:
    """Every screen of the app (and its dialogs), each with what is wrong with its layout."""
    found: dict[str, list[str]] = {}
    table.open("/")
    expect(page.get_by_role("heading", name="Demo games")).to_be_visible()
    found["home"] = layout_problems(page)
    page.get_by_role("link", name="New game").click()
    page.locator("details.more summary").click()
    found["new game"] = layout_problems(page)

    def to_eight(page: Page) -> None:
        page.get_by_role("button", name="One point less").click()
        page.get_by_role("button", name="One point less").click()

    table.new_game(FOUR, options=to_eight)
    for maker, tricks in [("Ann (N)", 5), ("Cat (S)", 5), ("Ann (N)", 5), ("Cat (S)", 4)]:
        table.pick_hand(maker, "Hearts", tricks)
        table.save()
    expect(page.get_by_text("Game point")).to_be_visible()
    found["hand entry, game point"] = layout_problems(page)
    page.get_by_role("button", name=re.compile(r"^Change hand 1:")).click()
    found["amend"] = layout_problems(page)
    page.get_by_role("dialog").get_by_role("button", name="Cancel").click()
    table.pick_hand("Ben (E)", "Spades", 0)
    table.save()
    expect(page.get_by_role("heading", name="N/S win!")).to_be_visible()
    found["won"] = layout_problems(page)
    page.get_by_role("link", name="Referee").click()
    page.get_by_role("group", name="Trump", exact=True).get_by_role("radio", name="Spades").check()
    page.get_by_role("group", name="Who called trump?").get_by_role("radio", name="Ann (N)").check()
    page.get_by_role("group", name="Who led?").get_by_role("radio", name="Ben (E)").check()
    page.get_by_role("button", name="king of spades").first.click()
    page.get_by_role("button", name="Ask the referee").last.click()
    expect(page.locator(".ruling")).to_be_visible()
    found["referee"] = layout_problems(page)
    page.get_by_role("link", name="Share").click()
    found["share"] = layout_problems(page)
    page.get_by_role("link", name="Log").click()
    expect(page.get_by_text("Hand 5 recorded")).to_be_visible()
    found["log"] = layout_problems(page)
    table.open("/referee/")
    found["referee without a game"] = layout_problems(page)
    table.open("/rules/")
    found["rules"] = layout_problems(page)
    return found


@pytest.mark.parametrize("percent", SIZES)
@pytest.mark.parametrize("language", ["en-US", "ko-KR"])
def test_nothing_runs_off_the_screen_and_every_control_is_big_enough(
    live_server, phone, percent: int, language: str
) -> None:
    call_command("load_demo", stdout=open("/dev/null", "w"))  # noqa: SIM115
    page = phone(locale=language).new_page()
    text_size(page, percent)
    table = Table(page, live_server.url)
    found = screens(page, table, live_server.url) if language == "en-US" else {}
    if language == "ko-KR":
        # The main screens in Korean (chosen from the browser's language), whose words run
        # longer and must not break inside a word.
        table.open("/")
        expect(page.get_by_role("heading", name="테이블에서 점수 기록하기")).to_be_visible()
        found["home (ko)"] = layout_problems(page)
        table.open("/new/")
        page.locator("details.more summary").click()
        found["new game (ko)"] = layout_problems(page)
        page.get_by_role("button", name="게임 시작").click()
        expect(page.locator("form.entry h2")).to_be_visible()
        found["hand entry (ko)"] = layout_problems(page)
        page.get_by_role("link", name="심판").click()
        found["referee (ko)"] = layout_problems(page)
        page.get_by_role("link", name="공유").click()
        found["share (ko)"] = layout_problems(page)
    assert {screen: problems for screen, problems in found.items() if problems} == {}


def test_the_game_screen_has_a_level_one_heading(page: Page, live_server) -> None:
    table = Table(page, live_server.url)
    table.new_game(FOUR)
    expect(page.get_by_role("heading", level=1)).to_have_text("Game: Ann & Cat v Ben & Dan")
    # In Korean the sides are set against each other in Korean, on the screen and at home.
    page.get_by_role("button", name="한국어").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("게임: Ann & Cat 대 Ben & Dan")
    page.goto(live_server.url + "/")
    expect(page.locator(".game-teams").first).to_have_text("Ann & Cat 대 Ben & Dan")


def test_the_screen_stays_awake_while_a_game_is_open(
    whole_browser: Browser, browser_context_args: dict[str, Any], live_server
) -> None:
    context = whole_browser.new_context(**browser_context_args)
    try:
        page_keeps_the_screen_awake(context.new_page(), live_server.url)
    finally:
        context.close()


def page_keeps_the_screen_awake(page: Page, base: str) -> None:
    page.add_init_script(
        """(() => {
            const request = WakeLock.prototype.request;
            window.wakeLocks = [];
            WakeLock.prototype.request = async function (type) {
                const lock = await request.call(this, type);
                window.wakeLocks.push(lock);
                return lock;
            };
        })()"""
    )
    held = "() => window.wakeLocks.filter((lock) => !lock.released).length"
    table = Table(page, base)
    table.open("/")
    assert page.evaluate(held) == 0
    table.new_game(FOUR)
    page.wait_for_function(f"({held})() === 1")
    # The browser lets the lock go while the app is hidden; back on screen, it is taken again.
    page.evaluate("() => window.wakeLocks.forEach((lock) => lock.release())")
    page.evaluate("() => document.dispatchEvent(new Event('visibilitychange'))")
    page.wait_for_function(f"({held})() === 1")
    assert page.evaluate("() => window.wakeLocks.length") == 2
    page.get_by_role("link", name="Euchre").click()
    page.wait_for_function(f"({held})() === 0")


# What a tap (or the eye) finds in the strip below the sticky Ask button, down to the tab bar
# (or, with the tabs at the top, the screen's bottom), at its left, middle and right.
UNDER_THE_ASK_BUTTON = """() => {
  const ask = document.querySelector("form.referee .sticky-actions button").getBoundingClientRect();
  const tabs = document.querySelector("#tabs").getBoundingClientRect();
  const y = (ask.bottom + (tabs.top > ask.top ? tabs.top : innerHeight)) / 2;
  return [0.1, 0.5, 0.9].map((across) => {
    const found = document.elementFromPoint(innerWidth * across, y);
    return found.closest(".sticky-actions, #tabs") ? "clear" : `${found.tagName}.${found.className}`;
  });
}"""


@pytest.mark.parametrize("size", SIZES)
def test_the_form_does_not_show_between_the_referees_ask_button_and_the_tabs(
    live_server, phone, size: int
) -> None:
    """The Ask button stays above the tab bar, and what scrolls under it does not peek out in
    the space between the two (the choices of who led, say, halfway through the form)."""
    page = phone().new_page()
    text_size(page, size)
    Table(page, live_server.url).new_game(FOUR)
    page.get_by_role("link", name="Referee").click()
    ask = page.locator("form.referee .sticky-actions button")
    expect(ask).to_be_visible()
    for part in ("Trump", "Who called trump?", "Who led?"):
        page.locator("form.referee fieldset").filter(
            has=page.get_by_text(part, exact=True)
        ).first.scroll_into_view_if_needed()
        page.evaluate("() => scrollBy(0, 120)")
        ask_box, tabs_box = ask.bounding_box(), page.locator("#tabs").bounding_box()
        assert ask_box and tabs_box
        if tabs_box["y"] > ask_box["y"]:  # the tab bar at the bottom: the button above it
            assert ask_box["y"] + ask_box["height"] <= tabs_box["y"]
        assert page.evaluate(UNDER_THE_ASK_BUTTON) == ["clear"] * 3, part
