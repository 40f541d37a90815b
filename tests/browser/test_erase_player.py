"""A director erases a player from the player's page on a phone: afterwards the standings, the
exports and the player's page show the placeholder, with every number as it was."""

from __future__ import annotations

import urllib.request

import pytest
from playwright.sync_api import Page, expect
from screens import director_club, shot, sign_in

from scorekeeper.models import Player
from tests.events.event_helpers import played_by_services

pytestmark = pytest.mark.browser


def standings_rows(page: Page) -> list[list[str]]:
    return [
        [cell.strip() for cell in row.split("\t")]
        for row in page.locator("table.standings tbody tr").all_inner_texts()
    ]


def stats(page: Page) -> dict[str, str]:
    return {
        dd.get_attribute("data-stat"): dd.inner_text() for dd in page.locator("dd[data-stat]").all()
    }


def fetch(base: str, path: str) -> str:
    with urllib.request.urlopen(base + path) as answer:
        return answer.read().decode("utf-8-sig")


def test_an_erased_player_shows_as_the_placeholder_with_every_number_unchanged(
    page: Page, live_server, django_user_model
) -> None:
    base = live_server.url
    dora, club = director_club(django_user_model)
    night = played_by_services(
        dora,
        club,
        players=["Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal"],
        rounds=2,
        name="Thursday",
    )
    cat = Player.objects.get(club=club, name="Cat")
    placeholder = f"Erased player {cat.pk}"

    page.goto(base + f"/events/{night.pk}/results/")
    before_rows = standings_rows(page)
    csv_before = {
        p: fetch(base, f"/api/v1/events/{night.pk}/{p}")
        for p in ("standings.csv", "tally.csv", "results.csv")
    }
    assert any("Cat" in row[1] for row in before_rows)

    sign_in(page, base, f"/events/players/{cat.pk}/")
    expect(page.get_by_role("heading", name="Cat", exact=True)).to_be_visible()
    before_stats = stats(page)
    before_games = page.locator("ol.games li").all_inner_texts()
    page.get_by_label("Reason (kept in the roster log)").fill("she asked us to")
    page.get_by_label("Yes, erase this player's name").check()
    page.get_by_role("button", name="Erase the name").click()

    # The player's page: the placeholder, the same statistics and games.
    expect(page.get_by_role("heading", name=placeholder)).to_be_visible()
    assert stats(page) == before_stats
    assert page.locator("ol.games li").all_inner_texts() == before_games
    expect(page.get_by_role("button", name="Erase the name")).to_have_count(0)
    shot(page, "erased-player")

    # The standings: the same rows, the name replaced.
    page.goto(base + f"/events/{night.pk}/results/")
    after_rows = standings_rows(page)
    assert [row[1] for row in after_rows] == [
        placeholder if row[1] == "Cat" else row[1] for row in before_rows
    ]
    assert [row[:1] + row[2:] for row in after_rows] == [row[:1] + row[2:] for row in before_rows]
    expect(page.locator("body")).not_to_contain_text("Cat")
    # The players' page for the night, and every export.
    page.goto(base + f"/events/{night.pk}/")
    expect(page.locator(".standings")).to_contain_text(placeholder)
    expect(page.locator(".standings")).not_to_contain_text("Cat")
    for path, before in csv_before.items():
        after = fetch(base, f"/api/v1/events/{night.pk}/{path}")
        assert after == before.replace("Cat", placeholder)
    exported = page.request.get(base + f"/api/v1/players/{cat.pk}/export.json").json()
    assert exported["player"]["name"] == placeholder
    assert sum(r["points_for"] for r in exported["results"]) == int(before_stats["points"])
