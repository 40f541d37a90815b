"""The table in two taps, on a 360 x 740 touch phone: a common hand is two taps (who called,
how it ended) and a loner's march three; the toast's Undo takes the hand back whether it is
still on the phone, on its way or already on the server; nothing covers the hand entry in any
state of a club night's table (time called, offline, the seating unfolded, large text,
Korean); after a round's last hand the result, and on the opponents' phone the confirm
buttons, are on the first screen; and the hand entry, the table after "Time!", its referee and
the console are sound in English light, Korean dark and at 200% text (with SHOTS_DIR set,
kept as screenshots for a person to look at)."""

from __future__ import annotations

import io
import re
from typing import Any

import pytest
from django.core.management import call_command
from playwright.sync_api import APIResponse, Locator, Page, Route, expect
from screens import DIRECTOR, PASSWORD, shot, sign_in
from table import (
    EPOCH_MOVES,
    OUTBOX,
    SENT,
    Table,
    api_get,
    eventually,
    layout_problems,
    points,
    refreshed,
    root_font_size,
    seat_a_night,
    text_size,
    uncovered,
)
from test_browser_variants import pick_bid
from test_large_text import BROKEN_WORDS, SETTLED, game_started

from scorekeeper.events import selectors, services
from scorekeeper.events.models import Event, Result
from scorekeeper.models import Hand
from tests.waiting import until

pytestmark = pytest.mark.browser

FOUR = ["Ann", "Ben", "Cat", "Dan"]
# What covers nothing, on the scoring phone: who called, the suits, "alone" and how it ended.
ENTRY_CONTROLS = "form.entry .choice-face, form.entry .ending"


class Taps:
    """A player's taps on the phone's screen, counted."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.count = 0

    def on(self, target: Locator) -> None:
        target.tap()
        self.count += 1

    def hand(self, maker: str, ending: str, *, alone: bool = False) -> int:
        """One hand as a player enters it; how many taps it took."""
        before = self.count
        self.on(self.page.get_by_role("radio", name=maker))
        if alone:
            self.on(self.page.get_by_role("switch", name="Went alone"))
        self.on(Table(self.page, "").ending_button(ending))
        return self.count - before


def test_a_common_hand_is_two_taps_and_a_loners_march_three(page: Page, live_server) -> None:
    table = Table(page, live_server.url)
    table.new_game(FOUR)
    taps = Taps(page)
    counted = [
        taps.hand("Ann (N)", "Made"),
        taps.hand("Ben (E)", "March"),
        taps.hand("Cat (S)", "Euchred"),
        taps.hand("Dan (W)", "March", alone=True),
    ]
    assert counted == [2, 2, 2, 3]
    expect(page.get_by_label(points("N/S", 1))).to_be_visible()
    expect(page.get_by_label(points("E/W", 8))).to_be_visible()
    # The server has each hand once, with the referee's award for how it ended.
    eventually(page, lambda: len(table.game()["hands"]) == 4, what="four hands recorded")
    hands = table.game()["hands"]
    assert [(h["maker"], h["outcome"], h["award"]["reason"]) for h in hands] == [
        (0, "made", "make"),
        (1, "march", "march"),
        (2, "euchred", "euchre"),
        (3, "march", "lone-march"),
    ]
    assert all(h["trump"] is None and h["maker_tricks"] is None for h in hands)


def test_a_bid_euchre_moon_is_two_taps_and_the_tricks_may_come_before_the_bid(
    page: Page, live_server
) -> None:
    """Who won the bid and "Moon" save a made moon; tricks tapped before the bid wait for it
    (a set moon: who, tricks, "Moon"); a bid saves nothing by itself with no maker, nor when
    chosen with the arrow keys. A double tap on "Moon" saves one moon and chooses nothing in
    the next hand; two quick taps on two bids choose the second."""
    table = Table(page, live_server.url)
    table.new_game(FOUR, variant="Bid Euchre")
    bids = page.get_by_role("group", name="What they bid")
    tricks = page.get_by_role("group", name="Tricks the makers took")

    def took(count: int) -> Locator:
        return tricks.get_by_role("button", name=re.compile(rf"^{count}\b"))

    def hand_saved(number: int) -> None:
        expect(page.get_by_role("heading", name=f"Hand {number + 1}")).to_be_visible()

    page.get_by_role("radio", name="Ben (E)").tap()
    bids.get_by_role("radio", name="Moon").tap()
    hand_saved(1)  # two taps
    page.get_by_role("radio", name="Ann (N)").tap()
    took(5).tap()
    expect(tricks.get_by_role("button", pressed=True)).to_have_text(re.compile("^5"))
    bids.get_by_role("radio", name="Moon").tap()
    hand_saved(2)
    page.get_by_role("radio", name="Cat (S)").tap()
    bids.get_by_role("radio", name="4 tricks").tap()
    took(4).tap()
    hand_saved(3)
    # "Moon" before the maker chooses only; the bid changed to four, the tricks save it.
    bids.get_by_role("radio", name="Moon").tap()
    page.get_by_role("radio", name="Dan (W)").tap()
    bids.get_by_role("radio", name="4 tricks").tap()
    expect(page.get_by_role("heading", name="Hand 4")).to_be_visible()
    took(3).tap()
    hand_saved(4)
    # The keyboard: the arrow keys move through the bids and save nothing; the tricks save.
    page.get_by_role("radio", name="Ann (N)").tap()
    took(4).tap()
    bids.get_by_role("radio", name="3 tricks").focus()
    page.keyboard.press("ArrowRight")
    expect(bids.get_by_role("radio", name="4 tricks")).to_be_checked()
    expect(page.get_by_role("heading", name="Hand 5")).to_be_visible()
    took(4).focus()
    page.keyboard.press("Enter")
    hand_saved(5)
    # A double tap on "Moon": its second tap lands on the next hand's "Moon", and chooses it not.
    page.get_by_role("radio", name="Ben (E)").tap()

    def centre(face: str) -> None:
        box = bids.locator("label.choice").filter(has_text=face).bounding_box()
        assert box
        page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)

    centre("Moon")
    page.mouse.down()
    page.mouse.up()
    hand_saved(6)
    page.mouse.down(click_count=2)
    page.mouse.up(click_count=2)
    expect(bids.get_by_role("radio", checked=True)).to_have_count(0)
    # Two quick taps on two bids, which the browser may count as one double tap: two choices.
    centre("3")
    page.mouse.down()
    page.mouse.up()
    centre("4")
    page.mouse.down(click_count=2)
    page.mouse.up(click_count=2)
    expect(bids.get_by_role("radio", name="4 tricks")).to_be_checked()

    eventually(page, lambda: len(table.game()["hands"]) == 6, what="six hands recorded")
    hands = table.game()["hands"]
    assert [(h["maker"], h["bid"], h["maker_tricks"], h["award"]["reason"]) for h in hands] == [
        (1, "moon", 6, "moon-made"),
        (0, "moon", 5, "moon-set"),
        (2, 4, 4, "bid-made"),
        (3, 4, 3, "bid-set"),
        (0, 4, 4, "bid-made"),
        (1, "moon", 6, "moon-made"),
    ]


def test_a_renege_through_its_shortcut_is_four_taps(page: Page, live_server) -> None:
    table = Table(page, live_server.url)
    table.new_game(FOUR)
    taps = Taps(page)
    taps.on(page.get_by_role("button", name="Renege…"))
    sheet = page.get_by_role("dialog", name="Renege")
    taps.on(
        sheet.get_by_role("group", name="Who called trump?").get_by_role("radio", name="Ann (N)")
    )
    taps.on(sheet.get_by_role("group", name="Who reneged?").get_by_role("radio", name="Ben (E)"))
    taps.on(sheet.get_by_role("button", name="Save hand"))
    assert taps.count <= 5
    expect(page.get_by_label(points("N/S", 2))).to_be_visible()
    eventually(page, lambda: len(table.game()["hands"]) == 1, what="the renege recorded")
    assert table.game()["hands"][0]["award"] == {"reason": "renege", "points": {"0": 2}}


def test_a_renege_against_a_lone_defender_scores_the_lone_penalty_and_offers_who_played(
    page: Page, live_server
) -> None:
    """Ann went alone and Ben defended alone (so Cat and Dan sat out): the renege sheet keeps
    Ben alone, offers only Ann and Ben, and a renege by Ben scores a renege where anyone
    played alone (4) to Ann's side."""
    table = Table(page, live_server.url)

    def defend_alone(page: Page) -> None:
        page.get_by_role("switch", name="Defend alone").check()

    table.new_game(FOUR, options=defend_alone)
    table.pick_hand("Ann (N)", None, 3, alone=True, defender="Ben (E)")
    page.get_by_role("button", name="Renege…").click()
    sheet = page.get_by_role("dialog", name="Renege")
    who = sheet.get_by_role("group", name="Who reneged?")
    expect(who.get_by_role("radio")).to_have_count(2)
    expect(who.get_by_role("radio", name="Dan (W)")).to_have_count(0)
    who.get_by_role("radio", name="Ben (E)").check()
    sheet.get_by_role("button", name="Save hand").click()
    eventually(page, lambda: len(table.game()["hands"]) == 1, what="the renege recorded")
    hand = table.game()["hands"][0]
    assert (hand["defender_alone"], hand["award"]) == (1, {"reason": "renege", "points": {"0": 4}})


