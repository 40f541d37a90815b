"""The opponents confirm on the table app as the event asks: with the confirming opponent's PIN
(a wrong one refused, saying so; whoever entered the result typed theirs), or only on a phone of
their own, which first says whose it is and then offers that player's side alone."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from playwright.sync_api import BrowserContext, Page, Route, expect
from table import (
    OUTBOX,
    SENT,
    api_get,
    eventually,
    one_hand_round_played,
    refreshed,
    seat_a_night,
)

from scorekeeper.events import services
from scorekeeper.events.models import Entrant, EventTable

pytestmark = pytest.mark.browser

FOUR = ["Ann", "Ben", "Cat", "Dan"]


def one_table_entered(
    live_server: Any, phone: Any, user: Any, confirm_with: str, *, clock: bool = False
) -> Any:
    """A one-hand round at one table: its phone plays the hand and Ann enters the result
    (`clock`: the phone's polls brought forward by the test, `refreshed`)."""
    event, _, _ = seat_a_night(user, FOUR, hands_per_round=1, confirm_with=confirm_with)
    table = api_get(live_server.url, f"/api/v1/events/{event.pk}/rounds/1/")["tables"][0]
    code = EventTable.objects.get(event=event, number=table["number"]).join_code
    table["join_code"] = code
    page = joined(phone(), live_server.url, code, clock=clock)
    seats, result = one_hand_round_played(page, table)
    enter = result.get_by_role("button", name="Enter the result", exact=True)
    if confirm_with == "pin":  # whoever enters proves it with their PIN, as the opponent will
        expect(enter).to_be_disabled()
        pin = pin_of(event, table, seats[0])
        result.get_by_label("Whoever enters it: their PIN (on their tally card)").fill(pin)
        # Another tab and back: who enters it and the PIN typed are still there.
        page.get_by_role("link", name="Referee").click()
        expect(page.get_by_role("heading", name="Ask the referee")).to_be_visible()
        page.get_by_role("link", name="Table").click()
        entering = result.get_by_role("group", name="Who enters it?")
        expect(entering.get_by_role("radio", name=seats[0])).to_be_checked()
        expect(result.get_by_label("Whoever enters it: their PIN")).to_have_value(pin)
    enter.click()
    expect(result).to_contain_text("An opponent confirms it", timeout=10_000)
    return event, table, seats, page


def pin_of(event: Any, table: dict[str, Any], name: str) -> str:
    """The PIN on the tally card of the player seated at `table` as `name`."""
    player = next(s["player"] for s in table["seats"] if s["name"] == name)
    return str(Entrant.objects.get(event=event, player_id=player).pin)


def opponent_types(page: Page, name: str, pin: str) -> Any:
    """On the scoring phone, the opponent `name` chooses themselves and types `pin`."""
    result = page.locator("section.result")
    result.get_by_role("group", name="Who confirms?").get_by_role("radio", name=name).check()
    result.get_by_label("Their PIN (on their tally card)").fill(pin)
    return result


def joined(
    context: BrowserContext, base: str, code: str, *, opponents: bool = False, clock: bool = False
) -> Page:
    page = context.new_page()
    if clock:
        page.clock.install()
    page.goto(f"{base}/t/{code}")
    expect(page.get_by_role("heading", name="Join a table")).to_be_visible()
    role = "Confirm the result for the opponents" if opponents else "Keep this table's score"
    page.get_by_role("button", name=role).click()
    expect(page.locator(".table-title")).to_have_text(re.compile(r"Table \d · round \d"))
    return page


def test_an_opponent_confirms_with_their_pin(live_server, phone, django_user_model) -> None:
    user = django_user_model.objects.create_user("dora")
    event, table, seats, page = one_table_entered(live_server, phone, user, "pin")
    pin = pin_of(event, table, seats[1])
    result = opponent_types(page, seats[1], f"{(int(pin) + 1) % 10_000:04d}")
    result.get_by_role("button", name="Confirm with the PIN").click()
    expect(page.get_by_text("This is not their PIN")).to_be_visible(timeout=10_000)
    result.get_by_label("Their PIN (on their tally card)").fill(pin)
    result.get_by_role("button", name="Confirm with the PIN").click()
    expect(result).to_contain_text(f"Confirmed by {seats[1]} with their PIN", timeout=10_000)


def test_only_a_phone_of_the_opponents_own_confirms(live_server, phone, django_user_model):
    user = django_user_model.objects.create_user("dora")
    _, table, seats, page = one_table_entered(live_server, phone, user, "opponent-device")
    result = page.locator("section.result")
    expect(result).to_contain_text("The opponents confirm on a phone of their own")
    expect(result.get_by_role("button", name=re.compile("confirm$"))).to_have_count(0)
    theirs = joined(phone(), live_server.url, table["join_code"], opponents=True)
    asked = theirs.locator("section.result")
    expect(asked).to_contain_text("Whose phone is this?")
    # The side that entered the result is not offered: its players cannot confirm it.
    offered = asked.locator(".name-phone button")
    expect(offered).to_have_text([seats[1], seats[3]])
    asked.get_by_role("button", name=seats[3], exact=True).click()
    expect(asked.get_by_role("button", name=f"I am {seats[0]}: confirm")).to_have_count(0)
    # Saying it is wrong, too, is for that player's side only.
    expect(asked.get_by_role("button", name=f"I am {seats[3]}: confirm")).to_be_visible()
    asked.locator("details.dispute summary").click()
    saying = asked.get_by_role("group", name="Who says so?").get_by_role("radio")
    expect(saying).to_have_count(2)
    expect(asked.get_by_role("radio", name=seats[0])).to_have_count(0)
    asked.get_by_role("button", name=f"I am {seats[3]}: confirm").click()
    expect(asked).to_contain_text(f"Confirmed by {seats[3]} on their own", timeout=10_000)


ENTER_IN_VIEW = """() => {
  const enter = [...document.querySelectorAll("section.result button")]
    .find((button) => button.textContent.trim() === "Enter the result");
  const box = enter.getBoundingClientRect();
  const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
  return !!top && enter.contains(top);
}"""


def test_an_opponents_phone_that_disputes_is_told_what_it_did_not_the_scorers_job(
    live_server, phone, django_user_model
):
    """...and the scoring phone, reading the dispute, shows the reason and its Enter button,
    on the screen as it stands (not under the tab bar)."""
    user = django_user_model.objects.create_user("dora")
    _, table, seats, page = one_table_entered(
        live_server, phone, user, "opponent-device", clock=True
    )
    theirs = joined(phone(), live_server.url, table["join_code"], opponents=True)
    asked = theirs.locator("section.result")
    asked.get_by_role("button", name=seats[3], exact=True).click()
    # (Named: the result is drawn again for that side, its dispute with it.)
    expect(asked.get_by_role("button", name=f"I am {seats[3]}: confirm")).to_be_visible()
    asked.locator("details.dispute summary").click()
    asked.get_by_role("group", name="Who says so?").get_by_role("radio", name=seats[3]).check()
    # Drawn again (another tab and back, as a poll's news redraws it): still open as left.
    theirs.get_by_role("link", name="Referee").click()
    expect(theirs.get_by_role("heading", name="Ask the referee")).to_be_visible()
    theirs.get_by_role("link", name="Table").click()
    expect(asked.locator("details.dispute")).to_have_attribute("open", "")
    expect(asked.get_by_role("radio", name=seats[3])).to_be_checked()
    asked.get_by_label("What is wrong?").fill("Hand 1 was a march")
    asked.get_by_role("button", name="Dispute the result").click()
    said = f"{seats[3]} disputed the result: “Hand 1 was a march”."
    expect(asked).to_contain_text(said, timeout=10_000)
    # Fixing the hands and entering it again is the scoring phone's to do, not this one's.
    expect(asked).not_to_contain_text("Fix the hands")
    expect(asked).to_contain_text("The scoring phone enters the result")
    reason = page.locator(".dispute-reason")
    refreshed(page, lambda ms: expect(reason).to_contain_text("Fix the hands", timeout=ms))
    assert page.evaluate(ENTER_IN_VIEW)


def test_a_confirming_phone_named_after_the_backup_says_whose_it_is_again_after_a_restore(
    live_server, phone, django_user_model
):
    """The restored server (played here by the phone's routes: a new epoch, the phone known
    but not named, its confirmation not there) refuses a confirmation from an unnamed phone.
    At its next read the phone names itself again, then sends its confirmation again."""
    user = django_user_model.objects.create_user("dora")
    _, table, seats, _ = one_table_entered(live_server, phone, user, "opponent-device")
    theirs = joined(phone(), live_server.url, table["join_code"], opponents=True)
    asked = theirs.locator("section.result")
    asked.get_by_role("button", name=seats[3], exact=True).click()
    asked.get_by_role("button", name=f"I am {seats[3]}: confirm").click()
    expect(asked).to_contain_text(f"Confirmed by {seats[3]} on their own", timeout=10_000)
    eventually(theirs, lambda: len(theirs.evaluate(SENT)) == 1, what="the confirmation kept")
    player = next(s["player"] for s in table["seats"] if s["name"] == seats[3])
    named: list[int] = []
    sent: list[list[int]] = []

    def device(route: Route) -> None:
        if route.request.method == "PATCH":
            named.append(json.loads(route.request.post_data or "{}")["player"])
            route.fallback()
            return
        answer = route.fetch()
        here = {**answer.json(), "epoch": "after the restore"}
        route.fulfill(response=answer, json=here if named else {**here, "player": None})

    def confirm(route: Route) -> None:
        sent.append(list(named))
        if named:
            route.fallback()
            return
        refused = {"status": 403, "code": "device-unnamed", "field": "Authorization"}
        route.fulfill(status=403, content_type="application/problem+json", json=refused)

    theirs.route(re.compile(r"/api/v1/tables/device/$"), device)
    theirs.route(re.compile(r"/result/confirm/$"), confirm)
    theirs.reload()  # its next read finds the restore
    eventually(
        theirs,
        lambda: sent and theirs.evaluate(OUTBOX) == [],
        what="the confirmation sent again",
        timeout=15,
    )
    assert named == [player]
    assert sent[0] == [player]  # named again before its confirmation went


def test_a_pin_typed_for_a_result_is_gone_once_it_is_entered_again(
    live_server, phone, django_user_model
) -> None:
    """An opponent chose themselves and typed their PIN, then the result was disputed and
    entered again: the confirm starts afresh (nobody chosen, no PIN), so the entering side
    cannot confirm it in their name with one tap."""
    user = django_user_model.objects.create_user("dora")
    event, table, seats, page = one_table_entered(live_server, phone, user, "pin")
    result = opponent_types(page, seats[1], pin_of(event, table, seats[1]))
    result.get_by_text("Something is wrong?").click()
    result.get_by_role("group", name="Who says so?").get_by_role("radio", name=seats[1]).check()
    result.get_by_label("What is wrong?").fill("Hand 1 was a march")
    result.get_by_role("button", name="Dispute the result").click()
    expect(result).to_contain_text("Hand 1 was a march", timeout=10_000)
    result.get_by_role("group", name="Who enters it?").get_by_role("radio", name=seats[0]).check()
    result.get_by_label("Whoever enters it: their PIN (on their tally card)").fill(
        pin_of(event, table, seats[0])
    )
    result.get_by_role("button", name="Enter the result", exact=True).click()
    expect(result).to_contain_text("An opponent confirms it", timeout=10_000)
    expect(result.get_by_label("Their PIN (on their tally card)")).to_have_value("")
    confirming = result.get_by_role("group", name="Who confirms?").get_by_role("radio")
    for choice in confirming.all():
        expect(choice).not_to_be_checked()


def test_a_confirming_phone_says_its_round_is_over_and_joins_again_for_the_next(
    live_server, phone, django_user_model
) -> None:
    """A confirming phone is joined for one round: once it has confirmed, it says so and how the
    opponents confirm the next round (join again with the code), where the scoring phone says
    the next round's seating comes by itself, as it does; the table card's link, opened again,
    joins it to the next round."""
    user = django_user_model.objects.create_user("dora")
    event, _, director = seat_a_night(user, FOUR, hands_per_round=1, rounds_planned=2)
    table = api_get(live_server.url, f"/api/v1/events/{event.pk}/rounds/1/")["tables"][0]
    code = EventTable.objects.get(event=event, number=table["number"]).join_code
    scorer = phone().new_page()
    scorer.clock.install()  # its polls are brought forward (table.py: refreshed)
    scorer.goto(f"{live_server.url}/t/{code}")
    scorer.get_by_role("button", name="Keep this table's score").click()
    seats, result = one_hand_round_played(scorer, table)
    result.get_by_role("button", name="Enter the result", exact=True).click()
    expect(result).to_contain_text("An opponent confirms it", timeout=10_000)

    theirs = joined(phone(), live_server.url, code, opponents=True)
    theirs.get_by_role("button", name=f"I am {seats[1]}: confirm").click()
    asked = theirs.locator("section.result")
    expect(asked).to_contain_text(f"Confirmed by {seats[1]} on their own", timeout=10_000)
    expect(asked).to_contain_text(
        "This phone's round is over. Once the next round is seated, the opponents join again"
        " with the table's code."
    )
    expect(asked).not_to_contain_text("shows here by itself")
    refreshed(
        scorer,
        lambda ms: expect(result).to_contain_text(
            "The next round's seating shows here by itself.", timeout=ms
        ),
    )
    expect(result).not_to_contain_text("This phone's round is over")
    expect(result.get_by_role("button", name="Leave this table")).to_have_count(0)

    services.round_generate(event=event, actor=director)
    refreshed(
        scorer,
        lambda ms: expect(scorer.locator(".table-title")).to_have_text(
            "Table 1 · round 2", timeout=ms
        ),
    )
    # The confirming phone stays with its round, and says so; it leaves to join again, or
    # opens the table card's link (its code) again, which joins it there anew.
    expect(theirs.locator(".table-title")).to_have_text("Table 1 · round 1")
    # (One way to leave, at the foot of the screen: not a second button in the result.)
    expect(theirs.get_by_role("button", name="Leave this table")).to_have_count(1)
    expect(asked.get_by_role("button", name="Leave this table")).to_have_count(0)
    theirs.goto(f"{live_server.url}/t/{code}")
    expect(theirs.get_by_role("heading", name="Join a table")).to_be_visible()
    theirs.get_by_role("button", name="Confirm the result for the opponents").click()
    expect(theirs.locator(".table-title")).to_have_text("Table 1 · round 2")
