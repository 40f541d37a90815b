"""Sharing a game by QR code: the watch link shows the game read-only; the keep-score link
(the token in the URL fragment) lets another phone enter hands."""

from __future__ import annotations

import re

import numpy as np
import pytest
import zxingcpp
from playwright.sync_api import Page, expect
from table import Table, eventually, refreshed

pytestmark = pytest.mark.browser

MODULE = re.compile(r"M(\d+) (\d+)h1v1h-1z")


def read_qr(svg: str) -> str:
    """Decode the app's QR code the way a phone camera would: from pixels."""
    size = int(re.search(r'viewBox="-4 -4 (\d+) ', svg).group(1)) - 8
    dark = np.zeros((size, size), dtype=bool)
    for x, y in MODULE.findall(svg):
        dark[int(y), int(x)] = True
    pixels = np.full((size + 8, size + 8), 255, dtype=np.uint8)
    pixels[4 : 4 + size, 4 : 4 + size][dark] = 0
    found = zxingcpp.read_barcodes(np.kron(pixels, np.ones((8, 8), dtype=np.uint8)))
    assert len(found) == 1, "no QR code could be read"
    return found[0].text


def test_a_game_is_shared_by_qr_code_to_watch_or_keep_score(page: Page, live_server, phone) -> None:
    table = Table(page, live_server.url)
    table.new_game(["Ann", "Ben", "Cat", "Dan"])
    table.pick_hand("Ann (N)", "Diamonds", 3)
    table.save()
    page.get_by_role("link", name="Share").click()

    watch = page.get_by_role("region", name="Watch")
    keep = page.get_by_role("region", name="Keep score on another phone")
    # (The QR code's maker is loaded when the screen opens.)
    expect(watch.locator(".qr svg")).to_be_visible()
    expect(keep.locator(".qr svg")).to_be_visible()
    watch_link = read_qr(watch.locator(".qr").inner_html())
    keep_link = read_qr(keep.locator(".qr").inner_html())
    assert watch_link == f"{live_server.url}/g/{table.game_id}/"
    assert watch_link == watch.get_by_role("textbox").input_value()
    assert keep_link.startswith(watch_link + "#key=")
    assert keep_link == keep.get_by_role("textbox").input_value()

    watcher = phone().new_page()
    watcher.clock.install()  # its polls are brought forward
    watcher.goto(watch_link)
    expect(watcher.get_by_role("heading", name="Watching")).to_be_visible()
    expect(watcher.get_by_label("N/S: 1 point")).to_be_visible()
    expect(watcher.get_by_role("group", name="How did it end?")).to_have_count(0)
    watcher.get_by_role("link", name="Share").click()
    expect(watcher.get_by_role("region", name="Keep score on another phone")).to_have_count(0)
    watcher.get_by_role("link", name="Score").click()

    scorer = Table(phone().new_page(), live_server.url)
    scorer.page.goto(keep_link)
    expect(scorer.page.get_by_text("This phone can now keep score in this game.")).to_be_visible()
    assert "#key=" not in scorer.page.url  # out of the address bar once kept
    scorer.pick_hand("Ben (E)", "Clubs", 5)
    scorer.save()
    expect(scorer.page.get_by_label("E/W: 2 points")).to_be_visible()
    expect(scorer.page.locator(".hand-list .badge")).to_have_count(0)
    expect(scorer.page.locator("section.rejected")).to_have_count(0)
    assert table.game()["score"] == [1, 2]
    # The watcher's screen catches up by itself.
    refreshed(
        watcher,
        lambda ms: expect(watcher.get_by_label("E/W: 2 points")).to_be_visible(timeout=ms),
        every=8_000,
    )


def test_a_shared_keep_score_link_can_be_taken_back(page: Page, live_server, phone) -> None:
    table = Table(page, live_server.url)
    table.new_game(["Ann", "Ben", "Cat", "Dan"])
    page.get_by_role("link", name="Share").click()
    keep = page.get_by_role("region", name="Keep score on another phone")
    old_link = keep.get_by_role("textbox").input_value()
    other = Table(phone().new_page(), live_server.url)
    other.page.goto(old_link)
    expect(other.page.get_by_text("This phone can now keep score in this game.")).to_be_visible()

    page.get_by_role("button", name="Take the link back").click()
    dialog = page.get_by_role("dialog", name="Take the keep-score link back?")
    dialog.get_by_role("button", name="Cancel").click()
    expect(dialog).to_have_count(0)
    assert keep.get_by_role("textbox").input_value() == old_link  # nothing happened
    page.get_by_role("button", name="Take the link back").click()
    dialog.get_by_role("button", name="Take the link back").click()
    expect(page.get_by_text("The old keep-score link no longer works.")).to_be_visible()
    new_link = keep.get_by_role("textbox").input_value()
    assert new_link != old_link and new_link.split("#")[0] == old_link.split("#")[0]

    # This phone still keeps score; the other phone's hand is refused, said so, not counted.
    page.get_by_role("link", name="Score").click()
    table.pick_hand("Ann (N)", "Diamonds", 3)
    table.save()
    expect(page.get_by_label("N/S: 1 point")).to_be_visible()
    other.page.reload()
    other.pick_hand("Ben (E)", "Clubs", 5)
    other.save()
    rejected = other.page.locator(".rejected")
    expect(rejected).to_contain_text("Not recorded")
    expect(rejected).to_contain_text("This token does not open this game.")
    assert table.game()["score"] == [1, 0]


def test_an_undo_after_another_phones_hand_is_refused_in_the_players_words(
    page: Page, live_server, phone
) -> None:
    """Ann's phone saves hand 1; the phone keeping score with her link saves hand 2 before
    she taps the message's Undo: hand 1 stays, and her phone says why in words, not the
    server's version numbers."""
    table = Table(page, live_server.url)
    table.new_game(["Ann", "Ben", "Cat", "Dan"])
    page.get_by_role("link", name="Share").click()
    keep = page.get_by_role("region", name="Keep score on another phone")
    keep_link = keep.get_by_role("textbox").input_value()
    page.get_by_role("link", name="Score").click()
    table.hand("Ann (N)", "Made")
    undo = page.locator("#toast").get_by_role("button", name="Undo")
    expect(undo).to_be_visible()

    other = Table(phone().new_page(), live_server.url)
    other.page.goto(keep_link)
    expect(other.page.get_by_role("heading", name="Hand 2")).to_be_visible()
    other.hand("Ben (E)", "Made")
    eventually(page, lambda: len(table.game()["hands"]) == 2, what="the other phone's hand")

    undo.click()
    expect(
        page.get_by_text("Hand 1 was not undone. Another phone has entered a hand since.")
    ).to_be_visible()
    assert len(table.game()["hands"]) == 2