#: A slow phone: the outbox (IndexedDB) busy with a long write of its own, so that a hand saved
#: meanwhile waits to be kept until `window.outboxFree` is set. Resolves once the store is held.
HOLD_THE_OUTBOX = """() => new Promise((resolve, reject) => {
  const open = indexedDB.open("euchre-outbox");
  open.onerror = () => reject(open.error);
  open.onsuccess = () => {
    const store = open.result.transaction("entries", "readwrite").objectStore("entries");
    window.outboxFree = false;
    const busy = () => {
      if (!window.outboxFree) store.count().onsuccess = busy;
    };
    busy();
    resolve();
  };
})"""


def test_a_tap_on_the_next_hand_while_the_last_is_still_being_kept_stays(
    page: Page, live_server
) -> None:
    table = Table(page, live_server.url)
    table.new_game(FOUR)
    table.hand("Ann (N)", "Made")
    expect(page.get_by_role("heading", name="Hand 2")).to_be_visible()
    page.evaluate(HOLD_THE_OUTBOX)
    taps = Taps(page)
    taps.hand("Ben (E)", "March")  # hand 2 is being kept: its form stays on screen meanwhile
    taps.on(page.get_by_role("radio", name="Cat (S)"))  # hand 3 begun at once
    page.evaluate("() => { window.outboxFree = true; }")
    expect(page.get_by_role("heading", name="Hand 3")).to_be_visible()
    expect(page.get_by_role("radio", name="Cat (S)")).to_be_checked()
    taps.on(table.ending_button("Euchred"))
    eventually(page, lambda: len(table.game()["hands"]) == 3, what="three hands recorded")
    hands = table.game()["hands"]
    assert [(h["maker"], h["outcome"]) for h in hands] == [
        (0, "made"),
        (1, "march"),
        (2, "euchred"),
    ]


def hold_the_hands_answer(page: Page) -> list[Route]:
    """The next hand sent waits on its way (its answer held) until the test lets it go."""
    held: list[Route] = []

    def hold(route: Route) -> None:
        if route.request.method == "POST" and not held:
            held.append(route)
        else:
            route.continue_()

    page.route("**/api/v1/games/*/hands/", hold)
    return held


