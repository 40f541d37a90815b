"""The table app's core in WebKit (Safari's engine): Debian's WebKitGTK through WebKitWebDriver,
driven by Selenium under a virtual display (Xvfb), against a real server on 127.0.0.1.

Start a game and score hands; reload with the server gone (the service worker serves the app,
and a hand is taken offline, then sent once the server is back); join a club night's table by
typing its code, since WebKit has no BarcodeDetector to read the card's QR code. (Debian's
WebKitGTK offers no navigator.storage here: the app's request for persistent storage is
skipped, and the app works as before.)
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from stack import SEAT_A_NIGHT, Stack
from table import outcome_of

WEBDRIVER = shutil.which("WebKitWebDriver") or "/usr/bin/WebKitWebDriver"
XVFB = shutil.which("Xvfb") or "/usr/bin/Xvfb"
pytestmark = [
    pytest.mark.browser,
    pytest.mark.slow,
    pytest.mark.skipif(
        not Path(WEBDRIVER).exists() or not Path(XVFB).exists(),
        reason="needs Debian's WebKitWebDriver and Xvfb "
        "(apt-get install webkit2gtk-driver xvfb); .ci/run installs them",
    ),
]
webdriver = pytest.importorskip("selenium.webdriver", reason="needs selenium (requirements)")
from selenium.common.exceptions import WebDriverException  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.remote.webdriver import WebDriver  # noqa: E402


@pytest.fixture
def display() -> Iterator[str]:
    """A virtual X display of its own (Xvfb picks a free number and tells it)."""
    read, write = os.pipe()
    xvfb = subprocess.Popen(
        [XVFB, "-displayfd", str(write), "-screen", "0", "1024x768x24", "-nolisten", "tcp"],
        pass_fds=(write,),
        stderr=subprocess.DEVNULL,
    )
    os.close(write)
    with os.fdopen(read) as answer:
        number = answer.readline().strip()
    try:
        yield f":{number}"
    finally:
        xvfb.terminate()
        xvfb.wait(timeout=30)


@pytest.fixture
def webkit(display: str, monkeypatch: pytest.MonkeyPatch) -> Iterator[WebDriver]:
    monkeypatch.setenv("DISPLAY", display)
    service = webdriver.WebKitGTKService(executable_path=WEBDRIVER)
    driver = webdriver.WebKitGTK(service=service, options=webdriver.WebKitGTKOptions())
    driver.set_window_size(400, 800)
    try:
        yield driver
    finally:
        driver.quit()


def until(check: Callable[[], Any], *, timeout: float = 15.0, what: str = "") -> Any:
    deadline = time.monotonic() + timeout
    while True:
        try:
            found = check()
            if found:
                return found
        except WebDriverException:
            pass
        if time.monotonic() > deadline:
            raise AssertionError(f"not true after {timeout}s: {what}")
        time.sleep(0.2)


def literal(text: str) -> str:
    return json.dumps(text)


def heading(driver: WebDriver, text: str) -> None:
    until(
        lambda: any(
            h.text.strip().startswith(text) and h.is_displayed()
            for h in driver.find_elements(By.CSS_SELECTOR, "h1, h2")
        ),
        what=f"a heading {text!r}",
    )


def click(driver: WebDriver, css: str, text: str) -> None:
    """Click the element matching `css` whose text is `text` (as a player taps what they read)."""

    def found() -> Any:
        for element in driver.find_elements(By.CSS_SELECTOR, css):
            if element.text.strip() == text and element.is_displayed():
                return element
        return None

    until(found, what=f"{css} {text!r}").click()


def choose(driver: WebDriver, legend: str, name: str) -> None:
    """Pick a choice in a group of the hand form, by the group's legend and the choice's name
    (as a screen reader says it: its label, else what its face shows)."""

    def found() -> Any:
        for group in driver.find_elements(By.CSS_SELECTOR, "fieldset"):
            if group.find_element(By.TAG_NAME, "legend").text.strip() != legend:
                continue
            for label in group.find_elements(By.CSS_SELECTOR, "label.choice"):
                said = label.find_element(By.TAG_NAME, "input").get_attribute("aria-label")
                if (said or label.text.strip()) == name:
                    return label
        return None

    until(found, what=f"{name!r} under {legend!r}").click()


def score_hand(driver: WebDriver, maker: str, tricks: int) -> None:
    """Who called and the suit, then how it ended: the tap that saves the hand."""
    choose(driver, "Who called trump?", maker)
    choose(driver, "Trump (optional)", "Hearts")
    ending = outcome_of(tricks)

    def found() -> Any:  # the button, by the name it shows (its words take no taps)
        for button in driver.find_elements(By.CSS_SELECTOR, "button.ending"):
            named = button.find_element(By.CSS_SELECTOR, ".ending-name").text.strip()
            if named == ending and button.is_displayed():
                return button
        return None

    until(found, what=f"the ending {ending!r}").click()


def hands_on_server(stack: Stack, game: str) -> int:
    return len(stack.read(f"/api/v1/games/{game}/")["hands"])


def status(driver: WebDriver) -> str:
    return str(driver.find_element(By.ID, "status").text)


def test_the_table_app_in_webkit(stack: Stack, webkit: WebDriver):
    database = stack.migrated("webkit")
    tables = stack.python(database, SEAT_A_NIGHT)
    stack.start(database)
    driver = webkit

    # A casual game: started and scored.
    driver.get(stack.base + "/")
    click(driver, "a", "New game")
    heading(driver, "New game")
    seats = [
        field
        for field in driver.find_elements(By.CSS_SELECTOR, "fieldset input[type=text]")
        if field.is_displayed()
    ]
    for field, name in zip(seats, ["Ann", "Ben", "Cat", "Dan"], strict=False):
        field.clear()
        field.send_keys(name)
    click(driver, "button", "Start the game")
    heading(driver, "Hand 1")
    game = until(lambda: driver.current_url.split("/g/")[1].split("/")[0], what="the game's URL")
    score_hand(driver, "Ann (N)", 3)
    heading(driver, "Hand 2")
    score_hand(driver, "Ben (E)", 5)
    heading(driver, "Hand 3")
    until(lambda: hands_on_server(stack, game) == 2, what="two hands reached the server")
    assert driver.execute_script("return typeof window.BarcodeDetector") == "undefined"

    # The server goes away; the reload is served by the service worker, and a hand is kept.
    until(
        lambda: driver.execute_script("return !!navigator.serviceWorker.controller"),
        what="the service worker controls the page",
    )
    stack.stop()
    driver.refresh()
    heading(driver, "Hand 3")
    score_hand(driver, "Cat (S)", 4)
    heading(driver, "Hand 4")
    until(lambda: "1 hand not sent yet" in status(driver), what="the hand is kept")
    stack.start(database)
    driver.execute_script("window.dispatchEvent(new Event('online'))")
    until(lambda: hands_on_server(stack, game) == 3, what="the kept hand was sent")
    until(lambda: "not sent yet" not in status(driver), what="nothing left to send")

    # A club night's table, joined by typing the code on its card (no QR reading here).
    driver.get(stack.base + "/")
    click(driver, "a", "Join a table")
    heading(driver, "Join a table")
    assert "open it with the phone's camera app" in driver.page_source
    code = driver.find_element(By.CSS_SELECTOR, "label.field input")
    code.send_keys(tables[0]["code"])
    click(driver, "button", "Keep this table's score")
    heading(driver, "Hand 1 of 8")
    north = tables[0]["seats"][0]
    score_hand(driver, f"{north} (N)", 3)
    heading(driver, "Hand 2 of 8")
    until(lambda: hands_on_server(stack, tables[0]["game"]) == 1, what="the table's hand")
