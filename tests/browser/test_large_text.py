"""Large text every way a player gets it on a 360 x 740 phone: the browser's text size, a
larger root font size, page zoom; in English and Korean. On the hand entry, with a game's
referee and on its log, no word breaks inside itself, no label is cut, nothing is wider than
the screen; who called and how it ended share the first screen, and the referee's Ask button
stands clear of the tab bar, solid even before it can be tapped. A name longer than a line
wraps inside itself rather than run off the screen."""

from __future__ import annotations

import io
import re

import pytest
from django.core.management import call_command
from playwright.sync_api import BrowserContext, Page, expect
from screens import DIRECTOR, PASSWORD, sign_in
from table import (
    api_get,
    layout_problems,
    one_hand_round_played,
    root_font_size,
    seat_a_night,
    text_size,
    uncovered,
)
from test_bracket_chart import played_double_elimination

from scorekeeper.events import services
from scorekeeper.events.models import Event, EventTable, TableToken

pytestmark = pytest.mark.browser

NAMES = ["Ann", "Ben", "Cat", "Dan"]
WAYS = ["text size", "root font size", "page zoom"]

# The words of the screen that a line break splits inside themselves ("An/n", "#1/0"), each
# with the element that holds it.
BROKEN_WORDS = """() => {
  const broken = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const el = node.parentElement;
    if (!el || el.closest(".visually-hidden, [hidden], svg, pre, dialog:not([open]), .narrow-probe")) continue;
    const style = getComputedStyle(el);
    if (style.display === "none" || style.visibility === "hidden") continue;
    // (A word kept for screen readers only, in a box of a pixel, is not on the screen.)
    const box = el.getBoundingClientRect();
    if (box.width <= 1 || box.height <= 1) continue;
    // (A word wider than its block's line, a file's name say, can only break.)
    let block = el;
    while (block.parentElement && getComputedStyle(block).display.startsWith("inline")) block = block.parentElement;
    for (const word of node.data.matchAll(/\\S{2,}/g)) {
      const range = document.createRange();
      range.setStart(node, word.index);
      range.setEnd(node, word.index + word[0].length);
      const rects = [...range.getClientRects()].filter((r) => r.width > 0);
      const lines = new Set(rects.map((r) => Math.round(r.top)));
      const wide = rects.reduce((sum, r) => sum + r.width, 0) > block.clientWidth;
      if (lines.size > 1 && !wide) broken.push(`"${word[0]}" in ${el.tagName.toLowerCase()}.${[...el.classList].join(".")}`);
    }
  }
  return [...new Set(broken)];
}"""


@pytest.fixture(
    params=[(way, locale) for locale in ("en-US", "ko-KR") for way in WAYS],
    ids=lambda param: "-".join(param),
)
def large_page(request: pytest.FixtureRequest, phone: object) -> Page:
    """A phone's page with its text at 200%, made large each way, in English and Korean."""
    way, locale = request.param
    if way == "page zoom":
        # Zoomed to 200%, the page lays out at half the width, each CSS pixel two on screen.
        context: BrowserContext = phone(  # type: ignore[operator]
            locale=locale, viewport={"width": 180, "height": 370}, device_scale_factor=2
        )
        return context.new_page()
    page: Page = phone(locale=locale).new_page()  # type: ignore[operator]
    if way == "text size":
        text_size(page, 200)
    else:
        root_font_size(page, 200)
    return page


# What the screen settles into: its fonts loaded and its finite animations (a new hand's row
# sliding in, say) done, so that a line is measured where it stays.
SETTLED = """async () => {
  await document.fonts.ready;
  const finite = document.getAnimations().filter(
    (a) => a.effect && a.effect.getComputedTiming().iterations !== Infinity);
  await Promise.all(finite.map((a) => a.finished.catch(() => null)));
}"""


