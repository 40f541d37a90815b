"""A three-table progressive night on phones, from the table's side: each table's phone joins
by the URL on its table card and keeps the score in the table app's table mode. One table
goes offline for a while, a double tap saves one hand, the round's last hand ends the entry
(a hand past it is refused), time is called at one table, the opponents confirm on a second
phone at one table and on the scorer's phone at another (marked same device), a phone leaves
and joins again, and the next round is followed without a new code. Afterwards the API has
every hand once and the standings add up. The director's part is done through the services:
the console comes later."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.test import Client
from playwright.sync_api import BrowserContext, Page, expect
from screens import club_on_screen, console_ready
from table import (
    Table,
    api_get,
    eventually,
    layout_problems,
    refreshed,
    seat_a_night,
    text_size,
)

from scorekeeper.events import services

pytestmark = pytest.mark.browser

TWELVE = ["Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jon", "Kim", "Lou"]
HANDS = 3
LETTERS = "NESW"
DEVICE_TOKEN = """() => new Promise((resolve, reject) => {
  const open = indexedDB.open("euchre-cache");
  open.onerror = () => reject(open.error);
  open.onsuccess = () => {
    const read = open.result.transaction("answers").objectStore("answers").get("table-device");
    read.onsuccess = () => resolve(read.result ? read.result.token : null);
  };
})"""


def seated(base: str, event: int, number: int) -> dict[int, dict[str, Any]]:
    """Round `number`'s tables by table number, as the public API has them."""
    tables = api_get(base, f"/api/v1/events/{event}/rounds/{number}/")["tables"]
    return {t["number"]: t for t in tables}


def names(table: dict[str, Any]) -> list[str]:
    return [seat["name"] for seat in sorted(table["seats"], key=lambda s: s["seat"])]


def card_urls(director: Client, event: int) -> dict[int, str]:
    """The URL printed on each table card, by table number."""
    page = director.get(f"/events/{event}/cards/").content.decode()
    urls = re.findall(r'<p class="url">([^<]+)</p>', page)
    numbers = [int(n) for n in re.findall(r"<h1>Table (\d+)</h1>", page)]
    return dict(zip(numbers, urls, strict=True))


def join(context: BrowserContext, url: str, *, opponents: bool = False) -> Page:
    page = context.new_page()
    page.clock.install()  # a test may bring the phone's polls forward (table.py: refreshed)
    page.goto(url)
    expect(page.get_by_role("heading", name="Join a table")).to_be_visible()
    name = "Confirm the result for the opponents" if opponents else "Keep this table's score"
    page.get_by_role("button", name=name).click()
    expect(page.locator(".table-title")).to_have_text(re.compile(r"Table \d · round \d"))
    return page


def shows_seating(page: Page, table: dict[str, Any]) -> None:
    """Names by seat, N, E, S, W, and who deals first: in the hand entry, and in the seating
    the heading unfolds."""
    seats = names(table)
    expect(page.get_by_text(f"{seats[0]} (N) deals first")).to_be_visible()
    maker = page.get_by_role("group", name="Who called trump?")
    for letter, name in zip(LETTERS, seats, strict=True):
        expect(maker.get_by_role("radio", name=f"{name} ({letter})")).to_have_count(1)
    page.locator(".seating-panel summary").click()
    for letter, name in zip(LETTERS, seats, strict=True):
        expect(page.locator(".seating")).to_contain_text(f"{letter} {name}")
    page.locator(".seating-panel summary").click()


def hand(page: Page, maker: str, tricks: int, *, double_tap: bool = False) -> None:
    table = Table(page, "")
    table.pick_hand(maker, "Hearts", tricks)
    if double_tap:
        table.ending_button().dblclick()
    else:
        table.save()


def enter_result(page: Page, by: str, *, as_it_stands: bool = False) -> None:
    result = page.locator("section.result")
    result.get_by_role("group", name="Who enters it?").get_by_role("radio", name=by).check()
    name = "Enter the result as it stands" if as_it_stands else "Enter the result"
    result.get_by_role("button", name=name, exact=True).click()
    expect(result).to_contain_text("An opponent confirms it", timeout=10_000)


