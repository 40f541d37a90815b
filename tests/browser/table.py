"""Playing at the table through the app, as a person would: taps on what the screen says."""

from __future__ import annotations

import json
import re
import time
import urllib.request
from collections.abc import Callable
from typing import Any

from playwright.sync_api import Page, expect

GAME_PATH = re.compile(r"/g/([0-9a-f-]{36})/")


def api_get(base: str, path: str) -> Any:
    with urllib.request.urlopen(base + path) as response:
        return json.loads(response.read())


def eventually(
    page: Page, check: Callable[[], bool], *, timeout: float = 10.0, what: str = ""
) -> None:
    """Poll a condition that lives outside the page (the API, say). Waiting through the
    page lets Playwright run its event handlers (routes) meanwhile."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if check():
            return
        page.wait_for_timeout(100)
    raise AssertionError(f"not true after {timeout}s: {what}")


class Table:
    """One phone at the table."""

    def __init__(self, page: Page, base: str) -> None:
        self.page = page
        self.base = base

    @property
    def game_id(self) -> str:
        match = GAME_PATH.search(self.page.url)
        assert match, self.page.url
        return match.group(1)

    def game(self) -> Any:
        return api_get(self.base, f"/api/v1/games/{self.game_id}/")

    def open(self, path: str = "/") -> None:
        self.page.goto(self.base + path)

    def new_game(
        self,
        names: list[str],
        *,
        variant: str = "Standard",
        dealer: str = "N",
        options: Callable[[Page], None] | None = None,
    ) -> None:
        page = self.page
        self.open("/")
        page.get_by_role("link", name="New game").click()
        page.get_by_role("radio", name=variant, exact=True).check()
        seats = page.get_by_role("group", name="Players").get_by_role("textbox")
        expect(seats).to_have_count(len(names))
        for seat, name in enumerate(names):
            seats.nth(seat).fill(name)
        page.get_by_role("group", name="Who deals first?").get_by_role("radio").nth(
            "NESW".index(dealer) if len(names) == 4 else 0
        ).check()
        if options:
            options(page)
        page.get_by_role("button", name="Start the game").click()
        expect(page.get_by_role("heading", name="Hand 1")).to_be_visible()

    def pick_hand(
        self,
        maker: str,
        suit: str,
        tricks: int,
        *,
        alone: bool = False,
        defender: str | None = None,
    ) -> None:
        page = self.page
        page.get_by_role("group", name="Who called trump?").get_by_role("radio", name=maker).check()
        page.get_by_role("group", name="Trump").get_by_role("radio", name=suit).check()
        if alone:
            page.get_by_role("switch", name="Went alone").check()
        if defender:
            page.get_by_role("group", name="Did a defender play alone?").get_by_role(
                "radio", name=defender
            ).check()
        page.get_by_role("group", name="Tricks the makers took").get_by_role(
            "radio", name=str(tricks), exact=True
        ).check()

    def save(self) -> None:
        self.page.get_by_role("button", name="Save hand").click()

    def wait_until_controlled(self) -> None:
        """The service worker has taken charge of the page (after the first visit)."""
        eventually(
            self.page,
            lambda: self.page.evaluate("() => !!navigator.serviceWorker.controller"),
            timeout=15,
            what="the service worker controls the page",
        )


def points(team: str, score: int) -> str:
    """How the scoreboard names a side's score to a screen reader: "N/S: 1 point"."""
    return f"{team}: {score} point{'' if score == 1 else 's'}"