def game_started(page: Page, base: str, names: list[str]) -> None:
    """A new game of these four players, at its first hand's entry."""
    page.goto(base + "/new/")
    seats = (
        page.locator("fieldset")
        .filter(has=page.get_by_text(re.compile("^(Players|플레이어)$")))
        .get_by_role("textbox")
    )
    expect(seats).to_have_count(4)
    for seat, name in enumerate(names):
        seats.nth(seat).fill(name)
    page.locator("form button[type=submit]").last.click()
    page.locator("form.entry").wait_for()


def problems(page: Page) -> list[str]:
    page.evaluate(SETTLED)
    return layout_problems(page) + [f"broken word {word}" for word in page.evaluate(BROKEN_WORDS)]


# Each team whose label runs into its score, as "label / score".
LABEL_OVER_SCORE = """() => [...document.querySelectorAll(".team")].flatMap((team) => {
  const label = team.querySelector(".team-label"), score = team.querySelector(".score");
  const a = label.getBoundingClientRect(), b = score.getBoundingClientRect();
  const apart = a.right <= b.left || b.right <= a.left || a.bottom <= b.top || b.bottom <= a.top;
  return apart ? [] : [`${label.textContent} over ${score.textContent}`];
})"""


def test_large_text_breaks_no_word_and_cuts_no_label(live_server, large_page: Page) -> None:
    page = large_page
    game_started(page, live_server.url, NAMES)
    found = {"hand entry": problems(page)}

    # Who called is tapped: how it ended is on the same screen, nothing over either.
    page.locator("form.entry .choice input").first.tap()
    expect(page.locator("form.entry button.ending").first).to_be_in_viewport()
    found["hand entry, covered"] = uncovered(page, "form.entry .choice-face, form.entry .ending")
    page.locator("form.entry button.ending").first.tap()
    expect(page.locator("#toast")).to_be_visible()
    found["a hand saved"] = problems(page)
    # Its Undo is on the screen, a tap away, whole.
    expect(page.locator("#toast button")).to_be_in_viewport(ratio=1)
    found["a hand saved, covered"] = uncovered(page, "#toast button")

    # The renege shortcut's sheet: its suits beside "alone" are 44 px targets too.
    page.locator("button.quiet", has_text="…").tap()
    sheet = page.locator("dialog.sheet[open]")
    expect(sheet).to_be_visible()
    found["renege sheet"] = problems(page)
    page.keyboard.press("Escape")
    expect(sheet).to_have_count(0)

    # Five marches to a two-digit score (1 + 5 x 2 = 11): each label stays clear of its score.
    for _ in range(5):
        page.locator("form.entry .choice input").first.tap()
        page.locator("form.entry button.ending").nth(1).tap()
        expect(page.locator("#toast")).to_be_visible()
    expect(page.locator(".team.winner .score")).to_have_text("11")
    found["a two-digit score"] = problems(page) + page.evaluate(LABEL_OVER_SCORE)
    # The hand that won the game can be undone from where it was tapped, above the win; undone,
    # the hand entry is back, nothing of it under the score.
    expect(page.locator("#toast button")).to_be_in_viewport(ratio=1)
    page.mouse.wheel(0, 300)  # (a look at the win card first)
    page.locator("#toast button").tap()
    expect(page.locator("form.entry")).to_be_visible()
    page.evaluate(SETTLED)
    found["the winning hand undone"] = uncovered(page, "form.entry .choice-face")
    expect(page.locator("form.entry legend").first).to_be_in_viewport(ratio=1)

    page.locator("#tabs a").nth(1).click()
    ask = page.locator("form.referee .sticky-actions button")
    expect(ask).to_be_visible()
    found["referee"] = problems(page)
    # Above the tab bar (or with the tabs at the top), and read clearly before it can be tapped.
    found["referee, covered"] = uncovered(page, "form.referee .sticky-actions button")
    assert ask.is_disabled()
    assert ask.evaluate("(el) => getComputedStyle(el).opacity") == "1"

    page.locator("#tabs a").nth(2).click()
    # (Its entries, each hand as it was and became, not the "Loading" before them.)
    page.locator("main .snap").first.wait_for()
    found["log"] = problems(page)

    # Home: the game's card, its teams and score.
    page.locator("header .brand").click()
    expect(page.locator("main .game-link").first).to_be_visible()
    found["home"] = problems(page)
    assert {screen: seen for screen, seen in found.items() if seen} == {}


