"""Playing at the table through the app, as a person would: taps on what the screen says."""

from __future__ import annotations

import json
import re
import time
import urllib.error
import urllib.request
from collections.abc import Callable
from typing import Any

from playwright.sync_api import Page, expect

GAME_PATH = re.compile(r"/g/([0-9a-f-]{36})/")


def api_get(base: str, path: str) -> Any:
    """A read of the API as a phone makes it: a 503 (the database busy for a moment, which
    the server says rather than fail) is asked again shortly, as the app's outbox does."""
    for wait in (0.2, 0.5, 1.0, 2.0, 0):
        try:
            with urllib.request.urlopen(base + path, timeout=10) as response:
                return json.loads(response.read())
        except urllib.error.HTTPError as error:
            if error.code != 503 or not wait:
                raise
            time.sleep(wait)
    raise AssertionError("unreachable")


#: What the phone's outbox holds (IndexedDB), read in the page: the entries not yet sent. A
#: store the app has not made yet holds nothing, and is not made here (the app would then find
#: a database without its store).
OUTBOX = """() => new Promise((resolve, reject) => {
  const open = indexedDB.open("euchre-outbox");
  let unmade = false;
  open.onupgradeneeded = () => {
    unmade = true;
    open.transaction.abort();
  };
  open.onerror = () => (unmade ? resolve([]) : reject(open.error));
  open.onsuccess = () => {
    const read = open.result.transaction("entries").objectStore("entries").getAll();
    read.onsuccess = () => resolve(read.result);
  };
})"""
#: What the phone keeps of what the server took (for a restore), in the order it was sent.
SENT = OUTBOX.replace('"euchre-outbox"', '"euchre-sent"').replace('"entries"', '"hands"')
#: The night's epoch moved twice, as table reads after a restore would say it: the phone
#: sends again everything it kept. How many entries went back in its outbox.
EPOCH_MOVES = """async () => {
  const outbox = await import("/static/webapp/js/outbox.js");
  await outbox.noteEpoch("before the restore");
  return outbox.noteEpoch("after the restore");
}"""


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


#: How often a table's phone, the director's console and the event's pages read the server
#: again by themselves (table.js, console.js, events.js).
REFRESH_MS = 5_000


def refreshed(
    page: Page, holds: Callable[[float], None], *, every: int = REFRESH_MS, refreshes: int = 6
) -> None:
    """What `page` shows once it has read the server again by itself: `holds(timeout_ms)`, an
    `expect`, with the page's timed refreshes (`every` ms) brought forward one at a time rather
    than waited for. The page's clock is Playwright's (`page.clock.install()` before it
    loaded), and flows on as the real one in between."""
    for _ in range(refreshes):
        page.clock.fast_forward(every)
        try:
            holds(1_000)
            return
        except AssertionError:
            continue
    holds(15_000)


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
        suit: str | None,
        tricks: int,
        *,
        alone: bool = False,
        defender: str | None = None,
        ask_tricks: bool = False,
    ) -> None:
        """Tap who called, and the suit, "alone" and a lone defender where given; `save` then
        taps how it ended (by the tricks where the event asks them)."""
        page = self.page
        page.get_by_role("group", name="Who called trump?").get_by_role("radio", name=maker).check()
        if suit:
            page.get_by_role("group", name="Trump (optional)").get_by_role(
                "radio", name=suit
            ).check()
        if alone:
            page.get_by_role("switch", name="Went alone").check()
        if defender:
            page.get_by_role("group", name="Did a defender play alone?").get_by_role(
                "radio", name=defender
            ).check()
        self.ending = str(tricks) if ask_tricks else outcome_of(tricks)

    def ending_button(self, ending: str | None = None) -> Any:
        """The button that says how the hand ended ("Made", "March", "Euchred", or a number of
        tricks): its name begins with it, and goes on with what it scores."""
        ending = ending or self.ending
        group = self.page.get_by_role("group", name=re.compile("How did it end|Tricks the makers"))
        return group.get_by_role("button", name=re.compile(rf"^{re.escape(ending)}\b"))

    def save(self) -> None:
        """The hand's last tap: how it ended, which saves it."""
        self.ending_button().click()

    def hand(
        self, maker: str, ending: str, *, suit: str | None = None, alone: bool = False
    ) -> None:
        """A whole hand as a player taps it: who called, then how it ended; and, as a player
        does, the next hand is begun once the form is fresh (a tap while the hand is being
        kept is a double tap, which saves the hand once)."""
        self.pick_hand(maker, suit, 3, alone=alone)
        self.ending_button(ending).click()
        called = self.page.get_by_role("group", name="Who called trump?").get_by_role("radio")
        expect(called.and_(self.page.locator(":checked"))).to_have_count(0)

    def ready_offline(self) -> None:
        """Visited once online: the phone keeps the presets and their award tables, and the
        service worker has taken charge, so that a game can start with the network off."""
        self.open("/new/")
        expect(self.page.get_by_role("button", name="Start the game")).to_be_visible()
        self.wait_until_controlled()

    def wait_until_controlled(self) -> None:
        """The service worker has taken charge of the page (after the first visit)."""
        eventually(
            self.page,
            lambda: self.page.evaluate("() => !!navigator.serviceWorker.controller"),
            timeout=15,
            what="the service worker controls the page",
        )


