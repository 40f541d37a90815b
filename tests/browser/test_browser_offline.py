"""Offline and many phones: nothing entered is lost, nothing is recorded twice, and a
conflicting change from another phone is shown, never overwritten."""

from __future__ import annotations

import urllib.error
import urllib.request

import pytest
from playwright.sync_api import BrowserContext, Page, Route, expect
from table import Table, api_get, eventually

pytestmark = pytest.mark.browser

FOUR = ["Ann", "Ben", "Cat", "Dan"]


def lose_the_first_answer(page: Page, pattern: str) -> list[dict]:
    """The first POST to `pattern` reaches the server, but its answer never reaches the phone.
    Answers the requests so lost (their headers and JSON body). Needs a page without a
    service worker in the way."""
    lost: list[dict] = []

    def lose(route: Route) -> None:
        if route.request.method == "POST" and not lost:
            route.fetch()
            lost.append(
                {
                    **(route.request.post_data_json or {}),
                    **{"Idempotency-Key": route.request.headers.get("idempotency-key")},
                }
            )
            route.abort("connectionreset")
        else:
            route.continue_()

    page.route(pattern, lose)
    return lost


def urllib_status(base: str, path: str) -> int:
    try:
        with urllib.request.urlopen(base + path) as response:
            return int(response.status)
    except urllib.error.HTTPError as error:
        return int(error.code)


OFFLINE_HANDS = [
    ("Ann (N)", "Hearts", 3, "Made it! +1 to N/S"),
    ("Ben (E)", "Clubs", 5, "March! +2 to E/W"),
    ("Cat (S)", "Spades", 0, "Euchred! +2 to E/W"),
]


@pytest.mark.service_worker
def test_three_hands_entered_offline_are_recorded_once_on_reconnect(
    page: Page, context: BrowserContext, live_server
) -> None:
    table = Table(page, live_server.url)
    table.new_game(FOUR)
    table.wait_until_controlled()
    game_id = table.game_id

    context.set_offline(True)
    for number, (maker, suit, tricks, said) in enumerate(OFFLINE_HANDS, 1):
        table.pick_hand(maker, suit, tricks)
        table.save()
        expect(page.get_by_role("alert")).to_contain_text(f"Hand {number}: {said}")
    status = page.locator("#status")
    expect(page.get_by_role("status")).to_contain_text("Offline")
    expect(status).to_contain_text("3 hands not sent yet")
    expect(page.locator(".hand-list .badge", has_text="Not sent")).to_have_count(3)
    expect(page.get_by_label("E/W: 4 points")).to_be_visible()

    # The app starts with the network off (the service worker has the shell) and still
    # holds the three hands.
    page.reload()
    expect(page.get_by_role("heading", name="Hand 4")).to_be_visible()
    expect(page.locator(".hand-list .badge", has_text="Not sent")).to_have_count(3)
    assert api_get(live_server.url, f"/api/v1/games/{game_id}/")["hands"] == []
    # The home screen lists the game as the phone has it, the waiting hands counted.
    page.get_by_role("link", name="Euchre").first.click()
    row = page.locator(".games li", has_text="3 hands not sent yet")
    expect(row.locator(".game-score")).to_have_text("N/S 1 · E/W 4")
    expect(row.locator(".game-status")).to_contain_text("In progress · 3 hands")
    page.go_back()
    # (The list drawn again first: before it is, no badge is there to count.)
    expect(page.locator(".hand-list .badge", has_text="Not sent")).to_have_count(3)

    context.set_offline(False)
    expect(page.locator(".hand-list .badge")).to_have_count(0)
    expect(status).not_to_contain_text("not sent")

    game = api_get(live_server.url, f"/api/v1/games/{game_id}/")
    assert [hand["number"] for hand in game["hands"]] == [1, 2, 3]
    assert [(hand["maker"], hand["outcome"]) for hand in game["hands"]] == [
        (0, "made"),
        (1, "march"),
        (2, "euchred"),
    ]
    assert game["score"] == [1, 4]
    log = api_get(live_server.url, f"/api/v1/games/{game_id}/log/")
    assert [entry["action"] for entry in log].count("record") == 3


