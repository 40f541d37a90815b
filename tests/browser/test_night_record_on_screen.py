"""A night's record on the screens: a director's correction of a result the table confirmed
is shown on the table's phone as the director's, with what was confirmed and what it
became."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect
from table import refreshed, seat_a_night
from test_table_ruling_and_result import FOUR, join

from scorekeeper.events import services
from scorekeeper.events.access import Actor
from scorekeeper.events.models import TableToken

pytestmark = pytest.mark.browser


def test_a_directors_correction_shows_on_the_tables_phone(
    live_server, django_user_model, page: Page
) -> None:
    user = django_user_model.objects.create_user("dora", first_name="Dora Lee")
    _event, rnd, director = seat_a_night(user, FOUR, entry="totals")
    table = rnd.tables.get()
    page.clock.install()  # the phone's polls are brought forward (table.py: refreshed)
    phone = join(page.context, live_server.url, table.event_table.join_code)
    device = Actor(device=TableToken.objects.get(event_table=table.event_table))
    seats = list(table.seats.order_by("number"))
    services.result_enter(table=table, actor=device, entered_by=seats[0].player_id, points=[7, 2])
    services.result_confirm(table=table, actor=device, confirmed_by=seats[1].player_id)
    result = phone.locator("section.result")
    refreshed(
        phone,
        lambda ms: expect(result).to_contain_text(re.compile(r"Confirmed by \w+"), timeout=ms),
    )

    services.result_correct(table=table, actor=director, reason="miscounted", points=[5, 3])
    refreshed(
        phone,
        lambda ms: expect(result.locator(".how")).to_have_text(
            "Corrected by the director, Dora Lee: 7 – 2 was confirmed, now 5 – 3.", timeout=ms
        ),
    )
    expect(result.locator(".result-score")).to_contain_text("5 – 3")


def test_the_opponents_confirming_a_correction_again_are_named_on_the_tables_phone(
    live_server, django_user_model, page: Page
) -> None:
    user = django_user_model.objects.create_user("dora", first_name="Dora Lee")
    _event, rnd, director = seat_a_night(user, FOUR, entry="totals", reconfirm="required")
    table = rnd.tables.get()
    page.clock.install()
    phone = join(page.context, live_server.url, table.event_table.join_code)
    device = Actor(device=TableToken.objects.get(event_table=table.event_table))
    seats = list(table.seats.order_by("number").select_related("player"))
    services.result_enter(table=table, actor=device, entered_by=seats[0].player_id, points=[7, 2])
    services.result_confirm(table=table, actor=device, confirmed_by=seats[1].player_id)
    services.result_correct(table=table, actor=director, reason="miscounted", points=[5, 3])
    services.result_confirm(table=table, actor=device, confirmed_by=seats[3].player_id)
    how = phone.locator("section.result .how")
    refreshed(
        phone,
        lambda ms: expect(how).to_have_text(
            "Corrected by the director, Dora Lee: 7 – 2 was confirmed, now 5 – 3. Confirmed by "
            f"{seats[3].player.shown} on this table's phone.",
            timeout=ms,
        ),
    )
