"""A whole club night run from the director's console alone, at a phone's size: the director
signs in, starts the club and a season, creates the event with its date and season, adds the
players and seats the rounds; the tables' phones (360 x 740) join by their cards and score in
the table app. From the console the director calls time, corrects a hand of a confirmed
result, assigns a result to a table that could not play, reads the change log of one table,
closes the night (told first which table is still open), downloads the standings and opens
the printable table cards. Nothing the director does goes through the API by hand; the test
reads the public API only to know who sits where."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import Page, Route, expect
from screens import club_on_screen, console_ready, director_club, director_screen
from table import REFRESH_MS, api_get, eventually, layout_problems, refreshed
from test_events_night import enter_result, hand, join, names

pytestmark = pytest.mark.browser

EIGHT = ["Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal"]


def ask_and(page: Page, answer: str, says: str | None = None) -> None:
    """The console asks before acting: the question (saying `says`), answered."""
    dialog = page.locator("dialog.ask")
    expect(dialog).to_be_visible()
    if says:
        expect(dialog).to_contain_text(says)
    dialog.get_by_role("button", name=answer).click()
    expect(dialog).to_be_hidden()


def a_refresh_later(page: Page) -> None:
    """The console's next refresh (every 5 s, brought forward) has drawn the board again."""
    drawn = page.locator(".board > *").first.element_handle()
    page.clock.fast_forward(REFRESH_MS)
    page.wait_for_function("(drawn) => !drawn.isConnected", arg=drawn, timeout=15_000)


def board_table(page: Page, number: int) -> Any:
    return page.locator(f".board > .round:first-child .board-table[data-table='{number}']")


def seated(base: str, event: int, number: int) -> dict[int, dict[str, Any]]:
    tables = api_get(base, f"/api/v1/events/{event}/rounds/{number}/")["tables"]
    return {t["number"]: t for t in tables}


def card_urls_on_screen(page: Page, base: str) -> dict[int, str]:
    """The printable table cards, opened from the console: the URL each table's phone joins
    by, by table number."""
    cards = page.context.new_page()
    cards.goto(base + page.get_by_role("link", name="Table cards").get_attribute("href"))
    expect(cards.get_by_role("heading", name="Table 1")).to_be_visible()
    headings = " ".join(cards.locator("h1").all_inner_texts())
    numbers = [int(n) for n in re.findall(r"Table (\d+)", headings)]
    urls = dict(zip(numbers, cards.locator("p.url").all_inner_texts(), strict=True))
    cards.close()
    return urls


def play(page: Page, *makers: str) -> None:
    """The table's hands, one a maker (who takes 3 tricks), each once the phone asks for it."""
    for number, maker in enumerate(makers, start=1):
        expect(page.get_by_role("heading", name=f"Hand {number} of 2")).to_be_visible(
            timeout=10_000
        )
        hand(page, maker, 3)


