"""A director sets up a season's ladder and a night's ranking from the director's screen."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect
from screens import club_on_screen, console_ready
from table import layout_problems

from scorekeeper.events.models import Event, Season
from tests.events.event_helpers import club_founded, played_by_services, winter_season

pytestmark = pytest.mark.browser


def test_a_director_chooses_a_seasons_ladder_and_a_nights_ranking(
    page: Page, live_server, django_user_model
):
    base = live_server.url
    club_on_screen(page, base, django_user_model)

    page.get_by_text("Seasons and ladders").click()
    form = page.locator(".new-season")
    form.get_by_label("Season name").fill("Winter")
    form.get_by_label("Starts on").fill("2026-01-06")
    form.get_by_label("Ends on").fill("2026-03-31")
    form.get_by_label("The leaderboard ranks by").select_option("placement")
    form.get_by_label("Placement points, first place first").fill("12 9 7 5")
    form.get_by_label("Nights to qualify").fill("3")
    with page.expect_navigation():
        form.get_by_role("button", name="Add the season").click()
    expect(page.locator(".season-edit h3")).to_contain_text("Winter")
    season = Season.objects.get(name="Winter")
    assert (season.ladder, season.placement_points, season.min_nights, season.best_nights) == (
        "placement",
        [12, 9, 7, 5],
        3,
        None,
    )

    page.get_by_text("Seasons and ladders").click()
    edit = page.locator(f'.season-edit[data-season="{season.pk}"]')
    expect(edit.get_by_label("The leaderboard ranks by")).to_have_value("placement")
    edit.get_by_label("Only the best nights count (empty: every night)").fill("8")
    with page.expect_navigation():  # saved, the screen reloads
        edit.get_by_role("button", name="Save the ladder").click()
    expect(page.locator(".season-edit h3")).to_contain_text("Winter")
    season.refresh_from_db()
    assert season.best_nights == 8

    page.get_by_text("New event").click()
    page.get_by_label("Name", exact=True).fill("Tuesday progressive")
    page.get_by_label("A round is").select_option(label="a number of hands")
    page.get_by_label("Hands a round").fill("4")
    page.get_by_label("Rounds").fill("3")
    page.get_by_label("Season", exact=True).select_option(label="Winter")
    page.get_by_label("A night ranks by").select_option("per-round")
    page.get_by_label("Loner bonus: points for each loner made (hand by hand)").fill("2")
    page.get_by_label("Booby prize").uncheck()
    page.get_by_role("button", name="Create event").click()
    expect(page.get_by_role("heading", name="Tuesday progressive")).to_be_visible()
    event = Event.objects.get(pk=int(re.search(r"/events/(\d+)/manage/", page.url).group(1)))
    console_ready(page)
    assert (event.season_id, event.options["rank_by"], event.options["loner_bonus"]) == (
        season.pk,
        "per-round",
        2,
    )
    assert event.side_prizes == ["most-loners", "most-euchres", "highest-game"]


@pytest.mark.parametrize("language", ["en", "ko"])
def test_a_seasons_ladder_fits_a_phone_and_the_director_screen_too(
    page: Page, live_server, django_user_model, language
):
    user = django_user_model.objects.create_user("dora", password="deal-the-cards-42")
    actor, club = club_founded(user, "Riverside Euchre Club")
    season = winter_season(actor, club, 2026, ladder="placement", min_nights=2, best_nights=8)
    for name, players in (("First night", 8), ("Second night", 9)):
        long_names = [f"Player {i:02} of the long names" for i in range(players)]
        played_by_services(actor, club, players=long_names, rounds=2, name=name, season=season)
    page.context.set_extra_http_headers({"Accept-Language": language})
    page.goto(f"{live_server.url}/events/clubs/{club.pk}/leaderboard/?season={season.pk}")
    expect(page.locator("p.ladder")).to_contain_text("10-8-6-5-4-3-2-1")
    expect(page.locator("tr.unqualified")).to_have_count(1)
    assert layout_problems(page) == []
    page.goto(f"{live_server.url}/events/director/")
    page.locator("input[name=username]").fill("dora")
    page.locator("input[type=password]").fill("deal-the-cards-42")
    page.locator("form button[type=submit]").first.click()
    for summary in page.locator("summary").all():
        summary.click()
    assert layout_problems(page) == []