def one_hand_round_played(page: Page, table: dict[str, Any]) -> tuple[list[str], Any]:
    """A round of one hand at a club night's table (as the API gives it), on its scoring
    phone: North makes hearts, and North is chosen to enter the result. The players' names
    N, E, S, W, and the result's panel."""
    seats = [s["name"] for s in sorted(table["seats"], key=lambda s: s["seat"])]
    at_the_table = Table(page, "")
    at_the_table.pick_hand(f"{seats[0]} (N)", "Hearts", 3)
    at_the_table.save()
    result = page.locator("section.result")
    result.get_by_role("group", name="Who enters it?").get_by_role("radio", name=seats[0]).check()
    return seats, result


def outcome_of(tricks: int) -> str:
    """How a hand in which the makers took `tricks` ended, as the app's buttons say it."""
    return "March" if tricks == 5 else "Made" if tricks >= 3 else "Euchred"


def points(team: str, score: int) -> str:
    """How the scoreboard names a side's score to a screen reader: "N/S: 1 point" ("−5",
    with a minus sign, below zero)."""
    return f"{team}: {shown_score(score)} point{'' if score == 1 else 's'}"


def shown_score(score: int) -> str:
    """A score as the app shows it: below zero with a minus sign, not a hyphen."""
    return f"\u2212{-score}" if score < 0 else str(score)