def test_the_log_keeps_a_side_named_by_its_seats_whole_at_page_zoom_200(live_server, phone):
    """Names too long for a side's label name it by its seats (동/서): in the log's line of
    each hand, as on the score, the label breaks nowhere inside itself."""
    page = phone(locale="ko-KR", viewport={"width": 180, "height": 370}, device_scale_factor=2)
    page = page.new_page()
    game_started(page, live_server.url, ["Annabelle", "Bartholomew", "Cat", "Dan"])
    for seat in (0, 1):
        page.locator("form.entry .choice input").nth(seat).tap()
        page.locator("form.entry button.ending").first.tap()
        expect(page.locator("#toast")).to_be_visible()
    page.locator("#tabs a").nth(2).click()
    expect(page.locator("main .snap")).to_have_count(2)
    page.evaluate(SETTLED)
    assert page.evaluate(BROKEN_WORDS) == []


def test_names_a_font_draws_wider_than_reckoned_go_one_a_row_whole(
    live_server, large_page: Page
) -> None:
    """Five or six letters are reckoned to fit half a row at 200%, and "South" in Debian's
    bold font does not: once drawn, a name broken inside a word puts the names one a row."""
    page = large_page
    game_started(page, live_server.url, ["North", "James", "South", "Hannah"])
    assert problems(page) == []


# Each button saying how a hand ended: its name, the lines it takes, and whether it spills.
ENDING_LINES = """(all) => all.map((button) => {
  const name = button.querySelector(".ending-name");
  const range = document.createRange();
  range.selectNodeContents(name);
  const lines = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
  return [name.textContent, lines.size, button.scrollWidth > button.clientWidth + 1];
})"""


def test_how_a_hand_ended_is_told_on_one_line_inside_its_button(
    live_server, large_page: Page
) -> None:
    """The term "마치(5트릭)" stays whole (마치 alone reads as "as if"): never "마치" over "(5트릭)"."""
    page = large_page
    game_started(page, live_server.url, NAMES)
    page.locator("form.entry .choice input").first.tap()
    endings = page.locator("form.entry button.ending")
    expect(endings).to_have_count(3)
    page.evaluate(SETTLED)
    told = endings.evaluate_all(ENDING_LINES)
    assert [(lines, spills) for _, lines, spills in told] == [(1, False)] * 3, told


# The lines the saved hand's message takes for its number ("Hand 1:", "1번 판:"), beside its Undo.
HAND_NUMBER_LINES = """() => {
  const words = document.querySelector("#toast span");
  const walker = document.createTreeWalker(words, NodeFilter.SHOW_TEXT);
  const range = document.createRange();
  let text = "", start = null;
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (start === null) { range.setStart(node, 0); start = node; }
    const colon = node.data.indexOf(":");
    if (colon >= 0) { range.setEnd(node, colon + 1); text += node.data.slice(0, colon + 1); break; }
    text += node.data;
  }
  const lines = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
  return [text, lines.size];
}"""


def test_the_saved_hands_message_keeps_its_number_on_one_line_beside_its_undo(
    live_server, large_page: Page
) -> None:
    page = large_page
    game_started(page, live_server.url, NAMES)
    page.locator("form.entry .choice input").first.tap()
    page.locator("form.entry button.ending").first.tap()
    expect(page.locator("#toast .link")).to_be_visible()
    page.evaluate(SETTLED)
    text, lines = page.evaluate(HAND_NUMBER_LINES)
    assert text.strip() in ("Hand 1:", "1번 판:") and lines == 1, (text, lines)


