"""The projector at a 100-player night, on a 1080p screen: the standings page by themselves,
each page fitting the screen in rows readable from across the room, the page number shown;
the seating beside them pages the same way."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect
from screens import shot
from table import refreshed

from scorekeeper.events import services
from tests.events.event_helpers import (
    club_founded,
    event_founded,
    played_by_services,
    rounds_entered,
)

pytestmark = pytest.mark.browser


def shown_rows(page: Page) -> list[str]:
    return page.locator(
        ".board table.standings tbody tr:not([hidden]) td:nth-child(2)"
    ).all_inner_texts()


def test_the_projector_pages_a_hundred_players(live_server, page: Page, django_user_model):
    actor, club = club_founded(django_user_model.objects.create_user("dora"))
    # Names as long as a club's longest, which wrap on a narrow card.
    names = [f"Player Number {i:03} Longname" for i in range(100)]
    event = played_by_services(actor, club, players=names, rounds=1, name="Big night")
    page.set_viewport_size({"width": 1920, "height": 1080})
    page.clock.install()  # the wall's page turns are brought forward
    page.goto(f"{live_server.url}/events/{event.pk}/projector/")
    label = page.locator(".board .page-number")
    expect(label).to_contain_text("page 1 of ")
    pages = int(label.inner_text().rsplit(" ", 1)[1])
    first = shown_rows(page)
    assert 1 < pages < 100 and len(first) >= 5
    # Every row shown is at least 28 px high, and the page fits the screen.
    heights = page.locator(".board table.standings tbody tr:not([hidden])").evaluate_all(
        "rows => rows.map(r => r.getBoundingClientRect())"
    )
    assert min(box["height"] for box in heights) >= 28
    assert max(box["bottom"] for box in heights) <= 1080
    # Beside them the seating of its 25 tables pages too: whole tables, the note in view.
    seating = page.locator(".seating .page-number")
    expect(seating).to_contain_text("page 1 of ")
    bottoms = page.locator(".seating .tables > li:not([hidden])").evaluate_all(
        "items => items.map(i => i.getBoundingClientRect().bottom)"
    )
    # (Cards wide enough for a name a line where narrow ones would show fewer: four, not two.)
    assert 4 <= len(bottoms) < 25 and max(bottoms) <= 1080
    note = page.locator(".seating .note").evaluate("n => n.getBoundingClientRect().bottom")
    assert note <= 1080
    # As many as fit: the screen left under them holds no other row of tables.
    cards = page.locator(".seating .tables > li:not([hidden])").evaluate_all(
        "items => items.map(i => i.getBoundingClientRect().height)"
    )
    # (Below the page's bottom margin, after the gap between rows.)
    margin, gap = page.evaluate(
        "[parseFloat(getComputedStyle(document.body).paddingBottom),"
        " parseFloat(getComputedStyle(document.querySelector('.seating .tables')).rowGap)]"
    )
    assert 1080 - margin - note < gap + min(cards), (note, margin, gap, cards)
    # Nothing runs off the screen: the wall never scrolls.
    assert page.evaluate("document.documentElement.scrollHeight") <= 1080
    tables = page.locator(".seating .tables > li:not([hidden]) h3").all_inner_texts()
    shot(page, "projector-hundred", full_page=False)
    # By itself, the next page: other players, other tables.
    refreshed(page, lambda ms: expect(label).to_contain_text("page 2 of ", timeout=ms), every=8_000)
    second = shown_rows(page)
    assert second and not set(second) & set(first)
    expect(seating).to_contain_text("page 2 of ")
    later = page.locator(".seating .tables > li:not([hidden]) h3").all_inner_texts()
    assert later and not set(later) & set(tables)


def test_a_total_below_zero_is_written_with_a_minus_sign_on_the_night_page(
    live_server, page: Page, django_user_model
):
    actor, event = event_founded(
        django_user_model.objects.create_user("dora"),
        name="Bid night",
        format="progressive",
        entry="totals",
        round_length="hands",
        hands_per_round=8,
        rounds_planned=1,
        published=True,
        ruleset="bid-euchre",
    )
    for player in ("Ann", "Ben", "Cat", "Dan"):
        services.entrant_add(event=event, actor=actor, name=player)
    rounds_entered(event, actor, 1, [-10, 22])
    page.goto(f"{live_server.url}/events/{event.pk}/")
    last = page.locator(".standings-table tbody tr").last
    expect(last).to_contain_text("\u221210")
    expect(last).not_to_contain_text("-10")
