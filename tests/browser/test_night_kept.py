"""What a phone keeps of the night for a restore, and sends again when the night's epoch moves:
an amendment goes again once, after its hand, against the version it was made on (a server
that kept it refuses it as stale, and nothing changes twice); a confirmation that reaches a
restored server before its table's result waits and goes again; what a phone kept of a
night goes when it leaves the table, and a day after it was sent once the night closes."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from playwright.sync_api import Page, Request, Route, expect
from screens import shot
from table import EPOCH_MOVES, OUTBOX, SENT, Table, api_get, eventually, seat_a_night

pytestmark = pytest.mark.browser

FOUR = ["Ann", "Ben", "Cat", "Dan"]
#: The night's epoch moved at a club table, whose phone has read it already (empty before any
#: restore): it sends again everything it kept. How many entries went back in its outbox.
RESTORED = """async () => {
  const outbox = await import("/static/webapp/js/outbox.js");
  return outbox.noteEpoch("after the restore");
}"""


def amend_to_a_march(page: Page) -> None:
    page.get_by_role("button", name=re.compile(r"^Change hand 1:")).click()
    dialog = page.get_by_role("dialog", name="Change hand 1")
    dialog.get_by_role("group", name="How did it end?").get_by_role(
        "radio", name=re.compile("^March")
    ).check()
    dialog.get_by_role("textbox", name="Why? (shown in the log)").fill("Ann took all five")
    dialog.get_by_role("button", name="Save the change").click()
    expect(page.get_by_label("N/S: 2 points")).to_be_visible()


def test_an_amendment_is_sent_again_once_against_the_version_it_was_made_on(
    page: Page, live_server
) -> None:
    table = Table(page, live_server.url)
    table.new_game(FOUR)
    table.hand("Ann (N)", "Made")
    table.hand("Ben (E)", "Made")
    eventually(page, lambda: len(table.game()["hands"]) == 2, what="two hands recorded")
    made_on = table.game()["version"]
    amend_to_a_march(page)
    kept = sorted(page.evaluate(SENT), key=lambda entry: entry["id"])
    assert [entry["kind"] for entry in kept] == ["hand", "hand", "amend"]
    assert kept[-1]["version"] == made_on and kept[-1]["body"]["reason"] == "Ann took all five"

    sent_again: list[Request] = []
    page.on(
        "request",
        lambda request: sent_again.append(request) if request.method == "PATCH" else None,
    )
    assert page.evaluate(EPOCH_MOVES) == 3
    eventually(page, lambda: page.evaluate(OUTBOX) == [], what="the night is sent again")
    # Sent again as it was made: the same change, on the version it was made on. This server
    # kept it, so it is refused as stale and the hand changed once.
    (patch,) = sent_again
    assert patch.headers["if-match"] == f'"{made_on}"'
    assert json.loads(patch.post_data or "{}") == kept[-1]["body"]
    assert patch.response() is not None and patch.response().status == 412  # type: ignore[union-attr]
    game = table.game()
    assert (game["score"], game["version"]) == ([2, 1], made_on + 1)
    log = api_get(live_server.url, f"/api/v1/games/{table.game_id}/log/")
    assert [entry["action"] for entry in log] == ["create-game", "record", "record", "amend"]


def entered_and_shown_to_the_opponents(live_server, phone, rnd: Any) -> Page:
    """The round's one hand played and its result entered on the table's scoring phone; the
    opponents' own phone, joined, showing the result with their confirm buttons."""
    code = rnd.tables.get().event_table.join_code
    scorer = phone().new_page()
    scorer.goto(f"{live_server.url}/t/{code}")
    scorer.get_by_role("button", name="Keep this table's score").tap()
    seats = sorted(rnd.tables.get().seats.all(), key=lambda seat: seat.number)
    Table(scorer, live_server.url).hand(f"{seats[0].player.name} (N)", "Made")
    result = scorer.locator("section.result")
    result.get_by_role("group", name="Who enters it?").get_by_role("radio").first.check()
    result.get_by_role("button", name="Enter the result", exact=True).tap()
    opponents = phone().new_page()
    opponents.goto(f"{live_server.url}/t/{code}")
    opponents.get_by_role("button", name="Confirm the result for the opponents").tap()
    confirm = opponents.get_by_role("button", name=re.compile(r"^I am .*: confirm$")).first
    expect(confirm).to_be_visible(timeout=15_000)
    return opponents


