"""Accessibility: axe-core (vendored) finds nothing serious or critical on the main screens,
in the light and the dark theme; a control reached with the keyboard is never under a sticky
bar."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect
from table import Table, seat_a_night

pytestmark = pytest.mark.browser

# Loaded into the page by the tests only: the app never serves it.
AXE = Path(__file__).resolve().parent / "vendor" / "axe-core" / "axe.min.js"
RUN_AXE = """async () => {
    const result = await axe.run(document, { resultTypes: ["violations"] });
    return result.violations.map((v) => ({
        id: v.id, impact: v.impact, help: v.help,
        nodes: v.nodes.slice(0, 3).map((n) => n.target.join(" ")),
    }));
}"""


def serious_violations(page: Page) -> list[dict]:
    if not page.evaluate("() => typeof axe !== 'undefined'"):
        page.add_script_tag(path=str(AXE))
    return [v for v in page.evaluate(RUN_AXE) if v["impact"] in ("serious", "critical")]


WORDS = {
    "en-US": {
        "new": "New game",
        "start": "Start the game",
        "players": "Players",
        "hand": "Hand 1",
        "maker": "Who called trump?",
        "trump": "Trump",
        "trump_optional": "Trump (optional)",
        "ending": "How did it end?",
        "made": "Made",
        "euchred": "Euchred",
        "march": "March",
        "alone": "Went alone",
        "amend": r"^Change hand 1:",
        "cancel": "Cancel",
        "referee": "Referee",
        "leader": "Who led?",
        "ask": "Ask the referee",
        "share": "Share",
        "log": "Log",
        "logged": "Hand 2 recorded",
        "seats": "NESW",
        "hearts": "Hearts",
        "clubs": "Clubs",
        "spades": "Spades",
        "king": "king of spades",
    },
    "ko-KR": {
        "new": "새 게임",
        "start": "게임 시작",
        "players": "플레이어",
        "hand": "1번 판",
        "maker": "누가 트럼프를 정했나요?",
        "trump": "트럼프",
        "trump_optional": "트럼프 (선택)",
        "ending": "어떻게 끝났나요?",
        "made": "성공",
        "euchred": "유커",
        "march": "마치",
        "alone": "단독 플레이",
        "amend": r"^1번 판 고치기:",
        "cancel": "취소",
        "referee": "심판",
        "leader": "누가 리드했나요?",
        "ask": "심판에게 묻기",
        "share": "공유",
        "log": "기록",
        "logged": "2번 판 기록",
        "seats": "북동남서",
        "hearts": "하트",
        "clubs": "클럽",
        "spades": "스페이드",
        "king": "스페이드 킹",
    },
}


@pytest.mark.parametrize("language", ["en-US", "ko-KR"])
@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_every_screen_has_no_serious_accessibility_violations(
    live_server, phone, scheme: str, language: str
) -> None:
    assert AXE.is_file(), f"axe-core is vendored at {AXE}"
    words = WORDS[language]
    seat = dict(zip("NESW", words["seats"], strict=True))
    # The site's CSP refuses any script it does not serve, axe-core included: this context
    # lets the test add it (the CSP itself is tested in tests/scorekeeper/test_hardening.py).
    page = phone(locale=language, color_scheme=scheme, bypass_csp=True).new_page()
    table = Table(page, live_server.url)
    found: dict[str, list[dict]] = {}

    table.open("/")
    found["home"] = serious_violations(page)
    page.get_by_role("link", name=words["new"]).click()
    expect(page.get_by_role("button", name=words["start"])).to_be_visible()
    page.locator("details.more summary").click()
    found["new game"] = serious_violations(page)

    seats = page.get_by_role("group", name=words["players"]).get_by_role("textbox")
    for index, name in enumerate(["Ann", "Ben", "Cat", "Dan"]):
        seats.nth(index).fill(name)
    page.get_by_role("button", name=words["start"]).click()
    expect(page.get_by_role("heading", name=words["hand"])).to_be_visible()

    def pick(maker: str, suit: str, alone: bool = False) -> None:
        page.get_by_role("group", name=words["maker"]).get_by_role("radio", name=maker).check()
        page.get_by_role("group", name=words["trump_optional"]).get_by_role(
            "radio", name=suit
        ).check()
        if alone:
            page.get_by_role("switch", name=words["alone"]).check()

    def ended(how: str) -> None:
        page.get_by_role("group", name=words["ending"]).get_by_role(
            "button", name=re.compile(f"^{how}")
        ).click()

    pick(f"Ann ({seat['N']})", words["hearts"])
    found["hand entry"] = serious_violations(page)
    ended(words["euchred"])
    found["hand saved"] = serious_violations(page)
    pick(f"Ben ({seat['E']})", words["clubs"], alone=True)
    ended(words["march"])
    expect(page.locator(".hand-list .badge")).to_have_count(0)
    found["scoreboard"] = serious_violations(page)

    page.get_by_role("button", name=re.compile(words["amend"])).click()
    expect(page.get_by_role("dialog")).to_be_visible()
    found["amend"] = serious_violations(page)
    page.get_by_role("dialog").get_by_role("button", name=words["cancel"]).click()

    page.get_by_role("link", name=words["referee"]).click()
    page.get_by_role("group", name=words["trump"], exact=True).get_by_role(
        "radio", name=words["spades"]
    ).check()
    page.get_by_role("group", name=words["maker"]).get_by_role(
        "radio", name=f"Ann ({seat['N']})"
    ).check()
    page.get_by_role("group", name=words["leader"]).get_by_role(
        "radio", name=f"Ben ({seat['E']})"
    ).check()
    page.get_by_role("button", name=words["king"]).first.click()
    page.get_by_role("button", name=words["ask"]).last.click()
    expect(page.locator(".ruling")).to_be_visible()
    found["referee"] = serious_violations(page)

    page.get_by_role("link", name=words["share"]).click()
    found["share"] = serious_violations(page)
    page.get_by_role("link", name=words["log"]).click()
    expect(page.get_by_text(words["logged"])).to_be_visible()
    found["log"] = serious_violations(page)

    table.open("/referee/")
    found["referee without a game"] = serious_violations(page)
    table.open("/rules/")
    found["rules"] = serious_violations(page)

    assert {screen: v for screen, v in found.items() if v} == {}


@pytest.mark.parametrize("language", ["en-US", "ko-KR"])
@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_table_mode_has_no_serious_accessibility_violations(
    live_server, phone, django_user_model, scheme: str, language: str
):
    user = django_user_model.objects.create_user("dora")
    _, rnd, _ = seat_a_night(user, ["Ann", "Ben", "Cat", "Dan"], hands_per_round=1)
    code = rnd.tables.get().event_table.join_code
    page = phone(locale=language, color_scheme=scheme, bypass_csp=True).new_page()
    found = {}
    page.goto(f"{live_server.url}/t/{code}")
    page.locator("form.join-form").wait_for()
    found["join"] = serious_violations(page)
    page.locator("form.join-form button[type=submit]").first.click()
    page.locator("form.entry").wait_for()
    found["table"] = serious_violations(page)
    page.locator("form.entry fieldset").first.locator("input").first.check()
    page.locator("form.entry button.ending").first.click()
    page.locator("section.result fieldset").wait_for()
    found["result"] = serious_violations(page)
    assert found == {"join": [], "table": [], "result": []}


#: The focused control, when something else is drawn over its middle (a visually hidden
#: radio button stands for its label).
FOCUS_COVERED = """() => {
  const el = document.activeElement;
  if (!el || el === document.body || el.closest(".sticky-actions, #tabs, #status")) return null;
  const target = el.getBoundingClientRect().width < 2 && el.labels?.length ? el.labels[0] : el;
  const box = target.getBoundingClientRect();
  const y = box.top + box.height / 2;
  const over = document.elementFromPoint(box.left + box.width / 2, y);
  if (over && (over === target || target.contains(over) || over.contains(target))) return null;
  const what = (el.name || el.textContent || el.getAttribute("aria-label") || "").trim();
  return `${el.tagName.toLowerCase()} "${what.slice(0, 20)}" at ${Math.round(y)} under ${over?.className}`;
}"""


@pytest.mark.parametrize("zoom", [1, 2], ids=["usual size", "page zoom 200%"])
def test_every_control_reached_with_tab_is_clear_of_the_sticky_action_bar(
    live_server, phone, zoom: int
) -> None:
    """A new game's form and the referee's, each with its action button stuck to the bottom
    of the screen: tabbing through them, each control scrolls into view above it."""
    viewport = {"width": 360 // zoom, "height": 740 // zoom}
    context = phone(viewport=viewport, device_scale_factor=zoom, has_touch=False, is_mobile=False)
    page = context.new_page()
    covered = []
    for path in ("/new/", "/referee/"):
        page.goto(live_server.url + path)
        page.locator(".sticky-actions").wait_for()
        for _ in range(60):
            page.keyboard.press("Tab")
            if found := page.evaluate(FOCUS_COVERED):
                covered.append(f"{path}: {found}")
    assert covered == []