def test_a_night_from_the_console_alone(live_server, page, phone, django_user_model, settings):
    base = live_server.url
    settings.PUBLIC_URL = base
    page.clock.install()  # the console's refreshes are brought forward (table.py: refreshed)
    refused: list[str] = []
    page.on("console", lambda m: "Content Security Policy" in m.text and refused.append(m.text))

    # The club, a season, and the event with its date and season.
    club_on_screen(page, base, django_user_model)
    club = page.locator("section[data-club]")
    expect(club.get_by_role("heading", name="Riverside Euchre Club")).to_be_visible()
    club.get_by_text("Seasons and ladders", exact=True).click()
    club.get_by_label("Season name").fill("Winter 2026")
    club.get_by_label("Starts on").fill("2026-12-01")
    club.get_by_label("Ends on").fill("2027-02-28")
    club.get_by_role("button", name="Add the season").click()
    expect(club.locator("form.season-edit", has_text="Winter 2026")).to_be_attached()
    club.get_by_text("New event", exact=True).click()
    form = club.locator("form.new-event")
    form.get_by_label("Name").fill("Friday night")
    form.get_by_label("Date").fill("2026-12-04")
    form.get_by_label("Season").select_option(label="Winter 2026")
    form.get_by_label("A round is").select_option("hands")
    form.get_by_label("Hands a round").fill("2")
    form.get_by_label("Rounds").fill("2")
    form.get_by_role("button", name="Create event").click()
    expect(page.get_by_role("heading", name="Friday night")).to_be_visible()
    event = int(re.search(r"/events/(\d+)/manage/", page.url)[1])  # type: ignore[index]
    console_ready(page)
    expect(page.locator(".event-date")).to_have_text("2026-12-04")
    page.get_by_text("The event: name, date, season and every setting").click()
    expect(page.get_by_label("Season", exact=True)).to_have_value(re.compile(r"\d+"))

    # Players, publishing, the first round.
    page.get_by_label("Names, one a line").fill("\n".join(EIGHT))
    # While the names go in one by one, the round waits: its button is off, the count shown.
    held: list[Route] = []
    added = re.compile(rf"/api/v1/events/{event}/players/$")
    page.route(added, lambda route: held.append(route) if not held else route.continue_())
    page.get_by_role("button", name="Add players").click()
    seat = page.get_by_role("button", name="Seat the next round")
    expect(seat).to_be_disabled()
    expect(page.locator("[data-note-slot=players]")).to_contain_text("Adding 1 of 8")
    eventually(page, lambda: bool(held), what="the first name sent")
    held[0].continue_()
    expect(page.locator(".entrants li")).to_have_count(8)
    expect(seat).to_be_enabled()
    page.unroute(added)
    page.get_by_role("button", name="Publish").click()
    expect(page.get_by_role("button", name="Hide from the public")).to_be_visible()
    page.get_by_role("button", name="Seat the next round").click()
    expect(page.locator("[data-note-slot=rounds]")).to_contain_text("Round 1 is seated.")
    expect(board_table(page, 2)).to_contain_text("playing")
    first = seated(base, event, 1)

    # "Hand over" asks first: cancelled, the table keeps its code.
    code = board_table(page, 1).locator(".code").inner_text()
    expect(board_table(page, 1)).to_contain_text(f"Join code: {code}")
    board_table(page, 1).get_by_role("button", name="Hand over").click()
    ask_and(page, "Cancel", says="Hand table 1 to another phone?")
    expect(board_table(page, 1).locator(".code")).to_have_text(code)

    # A confirming phone joined at table 2 before its opponents came: the director ends it.
    from scorekeeper.events import services
    from scorekeeper.events.models import TableToken

    second_code = board_table(page, 2).locator(".code").inner_text()
    services.table_join(code=second_code, role=TableToken.Role.CONFIRMER)
    end = board_table(page, 2).get_by_role("button", name="End confirming phones")
    refreshed(page, lambda ms: expect(end).to_be_visible(timeout=ms))
    end.click()
    ask_and(page, "Confirm", says="End table 2's confirming phones?")
    expect(board_table(page, 2)).to_contain_text("confirming phones are ended")
    confirming = TableToken.objects.filter(role="confirmer", revoked_at__isnull=True)
    assert not confirming.exists()

    # The printable table cards: each table's phone joins by the URL on its card.
    urls = card_urls_on_screen(page, base)
    phones = {n: join(phone(), urls[n]) for n in (1, 2)}

    # Table 1 plays its two hands and confirms on the scorer's phone.
    one, p1 = names(first[1]), phones[1]
    play(p1, f"{one[0]} (N)", f"{one[1]} (E)")
    enter_result(p1, one[0])
    p1.get_by_role("button", name=f"I am {one[1]}: confirm").click()
    refreshed(
        page, lambda ms: expect(board_table(page, 1)).to_contain_text("same device", timeout=ms)
    )
    expect(board_table(page, 1)).to_contain_text("2 hands entered")

    # Table 2 is slow: the director calls time, and it enters its result as it stands.
    two, p2 = names(first[2]), phones[2]
    play(p2, f"{two[0]} (N)")
    refreshed(
        page, lambda ms: expect(board_table(page, 2)).to_contain_text("1 hand entered", timeout=ms)
    )
    page.get_by_role("button", name="Call time").click()
    ask_and(page, "Confirm", says="Call time on round 1?")
    expect(page.locator("[data-note-slot=rounds]")).to_contain_text("Time is called on round 1.")
    # Called: calling it again would change nothing, and it is not offered.
    expect(page.get_by_role("button", name="Call time")).to_be_hidden()
    refreshed(
        p2, lambda ms: expect(p2.locator(".time-called")).to_contain_text("Time!", timeout=ms)
    )
    enter_result(p2, two[0], as_it_stands=True)
    p2.get_by_role("button", name=f"I am {two[1]}: confirm").click()
    refreshed(
        page,
        lambda ms: expect(board_table(page, 2)).to_contain_text(
            "as it stood when time was called", timeout=ms
        ),
    )

    # A correction: table 1's first hand was a march. The director amends it, saying why.
    board_table(page, 1).get_by_role("button", name="Open table 1").click()
    desk = page.locator(".desk")
    expect(desk.get_by_role("heading", name="Table 1 · Round 1")).to_be_visible()
    expect(desk.locator(".desk-hands li")).to_have_count(2)
    # Its result came from its hands, and follows them: nothing to take from them again.
    expect(desk.get_by_role("button", name="Enter the result from its hands")).to_be_hidden()
    # At 360 px everything fits, and every control is big enough for a thumb.
    problems = layout_problems(page)
    assert problems == [], "\n".join(problems)
    desk.get_by_label("Why (kept in the change log)").fill("hand 1 was a march")
    desk.locator(".desk-hands li").first.get_by_role("button", name="Amend").click()
    desk.get_by_label("How it ended").select_option("march")
    desk.get_by_role("button", name="Save the hand").click()
    expect(desk.locator("[data-note-slot=desk-hands]")).to_contain_text("Hand 1 is saved.")
    expect(desk.locator(".desk-hands li").first).to_contain_text("march (all five tricks)")
    # The form is the next hand's again: none of the amended values stays in it.
    hand_form = desk.locator("form.hand-form")
    expect(hand_form.locator("legend")).to_have_text("Add a hand")
    expect(hand_form.get_by_label("How it ended")).to_have_value("made")
    expect(hand_form.get_by_label("Trump", exact=True)).to_have_value("")
    expect(board_table(page, 1)).to_contain_text("corrected by the director")
    corrected = seated(base, event, 1)[1]["result"]
    assert corrected["points"] == [2, 1], corrected

    # Round 2: table 1 plays and enters its result; table 2 cannot play, and is assigned one.
    page.get_by_role("button", name="Seat the next round").click()
    expect(page.locator("[data-note-slot=rounds]")).to_contain_text("Round 2 is seated.")
    second = seated(base, event, 2)
    one = names(second[1])
    refreshed(
        p1,
        lambda ms: expect(p1.locator(".table-title")).to_have_text("Table 1 · round 2", timeout=ms),
    )
    play(p1, f"{one[0]} (N)", f"{one[0]} (N)")
    enter_result(p1, one[0])
    board_table(page, 2).get_by_role("button", name="Open table 2").click()
    expect(desk.get_by_role("heading", name="Table 2 · Round 2")).to_be_visible()
    desk.get_by_label("Why (kept in the change log)").fill("a player was taken ill")
    assign = desk.locator("form.assign-form")
    sides = second[2]["team_names"]
    assign.get_by_label(sides[0]).select_option("average-plus")
    assign.get_by_label(sides[1]).select_option("average-minus")
    assign.get_by_role("button", name="Assign the result").click()
    said = desk.locator("[data-note-slot=desk-assign]")
    expect(said).to_contain_text("Table 2's result is now")
    expect(board_table(page, 2)).to_contain_text("assigned by the director")
    # The note stays through the console's refresh, until dismissed.
    a_refresh_later(page)
    expect(said).to_contain_text("Table 2's result is now")
    said.get_by_role("button", name="Dismiss").click()
    expect(said).to_be_empty()

    # The change log, narrowed to table 2: the assignment and its reason.
    log = page.locator("#log")
    log.get_by_label("Table").select_option(label="Table 2")
    expect(log.locator(".change-log li").first).to_contain_text("assigned a result")
    expect(log.locator(".change-log")).to_contain_text("Reason: a player was taken ill")
    expect(log.locator(".change-log")).not_to_contain_text("Round 1, table 1")

    # Closing the night: the console names the table still waiting, and asks first.
    page.get_by_role("button", name="Close the night").click()
    ask_and(page, "Confirm", says="table 1 (entered, waiting for the opponents, 2 hands")
    expect(page.locator("[data-note-slot=close]")).to_contain_text("The night is closed")
    # The projector, opened from the console on the room's big screen: the final standings,
    # in the order the event's standings give them, every player on the wall.
    wall = page.context.new_page()
    wall.set_viewport_size({"width": 1280, "height": 720})
    wall.goto(base + page.get_by_role("link", name="Projector").get_attribute("href"))
    final = api_get(base, f"/api/v1/events/{event}/standings/")["rows"]
    rows = wall.locator(".board table.standings tbody tr")
    expect(rows).to_have_count(len(final))
    for shown, row in zip(rows.all(), final, strict=True):
        expect(shown.locator("td").nth(1)).to_contain_text(row["name"])
        expect(shown.locator("td").nth(0)).to_have_text(str(row["rank"]))
    wall.close()

    # Exports: the standings as a CSV file, with every player.
    with page.expect_download() as download:
        page.get_by_role("link", name="Standings (CSV)").click()
    csv = open(download.value.path(), encoding="utf-8-sig").read()  # noqa: SIM115
    assert all(name in csv for name in EIGHT), csv
    event_now = api_get(base, f"/api/v1/events/{event}/")
    assert event_now["date"] == "2026-12-04" and event_now["season"] is not None
    assert event_now["closed_at"] is not None

    # Closed, it can be opened again from the console: its codes work again.
    page.get_by_role("button", name="Reopen the night").click()
    page.locator("dialog.ask").get_by_label("Why (kept in the change log)").fill("a late table")
    ask_and(page, "Confirm", says="Reopen the night?")
    expect(page.locator("[data-note-slot=close]")).to_contain_text("The night is open again")
    expect(page.get_by_role("button", name="Close the night")).to_be_visible()
    reopened = api_get(base, f"/api/v1/events/{event}/")
    assert reopened["closed_at"] is None and reopened["status"] == "running"

    # On a laptop the console fits as well; and the site's CSP refused nothing all night.
    page.set_viewport_size({"width": 1280, "height": 800})
    problems = layout_problems(page)
    assert problems == [], "\n".join(problems)
    assert refused == []


