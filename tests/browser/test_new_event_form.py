"""The director's new-event form on a phone: it offers what the chosen format can run, and a
refusal is told beside the field it names, where the director's thumb is, not at the top of
a long page."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect
from screens import new_event_form

from scorekeeper.events.models import Event

pytestmark = pytest.mark.browser


def in_view(page: Page, selector: str) -> bool:
    box = page.locator(selector).bounding_box()
    height = page.viewport_size["height"] if page.viewport_size else 0
    return box is not None and box["y"] >= 0 and box["y"] + box["height"] <= height


def test_a_knockout_is_made_of_games_and_a_refusal_stands_by_its_field(
    live_server, phone, django_user_model
) -> None:
    page = phone().new_page()
    form = new_event_form(
        page, live_server.url, django_user_model, "Cup", "progressive (individual)"
    )
    length = form.get_by_label("A round is")
    expect(length).to_have_value("hands")
    expect(form.get_by_label("Hands a round")).to_be_visible()
    # Final scores only: no prize counted from hands is offered (there are none to count).
    loners = form.get_by_label("Most loners made")
    expect(loners).to_be_visible()
    form.get_by_label("Scores entered").select_option("totals")
    expect(loners).to_be_hidden()
    expect(form.get_by_label("Most euchres")).to_be_hidden()
    form.get_by_label("Scores entered").select_option("hands")
    expect(loners).to_be_visible()
    # A knockout needs a winner at every table: its rounds are games, and no hands are asked.
    form.get_by_label("Format").select_option(label="fixed partners, knockout")
    expect(length).to_have_value("game")
    expect(length.locator("option[value=hands]")).to_be_disabled()
    expect(form.get_by_label("Hands a round")).to_be_hidden()
    # A double elimination finds its third place in the losers' bracket: refused, and said
    # beside the box the director ticked, on the screen they are looking at.
    form.get_by_label("Elimination", exact=True).select_option("double")
    third = form.get_by_label("A match for third place (single elimination)")
    third.check()
    form.get_by_role("button", name="Create event").click()
    problem = form.get_by_role("alert")
    expect(problem).to_have_text(re.compile("losers' bracket"))
    expect(third).to_have_attribute("aria-invalid", "true")
    assert in_view(page, ".new-event .form-problem")
    # Put right, the event is made, of games.
    third.uncheck()
    with page.expect_navigation(url=re.compile(r"/events/\d+/manage/$")):
        form.get_by_role("button", name="Create event").click()
    event = Event.objects.get(name="Cup")
    assert (event.format, event.round_length) == ("bracket", "game")
    # Nor does its settings form offer rounds of hands.
    expect(page.locator("#event-round-length option")).to_have_count(1)
    expect(page.locator(".event-form [name=hands_per_round]")).to_have_count(0)


def test_the_tricks_are_offered_as_a_choice_only_where_the_rules_turn_a_card_up(
    live_server, phone, django_user_model
) -> None:
    """An auction's hands are scored by their tricks, always asked: Bid Euchre offers no box
    for it (its words are of five tricks, 3 or 4 kept apart), on the new event nor after."""
    page = phone().new_page()
    form = new_event_form(
        page, live_server.url, django_user_model, "Bids", "progressive (individual)"
    )
    ask = form.get_by_label(re.compile("Ask the tricks the makers took"))
    expect(ask).to_be_visible()
    ask.check()
    rules = form.get_by_label("Rules")
    rules.select_option("bid-euchre")
    expect(ask).to_be_hidden()
    rules.select_option("standard")
    expect(ask).to_be_visible()
    expect(ask).to_be_checked()  # (the director's tick kept; a Bid Euchre night sends it off)
    rules.select_option("bid-euchre")
    with page.expect_navigation(url=re.compile(r"/events/\d+/manage/$")):
        form.get_by_role("button", name="Create event").click()
    event = Event.objects.get(name="Bids")
    assert (event.ruleset["preset"], event.ask_tricks) == ("bid-euchre", False)
    expect(page.locator(".event-form [name=ask_tricks]")).to_have_count(0)