def test_a_confirmation_that_arrives_before_its_result_waits_and_goes_again(
    live_server, phone, django_user_model, settings
) -> None:
    settings.PUBLIC_URL = live_server.url
    _, rnd, _ = seat_a_night(django_user_model.objects.create_user("dora"), FOUR, hands_per_round=1)
    opponents = entered_and_shown_to_the_opponents(live_server, phone, rnd)
    opponents.get_by_role("button", name=re.compile(r"^I am .*: confirm$")).first.tap()
    eventually(
        opponents,
        lambda: rnd.tables.get().result.status == "confirmed",
        what="the result confirmed",
    )
    eventually(
        opponents,
        lambda: [entry["kind"] for entry in opponents.evaluate(SENT)] == ["table-write"],
        what="the confirmation kept on the phone",
    )
    # Kept with its key, and the result's version it answered.
    (kept,) = opponents.evaluate(SENT)
    assert kept["key"] and kept["version"] == 1

    # The restored server has no result yet when the confirmation comes back to it.
    answers: list[int] = []
    headers: list[dict[str, str]] = []

    def not_yet(route: Route) -> None:
        headers.append(route.request.headers)
        if answers:
            answers.append(route.fetch().status)
            route.fallback()
            return
        answers.append(404)
        route.fulfill(
            status=404,
            content_type="application/problem+json",
            body=json.dumps(
                {"status": 404, "code": "no-result", "field": "result", "detail": "No result."}
            ),
        )

    opponents.route(re.compile(r"/result/confirm/$"), not_yet)
    assert opponents.evaluate(RESTORED) == 1
    eventually(
        opponents,
        lambda: [entry["state"] for entry in opponents.evaluate(OUTBOX)] == ["later"],
        what="the confirmation waits",
    )
    eventually(opponents, lambda: opponents.evaluate(OUTBOX) == [], what="sent again", timeout=15)
    assert answers[0] == 404 and len(answers) >= 2
    assert rnd.tables.get().result.status == "confirmed"
    # Sent again as it was made: the server finds it by its key (this one kept it) and it is
    # logged once.
    assert {(h["idempotency-key"], h["if-match"]) for h in headers} == {(kept["key"], '"1"')}
    changes = rnd.event.changes.filter(action="confirm")
    assert [change.key for change in changes] == [kept["key"]]


def test_a_confirmation_of_a_result_the_director_changed_meanwhile_shows_it_again(
    live_server, phone, django_user_model, settings
) -> None:
    """The opponents' phone shows the entered result; the director sets it before they tap.
    Their confirmation answers the result they were shown: refused, it is not taken as a
    confirmation of the director's, and the phone shows the result as it is now."""
    from scorekeeper.events import services
    from scorekeeper.events.models import Result

    settings.PUBLIC_URL = live_server.url
    user = django_user_model.objects.create_user("dora")
    _, rnd, director = seat_a_night(user, FOUR, hands_per_round=1)
    opponents = entered_and_shown_to_the_opponents(live_server, phone, rnd)
    confirm = opponents.get_by_role("button", name=re.compile(r"^I am .*: confirm$")).first
    # The phone's reads of its table answer "unchanged" until its confirmation is answered:
    # it shows the result as entered, whatever its poll's timing.
    answered: list[int] = []
    opponents.route(
        re.compile(r"/api/v1/tables/device/$"),
        lambda route: route.fallback() if answered else route.fulfill(status=304),
    )
    opponents.on(
        "response",
        lambda r: answered.append(r.status) if r.url.endswith("/result/confirm/") else None,
    )
    table = rnd.tables.get()
    services.result_correct(table=table, actor=director, reason="the director's check")
    assert Result.objects.get(table=table).version == 2

    confirm.tap()
    expect(opponents.get_by_text("The result changed since this phone showed it")).to_be_visible()
    shot(opponents, "result-changed-meanwhile", full_page=False)
    assert answered == [412]
    # The director's result stands as the director's: no confirmation of it by the table (the
    # log's one confirmation is the director's own).
    now = Result.objects.get(table=table)
    assert (now.confirmation, now.version) == ("director", 2)
    confirmed = rnd.event.changes.filter(action="confirm").values_list("actor", flat=True)
    assert [actor.split()[0] for actor in confirmed] == ["director"]
    # Shown again as it is now: confirmed, by the director; nothing left to confirm.
    expect(opponents.get_by_role("button", name=re.compile(r"^I am .*: confirm$"))).to_have_count(0)