@pytest.mark.parametrize("after_ms", [0, 300, 1500])
def test_the_toasts_undo_takes_the_hand_back_from_the_server(
    live_server, phone, after_ms: int
) -> None:
    # Without a service worker in the way, the page's requests can be held on their way.
    page = phone(service_workers="block").new_page()
    page.clock.install()
    table = Table(page, live_server.url)
    table.new_game(FOUR)
    table.hand("Ann (N)", "Made")
    eventually(page, lambda: len(table.game()["hands"]) == 1, what="hand 1 recorded")
    before = table.game()
    held = hold_the_hands_answer(page) if after_ms == 300 else []

    table.hand("Ben (E)", "March")
    expect(page.get_by_label(points("E/W", 2))).to_be_visible()
    if after_ms == 300:
        # Hand 2 is on its way (the server has it; its answer has not come back).
        eventually(page, lambda: bool(held), what="hand 2 sent")
    elif after_ms == 1500:
        eventually(page, lambda: len(table.game()["hands"]) == 2, what="hand 2 recorded")
    page.clock.run_for(after_ms)
    undo = page.get_by_role("alert").get_by_role("button", name="Undo")
    undo.tap()
    # The score goes back at once, whatever the server has said so far.
    expect(page.get_by_label(points("E/W", 0))).to_be_visible()
    expect(page.get_by_role("alert")).to_contain_text("Hand 2 undone.")
    for route in held:
        route.continue_()
    # The server ends with one hand fewer than the phone had, read back through the API once
    # the phone has nothing left to send.
    eventually(page, lambda: page.evaluate(OUTBOX) == [], what="the outbox is empty")
    eventually(
        page,
        lambda: [h["number"] for h in table.game()["hands"]] == [1],
        what="hand 2 undone on the server",
    )
    after = table.game()
    assert after["score"] == before["score"] == [1, 0]
    assert after["hands"] == before["hands"]
    log = api_get(live_server.url, f"/api/v1/games/{table.game_id}/log/")
    actions = [entry["action"] for entry in log]
    # Dropped on the phone before it was sent, or sent and undone: either way not counted.
    sent = ["create-game", "record", "record", "undo"]
    assert actions == sent if after_ms else actions in (sent, ["create-game", "record"])
    expect(page.locator(".hand-list .badge")).to_have_count(0)


def test_offline_the_toasts_undo_tapped_a_moment_after_the_save_undoes_it(
    live_server, phone
) -> None:
    """Offline the form a save came from goes at once and the toast's Undo stands where its
    button was: a tap on Undo 500 ms after the save is the player's own, though the browser
    counts it the second tap of a double tap (a double tap's comes sooner, and undoes
    nothing: tests/browser/test_double_tap.py)."""
    context = phone()
    page = context.new_page()
    table = Table(page, live_server.url)
    table.new_game(FOUR)
    table.hand("Ann (N)", "Made")
    eventually(page, lambda: len(table.game()["hands"]) == 1, what="hand 1 recorded")
    context.set_offline(True)
    page.evaluate("() => window.dispatchEvent(new Event('offline'))")
    table.pick_hand("Ben (E)", None, 3)
    table.ending_button("Euchred").tap()
    expect(page.get_by_label(points("N/S", 3))).to_be_visible()
    page.wait_for_timeout(500)  # the player reads the toast: the time is what is tested
    # The tap as a browser may count it (Chromium's window for a double tap varies with its
    # build): the second of two, in the place where Euchred was.
    page.get_by_role("alert").get_by_role("button", name="Undo").evaluate(
        "(undo) => undo.dispatchEvent(new PointerEvent('click', "
        "{detail: 2, pointerType: 'touch', bubbles: true, cancelable: true}))"
    )
    expect(page.get_by_role("alert")).to_contain_text("Hand 2 undone.")
    expect(page.get_by_label(points("N/S", 1))).to_be_visible()
    context.set_offline(False)
    page.evaluate("() => window.dispatchEvent(new Event('online'))")
    eventually(page, lambda: page.evaluate(OUTBOX) == [], what="the outbox is empty")
    assert [h["number"] for h in table.game()["hands"]] == [1]


def test_an_undo_kept_after_its_hand_is_sent_again_after_it_when_the_night_is_restored(
    page: Page, live_server
) -> None:
    table = Table(page, live_server.url)
    table.new_game(FOUR)
    table.hand("Ann (N)", "Made")
    table.hand("Ben (E)", "March")
    eventually(page, lambda: len(table.game()["hands"]) == 2, what="hand 2 recorded")
    page.get_by_role("alert").get_by_role("button", name="Undo").tap()
    eventually(page, lambda: len(table.game()["hands"]) == 1, what="hand 2 undone")
    eventually(page, lambda: page.evaluate(OUTBOX) == [], what="the undo is sent")
    kept = [entry["kind"] for entry in sorted(page.evaluate(SENT), key=lambda e: e["id"])]
    assert kept == ["hand", "hand", "undo"]

    assert page.evaluate(EPOCH_MOVES) == 3
    # Hand 2 goes again before its undo: the server has it undone, and the undo finds it gone.
    eventually(page, lambda: page.evaluate(OUTBOX) == [], what="the night is sent again")
    game = table.game()
    assert ([h["number"] for h in game["hands"]], game["score"]) == ([1], [1, 0])
    log = api_get(live_server.url, f"/api/v1/games/{table.game_id}/log/")
    assert [entry["action"] for entry in log] == ["create-game", "record", "record", "undo"]
    expect(page.get_by_label(points("N/S", 1))).to_be_visible()


def test_after_a_save_the_next_hands_who_called_is_clear_of_the_score(live_server, phone) -> None:
    """In Korean at 200%, offline: a tap on who called scrolls how it ended into view (the
    top of the entry goes under the score); once the hand is saved, the next hand's entry
    comes back from under it, and the offline line stays one word (the count is for a screen
    reader: each hand's row says it is not sent)."""
    context = phone(locale="ko-KR", color_scheme="dark")
    page = context.new_page()
    root_font_size(page, 200)
    game_started(page, live_server.url, ["Annabelle-Marguerite", "Bartholomew", "Catherine", "Dan"])
    context.set_offline(True)
    page.evaluate("() => window.dispatchEvent(new Event('offline'))")
    expect(page.locator("#status")).to_be_visible()
    covered = {}
    for hand in range(3):
        page.locator("form.entry .choice input").nth(hand % 2).tap()
        page.locator("form.entry button.ending").first.tap()
        expect(page.locator("#toast")).to_contain_text(f"{hand + 1}번 판")
        expect(page.locator("#status")).to_contain_text(f"판 {hand + 1}개")
        page.evaluate(SETTLED)
        covered[hand + 1] = uncovered(page, "form.entry .choice-face")
        assert page.locator("#status").bounding_box()["height"] < 100
    assert covered == {1: [], 2: [], 3: []}


# A club night's table ---------------------------------------------------------------------


def a_night(django_user_model: Any, **options: Any) -> tuple[Any, Any, str, Any]:
    event, rnd, director = seat_a_night(
        django_user_model.objects.create_user("dora"), FOUR, round_minutes=20, **options
    )
    return event, rnd, rnd.tables.get().event_table.join_code, director