def test_withdrawing_a_team_and_a_player_leaving_ask_first(
    live_server, page, django_user_model
) -> None:
    from scorekeeper.events import services

    base = live_server.url
    dora, club = director_club(django_user_model)
    pairs = services.event_create(
        club=club, actor=dora, name="Pairs", format="round-robin", entry="totals"
    )
    for name, first, second in (("Aces", "Ann", "Ben"), ("Bowers", "Cat", "Dan")):
        services.team_add(event=pairs, actor=dora, name=name, players=[first, second])
    services.round_generate(event=pairs, actor=dora)
    director_screen(page, base)
    page.goto(base + f"/events/{pairs.pk}/manage/")
    console_ready(page)
    aces = page.locator(".entrants li", has_text="Aces")
    aces.get_by_role("button", name="Withdraw").click()
    ask_and(page, "Cancel", says="Withdraw Aces?")
    expect(aces).not_to_contain_text("(left)")
    aces.get_by_role("button", name="Withdraw").click()
    page.locator("dialog.ask").get_by_label("Why (kept in the change log)").fill("Ann is unwell")
    ask_and(page, "Confirm")
    expect(aces).to_contain_text("Aces is withdrawn.")
    expect(aces).to_contain_text("(left)")
    standing = page.locator(".standings-table tbody tr", has_text="Aces")
    expect(standing).to_contain_text("Aces (left)")
    expect(board_table(page, 1)).to_contain_text("a forfeit recorded by the director")
    expect(page.locator(".change-log")).to_contain_text("withdrew a team")
    expect(page.locator(".change-log")).to_contain_text("Reason: Ann is unwell")

    night = services.event_create(club=club, actor=dora, name="Night", format="progressive",
                                  rounds_planned=1)  # fmt: skip
    services.entrant_add(event=night, actor=dora, name="Eve")
    page.goto(base + f"/events/{night.pk}/manage/")
    console_ready(page)
    eve = page.locator(".entrants li", has_text="Eve")
    eve.get_by_role("button", name="Leaves").click()
    page.locator("dialog.ask").get_by_label("Why (kept in the change log)").fill("a long drive")
    ask_and(page, "Confirm", says="Eve leaves the event")
    expect(eve).to_contain_text("(left)")
    expect(page.locator(".change-log")).to_contain_text("Reason: a long drive")
    a_refresh_later(page)  # the note is still there
    expect(eve).to_contain_text("Eve left the event.")