def test_a_three_table_progressive_night_on_phones(
    live_server, phone, django_user_model, settings
) -> None:
    base = live_server.url
    settings.PUBLIC_URL = base
    user = django_user_model.objects.create_user("dora")
    event, _, director = seat_a_night(
        user, TWELVE, hands_per_round=HANDS, rounds_planned=2, round_minutes=20, seed=11
    )
    console = Client()
    console.force_login(user)
    urls = card_urls(console, event.pk)
    assert sorted(urls) == [1, 2, 3] and all(u.startswith(f"{base}/t/") for u in urls.values())
    first = seated(base, event.pk, 1)

    # Every table's phone joins by its card's URL and shows who sits where.
    phones = {n: join(phone(), urls[n]) for n in (1, 2, 3)}
    for n, page in phones.items():
        shows_seating(page, first[n])

    # Table 1 goes offline for two hands; they are kept, then sent once.
    one, p1 = names(first[1]), phones[1]
    p1.context.set_offline(True)
    hand(p1, f"{one[0]} (N)", 3)
    hand(p1, f"{one[1]} (E)", 5)
    expect(p1.locator("#status")).to_contain_text("2 hands not sent yet")
    p1.context.set_offline(False)
    p1.evaluate("() => window.dispatchEvent(new Event('online'))")
    game_1 = first[1]["game"]
    eventually(p1, lambda: len(api_get(base, f"/api/v1/games/{game_1}/")["hands"]) == 2)
    expect(p1.get_by_role("heading", name="Hand 3 of 3")).to_be_visible()
    hand(p1, f"{one[2]} (S)", 4)
    # The round's last hand ends the entry; a hand past it is refused, naming the limit.
    expect(p1.get_by_role("heading", name="Hand 3 of 3 was the last")).to_be_visible()
    expect(p1.get_by_role("group", name="How did it end?")).to_have_count(0)
    token = p1.evaluate(DEVICE_TOKEN)
    eventually(p1, lambda: len(api_get(base, f"/api/v1/games/{game_1}/")["hands"]) == 3)
    past = p1.evaluate(
        """async ([path, token]) => {
          const r = await fetch(path, {method: "POST", headers: {"Content-Type": "application/json",
            "Authorization": `Bearer ${token}`}, body: JSON.stringify({thrown_in: true})});
          return [r.status, await r.json()];
        }""",
        [f"/api/v1/tables/{first[1]['id']}/hands/", token],
    )
    assert past[0] == 409 and past[1]["field"] == "hands_per_round", past
    # The opponents confirm on the scorer's phone: marked same device.
    enter_result(p1, one[0])
    p1.get_by_role("button", name=f"I am {one[1]}: confirm").click()
    expect(p1.locator("section.result")).to_contain_text(
        f"Confirmed by {one[1]} on this table's phone"
    )

    # Table 2: a double tap saves one hand; the opponents confirm on a phone of their own.
    two, p2 = names(first[2]), phones[2]
    hand(p2, f"{two[0]} (N)", 3, double_tap=True)
    expect(p2.get_by_role("heading", name="Hand 2 of 3")).to_be_visible()
    hand(p2, f"{two[3]} (W)", 2)
    hand(p2, f"{two[2]} (S)", 5)
    enter_result(p2, two[2])
    theirs = join(phone(), urls[2], opponents=True)
    expect(theirs.get_by_role("group", name="How did it end?")).to_have_count(0)
    theirs.get_by_role("button", name=f"I am {two[3]}: confirm").click()
    expect(theirs.locator("section.result")).to_contain_text(f"Confirmed by {two[3]} on their own")
    refreshed(
        p2,
        lambda ms: expect(p2.locator("section.result")).to_contain_text(
            f"Confirmed by {two[3]} on their own phone", timeout=ms
        ),
    )

    # Table 3 is slow: time is called after one hand, and it enters the result as it stands.
    three, p3 = names(first[3]), phones[3]
    # The round's clock shows on the scoring phone, its seating folded away.
    expect(p3.locator(".clock")).to_be_visible()
    expect(p3.locator(".clock")).to_contain_text("A round of 20 minutes")
    hand(p3, f"{three[1]} (E)", 3)
    eventually(p3, lambda: len(api_get(base, f"/api/v1/games/{first[3]['game']}/")["hands"]) == 1)
    services.round_time_call(event=event, number=1, actor=director)
    refreshed(
        p3, lambda ms: expect(p3.locator(".time-called")).to_contain_text("Time!", timeout=ms)
    )
    # Who called it, as the room knows the director.
    expect(p3.locator(".time-called")).to_contain_text(f"Called by {director.name}.")
    enter_result(p3, three[0], as_it_stands=True)
    expect(p3.locator("section.result")).to_contain_text("As it stood when time was called")
    # The scorer's phone leaves the table, and joins again by the card without the director.
    p3.get_by_role("button", name="Leave this table").click()
    expect(p3.get_by_role("link", name="Join a table")).to_be_visible()
    p3.goto(urls[3])
    p3.get_by_role("button", name="Keep this table's score").click()
    expect(p3.locator(".table-title")).to_have_text("Table 3 · round 1")
    p3.get_by_role("button", name=f"I am {three[1]}: confirm").click()
    expect(p3.locator("section.result")).to_contain_text(f"Confirmed by {three[1]}")

    # The next round is seated: each phone shows its table's new seating, with no new code.
    services.round_generate(event=event, actor=director)
    second = seated(base, event.pk, 2)
    for n, page in phones.items():
        title = page.locator(".table-title")
        refreshed(
            page,
            lambda ms, t=title, n=n: expect(t).to_have_text(f"Table {n} · round 2", timeout=ms),
        )
        shows_seating(page, second[n])
        expect(page.get_by_role("heading", name="Hand 1 of 3")).to_be_visible()
    assert card_urls(console, event.pk) == urls

    # The API has every hand once, and the standings add up.
    counts = {n: len(api_get(base, f"/api/v1/games/{first[n]['game']}/")["hands"]) for n in first}
    assert counts == {1: 3, 2: 3, 3: 1}
    results = {n: t["result"] for n, t in seated(base, event.pk, 1).items()}
    assert [results[n]["confirmation"] for n in (1, 2, 3)] == [
        "same-device",
        "second-device",
        "same-device",
    ]
    assert results[3]["time_called"] and results[3]["points"] == [0, 1]
    standings = api_get(base, f"/api/v1/events/{event.pk}/standings/")
    totals = {row["name"]: row["total"] for row in standings["rows"]}
    for n, table in first.items():
        for seat in table["seats"]:
            assert totals[seat["name"]] == results[n]["points"][seat["side"]]
    assert sum(totals.values()) == 2 * sum(sum(r["points"]) for r in results.values())