def test_the_hands_list_keeps_a_two_digit_number_and_a_long_name_on_the_screen(
    live_server, large_page: Page
) -> None:
    """Hand 10 of a game where Bartholomew calls: its row's number, what it scored and who
    called stay inside the screen, no word broken."""
    page = large_page
    game_started(page, live_server.url, ["Ann", "Bartholomew", "Cat", "Dan"])
    for hand in range(10):
        page.locator("form.entry .choice input").nth(hand % 2).tap()
        page.locator("form.entry button.ending").first.tap()
        expect(page.locator(".hand-list li")).to_have_count(hand + 1)
    found = problems(page)
    assert found == [], "\n".join(found)


# One word wider than a line of the phone at 200%: it can only wrap inside itself.
OVERLONG = "Wolfeschlegelsteinhausenbergerdorff"


def test_a_name_wider_than_the_screen_wraps_inside_itself_and_nothing_runs_off(
    live_server, large_page: Page
) -> None:
    page = large_page
    game_started(page, live_server.url, [OVERLONG, *NAMES[1:]])
    page.evaluate(SETTLED)
    found = layout_problems(page)
    assert found == [], "\n".join(found)
    # Only the name no line can hold breaks inside itself.
    broken = {word.split('"')[1] for word in page.evaluate(BROKEN_WORDS)}
    assert broken <= {OVERLONG}, broken


def test_names_longer_than_a_quarter_row_go_two_across_whole_at_the_usual_size(
    live_server, phone
) -> None:
    page = phone().new_page()
    game_started(page, live_server.url, ["Robert", "Michael", "Jennifer", "Margaret"])
    page.evaluate(SETTLED)
    assert page.evaluate(BROKEN_WORDS) == []
    assert layout_problems(page) == []


def test_a_name_beside_a_two_digit_score_stays_whole_just_below_large_text(live_server, phone):
    """At 110% (the board still shows the names) a team at 10 with "Christopher": the names
    go under the score, the card's whole width, and no name breaks inside itself."""
    page = phone().new_page()
    text_size(page, 110)
    game_started(page, live_server.url, ["Annabelle", "Bartholomew", "Christopher", "Maximilian"])
    for _ in range(5):
        page.locator("form.entry .choice input").first.tap()
        page.locator("form.entry button.ending").nth(1).tap()
        expect(page.locator("#toast")).to_be_visible()
    expect(page.locator(".team.winner .score")).to_have_text("10")
    page.evaluate(SETTLED)
    names = page.locator(".board .team-names").evaluate_all(
        """(all) => all.map((el) => {
  const range = document.createRange();
  range.selectNodeContents(el);
  return [...el.textContent.matchAll(/\\S+/g)].filter((word) => {
    range.setStart(el.firstChild, word.index);
    range.setEnd(el.firstChild, word.index + word[0].length);
    return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size > 1;
  }).map((word) => word[0]);
}).flat()"""
    )
    assert names == []
    assert layout_problems(page) == []


@pytest.mark.parametrize("size", [100, 200], ids=["usual size", "root font 200%"])
def test_a_tables_result_and_referee_keep_long_names_whole(
    live_server, phone, django_user_model, size: int
) -> None:
    """At a club night's table with long names: who enters the result, the opponents'
    confirm buttons and the referee's "whose hand?" and trick break no name and run off
    nothing, at the usual size and at 200%."""
    user = django_user_model.objects.create_user("dora")
    event, _, _ = seat_a_night(
        user, ["Bartholomew", "Gus", "Catherine", "Annabelle"], hands_per_round=1
    )
    (table,) = api_get(live_server.url, f"/api/v1/events/{event.pk}/rounds/1/")["tables"]
    page = phone().new_page()
    if size == 200:
        root_font_size(page, 200)
    code = EventTable.objects.get(event=event, number=table["number"]).join_code
    page.goto(f"{live_server.url}/t/{code}")
    page.get_by_role("button", name="Keep this table's score").click()
    seats, result = one_hand_round_played(page, table)
    # (The hand sent: the line saying it waits has gone, and moves nothing under the tap.)
    expect(page.locator(".hand-list .badge")).to_have_count(0)
    found = problems(page)
    assert found == [], "\n".join(found)
    result.get_by_role("button", name="Enter the result", exact=True).click()
    expect(result.get_by_role("button", name=f"I am {seats[1]}: confirm")).to_be_visible()
    found = problems(page)
    assert found == [], "\n".join(found)
    page.get_by_role("link", name="Referee").click()
    page.get_by_role("group", name="Who led?").get_by_role("radio", name=seats[1]).check()
    expect(page.get_by_role("group", name="Whose hand?")).to_be_visible()
    found = problems(page)
    assert found == [], "\n".join(found)