def text_size(page: Page, percent: int) -> None:
    """The browser's text size setting (what a player with large text has): the default font
    size, which rem units and the page's em breakpoints follow. Set before the page loads."""
    cdp = page.context.new_cdp_session(page)
    cdp.send("Page.enable")
    standard = 16 * percent // 100
    cdp.send(
        "Page.setFontSizes", {"fontSizes": {"standard": standard, "fixed": standard * 13 // 16}}
    )


def root_font_size(page: Page, percent: int) -> None:
    """A larger root font size (what a user style sheet or a zoom extension sets): the html
    element's font size, set as the page's document begins (before it has an html element, a
    script at the start finds none) and before its styles are applied."""
    page.add_init_script(
        f"""(() => {{
  const grow = () => {{ document.documentElement.style.fontSize = "{percent}%"; }};
  if (document.documentElement) return grow();
  new MutationObserver((_, watching) => {{
    if (!document.documentElement) return;
    grow();
    watching.disconnect();
  }}).observe(document, {{ childList: true }});
}})()"""
    )


# What is wrong with the screen's layout, in words: anything wider than the screen, text cut
# or spilling out of its box, a control (not a link inside a sentence) under 44 x 44 px.
LAYOUT_PROBLEMS = """() => {
  const problems = [];
  const width = document.documentElement.clientWidth;
  const visible = (el) => {
    if (el.closest(".visually-hidden, [hidden], .skip")) return false;
    const style = getComputedStyle(el);
    if (style.visibility === "hidden" || style.display === "none") return false;
    const box = el.getBoundingClientRect();
    return box.width > 0 && box.height > 0;
  };
  const name = (el) => `${el.tagName.toLowerCase()}${el.className && typeof el.className === "string" ? "." + el.className.trim().split(/\\s+/).join(".") : ""} "${(el.innerText || el.getAttribute("aria-label") || "").trim().slice(0, 30)}"`;
  if (document.documentElement.scrollWidth > width) {
    problems.push(`the page is ${document.documentElement.scrollWidth}px wide on a ${width}px screen`);
  }
  for (const el of document.querySelectorAll("body *")) {
    if (!visible(el) || el.closest("table, pre, svg, dialog:not([open])")) continue;
    const box = el.getBoundingClientRect();
    if (box.right > width + 0.5 || box.left < -0.5) problems.push(`${name(el)} runs off the screen`);
    const style = getComputedStyle(el);
    if (style.textOverflow === "ellipsis" && el.scrollWidth > el.clientWidth) problems.push(`${name(el)} is cut short`);
    if (el.matches("button, .tab, .badge, .choice-face, .team-names, .team-label, legend, h1, h2, .tool")
        && el.scrollWidth > el.clientWidth + 1) problems.push(`${name(el)} spills out of its box`);
  }
  for (const el of document.querySelectorAll("button, a, input, select, textarea, summary")) {
    if (!visible(el) && !(el.matches("input") && el.closest("label") && visible(el.closest("label")))) continue;
    if (el.matches("a") && !el.matches(".button, .more-link, .tab, .brand, .game-link, .downloads a")
        && el.closest("p, li") && el.closest("p, li").innerText.trim() !== el.innerText.trim()) continue;
    const target = el.matches("input") && el.closest("label") ? el.closest("label") : el;
    const box = target.getBoundingClientRect();
    if (box.width < 44 || box.height < 44) {
      problems.push(`${name(el)} is ${Math.round(box.width)} x ${Math.round(box.height)} px`);
    }
  }
  return [...new Set(problems)];
}"""


# Each control matched that is on screen but not itself where a tap at its centre would land
# (something else drawn over it: a sticky bar, a message), in words. A control scrolled out of
# view is brought into view first, as the browser scrolls to what it is asked for; the page is
# left where it was.
COVERED = """(selector) => {
  const said = (el) => `${el.tagName.toLowerCase()}.${[...el.classList].join(".")} "${(el.innerText || el.getAttribute("aria-label") || "").trim().slice(0, 30)}"`;
  const covered = [];
  const place = scrollY;
  for (const el of document.querySelectorAll(selector)) {
    const style = getComputedStyle(el);
    if (el.closest("[hidden]") || style.display === "none" || style.visibility === "hidden") continue;
    let box = el.getBoundingClientRect();
    if (!box.width || !box.height) continue;
    if (box.top < 0 || box.bottom > innerHeight) {
      el.scrollIntoView({ block: "nearest" });
      box = el.getBoundingClientRect();
    }
    const x = box.left + box.width / 2;
    const y = box.top + box.height / 2;
    const top = document.elementFromPoint(x, y);
    const mine = top && (el.contains(top) || top.closest("label")?.contains(el));
    if (!mine) covered.push(`${said(el)} under ${top ? said(top) : "nothing (off the screen)"}`);
  }
  scrollTo(0, place);
  return covered;
}"""


def uncovered(page: Page, selector: str) -> list[str]:
    """The controls matching `selector` that something else covers (none, when all is well)."""
    return list(page.evaluate(COVERED, selector))


def layout_problems(page: Page) -> list[str]:
    return page.evaluate(LAYOUT_PROBLEMS)


def seat_a_night(user: Any, players: list[str], **options: Any) -> tuple[Any, Any, Any]:
    """A published progressive night of hand-by-hand rounds, its first round seated, set up
    through the services as a director would (the console comes later): the event, the
    round and the director."""
    from scorekeeper.events import services
    from tests.events.event_helpers import event_founded

    director, event = event_founded(
        user,
        club="Riverside Euchre Club",
        format="progressive",
        round_length="hands",
        published=True,
        **{"name": "Club night", "hands_per_round": 8, "rounds_planned": 1, **options},
    )
    for name in players:
        services.entrant_add(event=event, actor=director, name=name)
    return event, services.round_generate(event=event, actor=director), director