def scoring_a_night(live_server, phone, django_user_model) -> tuple[Any, Any, Page, list[str]]:
    """Dora's night seated, and a phone keeping its table's score: the event, its director,
    the phone's page and the names of the table's seats (N, E, S, W)."""
    event, rnd, director = seat_a_night(django_user_model.objects.create_user("dora"), FOUR)
    page = phone().new_page()
    page.goto(f"{live_server.url}/t/{rnd.tables.get().event_table.join_code}")
    page.get_by_role("button", name="Keep this table's score").tap()
    # (Joined: its write done before the test writes beside it, a director's remedy say.)
    page.locator("form.entry").wait_for()
    seats = sorted(rnd.tables.get().seats.all(), key=lambda seat: seat.number)
    return event, director, page, [seat.player.name for seat in seats]


def test_a_phone_that_leaves_its_table_forgets_what_it_kept_of_the_night(
    live_server, phone, django_user_model, settings
) -> None:
    settings.PUBLIC_URL = live_server.url
    _, _, page, names = scoring_a_night(live_server, phone, django_user_model)
    Table(page, live_server.url).hand(f"{names[0]} (N)", "Made")
    eventually(page, lambda: page.evaluate(OUTBOX) == [], what="the hand sent")
    kept: list[Any] = page.evaluate(SENT)
    assert [(entry["kind"], entry["night"]) for entry in kept] == [("hand", True)]
    page.locator(".table-foot button").tap()
    page.locator(".hero").wait_for()
    assert page.evaluate(SENT) == []


#: A sent entry made to look as if sent two days ago (its key kept).
AGED = """async (key) => {
  const { createStore, get, set } = await import("/static/vendor/idb-keyval/index.js");
  const sent = createStore("euchre-sent", "hands");
  const entry = await get(key, sent);
  await set(key, { ...entry, sentAt: Date.now() - 2 * 24 * 3600 * 1000 }, sent);
}"""


def test_when_the_night_closes_a_phone_keeps_its_last_days_writes_a_day(
    live_server, phone, django_user_model, settings
) -> None:
    """A backup from before the close, restored and reopened, still finds the night's last
    writes on the phones; what was sent more than a day before the close goes at once."""
    from scorekeeper.events import services

    settings.PUBLIC_URL = live_server.url
    event, director, page, names = scoring_a_night(live_server, phone, django_user_model)
    table = Table(page, live_server.url)
    table.hand(f"{names[0]} (N)", "Made")
    eventually(page, lambda: len(page.evaluate(SENT)) == 1, what="the first hand kept")
    (first,) = page.evaluate(SENT)
    page.evaluate(AGED, first["id"])
    table.hand(f"{names[1]} (E)", "Made")
    eventually(page, lambda: len(page.evaluate(SENT)) == 2, what="the second hand kept")
    services.event_close(event=event, actor=director, leave_open=True)
    page.reload()
    eventually(
        page,
        lambda: [(e["kind"], e["night"]) for e in page.evaluate(SENT)] == [("hand", "closed")],
        what="the day's hand kept for a restore, the older one gone",
    )