def keeping_score(page: Page, base: str, code: str) -> None:
    page.clock.install()  # its polls can be brought forward (table.py: refreshed)
    page.goto(f"{base}/t/{code}")
    page.get_by_role(
        "button", name=re.compile("Keep this table's score|이 테이블의 점수 기록")
    ).tap()
    page.locator("form.entry").wait_for()


def leave(page: Page) -> None:
    page.locator(".table-foot button").tap()
    page.locator(".hero").wait_for()


# Two frames drawn: what a ResizeObserver was told of the last layout has been done.
NEXT_FRAMES = "() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))"


def test_nothing_covers_the_hand_entry_in_any_state_of_the_table(
    live_server, phone, django_user_model, settings
) -> None:
    settings.PUBLIC_URL = live_server.url
    event, _, code, director = a_night(django_user_model)
    covered: dict[str, list[str]] = {}
    states = [
        ("the table heading", "en-US", 100),
        ("time called", "en-US", 100),
        ("offline", "en-US", 100),
        ("large text", "en-US", 200),
        ("Korean", "ko-KR", 100),
        ("Korean, large text, time called, offline", "ko-KR", 200),
        # The event asks the makers' tricks: a row of six buttons in place of the endings.
        ("tricks asked, large text, time called, offline", "en-US", 200),
        # The phone goes offline once who called is tapped: the line that says so comes in
        # above, and how it ended stays where the player was about to tap it.
        ("time called, who called tapped, then offline", "en-US", 100),
    ]
    for state, locale, size in states:
        if "tricks" in state:
            Event.objects.filter(pk=event.pk).update(ask_tricks=True)
        context = phone(locale=locale)
        page = context.new_page()
        text_size(page, size)
        keeping_score(page, live_server.url, code)
        if "heading" in state:
            page.locator(".seating-panel summary").tap()
            expect(page.locator(".seating")).to_be_visible()
        if "time" in state:
            services.round_time_call(event=event, number=1, actor=director)
            refreshed(
                page, lambda ms, p=page: expect(p.locator(".time-called")).to_be_visible(timeout=ms)
            )
            # Said in the table's own line, never in a message laid over the entry.
            expect(page.locator(".time-called")).to_contain_text(
                "시간" if locale == "ko-KR" else "Time!"
            )
            expect(page.locator("body > #toast")).to_be_hidden()
            # ... and beside the hand, which is kept in view where that line is above it.
            badge = page.locator("form.entry .entry-head .badge.warn")
            expect(badge).to_have_text("시간 종료!" if locale == "ko-KR" else "Time!")
            expect(badge).to_be_in_viewport()
        was = None
        if "then offline" in state:
            page.locator("form.entry .choice input").first.tap()
            page.evaluate(SETTLED)
            was = page.locator("form.entry button.ending").first.bounding_box()
        if "offline" in state:
            context.set_offline(True)
            page.evaluate("() => window.dispatchEvent(new Event('offline'))")
            expect(page.locator("#status")).to_be_visible()
            if size > 100:  # one word over the score, the sentence for a screen reader
                expect(page.locator("#status .status-short")).to_be_visible()
                assert page.locator("#status").bounding_box()["height"] < 100
        if was is not None:  # the line came in above: how it ended did not move
            page.evaluate(SETTLED)
            page.evaluate(NEXT_FRAMES)  # (the page moves as the line's new size is told)
            now = page.locator("form.entry button.ending").first.bounding_box()
            assert abs(now["y"] - was["y"]) < 2, (was, now)
        # Who called is tapped: how it ended is on the same screen, nothing over either.
        page.locator("form.entry .choice input").first.tap()
        ending = page.locator("form.entry button.ending")
        expect(ending.first).to_be_in_viewport()
        if "tricks" in state:
            expect(ending).to_have_count(6)  # 0 to 5 tricks
            expect(ending.last).to_be_in_viewport()
        # With the tricks asked the entry is taller than the screen: once who called is
        # chosen it scrolls, and the top of it may go under the score; the tricks, the next
        # tap, are what nothing may cover.
        controls = "form.entry .ending" if "tricks" in state else ENTRY_CONTROLS
        covered[state] = uncovered(page, controls)
        # A tap at an ending's centre finds the button itself, not its words.
        assert page.evaluate(TAPPED_AT_ITS_CENTRE, "form.entry button.ending") == "itself", state
        # Saved: the message's Undo is on the screen where the hand was tapped, uncovered.
        ending.first.tap()
        undo = page.locator("#toast button")
        expect(undo).to_be_in_viewport(ratio=1)
        covered[state] += [f"after a save, {found}" for found in uncovered(page, "#toast button")]
        context.set_offline(False)
        leave(page)
        context.close()
    assert covered == {state: [] for state, _, _ in states}


#: What a tap at the centre of the control `selector` finds, as the screen stands (no scrolling).
TAPPED_AT_ITS_CENTRE = """(selector) => {
  const control = document.querySelector(selector);
  const box = control.getBoundingClientRect();
  const found = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
  return found === control ? "itself" : found ? `${found.tagName}.${found.className}` : "off the screen";
}"""


@pytest.mark.parametrize("way", ["text size", "root font size"])
def test_the_toasts_undo_is_on_the_screen_after_a_save_with_time_called_offline_at_200(
    live_server, phone, django_user_model, settings, way: str
) -> None:
    """In Korean at 200%, time called and offline, the entry is taller than the screen: the
    message that takes the outcome row's place puts its Undo where a tap at its centre finds
    it, without a scroll (centred in that taller place, it sat across the screen's bottom)."""
    settings.PUBLIC_URL = live_server.url
    event, _, code, director = a_night(django_user_model)
    context = phone(locale="ko-KR", color_scheme="dark")
    page = context.new_page()
    (text_size if way == "text size" else root_font_size)(page, 200)
    keeping_score(page, live_server.url, code)
    services.round_time_call(event=event, number=1, actor=director)
    refreshed(page, lambda ms: expect(page.locator(".time-called")).to_be_visible(timeout=ms))
    context.set_offline(True)
    page.evaluate("() => window.dispatchEvent(new Event('offline'))")
    expect(page.locator("#status")).to_be_visible()
    for hand in range(2):
        page.locator("form.entry .choice input").nth(hand).tap()
        page.locator("form.entry button.ending").first.tap()
        expect(page.locator("#toast")).to_contain_text(f"{hand + 1}번 판")
        page.evaluate(SETTLED)
        assert page.evaluate(TAPPED_AT_ITS_CENTRE, "#toast button") == "itself", hand + 1
    page.locator("#toast button").tap()
    expect(page.locator("#toast")).to_contain_text("2번 판")
    expect(page.get_by_role("heading", name=re.compile("2번 판"))).to_be_visible()