# The lines the result's score ("1 – 0", between the teams' names) takes on the screen.
SCORE_LINES = """() => {
  const walker = document.createTreeWalker(document.querySelector("section.result .result-score"), NodeFilter.SHOW_TEXT);
  let text = walker.nextNode();
  while (!text.data.includes("–")) text = walker.nextNode();
  const at = text.data.search(/\\S+\\s–\\s\\S+/);
  const range = document.createRange();
  range.setStart(text, at);
  range.setEnd(text, at + text.data.slice(at).match(/\\S+\\s–\\s\\S+/)[0].length);
  return new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top))).size;
}"""


@pytest.mark.parametrize("way", WAYS)
def test_a_tables_result_keeps_its_score_on_one_line(live_server, phone, django_user_model, way):
    """Long names either side of it at 200%: the score stays "1 – 0", never "1" over "– 0"."""
    user = django_user_model.objects.create_user("dora")
    event, _, _ = seat_a_night(
        user, ["Wolfgang", "Bartholomew", "Annabelle-Marguerite", "Catherine"], hands_per_round=1
    )
    (table,) = api_get(live_server.url, f"/api/v1/events/{event.pk}/rounds/1/")["tables"]
    if way == "page zoom":
        page = phone(viewport={"width": 180, "height": 370}, device_scale_factor=2).new_page()
    else:
        page = phone().new_page()
        (text_size if way == "text size" else root_font_size)(page, 200)
    code = EventTable.objects.get(event=event, number=table["number"]).join_code
    page.goto(f"{live_server.url}/t/{code}")
    page.get_by_role("button", name="Keep this table's score").click()
    one_hand_round_played(page, table)
    page.evaluate(SETTLED)
    assert page.evaluate(SCORE_LINES) == 1


# Each "&" between partners' names in the result's score line that a line break leaves
# alone, at the end of a line or the start of one without the name after it.
ANDS_ALONE = """() => {
  const alone = [];
  const walker = document.createTreeWalker(document.querySelector("section.result .result-score"), NodeFilter.SHOW_TEXT);
  const top = (node, at) => {
    const range = document.createRange();
    range.setStart(node, at);
    range.setEnd(node, at + 1);
    return Math.round([...range.getClientRects()].find((r) => r.width > 0).top);
  };
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    for (const and of node.data.matchAll(/&/g)) {
      const name = node.data.slice(and.index + 1).search(/\\S/) + and.index + 1;
      if (top(node, and.index) !== top(node, name)) alone.push(node.data);
    }
  }
  return alone;
}"""


def round_played_in_korean_at_200(
    live_server, phone, django_user_model, way: str, names: list[str]
) -> Page:
    """A Korean scoring phone at 200% (by `way`) at a night's one-hand round, the hand played:
    the result is to enter."""
    user = django_user_model.objects.create_user("dora")
    event, _, _ = seat_a_night(user, names, hands_per_round=1)
    (table,) = api_get(live_server.url, f"/api/v1/events/{event.pk}/rounds/1/")["tables"]
    page = phone(locale="ko-KR").new_page()
    (text_size if way == "text size" else root_font_size)(page, 200)
    code = EventTable.objects.get(event=event, number=table["number"]).join_code
    page.goto(f"{live_server.url}/t/{code}")
    page.get_by_role("button", name="이 테이블의 점수 기록").click()
    page.locator("form.entry .choice input").first.tap()
    page.locator("form.entry button.ending").first.tap()
    return page