#: How often a table's screen asks the server where its phone sits (table.js).
POLL_MS = 5000
#: Every request the page starts, noted as it starts (Playwright's own event comes later).
NOTE_ASKED = """(() => {
  window.asked = [];
  const fetched = window.fetch;
  window.fetch = (input, init) => {
    window.asked.push(String(input.url || input));
    return fetched(input, init);
  };
})()"""
#: After whatever the phone's store had to answer first: a poll due by now has asked.
STORE_ANSWERED = """async () => {
  const db = await import("/static/webapp/js/db.js");
  for (let i = 0; i < 3; i += 1) await db.recall("nothing");
  return window.asked.filter((url) => url.includes("/api/v1/tables/"));
}"""


def test_a_phone_handed_off_its_table_stops_asking_for_it(
    live_server, phone, django_user_model
) -> None:
    """The director hands the table to another phone while this one shows it: its next poll
    finds it off the table, and it asks no more (a phone still asking would be counted as seen
    after a restore, at a table it is no longer at)."""
    from scorekeeper.events import services

    _, rnd, director = seat_a_night(django_user_model.objects.create_user("dora"), FOUR)
    context = phone()
    context.clock.install()
    page = context.new_page()
    page.add_init_script(NOTE_ASKED)
    page.goto(f"{live_server.url}/t/{rnd.tables.get().event_table.join_code}")
    page.get_by_role("button", name="Keep this table's score").tap()
    expect(page.locator(".table-title")).to_have_text("Table 1 · round 1")
    services.table_takeover(table=rnd.tables.get(), actor=director)
    page.clock.run_for(POLL_MS)
    expect(page.get_by_role("heading", name="Join a table")).to_be_visible()
    expect(page.get_by_text("The director handed this table to another phone.")).to_be_visible()
    page.evaluate("() => { window.asked = []; }")
    for _ in range(3):
        page.clock.run_for(POLL_MS)
        assert page.evaluate(STORE_ANSWERED) == []


#: This phone's copy of the game two versions newer than the server's, and nothing kept to send
#: again: as after a restore to an older backup, once the phone forgot what it had sent.
#: Call it once the phone keeps the server's game (``KEPT_VERSION``), not merely once the
#: server has the hand, or it moves ahead a copy from before the hand.
AHEAD = """async (id) => {
  const { clear, createStore, get, set } = await import("/static/vendor/idb-keyval/index.js");
  const games = createStore("euchre-games", "games");
  const kept = await get(id, games);
  await set(id, { ...kept, game: { ...kept.game, version: kept.game.version + 2 } }, games);
  await clear(createStore("euchre-sent", "hands"));
}"""
KEPT_VERSION = (
    "async (id) => (await (await import('/static/webapp/js/db.js')).loadGame(id)).version"
)


