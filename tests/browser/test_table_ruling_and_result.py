"""At an event table, from the table's phone: a ruling from the referee screen becomes the
hand's score ("Record this ruling"), and a result entered while the phone is offline is kept,
then reaches the server exactly once when the connection is back; under an auction a total
below zero is entered as it is; a tab opened while another still loads is the one shown."""

from __future__ import annotations

import re
import time
from typing import Any

import pytest
from playwright.sync_api import BrowserContext, Page, Response, expect
from table import OUTBOX, Table, api_get, eventually, points, seat_a_night
from test_browser_referee import ENGLISH, ask_about_the_renege

from scorekeeper.events.models import ResultChange

pytestmark = pytest.mark.browser

FOUR = ["Ann", "Ben", "Cat", "Dan"]


def join(context: BrowserContext, base: str, code: str) -> Page:
    """The table's phone joins by the short URL on its table card."""
    page = context.new_page()
    page.goto(f"{base}/t/{code}")
    page.get_by_role("button", name="Keep this table's score").click()
    expect(page.locator(".table-title")).to_have_text(re.compile(r"Table 1 · round 1"))
    return page


def the_table(base: str, event: int) -> dict[str, Any]:
    (table,) = api_get(base, f"/api/v1/events/{event}/rounds/1/")["tables"]
    return table


def seats(table: dict[str, Any]) -> list[str]:
    """Who sits N, E, S, W, as the table app names them: "Ann (N)"."""
    by_seat = sorted(table["seats"], key=lambda s: s["seat"])
    return [f"{seat['name']} ({'NESW'[seat['seat']]})" for seat in by_seat]


def seated(
    live_server, django_user_model, page: Page, hands: int
) -> tuple[str, dict[str, Any], list[str], Page]:
    """A director seats the four at one table for a round of `hands` hands, and the table's
    phone joins: (the server, the table as the API gives it, who sits N E S W, the phone)."""
    base = live_server.url
    user = django_user_model.objects.create_user("dora")
    event, rnd, _ = seat_a_night(user, FOUR, hands_per_round=hands, seed=3)
    table = the_table(base, event.pk)
    return (
        base,
        table,
        seats(table),
        join(page.context, base, rnd.tables.get().event_table.join_code),
    )


def test_a_ruling_from_the_referee_screen_is_recorded_as_the_hands_score(
    live_server, django_user_model, page: Page
) -> None:
    base, table, (north, east, south, _west), scorer = seated(
        live_server, django_user_model, page, hands=4
    )
    expect(scorer.get_by_text(f"{north} deals first")).to_be_visible()

    # East, who made hearts trump, leads the ace; South throws a club holding the left bower:
    # the first trick of hand 1, led by the seat left of the first dealer.
    scorer.get_by_role("link", name="Referee").click()
    ask_about_the_renege(
        scorer,
        {
            **ENGLISH,
            "maker": ("Who called trump?", east),
            "leader": ("Who led?", east),
            "whose": ("Whose hand?", south),
            "hand": f"Cards in {south}'s hand",
        },
    )
    ruling = scorer.get_by_role("region", name="Renege!")
    expect(ruling).to_contain_text("Under this game's rules: Renege! +2 to E/W")
    ruling.get_by_role("button", name="Record this ruling as hand 1").click()

    # Back on the table's score: hand 1 is the referee's award, on the phone and the server.
    expect(scorer.get_by_role("heading", name="Hand 2 of 4")).to_be_visible()
    expect(scorer.get_by_label(points("E/W", 2))).to_be_visible()
    expect(scorer.get_by_label(points("N/S", 0))).to_be_visible()
    game = table["game"]
    eventually(scorer, lambda: len(api_get(base, f"/api/v1/games/{game}/")["hands"]) == 1)
    (hand,) = api_get(base, f"/api/v1/games/{game}/")["hands"]
    assert hand["award"] == {"reason": "renege", "points": {"1": 2}}, hand
    assert hand["record"]["tricks"][0][1] == {"seat": 2, "card": "9C"}, hand["record"]
    assert api_get(base, f"/api/v1/games/{game}/")["score"] == [0, 2]


