"""The director's screen asks who a name means when the club's roster has it: one of the
players of that name, or someone new with a label to tell them apart; a list of the regulars,
each spelt as on the roster, goes in without a question."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Page, expect
from screens import console_ready, director_club, sign_in

from scorekeeper.events import services

pytestmark = pytest.mark.browser


def a_second_night(django_user_model: Any, *players: str) -> tuple[Any, Any, list[int], Any]:
    """Dora's club after a Monday night of `players`, and its Tuesday night: the director,
    the club, the players' ids, Tuesday."""
    dora, club = director_club(django_user_model)
    monday = services.event_create(
        club=club, actor=dora, name="Monday", format="progressive", rounds_planned=1
    )
    ids = [
        services.entrant_add(event=monday, actor=dora, name=name)[0].player_id for name in players
    ]
    tuesday = services.event_create(
        club=club, actor=dora, name="Tuesday", format="progressive", rounds_planned=1
    )
    return dora, club, ids, tuesday


def test_adding_a_name_on_the_roster_asks_who_it_is(
    page: Page, live_server, django_user_model
) -> None:
    base = live_server.url
    dora, club, (john,), tuesday = a_second_night(django_user_model, "John Smith")

    sign_in(page, base, f"/events/{tuesday.pk}/manage/")

    # A second John Smith: the screen asks, and the director adds someone new with a label.
    page.get_by_label("Names, one a line").fill("john smith\nJane Doe")
    page.get_by_role("button", name="Add players").click()
    question = page.locator(".who-is-it")
    expect(question).to_contain_text("“john smith” is on the club's roster. Who is this?")
    expect(question.get_by_label("John Smith: 1 event", exact=False)).to_be_checked()
    question.get_by_label("Their label, to tell them apart").fill("Tuesday")
    expect(question.get_by_label("Someone new called john smith")).to_be_checked()
    question.get_by_role("button", name="Add").click()
    # Jane Doe is new to the club: added without a question.
    expect(page.locator(".entrants li")).to_have_text(
        ["john smith (Tuesday) Leaves", "Jane Doe Leaves"]
    )
    expect(question).to_be_hidden()

    # On another night, the screen lists both John Smiths; the director picks the first.
    wednesday = services.event_create(
        club=club, actor=dora, name="Wednesday", format="progressive", rounds_planned=1
    )
    page.goto(base + f"/events/{wednesday.pk}/manage/")
    console_ready(page)
    page.get_by_label("Names, one a line").fill("John Smith")
    page.get_by_role("button", name="Add players").click()
    expect(question.locator("input[name=who]")).to_have_count(3)
    question.get_by_label("John Smith: 1 event", exact=False).check()
    question.get_by_role("button", name="Add").click()
    expect(page.locator(".entrants li")).to_have_text(["John Smith Leaves"])
    assert list(wednesday.entrants.values_list("player_id", flat=True)) == [john]


def test_the_regulars_spelt_as_on_the_roster_go_in_with_one_tap(
    page: Page, live_server, django_user_model
) -> None:
    base = live_server.url
    regulars = ["Ann Lee", "Ben Park", "Cat Kim"]
    _, _, ids, tuesday = a_second_night(django_user_model, *regulars)
    sign_in(page, base, f"/events/{tuesday.pk}/manage/")
    page.get_by_label("Names, one a line").fill("\n".join([*regulars, "Dan Cho"]))
    expect(
        page.get_by_label("A name spelt as one player of the roster is that player")
    ).to_be_checked()
    page.get_by_role("button", name="Add players").click()
    # No question: each regular is the roster's player, Dan Cho is new to the club.
    expect(page.locator(".entrants li")).to_have_count(4)
    expect(page.locator(".who-is-it")).to_be_hidden()
    players = list(tuesday.entrants.order_by("pk").values_list("player_id", flat=True))
    assert players[:3] == ids and players[3] not in ids
