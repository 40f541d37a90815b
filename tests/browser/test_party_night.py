"""A twelve-player, three-round progressive party run from the director's console, its three
tables scored on three phones (360 x 740): the director creates the party on the director's
screen (its own options, shown for it alone), adds the players and seats the rounds; a level
table asks the director for the cut on the board; the winners move up, the head table's stay,
the partners split; the projector says who moves where; and the standings add up the
results. With SHOTS_DIR set, screenshots of the new screens go there for a person to look at."""

from __future__ import annotations

import re
from collections import Counter
from typing import Any

import pytest
from playwright.sync_api import Page, expect
from screens import console_ready, new_event_form, shot
from table import api_get, layout_problems, refreshed
from test_console_night import ask_and, board_table, card_urls_on_screen, seated
from test_events_night import enter_result, hand, join, names

pytestmark = pytest.mark.browser

TWELVE = ["Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jon", "Kim", "Lou"]


def play_round(phones: dict[int, Page], tables: dict[int, dict[str, Any]], level: int) -> None:
    """Each table's two hands on its phone, entered and confirmed there: at table ``level``
    each side makes one point (a level table); elsewhere N and S make both."""
    for number, page in phones.items():
        seats = names(tables[number])
        title = page.locator(".table-title")
        refreshed(
            page, lambda ms, t=title, n=number: expect(t).to_contain_text(f"Table {n}", timeout=ms)
        )
        makers = [f"{seats[0]} (N)", f"{seats[1]} (E)" if number == level else f"{seats[0]} (N)"]
        for count, maker in enumerate(makers, start=1):
            expect(page.get_by_role("heading", name=f"Hand {count} of 2")).to_be_visible(
                timeout=15_000
            )
            hand(page, maker, 3)
        enter_result(page, seats[0])
        page.get_by_role("button", name=f"I am {seats[1]}: confirm").click()


def test_a_party_from_the_console_with_three_phones(
    live_server, page, phone, django_user_model, settings
):
    base = live_server.url
    settings.PUBLIC_URL = base
    kind = "progressive party (winners move up)"
    form = new_event_form(page, base, django_user_model, "Church party", kind)
    # The party's own options are there, and the knockout's are not.
    expect(form.get_by_label("A level table is won by")).to_be_visible()
    expect(form.get_by_label("Elimination", exact=True)).to_be_hidden()
    form.get_by_label("A round is").select_option("hands")
    form.get_by_label("Hands a round").fill("2")
    form.get_by_label("Rounds").fill("3")
    shot(page, "party-new-event", "form.new-event")
    form.get_by_role("button", name="Create event").click()
    expect(page.get_by_role("heading", name="Church party")).to_be_visible()
    event = int(re.search(r"/events/(\d+)/manage/", page.url)[1])  # type: ignore[index]
    console_ready(page)

    page.get_by_label("Names, one a line").fill("\n".join(TWELVE))
    page.get_by_role("button", name="Add players").click()
    expect(page.locator(".entrants li")).to_have_count(12, timeout=30_000)
    page.get_by_role("button", name="Publish").click()
    expect(page.get_by_role("button", name="Hide from the public")).to_be_visible()
    page.get_by_role("button", name="Seat the next round").click()
    expect(page.locator("[data-note-slot=rounds]")).to_contain_text("Round 1 is seated.")

    urls = card_urls_on_screen(page, base)
    phones = {n: join(phone(), urls[n]) for n in (1, 2, 3)}

    wall = page.context.new_page()
    wall.set_viewport_size({"width": 1280, "height": 720})
    for number, level in ((1, 2), (2, 1), (3, 3)):
        tables = seated(base, event, number)
        play_round(phones, tables, level)
        for n in tables:
            refreshed(
                page,
                lambda ms, n=n: expect(board_table(page, n)).to_contain_text(
                    "same device", timeout=ms
                ),
            )
        # The level table asks for the cut on the board: N and S win it.
        cut = board_table(page, level).locator(".cut")
        expect(cut).to_contain_text("Level: who won the cut?", timeout=15_000)
        if number == 1:
            shot(page, "party-console-cut", "#board")
            problems = layout_problems(page)
            assert problems == [], "\n".join(problems)
        # The round is not complete while its cut waits (its next round waits for the cut).
        heading = page.locator("#board div.round > h3")
        expect(heading).to_have_text(f"Round {number}")
        north_south = tables[level]["team_names"][0]
        cut.get_by_role("button", name=f"{north_south} won the cut").click()
        ask_and(page, "Confirm", says=f"{north_south} won the cut at table {level}?")
        expect(board_table(page, level)).to_contain_text(f"level, won by {north_south}")
        if number == 1:  # the log says who won the cut (a cut entered again reads apart)
            logged = page.locator(".change-log li", has_text="decided a level table by a cut")
            expect(logged).to_contain_text(f"confirmed · level, won by {north_south}")
        expect(heading).to_have_text(f"Round {number} · complete")
        # Every table has its winners: the wall says who goes where.
        wall.goto(base + f"/events/{event}/projector/")
        expect(wall.locator(".moves")).to_contain_text(f"After round {number}: who moves where")
        # Who moves where under who sat where, the standings beside both (not under them).
        box = {p: wall.locator(p).bounding_box() for p in (".seating", ".moves", ".board")}
        assert box[".board"]["y"] == box[".seating"]["y"] < box[".moves"]["y"], box
        assert box[".board"]["x"] > box[".moves"]["x"] + box[".moves"]["width"] - 1, box
        if number == 1:
            shot(wall, "party-projector-moves")
            head = names(tables[1])
            expect(wall.locator(".moves")).to_contain_text(
                f"{' & '.join(sorted(head[0::2]))}: staying"
            )
        if number < 3:
            page.get_by_role("button", name="Seat the next round").click()
            expect(page.locator("[data-note-slot=rounds]")).to_contain_text(
                f"Round {number + 1} is seated."
            )
            after = seated(base, event, number + 1)
            where = {name: n for n, t in after.items() for name in names(t)}
            # N and S won everywhere: the head table's stay, the others move up one table,
            # and nobody partners their partner of the round before.
            for n, table in tables.items():
                winners = names(table)[0::2]
                assert {where[w] for w in winners} == {max(1, n - 1)}, (number, n)
            for table in after.values():
                seats = names(table)
                before = {frozenset(names(t)[s::2]) for t in tables.values() for s in (0, 1)}
                assert frozenset(seats[0::2]) not in before
                assert frozenset(seats[1::2]) not in before
    wall.close()

    # The standings add up the results: each side's points, the rounds won (a cut's too).
    totals: Counter[str] = Counter()
    wins: Counter[str] = Counter()
    for rnd in api_get(base, f"/api/v1/events/{event}/rounds/"):
        for table in rnd["tables"]:
            for seat in table["seats"]:
                totals[seat["name"]] += table["result"]["points"][seat["side"]]
                wins[seat["name"]] += table["result"]["winner"] == seat["side"]
    standings = api_get(base, f"/api/v1/events/{event}/standings/")["rows"]
    assert {r["name"]: (r["total"], r["wins"]) for r in standings} == {
        name: (totals[name], wins[name]) for name in TWELVE
    }
    page.set_viewport_size({"width": 1280, "height": 800})
    shot(page, "party-console-desktop", "#board")
    problems = layout_problems(page)
    assert problems == [], "\n".join(problems)