@pytest.mark.parametrize("way", ["text size", "root font size"])
def test_a_tables_result_never_leaves_the_and_between_partners_alone(
    live_server, phone, django_user_model, way
) -> None:
    """In Korean at 200% two partners' names take two lines beside the score: "Annabelle" over
    "& Josephine", never "Annabelle &" over "Josephine"; the score stays whole."""
    page = round_played_in_korean_at_200(
        live_server,
        phone,
        django_user_model,
        way,
        ["Annabelle", "Christine", "Josephine", "Margaret"],
    )
    score = page.locator("section.result .result-score")
    expect(score).to_contain_text("&")
    page.evaluate(SETTLED)
    assert page.evaluate(ANDS_ALONE) == []
    assert page.evaluate(SCORE_LINES) == 1


# Each heading's colon that begins a line (the letter before it on the line above).
COLONS_FIRST = """() => [...document.querySelectorAll("main h1, main h2, main .legend")].flatMap((heading) => {
  const letters = [];
  const walker = document.createTreeWalker(heading, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    for (let at = 0; at < node.data.length; at += 1) {
      if (!node.data[at].trim()) continue;
      const range = document.createRange();
      range.setStart(node, at);
      range.setEnd(node, at + 1);
      const box = [...range.getClientRects()].find((r) => r.width > 0);
      if (box) letters.push([node.data[at], Math.round(box.top)]);
    }
  }
  return letters.some(([letter, top], i) => letter === ":" && i && top > letters[i - 1][1])
    ? [heading.textContent] : [];
})"""


@pytest.mark.parametrize("way", ["text size", "root font size"])
def test_a_korean_heading_never_begins_a_line_with_its_colon(
    live_server, phone, django_user_model, way
) -> None:
    """The result entered, the scoring phone's heading says so at 200% in Korean: "결과가
    입력되었습니다:" is wider than a line, and breaks inside itself rather than before its colon."""
    page = round_played_in_korean_at_200(live_server, phone, django_user_model, way, NAMES)
    result = page.locator("section.result")
    result.locator("input[type=radio]").first.check()
    result.get_by_role("button", name="결과 입력", exact=True).tap()
    expect(page.get_by_role("heading", name=re.compile("^결과가 입력되었습니다: "))).to_be_visible()
    page.evaluate(SETTLED)
    assert page.evaluate(COLONS_FIRST) == []


def entered_on_the_scorers_phone(scorer: Page, base: str, code: str, how: str = "") -> None:
    """The table's scoring phone joins, scores a hand and enters the result (`how`: "as it
    stands", after time is called), which then waits for the opponents."""
    scorer.goto(f"{base}/t/{code}")
    scorer.get_by_role("button", name="Keep this table's score").tap()
    scorer.locator("form.entry .choice input").first.tap()
    scorer.locator("form.entry button.ending").first.tap()
    result = scorer.locator("section.result")
    result.locator("input[type=radio]").first.check()
    enter = f"Enter the result {how}".strip()
    result.get_by_role("button", name=enter, exact=True).tap()
    waiting = result.get_by_role("button", name=re.compile("^I am .*: confirm$"))
    expect(waiting.first).to_be_visible()


def test_a_confirming_phone_opened_after_time_is_called_shows_its_buttons_at_200(
    live_server, phone, django_user_model
) -> None:
    """Time called and the seating fill the first screen at 200% text in Korean: the phone
    opened to confirm brings the confirm buttons into view at once (a poll scrolls only when
    the result has changed)."""
    user = django_user_model.objects.create_user("dora", first_name="Dora (demo director)")
    event, rnd, director = seat_a_night(user, ["Annabelle", "Ben", "Cat", "Dan"], hands_per_round=2)
    code = rnd.tables.get().event_table.join_code
    services.round_time_call(event=event, number=1, actor=director)
    entered_on_the_scorers_phone(phone().new_page(), live_server.url, code, "as it stands")
    opponents = phone(locale="ko-KR").new_page()
    opponents.clock.install()
    root_font_size(opponents, 200)
    opponents.goto(f"{live_server.url}/t/{code}")
    opponents.locator("button").filter(has_text="상대").first.tap()
    buttons = opponents.locator("section.result .confirm button")
    expect(buttons).to_have_count(2)
    expect(buttons.last).to_be_in_viewport(ratio=1)
    assert uncovered(opponents, "section.result .confirm button") == []
    # Who called time, whole with the particle after the bracket of their name (Korean text
    # may break between a bracket and a syllable).
    expect(opponents.locator(".time-called")).to_contain_text("Dora (demo director)\u2060가")