def test_a_hand_whose_answer_was_lost_is_not_recorded_twice(live_server, phone) -> None:
    # Without a service worker in the way, the page's requests can be intercepted.
    page = phone(service_workers="block").new_page()
    table = Table(page, live_server.url)
    table.new_game(FOUR)
    lost = lose_the_first_answer(page, "**/api/v1/games/*/hands/")
    # The game's next poll would send the hand again by itself: the phone cannot read the game
    # until it has shown the hand as not sent.
    page.route("**/api/v1/games/*/", lambda route: route.abort("internetdisconnected"))
    table.pick_hand("Dan (W)", "Diamonds", 4)
    table.save()
    eventually(page, lambda: bool(lost), what="the hand reached the server")
    assert lost[0]["Idempotency-Key"]
    expect(page.get_by_role("status")).to_contain_text("1 hand not sent yet")
    assert len(table.game()["hands"]) == 1
    page.unroute("**/api/v1/games/*/")

    page.get_by_role("button", name="Send now").click()
    expect(page.locator(".hand-list .badge")).to_have_count(0)
    game = table.game()
    assert len(game["hands"]) == 1
    assert game["score"] == [0, 1]


def two_phones_enter_hand_one(page: Page, context: BrowserContext, phone, base: str) -> Table:
    """This phone (offline) and another enter hand 1; the other's reaches the server first."""
    mine = Table(page, base)
    mine.new_game(FOUR)
    mine.wait_until_controlled()
    page.get_by_role("link", name="Share").click()
    keep_link = page.get_by_role("textbox", name="Keep score on another phone").input_value()
    page.get_by_role("link", name="Score").click()

    theirs = Table(phone().new_page(), base)
    theirs.page.goto(keep_link)
    expect(theirs.page.get_by_text("This phone can now keep score in this game.")).to_be_visible()

    context.set_offline(True)
    mine.pick_hand("Ann (N)", "Hearts", 5)
    mine.save()
    theirs.pick_hand("Ben (E)", "Spades", 3)
    theirs.save()
    eventually(
        page, lambda: len(mine.game()["hands"]) == 1, what="the other phone's hand is recorded"
    )
    context.set_offline(False)
    return mine


def clash_dialog(page: Page):
    """Both hands side by side, and the question."""
    clash = page.get_by_role("dialog", name="Two phones entered hand 1")
    expect(clash).to_be_visible()
    theirs = clash.get_by_role("region", name="The other phone")
    mine = clash.get_by_role("region", name="This phone")
    expect(theirs).to_contain_text("#1 Ben (E) called ♠Made it! +1 to E/W")
    expect(theirs).to_contain_text("Made it! +1 to E/W")
    expect(mine).to_contain_text("#1 Ann (N) called ♥March! +2 to N/S")
    expect(mine).to_contain_text("March! +2 to N/S")
    expect(clash).to_contain_text("Is it the same hand?")
    # Side by side: the two hands share a row on the phone.
    left, right = theirs.bounding_box(), mine.bounding_box()
    assert abs(left["y"] - right["y"]) < 1 and left["x"] + left["width"] <= right["x"]
    expect(page.locator(".hand-list .badge", has_text="Held")).to_have_count(1)
    # Behind it, the game as the server has it: this phone's held hand is listed, not counted.
    expect(page.get_by_label("N/S: 0 points")).to_have_count(1)
    expect(page.get_by_label("E/W: 1 point")).to_have_count(1)
    return clash


@pytest.mark.service_worker
def test_a_clash_settled_as_a_new_hand_adds_mine_after_theirs(
    live_server, phone, page: Page, context: BrowserContext
) -> None:
    mine = two_phones_enter_hand_one(page, context, phone, live_server.url)
    clash = clash_dialog(page)
    # Nothing was overwritten: the server still has only the other phone's hand.
    assert [hand["maker"] for hand in mine.game()["hands"]] == [1]

    clash.get_by_role("button", name="A new hand: add mine after theirs").click()
    expect(clash).to_have_count(0)
    expect(page.locator(".hand-list .badge")).to_have_count(0)
    game = mine.game()
    assert [(hand["maker"], hand["award"]["reason"]) for hand in game["hands"]] == [
        (1, "make"),
        (0, "march"),
    ]
    expect(page.get_by_label("N/S: 2 points")).to_be_visible()