def test_a_result_entered_offline_reaches_the_server_once(
    live_server, django_user_model, page: Page
) -> None:
    base, table, (north, _east, _south, west), scorer = seated(
        live_server, django_user_model, page, hands=2
    )
    answered: list[Response] = []
    scorer.on(
        "response",
        lambda r: (
            answered.append(r)
            if r.request.method == "POST" and r.url.endswith(f"/tables/{table['id']}/result/")
            else None
        ),
    )
    for maker, tricks in ((north, 3), (west, 5)):
        at_table = Table(scorer, base)
        at_table.pick_hand(maker, "Hearts", tricks)
        at_table.save()
    expect(scorer.get_by_role("heading", name="Hand 2 of 2 was the last")).to_be_visible()
    eventually(scorer, lambda: len(api_get(base, f"/api/v1/games/{table['game']}/")["hands"]) == 2)

    # The phone loses the connection and enters the round's result: it is kept on the phone.
    scorer.context.set_offline(True)
    result = scorer.locator("section.result")
    who = result.get_by_role("group", name="Who enters it?")
    who.get_by_role("radio", name=re.compile(north.split(" (")[0])).check()
    result.get_by_role("button", name="Enter the result", exact=True).click()
    expect(result).to_contain_text("kept on this phone and sent when the connection is back")
    assert api_get(base, f"/api/v1/tables/{table['id']}/")["result"] is None
    assert answered == []

    # Back online: the result is sent, once, and the phone waits for the opponents.
    scorer.context.set_offline(False)
    scorer.evaluate("() => window.dispatchEvent(new Event('online'))")
    expect(result).to_contain_text("An opponent confirms it", timeout=15_000)
    entered = api_get(base, f"/api/v1/tables/{table['id']}/")["result"]
    assert entered["status"] == "entered" and entered["points"] == [1, 2], entered
    # Nothing is left to send a second time: the phone's outbox is empty.
    eventually(scorer, lambda: scorer.evaluate(OUTBOX) == [], what="the outbox is empty")
    assert [r.status for r in answered] == [201]
    entries = ResultChange.objects.filter(table_id=table["id"], action=ResultChange.Action.ENTER)
    assert entries.count() == 1


def test_a_bid_euchre_table_enters_a_side_set_below_zero(
    live_server, django_user_model, page: Page
) -> None:
    """Under an auction a side's total may be negative: the phone's keyboard then has a minus,
    and the total reaches the server as entered."""
    base = live_server.url
    user = django_user_model.objects.create_user("dora")
    event, rnd, _ = seat_a_night(user, FOUR, entry="totals", ruleset="bid-euchre")
    table = the_table(base, event.pk)
    scorer = join(page.context, base, rnd.tables.get().event_table.join_code)
    result = scorer.locator("section.result")
    inputs = result.locator(".totals input")
    expect(inputs).to_have_count(2)
    for side in range(2):
        expect(inputs.nth(side)).to_have_attribute("min", "-999")
        expect(inputs.nth(side)).not_to_have_attribute("inputmode", "numeric")
    inputs.nth(0).fill("-10")
    inputs.nth(1).fill("22")
    # Who enters it, chosen after the totals: the totals typed stay.
    north = seats(table)[0]
    who = result.get_by_role("group", name="Who enters it?")
    who.get_by_role("radio", name=re.compile(north.split(" (")[0])).check()
    expect(inputs.nth(0)).to_have_value("-10")
    expect(inputs.nth(1)).to_have_value("22")
    result.get_by_role("button", name="Enter the result", exact=True).click()
    expect(result).to_contain_text("An opponent confirms it")
    entered = api_get(base, f"/api/v1/tables/{table['id']}/")["result"]
    assert entered["points"] == [-10, 22], entered


def test_a_tab_opened_while_another_loads_stays_on_screen(
    live_server, django_user_model, page: Page
) -> None:
    """The log tab is asked for, and the referee's while the log still waits for the server:
    when the log's answer comes at last, the referee's screen is the one shown."""
    user = django_user_model.objects.create_user("dora")
    _event, rnd, _ = seat_a_night(user, FOUR, hands_per_round=4, seed=3)
    scorer = page
    scorer.clock.install()  # paused below: no poll of its own comes between the reads held
    scorer.goto(f"{live_server.url}/t/{rnd.tables.get().event_table.join_code}")
    scorer.get_by_role("button", name="Keep this table's score").click()
    expect(scorer.locator(".table-title")).to_have_text(re.compile(r"Table 1 · round 1"))
    scorer.clock.pause_at(time.time() * 1000 + 1000)
    # The phone's reads of its table: the log's held, the referee's let through.
    held: list[Any] = []

    def read(route: Any) -> None:
        if held:
            route.continue_()
        else:
            held.append(route)

    scorer.route("**/api/v1/tables/device/", read)
    open_tab = "(path) => { history.pushState(null, '', path); dispatchEvent(new PopStateEvent('popstate')); }"
    scorer.evaluate(open_tab, "/table/log/")
    eventually(scorer, lambda: len(held) == 1, what="the log's read held")
    scorer.evaluate(open_tab, "/table/referee/")
    expect(scorer.get_by_role("heading", name="Ask the referee")).to_be_visible()
    with scorer.expect_response("**/api/v1/tables/device/"):
        held[0].continue_()  # the log's answer, late
    # The log, answered, stops: it draws nothing over the referee, nor marks its tab.
    expect(scorer.get_by_role("heading", name="Ask the referee")).to_be_visible()
    expect(scorer.locator(".tab-referee")).to_have_attribute("aria-current", "page")
    expect(scorer.locator(".tab-log")).not_to_have_attribute("aria-current", "page")
    assert scorer.locator(".hands-log, .log").count() == 0
    assert scorer.url.endswith("/table/referee/")