#: How much of the control is below the screen, or under the tab bar where it stays on the
#: screen, in CSS pixels.
HIDDEN_BELOW = """(selector) => {
  const box = document.querySelector(selector).getBoundingClientRect();
  const tabs = document.getElementById("tabs");
  const fixed = tabs && !tabs.hidden && getComputedStyle(tabs).position === "fixed";
  return Math.max(0, box.bottom - (fixed ? tabs.getBoundingClientRect().top : window.innerHeight));
}"""


@pytest.mark.parametrize("variant", ["Six-handed", "Bid Euchre", "Bid Euchre set"])
def test_at_200_the_messages_undo_is_on_the_screen_where_who_called_and_it_cannot_both_be(
    live_server, phone, variant: str
) -> None:
    """Six seats to choose from, or the bids, make the entry at 200% taller than a screen
    between who called and how it ended: after a save the message's Undo is on the screen,
    clear of the score, where a tap at its centre finds it (it was below the screen's
    bottom), and the next hand's heading scrolls back into view above who called."""
    page = phone().new_page()
    root_font_size(page, 200)
    table = Table(page, live_server.url)
    # Names each a row wide at 200%, as the seats' own are.
    if variant == "Six-handed":
        names = ["North", "Northeast", "Southeast", "South", "Southwest", "Northwest"]
        table.new_game(names, variant=variant)
        table.pick_hand("South (S)", None, 5, alone=True)
    else:
        table.new_game(["North", "East", "South", "West"], variant="Bid Euchre")
        # (A bid set takes the makers below nought: the score above grows a line.)
        if variant == "Bid Euchre set":
            pick_bid(table, "South (S)", "5 tricks", 3)
        else:
            pick_bid(table, "East (E)", "4 tricks", 5)
    table.ending_button().tap()
    expect(page.locator("#toast")).to_contain_text("Hand 1")
    # Once the hand is sent and the screen drawn again from the server's answer, too.
    eventually(page, lambda: page.evaluate(OUTBOX) == [], what="hand 1 sent")
    page.evaluate(SETTLED)
    shot(page, f"undo-at-200-{variant.lower().replace(' ', '-')}", full_page=False)
    assert page.evaluate(TAPPED_AT_ITS_CENTRE, "#toast button") == "itself"
    assert page.evaluate(HIDDEN_BELOW, "#toast button") == 0
    page.get_by_role("heading", name="Hand 2").scroll_into_view_if_needed()
    expect(page.get_by_role("heading", name="Hand 2")).to_be_in_viewport()


#: Who deals the next hand, as the hand entry's heading or the scoreboard says it.
NEXT_DEALER = re.compile(r"^(Dealt by|Deals next)")


def round_of_two_played(live_server, phone, django_user_model, settings) -> tuple[Any, ...]:
    """A night of rounds of two hands, both entered on the scoring phone (the round's last
    heading shown): the phone's table, its players' names by seat, the code, the round and
    the director."""
    settings.PUBLIC_URL = live_server.url
    _, rnd, code, director = a_night(django_user_model, hands_per_round=2)
    seats = sorted(rnd.tables.get().seats.all(), key=lambda seat: seat.number)
    names = [f"{seat.player.name} ({'NESW'[seat.number]})" for seat in seats]
    page = phone().new_page()
    keeping_score(page, live_server.url, code)
    expect(page.get_by_text(NEXT_DEALER)).to_be_visible()  # (until the round's last hand)
    table = Table(page, live_server.url)
    table.hand(names[0], "Made")
    table.hand(names[1], "March")
    expect(page.get_by_role("heading", name="Hand 2 of 2 was the last")).to_be_visible()
    # (The heading comes as the hand is kept on the phone; the server has it a moment later.)
    played = Hand.objects.filter(game__event_table__round=rnd)
    until(lambda: played.count() == 2, within=15, what="both hands on the server")
    return table, names, code, rnd, director


TABS_ACROSS = """() => {
  const tabs = [...document.querySelectorAll("#tabs .tab")];
  const right = tabs.at(-1).getBoundingClientRect().right;
  return [tabs.length, Math.abs(right - document.documentElement.clientWidth) < 1];
}"""


def test_after_the_rounds_last_hand_the_result_and_the_confirm_buttons_are_on_the_first_screen(
    live_server, phone, django_user_model, settings
) -> None:
    table, _, code, _, _ = round_of_two_played(live_server, phone, django_user_model, settings)
    scorer = table.page
    result = scorer.locator("section.result")
    who = result.get_by_role("group", name="Who enters it?")
    expect(who).to_be_in_viewport()
    # Its button too, whole and clear of the tab bar, the last hand's message still shown above.
    expect(scorer.locator("#toast")).to_be_visible()
    expect(result.get_by_role("button", name="Enter the result", exact=True)).to_be_in_viewport(
        ratio=1
    )
    assert scorer.evaluate(TAPPED_AT_ITS_CENTRE, "section.result .row button") == "itself"
    # No 0-to-999 chart: a round of hands is counted by its hands, its chart by its points.
    expect(scorer.locator(".chart .target")).to_have_count(0)
    assert len(scorer.locator(".chart text.axis").all()) <= 10
    # Nobody deals next: the round's hands are over.
    expect(scorer.get_by_text(NEXT_DEALER)).to_have_count(0)
    # The table's three tabs share the bar to its right edge.
    assert scorer.evaluate(TABS_ACROSS) == [3, True]

    opponents = phone().new_page()
    opponents.clock.install()  # its polls are brought forward
    opponents.goto(f"{live_server.url}/t/{code}")
    opponents.get_by_role("button", name="Confirm the result for the opponents").tap()
    expect(opponents.locator("section.result")).to_be_visible()
    who.get_by_role("radio").first.tap()
    result.get_by_role("button", name="Enter the result", exact=True).tap()
    confirm = opponents.get_by_role("button", name=re.compile(r"^I am .*: confirm$"))
    refreshed(opponents, lambda ms: expect(confirm.first).to_be_in_viewport(timeout=ms))
    assert opponents.evaluate("() => window.scrollY") == 0 or confirm.first.is_visible()
    expect(opponents.get_by_text(NEXT_DEALER)).to_have_count(0)
    # Opened afresh, the phone shows both buttons at the top of its first screen, uncovered.
    opponents.reload()
    expect(confirm).to_have_count(2)
    assert opponents.evaluate("() => window.scrollY") == 0
    for button in confirm.all():
        expect(button).to_be_in_viewport(ratio=1)
    assert opponents.evaluate(TAPPED_AT_ITS_CENTRE, "section.result .confirm button") == "itself"


