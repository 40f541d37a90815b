"""The laptop dies mid-round: the server is killed, the latest backup is restored on a fresh
database, and the phones put back what the backup missed.

Two tables' phones (the real table app in Chromium, joined by their table cards' URLs) score
against a real server process. A backup is made after two hands a table; two more hands a
table reach the server (each phone got its 2xx) before the server is killed, and table 1's
phone scores a fifth hand with nobody answering. The server starts on a new database, where
table 2's phone is told to wait for the restore (never sent off its table), and the backup is
restored there: the server has two hands a table, the phones four and five. Table 1's queued
hand finds the game behind and sends the two hands the server lost first (even when a poll has
put them back in its outbox while that hand was on its way); table 2's phone, with nothing
queued, finds the game behind when it reads it. Afterwards every hand is there once, in the
order played, the score adds up, and a second round of sending and reading changes nothing.
"""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import APIResponse, Page, Route, expect
from playwright.sync_api import Error as PlaywrightError
from stack import SEAT_A_NIGHT, Stack
from table import OUTBOX, Table, eventually, outcome_of

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.service_worker]
LETTERS = "NESW"


def hands_of(stack: Stack, game: str) -> list[dict[str, Any]]:
    return list(stack.read(f"/api/v1/games/{game}/")["hands"])


def join(page: Page, stack: Stack, code: str) -> None:
    page.goto(f"{stack.base}/t/{code}")
    expect(page.get_by_role("heading", name="Join a table")).to_be_visible()
    page.get_by_role("button", name="Keep this table's score").click()
    expect(page.get_by_role("heading", name="Hand 1 of 8")).to_be_visible(timeout=10_000)


def score(page: Page, seats: list[str], number: int) -> None:
    """Hand `number`: made by the seat whose turn it is, in hearts, with three tricks."""
    seat = (number - 1) % 4
    table = Table(page, "")
    table.pick_hand(f"{seats[seat]} ({LETTERS[seat]})", "Hearts", 3 + number % 3)
    table.save()
    expect(page.get_by_role("heading", name=f"Hand {number + 1} of 8")).to_be_visible()


def queued_hands(page: Page) -> set[int]:
    """The numbers of the hands waiting in the phone's outbox."""
    return {e["number"] for e in page.evaluate(OUTBOX) if e["kind"] == "hand"}


def played(stack: Stack, game: str, count: int) -> None:
    hands = hands_of(stack, game)
    assert [h["number"] for h in hands] == list(range(1, count + 1))
    assert [h["maker"] for h in hands] == [(n - 1) % 4 for n in range(1, count + 1)]
    told = [outcome_of(3 + n % 3).lower() for n in range(1, count + 1)]
    assert [h["outcome"] for h in hands] == told
    awarded = [0, 0]
    for hand in hands:
        for team, points in hand["award"]["points"].items():
            awarded[int(team)] += points
    assert stack.read(f"/api/v1/games/{game}/")["score"] == awarded


def test_a_restored_server_gets_back_every_hand_the_phones_hold(stack: Stack, phone):
    first = stack.migrated("crash")
    tables = stack.python(first, SEAT_A_NIGHT)
    stack.start(first)
    pages = [phone().new_page(), phone().new_page()]
    for page, table in zip(pages, tables, strict=True):
        join(page, stack, table["code"])
        Table(page, stack.base).wait_until_controlled()

    def reached(count: int) -> None:
        for page, table in zip(pages, tables, strict=True):
            eventually(page, lambda t=table: len(hands_of(stack, t["game"])) == count)

    for number in (1, 2):
        for page, table in zip(pages, tables, strict=True):
            score(page, table["seats"], number)
    reached(2)
    stack.manage(first, "backup")
    for number in (3, 4):
        for page, table in zip(pages, tables, strict=True):
            score(page, table["seats"], number)
    reached(4)

    stack.kill()
    one, two = pages
    score(one, tables[0]["seats"], 5)
    expect(one.locator("#status")).to_contain_text("1 hand not sent yet")

    # The server starts again on a new database (as `make serve` does on a laptop whose
    # database went with it) before the director restores: table 2's phone, asking meanwhile,
    # is told to wait, and stays at its table with everything it holds.
    one.context.set_offline(True)  # (table 1's phone is away until the restore)
    restored = stack.migrated("restored")
    stack.start(restored)
    with two.expect_response(
        lambda r: "/api/v1/tables/device/" in r.url and r.status == 503, timeout=20_000
    ):
        pass  # the phone's poll (every 5 s)
    expect(two.get_by_role("heading", name="Hand 5 of 8")).to_be_visible()
    expect(two.get_by_role("heading", name="Join a table")).to_have_count(0)
    # It says why it waits, at its poll, on the screen the players have open ...
    waits = two.get_by_text("The server is waiting for the director to restore")
    expect(waits).to_be_visible()
    two.reload()  # ... and opened again meanwhile
    expect(waits).to_be_visible()
    expect(two.get_by_role("heading", name="Hand 5 of 8")).to_be_visible()

    # Table 1's first send after the restore (its fifth hand, answered "the game is behind")
    # comes back only after the phone's poll has read the game and put the two lost hands
    # back in its outbox meanwhile: the phone still sends them first, then the fifth. Until
    # that send, the phone's reads go unanswered.
    held: list[tuple[Route, APIResponse]] = []

    def hold_the_first_send(route: Route) -> None:
        if held:
            route.continue_()
        elif route.request.method == "GET":
            route.abort()
        else:
            try:
                held.append((route, route.fetch()))
            except PlaywrightError:  # the server is not back yet
                route.abort()

    one.context.route("**/api/v1/**", hold_the_first_send)
    stack.manage(restored, "restore", "--latest", "--yes")  # (the server running)
    for table in tables:
        assert len(hands_of(stack, table["game"])) == 2  # what the backup had

    one.context.set_offline(False)
    one.evaluate("() => window.dispatchEvent(new Event('online'))")
    eventually(one, lambda: bool(held), what="the fifth hand is sent")
    assert held[0][1].status == 412
    one.evaluate("() => document.dispatchEvent(new Event('visibilitychange'))")  # a poll
    eventually(one, lambda: {3, 4} <= queued_hands(one), what="the lost hands are back")
    route, answer = held[0]
    route.fulfill(response=answer)
    two.reload()  # table 2 has nothing queued: it finds the server behind when it reads
    eventually(one, lambda: len(hands_of(stack, tables[0]["game"])) == 5, timeout=20)
    eventually(two, lambda: len(hands_of(stack, tables[1]["game"])) == 4, timeout=20)
    played(stack, tables[0]["game"], 5)
    played(stack, tables[1]["game"], 4)
    for page in pages:
        eventually(page, lambda p=page: p.evaluate(OUTBOX) == [], what="the outbox is empty")
    expect(one.locator("#status")).not_to_contain_text("not sent yet")
    expect(one.get_by_role("heading", name="Hand 6 of 8")).to_be_visible()
    expect(two.get_by_role("heading", name="Hand 5 of 8")).to_be_visible()
    expect(waits).to_have_count(0)

    # Nothing is sent twice: the phones read and send again, and the games stay as they are.
    for page in pages:
        page.reload()
        page.evaluate("() => window.dispatchEvent(new Event('online'))")
        expect(page.locator(".table-title")).to_be_visible()
    with one.expect_response(lambda r: "/api/v1/games/" in r.url, timeout=15_000):
        pass  # a table's poll (every 5 s) has read the game again
    played(stack, tables[0]["game"], 5)
    played(stack, tables[1]["game"], 4)