@pytest.mark.service_worker
def test_a_clash_settled_as_the_same_hand_keeps_theirs_only(
    live_server, phone, page: Page, context: BrowserContext
) -> None:
    mine = two_phones_enter_hand_one(page, context, phone, live_server.url)
    clash = clash_dialog(page)
    expect(page.get_by_role("button", name="Undo", exact=True)).to_be_visible()
    clash.get_by_role("button", name="Same hand: keep theirs").click()
    expect(clash).to_have_count(0)
    # The message of the hand dropped goes with its Undo (which would take back theirs).
    expect(page.get_by_role("button", name="Undo", exact=True)).to_have_count(0)
    expect(page.locator(".hand-list .badge")).to_have_count(0)
    expect(page.get_by_label("E/W: 1 point")).to_be_visible()
    expect(page.get_by_role("heading", name="Hand 2")).to_be_visible()
    expect(page.locator("#status")).not_to_contain_text("not sent")
    game = mine.game()
    assert [hand["maker"] for hand in game["hands"]] == [1]
    assert game["score"] == [0, 1]


MARCHES = [("Ann (N)", "Hearts", 5), ("Cat (S)", "Spades", 5)] * 2 + [("Ann (N)", "Clubs", 5)]


@pytest.mark.service_worker
def test_a_game_started_offline_is_scored_to_the_end_and_sent_once(
    page: Page, context: BrowserContext, live_server
) -> None:
    table = Table(page, live_server.url)
    table.ready_offline()

    context.set_offline(True)
    table.new_game(FOUR)
    expect(page.get_by_text("Game on! It is kept on this phone")).to_be_visible()
    expect(page.locator("#status")).to_contain_text("The new game is not sent yet")
    game_id = table.game_id
    for maker, suit, tricks in MARCHES:
        table.pick_hand(maker, suit, tricks)
        table.save()
    expect(page.get_by_role("heading", name="N/S win!")).to_be_visible()
    expect(page.locator("#status")).to_contain_text("5 hands not sent yet")
    # Still there after the app is closed and opened again, with the network off.
    page.reload()
    expect(page.get_by_role("heading", name="N/S win!")).to_be_visible()
    assert urllib_status(live_server.url, f"/api/v1/games/{game_id}/") == 404

    context.set_offline(False)
    expect(page.locator(".hand-list .badge")).to_have_count(0)
    expect(page.locator("#status")).not_to_contain_text("not sent")
    page.reload()  # and the outbox, flushed again, sends nothing twice
    expect(page.get_by_role("heading", name="N/S win!")).to_be_visible()
    game = api_get(live_server.url, f"/api/v1/games/{game_id}/")
    assert (game["status"], game["winner"], game["score"]) == ("finished", 0, [10, 0])
    assert [hand["maker"] for hand in game["hands"]] == [0, 2, 0, 2, 0]
    log = api_get(live_server.url, f"/api/v1/games/{game_id}/log/")
    assert [entry["action"] for entry in log] == ["create-game"] + ["record"] * 5


def test_a_creation_whose_answer_was_lost_makes_one_game(live_server, phone) -> None:
    page = phone(service_workers="block").new_page()
    table = Table(page, live_server.url)
    lost = lose_the_first_answer(page, "**/api/v1/games/")
    table.new_game(FOUR)
    table.pick_hand("Ben (E)", "Diamonds", 4)
    table.save()
    assert [request["id"] for request in lost] == [table.game_id]
    eventually(page, lambda: len(table.game()["hands"]) == 1, what="the hand is recorded")
    expect(page.locator(".hand-list .badge")).to_have_count(0)
    game = table.game()
    assert (len(game["hands"]), game["score"]) == (1, [0, 1])
    log = api_get(live_server.url, f"/api/v1/games/{table.game_id}/log/")
    assert [entry["action"] for entry in log] == ["create-game", "record"]


@pytest.mark.service_worker
def test_new_house_rules_need_a_connection_once(
    page: Page, context: BrowserContext, live_server
) -> None:
    table = Table(page, live_server.url)
    table.open("/new/")
    expect(page.get_by_role("button", name="Start the game")).to_be_visible()
    table.wait_until_controlled()
    context.set_offline(True)
    page.get_by_role("button", name="One point more").click()
    page.get_by_role("button", name="Start the game").click()
    expect(page.get_by_role("alert")).to_contain_text(
        "These house rules are new to this phone, so starting this game needs a connection."
    )

    # Once used online, the same house rules start offline too.
    context.set_offline(False)
    page.get_by_role("button", name="Start the game").click()
    expect(page.get_by_role("heading", name="Hand 1")).to_be_visible()
    context.set_offline(True)
    table.new_game(FOUR, options=lambda p: p.get_by_role("button", name="One point more").click())
    expect(page.get_by_text("Game on! It is kept on this phone")).to_be_visible()
    expect(page.get_by_text("Playing to 11")).to_be_visible()