@pytest.mark.parametrize("locale", ["en-US", "ko-KR"])
def test_at_200_who_enters_the_result_brings_its_button_onto_the_screen(
    live_server, phone, django_user_model, settings, locale: str
) -> None:
    """At 200% text the result panel is taller than the screen: after the round's last hand
    its message's Undo stays on the screen, and once who enters it is tapped, "Enter the
    result", the next tap, is whole on the screen and nothing covers it."""
    settings.PUBLIC_URL = live_server.url
    _, rnd, code, _ = a_night(django_user_model, hands_per_round=2)
    page = phone(locale=locale).new_page()
    text_size(page, 200)
    keeping_score(page, live_server.url, code)
    for hand in range(2):
        # (Who called checked, not tapped: at 200% in Korean the next hand's choice may stand
        # where the last hand's ending was, and a tap that soon is a double tap's second.)
        page.locator("form.entry .choice input").nth(hand).check()
        page.locator("form.entry button.ending").first.tap()
    result = page.locator("section.result")
    # The last hand's message stays where the hand was tapped, its Undo on the screen (the
    # result, taller than the screen, had scrolled it up under the score).
    expect(page.locator("#toast button")).to_be_attached()
    page.evaluate(SETTLED)
    assert page.evaluate(TAPPED_AT_ITS_CENTRE, "#toast button") == "itself"
    # Checked, not tapped: a tap this soon where the last hand's button stood would be the
    # second tap of a double tap, which the app lets go (ui.js: oneTapPerDoubleTap).
    result.locator("input[name=entered-by]").first.check()
    enter = result.get_by_role("button", name=re.compile("^(Enter the result|결과 입력)$"))
    expect(enter).to_be_enabled()
    page.evaluate(SETTLED)
    expect(enter).to_be_in_viewport(ratio=1)
    assert page.evaluate(TAPPED_AT_ITS_CENTRE, "section.result .row button") == "itself"
    enter.tap()
    until(
        lambda: Result.objects.filter(table__round=rnd).exists(),
        within=15,
        what="the result entered",
    )


def test_the_toasts_undo_of_the_rounds_last_hand_brings_the_entry_back_and_says_so(
    live_server, phone, django_user_model, settings
) -> None:
    """The round's last hand ends the entry; its Undo takes it back on the server, the entry
    comes back for hand 2 of 2, and the message says the hand was undone (it was lost with the
    panel it stood beside)."""
    table, names, _, rnd, _ = round_of_two_played(live_server, phone, django_user_model, settings)
    page = table.page
    page.get_by_role("alert").get_by_role("button", name="Undo").tap()
    expect(page.get_by_role("heading", name="Hand 2 of 2")).to_be_visible()
    expect(page.get_by_role("alert")).to_have_text("Hand 2 undone.")
    expect(page.get_by_role("alert")).to_be_in_viewport()
    recorded = Hand.objects.filter(game__event_table__round=rnd)
    eventually(
        page,
        lambda: (
            page.evaluate(OUTBOX) == [] and list(recorded.values_list("number", flat=True)) == [1]
        ),
        what="hand 2 undone on the server",
    )
    # The next hand's first tap puts the message away, and the hand is entered again.
    table.hand(names[2], "Euchred")
    expect(page.get_by_role("heading", name="Hand 2 of 2 was the last")).to_be_visible()


RESULT_ENTERED = "The result is entered: no more hands this round"


def test_the_result_entered_takes_the_last_hands_undo_away_while_it_is_on_its_way(
    live_server, phone, django_user_model, settings
) -> None:
    """The round's last hand is said with its Undo; the result entered (its answer held on
    the way), the Undo goes at once, and it does not come back with the result."""
    table, _, _, rnd, _ = round_of_two_played(live_server, phone, django_user_model, settings)
    page = table.page
    undo = page.get_by_role("button", name="Undo", exact=True)
    expect(undo).to_be_visible()
    held: list[Route] = []
    page.route("**/api/v1/tables/*/result/", lambda route: held.append(route))
    result = page.locator("section.result")
    result.get_by_role("group", name="Who enters it?").get_by_role("radio").first.check()
    result.get_by_role("button", name="Enter the result", exact=True).tap()
    eventually(page, lambda: bool(held), what="the result sent")
    expect(undo).to_have_count(0)
    held[0].continue_()
    expect(page.get_by_role("heading", name=RESULT_ENTERED)).to_be_visible()
    expect(result).to_contain_text("An opponent confirms it")
    expect(undo).to_have_count(0)
    assert Hand.objects.filter(game__event_table__round=rnd).count() == 2


def test_a_poll_that_answers_after_the_result_was_entered_does_not_take_the_panel_back(
    live_server, phone, django_user_model, settings
) -> None:
    """A poll under way as the result is entered answers after the phone has read its table
    again: what it brings is older (no result yet), and is not drawn. The panel still says
    the opponents confirm it, with no "Who enters it?" to enter it a second time."""
    table, _, _, _, _ = round_of_two_played(live_server, phone, django_user_model, settings)
    page = table.page
    held: list[tuple[Route, APIResponse]] = []

    def hold_the_first_poll(route: Route) -> None:
        # Its answer read now, before the result, and given to the phone after it.
        if not held:
            held.append((route, route.fetch()))
        else:
            route.continue_()

    polled = "**/api/v1/tables/device/"
    page.route(polled, hold_the_first_poll)
    page.clock.fast_forward(5_000)
    eventually(page, lambda: bool(held), what="a poll of the table")
    result = page.locator("section.result")
    who = result.get_by_role("group", name="Who enters it?")
    who.get_by_role("radio").first.check()
    result.get_by_role("button", name="Enter the result", exact=True).tap()
    expect(result).to_contain_text("An opponent confirms it")
    route, answer = held[0]
    with page.expect_response(lambda response: response.url.endswith("/tables/device/")):
        route.fulfill(response=answer)
    page.evaluate(SETTLED)
    # (Read at once: the next poll, 5 s on, would draw the table as it is again.)
    assert "An opponent confirms it" in result.inner_text()
    assert who.count() == 0