@pytest.mark.parametrize("way", ["root font size", "page zoom"])
def test_a_result_as_it_stood_at_time_says_so_within_the_screen_at_200(
    live_server, phone, django_user_model, way
) -> None:
    """ "As it stood when time was called" is a line of its own on the result: at large text
    it wraps, where it used to run the page wider than the screen."""
    user = django_user_model.objects.create_user("dora", first_name="Dora")
    event, rnd, director = seat_a_night(user, NAMES, hands_per_round=2)
    code = rnd.tables.get().event_table.join_code
    services.round_time_call(event=event, number=1, actor=director)
    if way == "page zoom":
        scorer = phone(viewport={"width": 180, "height": 370}, device_scale_factor=2).new_page()
    else:
        scorer = phone().new_page()
        root_font_size(scorer, 200)
    entered_on_the_scorers_phone(scorer, live_server.url, code, "as it stands")
    expect(scorer.locator("section.result .badge.warn")).to_have_text(
        "As it stood when time was called"
    )
    assert problems(scorer) == []


@pytest.mark.parametrize("way", ["text size", "root font size"])
def test_the_opponents_confirm_buttons_hold_a_long_name_in_korean_at_200(
    live_server, phone, django_user_model, way: str
) -> None:
    """In Korean words break only at spaces, and a name carries its particle: "저는
    Bartholomew입니다: 확인" wraps after the name, inside its button; a name that fits stays whole with its particle."""
    user = django_user_model.objects.create_user("dora")
    _, rnd, _ = seat_a_night(user, ["Annabelle", "Bartholomew", "Cat", "Dan"], hands_per_round=1)
    code = rnd.tables.get().event_table.join_code
    entered_on_the_scorers_phone(phone().new_page(), live_server.url, code)
    opponents = phone(locale="ko-KR").new_page()
    if way == "text size":
        text_size(opponents, 200)
    else:
        root_font_size(opponents, 200)
    opponents.goto(f"{live_server.url}/t/{code}")
    opponents.locator("button").filter(has_text="상대").first.tap()
    buttons = opponents.locator("section.result .confirm button")
    expect(buttons.first).to_be_visible()
    assert buttons.count() == 2
    # Both on the screen the phone opens on, whole: no scrolling to find them.
    for button in buttons.all():
        expect(button).to_be_in_viewport(ratio=1)
    spilled = buttons.evaluate_all(
        "(all) => all.filter((b) => b.scrollWidth > b.clientWidth + 1).map((b) => b.innerText)"
    )
    assert spilled == []
    assert problems(opponents) == []
    # A name that fits keeps its particle on its line ("Dan입니다:", never "Dan" over "입니다:").
    split = opponents.locator("section.result .confirm .name-word").evaluate_all(
        """(words) => words.filter((word) => {
          const range = document.createRange();
          range.selectNodeContents(word);
          const tops = [...range.getClientRects()].filter((r) => r.width > 0).map((r) => r.top);
          const whole = document.createElement("span");
          whole.textContent = word.textContent;
          whole.style.font = getComputedStyle(word).font;
          whole.style.whiteSpace = "nowrap";
          document.body.append(whole);
          const fits = whole.getBoundingClientRect().width <= word.parentElement.clientWidth;
          whole.remove();
          return fits && new Set(tops.map(Math.round)).size > 1;
        }).map((word) => word.textContent)"""
    )
    assert split == []