def test_a_phone_ahead_of_a_server_it_cannot_bring_up_goes_on_from_the_servers_game(
    page: Page, live_server
) -> None:
    """Its next hand is refused as made on a game the server never had: with nothing to send
    again, the server's game stands and the hand goes after its last one, never a clash the
    table cannot get out of. A read finds it so too, with nothing waiting."""
    table = Table(page, live_server.url)
    table.new_game(FOUR)
    table.hand("Ann (N)", "Made")
    eventually(page, lambda: len(table.game()["hands"]) == 1, what="the first hand recorded")
    eventually(
        page,
        lambda: page.evaluate(KEPT_VERSION, table.game_id) == table.game()["version"],
        what="the recorded hand kept on the phone",
    )
    page.evaluate(AHEAD, table.game_id)
    # Read on the copy kept (the server's reads go unanswered until the hand is sent).
    sent: list[str] = []

    def reads_after_the_send(route: Route) -> None:
        if route.request.method == "POST":
            sent.append(route.request.headers.get("if-match", ""))
        if route.request.method == "GET" and not sent:
            route.abort()
        else:
            route.continue_()

    page.route("**/api/v1/games/**", reads_after_the_send)
    page.reload()
    expect(page.get_by_role("heading", name=re.compile("^Hand 2"))).to_be_visible()
    table.hand("Ben (E)", "Made")
    eventually(page, lambda: len(table.game()["hands"]) == 2, what="the second hand recorded")
    assert [hand["maker"] for hand in table.game()["hands"]] == [0, 1]
    assert len(sent) == 2  # refused on the version the server never had, then after its last
    eventually(page, lambda: page.evaluate(OUTBOX) == [], what="nothing left to send")
    expect(page.get_by_text(re.compile(r"(Another phone|Two phones) entered"))).to_have_count(0)
    page.unroute("**/api/v1/games/**")
    # Ahead again with nothing waiting: the phone's read takes the server's game.
    page.evaluate(AHEAD, table.game_id)
    page.reload()
    expect(page.get_by_role("heading", name=re.compile("^Hand 3"))).to_be_visible()
    eventually(
        page,
        lambda: page.evaluate(KEPT_VERSION, table.game_id) == table.game()["version"],
        what="the server's game kept",
    )
    table.hand("Cat (S)", "Made")
    eventually(page, lambda: len(table.game()["hands"]) == 3, what="the third hand recorded")


def test_an_undo_a_restored_server_lost_goes_again_while_it_has_the_hand(
    page: Page, live_server
) -> None:
    """A casual game's server, restored from a backup made between a hand and its undo, has
    the hand back as its last: the phone, finding the server behind, sends the undo again
    (against the version the hand was recorded at, so it takes back that hand and no other),
    and the hand stays undone on both."""
    from django.core import serializers

    from scorekeeper.models import Game, Hand

    table = Table(page, live_server.url)
    table.new_game(FOUR)
    table.hand("Ann (N)", "Made")
    table.hand("Ben (E)", "March")
    eventually(page, lambda: len(table.game()["hands"]) == 2, what="two hands recorded")
    backup = serializers.serialize(
        "json", [Game.objects.get(pk=table.game_id), *Hand.objects.filter(game=table.game_id)]
    )
    page.get_by_role("button", name="Undo hand 2").click()
    page.get_by_role("button", name="Tap again to undo hand 2").click()
    eventually(page, lambda: len(table.game()["hands"]) == 1, what="hand 2 undone")
    eventually(page, lambda: page.evaluate(OUTBOX) == [], what="nothing left to send")
    for row in serializers.deserialize("json", backup):  # the restore
        row.save()
    assert [hand["number"] for hand in table.game()["hands"]] == [1, 2]
    page.reload()
    eventually(
        page,
        lambda: [hand["number"] for hand in table.game()["hands"]] == [1],
        what="the undo sent again",
    )
    expect(page.get_by_role("heading", name=re.compile("^Hand 2"))).to_be_visible()
    expect(page.get_by_label("E/W: 0 points")).to_be_visible()
    eventually(page, lambda: page.evaluate(OUTBOX) == [], what="nothing left to send")


def test_a_closed_nights_scoring_phone_promises_no_next_round(
    live_server, phone, django_user_model, settings
) -> None:
    """The table's result stands confirmed and the director closes the night: the phone says
    it can send nothing more, and no longer that the next round's seating shows by itself."""
    from scorekeeper.events import services

    settings.PUBLIC_URL = live_server.url
    event, director, page, _ = scoring_a_night(live_server, phone, django_user_model)
    (table,) = event.rounds.get().tables.all()
    services.result_assign(table=table, actor=director, sides=[7, 3], reason="played on paper")
    expect(page.locator("section.result")).to_contain_text(
        "The next round's seating shows here by itself.", timeout=20_000
    )
    services.event_close(event=event, actor=director)
    page.reload()
    expect(page.locator(".closed")).to_contain_text("closed the night")
    expect(page.locator("section.result")).to_contain_text("7")
    expect(page.get_by_text("The next round's seating shows here by itself.")).to_have_count(0)