def test_a_result_entered_offline_takes_the_hands_undo_away_as_one_sent_does(
    live_server, phone, django_user_model, settings
) -> None:
    """Offline, the result entered waits on the phone: the hands list offers no Undo and no
    change of a hand from then on, as once the server has the result; nor does it when the
    result has gone."""
    table, _, _, rnd, _ = round_of_two_played(live_server, phone, django_user_model, settings)
    page = table.page
    undo_hand = page.get_by_role("button", name="Undo hand 2")
    change_hand = page.get_by_role("button", name=re.compile("^Change hand"))
    expect(undo_hand).to_be_visible()
    expect(change_hand).to_have_count(2)
    page.context.set_offline(True)
    page.evaluate("() => window.dispatchEvent(new Event('offline'))")
    result = page.locator("section.result")
    result.get_by_role("group", name="Who enters it?").get_by_role("radio").first.check()
    result.get_by_role("button", name="Enter the result", exact=True).tap()
    expect(result).to_contain_text("The result is kept on this phone")
    expect(page.get_by_role("heading", name=RESULT_ENTERED)).to_be_visible()
    expect(undo_hand).to_have_count(0)
    expect(change_hand).to_have_count(0)
    page.context.set_offline(False)
    page.evaluate("() => window.dispatchEvent(new Event('online'))")
    expect(result).to_contain_text("An opponent confirms it")
    expect(undo_hand).to_have_count(0)
    expect(change_hand).to_have_count(0)
    eventually(page, lambda: page.evaluate(OUTBOX) == [], what="the result sent")
    assert Hand.objects.filter(game__event_table__round=rnd).count() == 2


def test_a_result_the_director_entered_takes_the_last_hands_undo_away(
    live_server, phone, django_user_model, settings
) -> None:
    table, _, _, rnd, director = round_of_two_played(
        live_server, phone, django_user_model, settings
    )
    page = table.page
    undo = page.get_by_role("button", name="Undo", exact=True)
    expect(undo).to_be_visible()
    entered_by = rnd.tables.get().seats.order_by("number").first().player_id
    services.result_enter(table=rnd.tables.get(), actor=director, entered_by=entered_by)
    heading = page.get_by_role("heading", name=RESULT_ENTERED)
    refreshed(page, lambda ms: expect(heading).to_be_visible(timeout=ms))
    expect(undo).to_have_count(0)


def test_an_undo_refused_says_the_hand_was_not_undone(
    live_server, phone, django_user_model, settings
) -> None:
    """The director entered the result before the phone heard of it: the last hand's Undo,
    tapped then, is refused, and the phone says the undo was not done (the hand stands)."""
    table, _, _, rnd, director = round_of_two_played(
        live_server, phone, django_user_model, settings
    )
    page = table.page
    entered_by = rnd.tables.get().seats.order_by("number").first().player_id
    services.result_enter(table=rnd.tables.get(), actor=director, entered_by=entered_by)
    page.get_by_role("button", name="Undo", exact=True).tap()
    refused = "Hand 2 was not undone. The result is entered"
    expect(page.locator("#toast")).to_contain_text(refused, timeout=10_000)
    expect(page.locator(".rejected")).to_contain_text(refused)
    expect(page.get_by_text(re.compile("not recorded", re.I))).to_have_count(0)
    assert Hand.objects.filter(game__event_table__round=rnd).count() == 2


def test_a_phone_refused_as_a_second_scorer_is_offered_to_confirm_for_the_opponents(
    live_server, phone, django_user_model, settings
) -> None:
    settings.PUBLIC_URL = live_server.url
    _, _, code, _ = a_night(django_user_model)
    keeping_score(phone().new_page(), live_server.url, code)
    second = phone().new_page()
    second.goto(f"{live_server.url}/t/{code}")
    second.get_by_role("button", name="Keep this table's score").tap()
    refused = second.get_by_role("alert")
    expect(refused).to_contain_text("kept on another phone already")
    # One way to join for the opponents: beside the refusal, not again in the form below,
    # where keeping the score (refused) is no longer offered either.
    confirm = second.get_by_role("button", name="Confirm the result for the opponents")
    expect(confirm).to_have_count(1)
    keep = second.get_by_role("button", name="Keep this table's score")
    expect(keep).to_have_count(0)
    # ... nor the words that led to them; and it is news, not an error.
    join_as = second.get_by_text("Join with this phone to")
    expect(join_as).to_be_hidden()
    expect(second.locator(".panel.error")).to_have_count(0)
    # Another code typed: the refusal was for the last one, and the form's buttons are back.
    typed = second.get_by_role("textbox", name="The table's code")
    typed.fill("ZZ" + code)
    expect(refused).to_have_count(0)
    expect(confirm).to_have_count(1)
    expect(keep).to_have_count(1)
    expect(join_as).to_be_visible()
    typed.fill(code)
    second.get_by_role("button", name="Keep this table's score").tap()
    expect(refused).to_contain_text("kept on another phone already")
    expect(confirm).to_have_count(1)
    refused.get_by_role("button", name="Confirm the result for the opponents").tap()
    expect(second.locator(".table-title")).to_have_text("Table 1 · round 1")
    expect(second.get_by_role("group", name="How did it end?")).to_have_count(0)


#: A camera that films a card, and a QR reader that reads its code off it.
CAMERA_ON_A_CARD = """code => {
  const canvas = document.createElement("canvas");
  canvas.getContext("2d").fillRect(0, 0, 10, 10);
  navigator.mediaDevices.getUserMedia = async () => canvas.captureStream();
  HTMLVideoElement.prototype.play = async () => {};
  window.BarcodeDetector = class {
    async detect() {
      return [{ rawValue: `${location.origin}/t/${code}` }];
    }
  };
}"""