@pytest.mark.parametrize("locale", ["en-US", "ko-KR"])
def test_a_new_games_points_to_win_fit_a_page_zoomed_to_200(live_server, phone, locale) -> None:
    """At 200% page zoom a small phone is 180 CSS px across: the points to win stand over their
    two buttons (three 44 px targets no longer fit a row), each switch beside its words, and
    nothing runs off the screen."""
    page = phone(locale=locale, viewport={"width": 180, "height": 370}, device_scale_factor=2)
    page = page.new_page()
    page.goto(live_server.url + "/new/")
    stepper = page.locator(".stepper-row")
    expect(stepper.locator("input")).to_have_value("10")
    assert layout_problems(page) == []
    value = stepper.locator("input").bounding_box()
    for button in stepper.locator("button").all():
        box = button.bounding_box()
        assert box is not None and value is not None and box["y"] >= value["y"] + value["height"]
    width = stepper.locator("input").evaluate("(input) => input.scrollWidth <= input.clientWidth")
    assert width, "the points to win are cut short"


@pytest.mark.parametrize("locale", ["en-US", "ko-KR"])
def test_the_consoles_table_cards_keep_their_words_whole_at_page_zoom_200(
    live_server, phone, django_user_model, settings, locale: str
) -> None:
    """At 200% page zoom a small phone is 180 CSS px across: a table's card on the console,
    inside its card, still holds each word of its buttons ("End confirming phones") whole, and
    the round's printable table cards break no word."""
    settings.PUBLIC_URL = live_server.url
    user = django_user_model.objects.create_user(DIRECTOR, password=PASSWORD)
    event, rnd, _ = seat_a_night(user, NAMES, round_minutes=20)
    services.table_join(code=rnd.tables.get().event_table.join_code, role=TableToken.Role.CONFIRMER)
    page = phone(locale=locale, viewport={"width": 180, "height": 370}, device_scale_factor=2)
    page = page.new_page()
    sign_in(page, live_server.url, f"/events/{event.pk}/manage/")
    card = page.locator(".board-table")
    expect(card.locator("button")).to_have_count(3)  # open, hand over, end confirming phones
    page.evaluate(SETTLED)
    broken = page.evaluate(BROKEN_WORDS)
    # (A compound such as "turned-down" may break at its hyphen.)
    assert [word for word in broken if re.fullmatch(r"\w+", word.split('"')[1])] == []
    assert [problem for problem in layout_problems(page) if "board-table" in problem] == []
    # The round's printable table cards too: "(북, 동, 남, 서)에" keeps its bracket and particle.
    page.goto(f"{live_server.url}/events/{event.pk}/rounds/1/cards/")
    page.evaluate(SETTLED)
    assert page.evaluate(BROKEN_WORDS) == []


# A night's public pages (the bracket's of a knockout night), as paths under the night.
NIGHTS_PAGES = [
    "results/",
    "projector/",
    "rounds/1/sheet/",
    "pairings/",
    "crosstable/",
    "tally-cards/",
    "rounds/1/find/",
]


def test_a_nights_pages_in_korean_break_no_word(live_server, phone, django_user_model) -> None:
    """The demo's finished night in Korean, at the usual size and at 200%: "유커",
    "선수·라운드마다", "북(★)이" and the director "Dora (demo director)가" stay whole on the
    results, the projector, the round sheet, the pairings, the crosstable, the tally cards,
    finding a table, and a knockout night's bracket."""
    call_command("load_demo", stdout=io.StringIO())
    night = Event.objects.get(name="Demo progressive night").pk
    knockout = played_double_elimination(django_user_model.objects.create_user("dora"))
    paths = [f"/events/{night}/{page}" for page in NIGHTS_PAGES] + [f"/events/{knockout}/bracket/"]
    page = phone(locale="ko-KR").new_page()
    found = {}
    for percent in (100, 200):
        text_size(page, percent)
        for path in paths:
            page.goto(live_server.url + path)
            page.evaluate(SETTLED)
            found[f"{path} at {percent}%"] = page.evaluate(BROKEN_WORDS)
    assert {where: words for where, words in found.items() if words} == {}