def test_table_mode_fits_a_phone_in_both_languages_and_at_large_text(
    live_server, phone, django_user_model, settings
) -> None:
    settings.PUBLIC_URL = live_server.url
    _, rnd, _ = seat_a_night(django_user_model.objects.create_user("dora"), TWELVE[:4])
    code = rnd.tables.get().event_table.join_code
    problems: dict[str, list[str]] = {}
    for locale, scheme, size in [
        ("en-US", "light", 100),
        ("en-US", "dark", 200),
        ("ko-KR", "dark", 100),
        ("ko-KR", "light", 200),
    ]:
        page = phone(locale=locale, color_scheme=scheme).new_page()
        text_size(page, size)
        page.goto(f"{live_server.url}/t/{code}")
        page.locator("form.join-form").wait_for()
        problems[f"join {locale} {scheme} {size}%"] = layout_problems(page)
        page.locator("form.join-form button[type=submit]").first.click()
        page.locator("form.entry").wait_for()
        problems[f"table {locale} {scheme} {size}%"] = layout_problems(page)
        page.locator("section.result").scroll_into_view_if_needed()
        if size == 100:
            # One hand, one screen at the table too: the whole entry above the tabs.
            page.evaluate("() => window.scrollTo(0, 0)")
            tabs = page.locator("#tabs").bounding_box()
            for part in ("fieldset.choices", ".endings"):
                for box in [b.bounding_box() for b in page.locator(f"form.entry {part}").all()]:
                    assert box and box["y"] >= 0 and box["y"] + box["height"] <= tabs["y"], (
                        locale,
                        part,
                        box,
                    )
        page.locator(".table-foot button").click()  # leave, for the next phone
        page.locator(".hero").wait_for()
        page.context.close()
    assert problems == {key: [] for key in problems}


def test_a_director_seats_a_night_from_the_screens(
    page: Page, live_server, phone, django_user_model
):
    """The director's screens as they are: sign in, a club, an event, players, publish, seat
    a round (the table cards link is the night's); the players' page shows each their table
    and keeps up with the standings."""
    base = live_server.url
    club_on_screen(page, base, django_user_model)
    page.get_by_text("New event").click()
    page.get_by_label("Name", exact=True).fill("Tuesday progressive")
    page.get_by_label("A round is").select_option(label="a number of hands")
    page.get_by_label("Hands a round").fill("1")
    page.get_by_label("Rounds").fill("1")
    page.get_by_role("button", name="Create event").click()
    expect(page.get_by_role("heading", name="Tuesday progressive")).to_be_visible()
    event = int(re.search(r"/events/(\d+)/manage/", page.url).group(1))
    console_ready(page)
    page.get_by_label("Names, one a line").fill("\n".join(TWELVE[:8]))
    page.get_by_role("button", name="Add players").click()
    expect(page.locator(".entrants li")).to_have_count(8)
    page.get_by_role("button", name="Publish").click()
    expect(page.get_by_role("button", name="Hide from the public")).to_be_visible()
    page.get_by_role("button", name="Seat the next round").click()
    expect(page.locator(".board .board-table")).to_have_count(2)
    cards = page.get_by_role("link", name="Table cards", exact=True)
    assert cards.get_attribute("href") == f"/events/{event}/cards/"
    tables = seated(base, event, 1)

    watcher = phone().new_page()
    watcher.clock.install()
    watcher.goto(base + f"/events/{event}/")
    expect(watcher.get_by_role("link", name="Scorekeeper app")).to_have_attribute("href", "/")
    watcher.get_by_label("I am").select_option(label=names(tables[2])[3])
    expect(watcher.locator(".my-table")).to_contain_text("Round 1: table 2, seat W.")
    code = page.locator('.board-table[data-table="1"] .code').inner_text()
    scorer = join(phone(), f"{base}/t/{code}")
    hand(scorer, f"{names(tables[1])[0]} (N)", 5)
    enter_result(scorer, names(tables[1])[0])
    scorer.get_by_role("button", name=f"I am {names(tables[1])[1]}: confirm").click()
    rows = watcher.locator(".standings-table tbody tr")
    refreshed(watcher, lambda ms: expect(rows.first).to_contain_text("2", timeout=ms))
    assert {rows.nth(i).locator("td").nth(1).inner_text() for i in (0, 1)} == {
        names(tables[1])[0],
        names(tables[1])[2],
    }