def test_a_scanned_card_fills_the_code_and_the_player_still_chooses(
    live_server, phone, django_user_model, settings
) -> None:
    settings.PUBLIC_URL = live_server.url
    _, _, code, _ = a_night(django_user_model)
    page = phone().new_page()
    page.add_init_script(f"({CAMERA_ON_A_CARD})({code!r})")
    page.goto(f"{live_server.url}/table/")
    page.get_by_role("button", name="Scan the card's QR code").tap()
    expect(page.locator("input.code-input")).to_have_value(code)
    scorer = page.get_by_role("button", name="Keep this table's score")
    expect(scorer).to_be_focused()
    expect(page.get_by_role("button", name="Confirm the result for the opponents")).to_be_visible()
    assert page.url.endswith("/table/")  # nothing joined until the player chooses
    expect(page.get_by_role("heading", name="Join a table")).to_be_visible()
    page.get_by_role("button", name="Confirm the result for the opponents").tap()
    expect(page.locator(".table-title")).to_have_text("Table 1 · round 1")
    expect(page.get_by_role("group", name="How did it end?")).to_have_count(0)


def test_a_phone_joins_the_demo_night_in_play_and_scores_a_hand_at_once(
    page: Page, live_server
) -> None:
    call_command("load_demo", stdout=io.StringIO())
    event = Event.objects.get(name="Demo night in play")
    code = selectors.event_tables_of(event=event)[0].join_code
    keeping_score(page, live_server.url, code)
    expect(page.locator(".table-title")).to_have_text("Table 1 · round 1")
    page.locator("form.entry .choice input").first.tap()
    Table(page, "").ending_button("Made").tap()
    eventually(
        page,
        lambda: (
            page.evaluate(OUTBOX) == []
            and Hand.objects.filter(game__event_table__round__event=event).exists()
        ),
        what="the hand recorded at the demo night's table",
    )


@pytest.mark.parametrize(
    ("locale", "scheme", "size"),
    [
        ("en-US", "light", 100),
        ("ko-KR", "dark", 100),
        ("en-US", "light", 200),
        ("ko-KR", "dark", 200),
    ],
    ids=["English-light", "Korean-dark", "English-200", "Korean-dark-200"],
)
def test_the_tables_screens_and_the_console_in_each_look(
    live_server, phone, django_user_model, settings, locale: str, scheme: str, size: int
) -> None:
    """The screens a night is played on, in English light, Korean dark and at 200% text: the
    hand entry with who called tapped, the table after "Time!", its referee and the director's
    console. None runs off the screen, cuts a label, breaks a word or has a control under 44
    px, and after "Time!" nothing covers the entry. With SHOTS_DIR set, each is kept as a
    screenshot for a person to look at."""
    settings.PUBLIC_URL = live_server.url
    event, rnd, director = seat_a_night(
        django_user_model.objects.create_user(DIRECTOR, password=PASSWORD), FOUR, round_minutes=20
    )
    look = f"{locale[:2]}-{scheme}-{size}"
    page = phone(locale=locale, color_scheme=scheme).new_page()
    text_size(page, size)
    code = rnd.tables.get().event_table.join_code
    keeping_score(page, live_server.url, code)
    found: dict[str, list[str]] = {}

    def looked_at(screen: str, *, full_page: bool = False, words_only: bool = False) -> None:
        page.evaluate(SETTLED)
        shot(page, f"{screen}-{look}", full_page=full_page)
        broken = page.evaluate(BROKEN_WORDS)
        if words_only:  # (a date, JSON or "turned-down" may break at its punctuation)
            broken = [found for found in broken if re.fullmatch(r"\w+", found.split('"')[1])]
        found[screen] = layout_problems(page) + [f"broken word {word}" for word in broken]

    page.locator("form.entry .choice input").first.tap()
    looked_at("hand-entry")
    services.round_time_call(event=event, number=1, actor=director)
    refreshed(page, lambda ms: expect(page.locator(".time-called")).to_be_visible(timeout=ms))
    looked_at("time-called")
    found["time-called, covered"] = uncovered(page, ENTRY_CONTROLS)
    page.locator("#tabs a").nth(1).click()
    page.locator("form.referee").wait_for()
    looked_at("referee")
    page = phone(locale=locale, color_scheme=scheme).new_page()
    text_size(page, size)
    sign_in(page, live_server.url, f"/events/{event.pk}/manage/")
    expect(page.locator(".console-nav")).to_be_visible()
    expect(page.locator("code.code", has_text=code)).to_be_visible()  # the board drawn
    looked_at("console", full_page=True, words_only=True)
    assert {screen: seen for screen, seen in found.items() if seen} == {}


def test_a_hand_entered_offline_in_a_round_undone_since_is_said_not_recorded(
    live_server, phone, django_user_model, settings
) -> None:
    """The phone enters hand 1 offline; meanwhile the director undoes the round (the server
    had no hand of it) and seats it again. Back online, the phone shows the round as it is
    now and says the hand was not recorded, until the player says OK: it is not lost without
    a word."""
    settings.PUBLIC_URL = live_server.url
    event, _, code, director = a_night(django_user_model)
    context = phone()
    page = context.new_page()
    keeping_score(page, live_server.url, code)
    context.set_offline(True)
    page.evaluate("() => window.dispatchEvent(new Event('offline'))")
    page.locator("form.entry .choice input").first.check()
    page.locator("form.entry button.ending").first.tap()
    expect(page.locator("#toast")).to_contain_text("Hand 1")
    services.round_undo(event=event, number=1, actor=director, reason="seated too soon")
    services.round_generate(event=event, actor=director)
    context.set_offline(False)
    page.evaluate("() => window.dispatchEvent(new Event('online'))")
    # (Over the screen, which moves on to the round as it is now.)
    said = page.locator(".toast:not(#toast)")
    refreshed(page, lambda ms: expect(said).to_be_visible(timeout=ms))
    expect(said).to_contain_text("Not recorded: The director undid this table's round")
    expect(page.get_by_role("heading", name="Hand 1 of 8")).to_be_visible()
    assert not Hand.objects.filter(game__event_table__round__event=event).exists()
    said.get_by_role("button", name="OK").tap()
    expect(said).to_be_hidden()
