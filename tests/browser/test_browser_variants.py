"""Six-handed Euchre and Bid Euchre scored on a phone, each game to its end: six seats in two
teams of three, each hand told by how it ended, and Bid Euchre's bids, the tricks' tap that
saves the hand, a moon, and a set below zero."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import BrowserContext, Page, expect
from table import Table, api_get, eventually, layout_problems, points, text_size
from test_large_text import problems

pytestmark = pytest.mark.browser

SIX = ["Ann", "Ben", "Cat", "Dan", "Eve", "Fay"]
FOUR = SIX[:4]

# A six-handed game to 10: (maker, suit, tricks, alone), what its ending's button says it
# scores, the score after.
SIX_HANDED_GAME = [
    (("Ann (N)", "Hearts", 3, False), "+1 N/SE/SW", (1, 0)),
    (("Ben (NE)", "Spades", 5, True), "+5 NE/S/NW", (1, 5)),
    (("Eve (SW)", None, 5, False), "+2 N/SE/SW", (3, 5)),
    (("Fay (NW)", "Diamonds", 2, False), "+2 N/SE/SW", (5, 5)),
    (("Cat (SE)", None, 5, True), "+5 N/SE/SW", (10, 5)),
]


def test_a_six_handed_game_is_scored_to_the_end(page: Page, live_server) -> None:
    table = Table(page, live_server.url)
    table.new_game(SIX, variant="Six-handed")
    makers = page.get_by_role("group", name="Who called trump?").get_by_role("radio")
    expect(makers).to_have_count(6)
    # Alternate seats share a team colour.
    teams = page.locator("fieldset.choices label.choice")
    assert [teams.nth(seat).get_attribute("class") for seat in range(6)] == [
        f"choice t{seat % 2}" for seat in range(6)
    ]
    # ... shown before any is chosen: each face's edge in its team's colour, two colours.
    edges = teams.evaluate_all(
        "labels => labels.map(l => getComputedStyle(l.querySelector('.choice-face')).boxShadow)"
    )[:6]
    assert len(set(edges)) == 2 and edges == [edges[seat % 2] for seat in range(6)], edges
    for (maker, suit, tricks, alone), preview, (ours, theirs) in SIX_HANDED_GAME:
        table.pick_hand(maker, suit, tricks, alone=alone)
        expect(table.ending_button()).to_contain_text(preview)
        table.save()
        expect(page.get_by_label(points("N/SE/SW", ours))).to_have_text(str(ours))
        expect(page.get_by_label(points("NE/S/NW", theirs))).to_have_text(str(theirs))
    expect(page.get_by_role("heading", name="N/SE/SW win!")).to_be_visible()
    expect(page.locator(".hand-list .badge")).to_have_count(0)  # every hand sent
    game = table.game()
    assert (game["status"], game["winner"], game["score"]) == ("finished", 0, [10, 5])
    assert game["dealer"] == 5  # five hands dealt from N, each by the next seat


def test_the_new_game_form_offers_each_variants_own_options(page: Page, live_server) -> None:
    """Six-handed: the joker and calling for a partner's best card; Bid Euchre: the lowest
    bid, no-trump, the lone bids, the cards passed for a moon, what a made bid scores, how a
    game is won and a renege's penalty. Each as chosen is the game's ruleset (the referee
    took it), and the hand form bids what the rules allow."""
    table = Table(page, live_server.url)

    def six_handed(page: Page) -> None:
        expect(page.get_by_role("radio", name="32 cards and the joker")).to_be_hidden()
        page.get_by_text("More rules").click()
        page.get_by_role("radio", name="32 cards and the joker").check()
        each = page.get_by_role("radio", name="One card from each partner")
        each.check()
        # With going alone off there is no loner to call for a card: the choice goes, and
        # comes back as the preset has it.
        alone = page.get_by_role("switch", name="Going alone (a loner)")
        alone.uncheck()
        expect(each).to_have_count(0)
        alone.check()
        expect(page.locator("[data-option=call_for_best] input:checked")).to_have_value("off")
        each.check()

    table.new_game(SIX, variant="Six-handed", options=six_handed)
    ruleset = table.game()["ruleset"]
    assert (ruleset["deck"], ruleset["call_for_best"]) == (33, "each")
    # The referee's cards for it: sevens to aces and the joker.
    deck = page.evaluate("async () => (await import('/static/webapp/js/rules.js')).deckCards(33)")
    assert (len(deck), "7H" in deck, "JOKER" in deck) == (33, True, True)

    def bid_euchre(page: Page) -> None:
        # None of a turn-up game's options: the auction's own (all four passing: the dealer
        # bids, or the hand is thrown in; never an upcard to take).
        stuck = page.get_by_role("group", name="When all four pass")
        expect(stuck.get_by_role("radio")).to_have_count(2)
        stuck.get_by_role("radio", name="Throw the hand in; the next player deals").check()
        lowest = page.get_by_label("The lowest bid (tricks)")
        expect(lowest).to_have_attribute("max", "6")
        lowest.fill("4")
        lowest.press("Tab")
        page.get_by_role("radio", name="High and low no-trump").check()
        page.get_by_role("radio", name="Shoot the moon, and a loner").check()
        page.get_by_text("More rules").click()
        page.get_by_role("radio", name="Two cards").check()
        page.get_by_role("radio", name="32 cards, sevens to aces: eight each").check()
        page.get_by_role("radio", name="The number they bid").check()
        # How a game is won, said by the points to win as the switch has it.
        target = page.locator(".stepper .hint")
        expect(target).to_have_text(
            "The first side to reach it in a hand where it made its bid or set the makers wins"
        )
        page.get_by_role("switch", name="Win only on a bid made or set").uncheck()
        expect(target).to_have_text("The first side to reach it wins")
        penalty = page.get_by_label("Renege: taken from the side that reneged")
        penalty.fill("2")
        penalty.press("Tab")

    table.new_game(FOUR, variant="Bid Euchre", options=bid_euchre)
    ruleset = table.game()["ruleset"]
    assert {
        key: ruleset[key]
        for key in (
            "min_bid",
            "no_trump",
            "lone_bids",
            "moon_exchange",
            "bid_scoring",
            "target_needs_contract",
        )
    } == {
        "min_bid": 4,
        "no_trump": "high-low",
        "lone_bids": "moon-loner",
        "moon_exchange": 2,
        "bid_scoring": "bid",
        "target_needs_contract": False,
    }
    assert ruleset["points"]["renege_penalty"] == 2
    assert (ruleset["stuck_dealer"], ruleset["deck"], ruleset["hand_size"]) == ("redeal", 32, 8)
    expect(page.get_by_role("button", name="Thrown in")).to_be_visible()  # four passes
    bids = page.get_by_role("group", name="What they bid").get_by_role("radio")
    expect(bids.first).to_have_accessible_name(re.compile("^4"))
    expect(page.get_by_role("group", name="What they bid")).to_contain_text("Loner")


@pytest.mark.parametrize(("locale", "variant"), [("en-US", "Six-handed"), ("ko-KR", "비드 유커")])
def test_the_new_game_forms_every_option_fits_a_phone_with_large_text(
    live_server, phone, locale: str, variant: str
) -> None:
    page = phone(locale=locale, viewport={"width": 360, "height": 740}).new_page()
    text_size(page, 200)
    page.goto(live_server.url + "/new/")
    page.get_by_role("radio", name=variant, exact=True).check()
    page.locator("details.more summary").click()
    expect(page.locator("details.more [data-option]").first).to_be_visible()
    assert layout_problems(page) == []


def pick_bid(table: Table, maker: str, bid: str, tricks: int) -> None:
    """Who won the bid and what they bid (a number of tricks); `table.save()` then taps the
    tricks they took, each button saying what it scores."""
    page = table.page
    page.get_by_role("group", name="Who won the bid?").get_by_role("radio", name=maker).check()
    page.get_by_role("group", name="What they bid").get_by_role("radio", name=bid).check()
    table.ending = str(tricks)


def shoot_the_moon(table: Table, maker: str) -> None:
    """Who won the bid, then "Moon", which saves the moon as made (every trick taken)."""
    page = table.page
    page.get_by_role("group", name="Who won the bid?").get_by_role("radio", name=maker).check()
    # (A click, not a check: the tap saves, and the fresh form's "Moon" must not be re-checked.)
    page.get_by_role("group", name="What they bid").get_by_role("radio", name="Moon").click()


def test_a_bid_euchre_game_goes_below_zero_shoots_the_moon_and_ends_on_a_made_bid(
    page: Page, live_server
) -> None:
    table = Table(page, live_server.url)
    table.new_game(FOUR, variant="Bid Euchre")
    # A set: N/S bid five and took two, and lose their bid.
    pick_bid(table, "Ann (N)", "5 tricks", 2)
    expect(table.ending_button()).to_contain_text("Set! −5 to N/S, +4 to E/W")
    table.save()
    expect(page.get_by_label(points("N/S", -5))).to_have_text("\u22125")  # a minus sign
    expect(page.get_by_label(points("E/W", 4))).to_have_text("4")
    # A moon: the maker and "Moon", which saves it made.
    for score in (16, 28):
        shoot_the_moon(table, "Ben (E)")
        expect(page.get_by_label(points("E/W", score))).to_have_text(str(score))
        expect(page.locator("#toast")).to_contain_text("Shot the moon! +12 to E/W")
    # At 28 one made bid (three tricks at least) takes E/W to 31: game point.
    expect(page.locator(".board .badge").filter(has_text="Game point")).to_have_count(1)
    # A game to 31 has no five-and-six count (a game to ten's): only the chart.
    expect(page.locator(".chart")).to_be_visible()
    expect(page.locator(".count-of")).to_have_count(0)
    # E/W bid three and take three: at 31 on a made bid, they win.
    pick_bid(table, "Dan (W)", "3 tricks", 3)
    expect(table.ending_button()).to_contain_text("Bid made! +3 to N/S, +3 to E/W")
    table.save()
    expect(page.get_by_role("heading", name="E/W win!")).to_be_visible()
    expect(page.locator(".hand-list .badge")).to_have_count(0)  # every hand sent
    game = table.game()
    assert (game["status"], game["winner"], game["score"]) == ("finished", 1, [-2, 31])
    assert [hand["bid"] for hand in game["hands"]] == [5, "moon", "moon", 3]


def test_the_charts_scale_below_zero_is_written_with_a_minus_sign(page: Page, live_server) -> None:
    table = Table(page, live_server.url)
    table.new_game(FOUR, variant="Bid Euchre")
    for score in (-5, -10):  # two sets: the chart reaches down to -10
        pick_bid(table, "Ann (N)", "5 tricks", 2)
        table.save()
        expect(page.get_by_label(points("N/S", score))).to_have_text(f"\u2212{-score}")
    expect(page.locator(".chart text.axis").first).to_have_text("\u221210")
    # Its target line says how a Bid Euchre game is won: not by reaching it alone.
    expect(page.locator(".chart").get_by_text("31 wins on a bid made or set")).to_be_visible()


def test_a_moon_is_amended_on_the_phone_to_a_moon_set_and_to_a_bid_of_tricks(
    page: Page, live_server
) -> None:
    """The amendment says the bid and the tricks: the bid says whether it was played alone (a
    moon kept alone, or a moon said alone beside a bid of four, was refused)."""
    table = Table(page, live_server.url)
    table.new_game(FOUR, variant="Bid Euchre")
    for score in (12, 24):
        shoot_the_moon(table, "Ben (E)")
        expect(page.get_by_label(points("E/W", score))).to_have_text(str(score))

    def amend(number: int, bid: str, tricks: int) -> None:
        page.get_by_role("button", name=re.compile(rf"^Change hand {number}:")).click()
        dialog = page.get_by_role("dialog", name=f"Change hand {number}")
        dialog.get_by_role("group", name="What they bid").get_by_role("radio", name=bid).check()
        dialog.get_by_role("group", name="Tricks the makers took").get_by_role(
            "radio", name=re.compile(rf"^{tricks}\b")
        ).check()
        dialog.get_by_role("textbox", name="Why? (shown in the log)").fill("miscounted")
        dialog.get_by_role("button", name="Save the change").click()
        expect(dialog).to_be_hidden()

    amend(1, "Moon", 5)
    amend(2, "4 tricks", 5)
    hands = table.game()["hands"]
    assert [(h["bid"], h["maker_tricks"], h["alone"]) for h in hands] == [
        ("moon", 5, True),
        (4, 5, False),
    ]
    assert [h["award"]["reason"] for h in hands] == ["moon-set", "bid-made"]


def test_a_set_below_zero_is_undone_and_the_game_ends_on_the_made_bid_after_it(
    page: Page, live_server
) -> None:
    """The last hand undone takes its set back (N/S from −5 to 0); a game won, undone, plays on
    to a set that leaves the winners short, and ends on a made moon."""
    table = Table(page, live_server.url)
    table.new_game(FOUR, variant="Bid Euchre")
    pick_bid(table, "Ann (N)", "5 tricks", 2)
    table.save()
    expect(page.get_by_label(points("N/S", -5))).to_have_text("\u22125")
    page.get_by_role("button", name="Undo hand 1").click()
    page.get_by_role("button", name="Tap again to undo hand 1").click()
    expect(page.get_by_label(points("N/S", 0))).to_have_text("0")
    expect(page.get_by_label(points("E/W", 0))).to_have_text("0")
    for score in (12, 24, 36):
        shoot_the_moon(table, "Ben (E)")
        expect(page.get_by_label(points("E/W", score))).to_have_text(str(score))
    expect(page.get_by_role("heading", name="E/W win!")).to_be_visible()
    page.get_by_role("button", name="Undo hand 3").click()
    page.get_by_role("button", name="Tap again to undo hand 3").click()
    expect(page.get_by_label(points("E/W", 24))).to_have_text("24")
    expect(page.get_by_role("group", name="Who won the bid?")).to_be_visible()
    pick_bid(table, "Ann (N)", "4 tricks", 1)  # N/S set: E/W at 29 play on
    expect(table.ending_button()).to_contain_text("Set! −4 to N/S, +5 to E/W")
    table.save()
    expect(page.get_by_label(points("N/S", -4))).to_have_text("\u22124")
    expect(page.get_by_role("group", name="Who won the bid?")).to_be_visible()
    shoot_the_moon(table, "Ben (E)")
    expect(page.get_by_role("heading", name="E/W win!")).to_be_visible()
    expect(page.locator(".won-score")).to_have_text("N/S \u22124 – E/W 41")
    expect(page.locator(".hand-list .badge")).to_have_count(0)
    game = table.game()
    assert (game["status"], game["winner"], game["score"]) == ("finished", 1, [-4, 41])
    reasons = [hand["award"]["reason"] for hand in game["hands"]]
    assert reasons == ["moon-made", "moon-made", "bid-set", "moon-made"]


#: Names as a club's roster has them: six of them must fit a phone's row of seats.
LONG_SIX = [
    "Henry Hughes",
    "Maria Martinez",
    "Fitzgerald Smith",
    "Eve Evans",
    "Jack Johnson",
    "Olivia Lopez",
]


@pytest.mark.parametrize(
    ("variant", "names", "size"),
    [
        ("Six-handed", SIX, 200),
        ("Six-handed", LONG_SIX, 100),
        ("Six-handed", LONG_SIX, 200),
        ("Bid Euchre", FOUR, 200),
    ],
)
def test_the_variants_hand_forms_fit_a_phone_with_large_text(
    page: Page, live_server, variant: str, names: list[str], size: int
) -> None:
    text_size(page, size)
    table = Table(page, live_server.url)
    table.new_game(names, variant=variant)
    assert layout_problems(page) == []


#: A Bid Euchre hand's words in English and Korean: the game, its players' group, who won the
#: bid, what they bid, a bid of five.
BID_WORDS = {
    "en-US": ("Bid Euchre", "Players", "Who won the bid?", "What they bid", "5 tricks"),
    "ko-KR": ("비드 유커", "플레이어", "비딩을 따낸 사람은?", "비딩한 트릭 수", "5트릭"),
}


@pytest.mark.parametrize("locale", BID_WORDS)
@pytest.mark.parametrize("way", ["usual size", "text size 200", "page zoom 200"])
def test_each_count_of_tricks_says_its_score_whole_on_a_target_a_finger_can_tap(
    live_server, phone, locale: str, way: str
) -> None:
    """Once the bid is in, each count says what it scores ("Set! −5 to N/S, +6 to E/W"): in
    Korean a side ("북/남") broke at its slash, and at 200% page zoom three counts a row were
    38 px across."""
    if way == "page zoom 200":  # half the CSS pixels across, each two on the screen
        context = phone(
            locale=locale, viewport={"width": 180, "height": 370}, device_scale_factor=2
        )
        page = context.new_page()
    else:
        page = phone(locale=locale).new_page()
        if way == "text size 200":
            text_size(page, 200)
    game, players, maker, bid, five = BID_WORDS[locale]
    page.goto(live_server.url + "/new/")
    page.get_by_role("radio", name=game, exact=True).check()
    seats = page.get_by_role("group", name=players).get_by_role("textbox")
    for seat, name in enumerate(LONG_SIX[:4]):
        seats.nth(seat).fill(name)
    page.locator("form button[type=submit]").last.click()
    page.get_by_role("group", name=maker).get_by_role("radio").first.check()
    page.get_by_role("group", name=bid).get_by_role("radio", name=five).check()
    expect(page.locator(".ending-points").first).to_contain_text("\u22125")
    assert problems(page) == []


#: The seats of a new game whose name (the placeholder, "Northeast") does not fit its box.
NAMES_CUT = """() => [...document.querySelectorAll(".seats input")].filter((input) => {
  const hint = getComputedStyle(input, "::placeholder"), box = getComputedStyle(input);
  const pen = document.createElement("canvas").getContext("2d");
  pen.font = `${hint.fontWeight} ${hint.fontSize} ${hint.fontFamily}`;
  const room = input.clientWidth - parseFloat(box.paddingLeft) - parseFloat(box.paddingRight);
  return pen.measureText(input.placeholder).width > room;
}).map((input) => input.placeholder)"""


@pytest.mark.parametrize("way", ["usual size", "text size 200", "page zoom 200"])
def test_a_new_six_handed_game_shows_each_seat_s_name_whole(live_server, phone, way: str) -> None:
    """Two across, "Northeast" was cut to "Northeas" in its box; six letters of who deals
    first in a row were each under 44 px."""
    if way == "page zoom 200":
        page = phone(viewport={"width": 180, "height": 370}, device_scale_factor=2).new_page()
    else:
        page = phone().new_page()
        if way == "text size 200":
            text_size(page, 200)
    page.goto(live_server.url + "/new/")
    page.get_by_role("radio", name="Six-handed", exact=True).check()
    expect(page.get_by_role("group", name="Players").get_by_role("textbox")).to_have_count(6)
    # Alternate seats' letters ringed in their team's colour.
    rings = page.locator(".seat .seat-letter").evaluate_all(
        "letters => letters.map(l => getComputedStyle(l).boxShadow)"
    )
    assert len(set(rings)) == 2 and rings == [rings[seat % 2] for seat in range(6)], rings
    assert page.evaluate(NAMES_CUT) == []
    assert layout_problems(page) == []


def test_the_referee_rules_a_bid_euchre_no_trump_trick_in_korean(live_server, phone) -> None:
    """Under no trump the jack of diamonds is no bower: East, holding the king of hearts,
    throws it on North's heart lead and reneges."""
    page = phone(locale="ko-KR").new_page()
    page.goto(live_server.url + "/referee/")
    page.get_by_role("group", name="어떤 유커인가요?").get_by_role(
        "radio", name="비드 유커"
    ).check()
    page.get_by_role("group", name="노트럼프인가요?").get_by_role(
        "radio", name="하이 노트럼프 (에이스가 높음)"
    ).check()
    # An auction's makers won the bid (they called no trump), as the hand form asks.
    page.get_by_role("group", name="비딩을 따낸 사람은?").get_by_role("radio", name="북쪽").check()
    page.get_by_role("group", name="비딩한 트릭 수").get_by_role("radio", name="3트릭").check()
    page.get_by_role("group", name="누가 리드했나요?").get_by_role("radio", name="북쪽").check()
    trick = page.get_by_role("group", name="트릭에 나온 카드 (순서대로)", exact=True)
    for card in ["하트 9", "다이아몬드 잭", "하트 10", "스페이드 에이스"]:
        trick.get_by_role("button", name=card, exact=True).click()
    page.get_by_role("group", name="누구의 패인가요?").get_by_role("radio", name="동쪽").check()
    hand = page.get_by_role("group", name="동쪽의 패")
    for card in [
        "다이아몬드 잭",
        "하트 킹",
        "스페이드 9",
        "스페이드 10",
        "스페이드 퀸",
        "다이아몬드 에이스",
    ]:
        hand.get_by_role("button", name=card, exact=True).click()
    page.get_by_role("button", name="심판에게 묻기", exact=True).last.click()
    ruling = page.get_by_role("region", name="무늬 안 따르기!")
    expect(ruling).to_be_visible()
    expect(ruling).to_contain_text("하트 킹을 가지고 있었습니다")


def test_the_referee_rules_on_a_bid_euchre_auction_told_bid_by_bid(live_server, phone) -> None:
    """The bidding asked alone: a bid no higher than the last is not allowed (it counts as a
    pass), the highest bid is the contract's, and the referee says who names trump next."""
    page = phone().new_page()
    page.goto(live_server.url + "/referee/")
    page.get_by_role("group", name="Which Euchre?").get_by_role("radio", name="Bid Euchre").check()
    auction = page.get_by_role("group", name="The bidding (optional)")
    auction.get_by_role("group", name="Who dealt?").get_by_role("radio", name="North").check()
    for seat, bid in [("East", "Pass"), ("South", "3 tricks"), ("West", "3 tricks")]:
        turn = auction.get_by_role("group", name=f"{seat} said:")
        turn.get_by_role("button", name=bid, exact=True).dblclick()  # a double tap: one bid
    expect(auction.locator(".auction-said li")).to_have_text(
        ["East: Pass", "South: 3 tricks", "West: 3 tricks"]
    )
    auction.get_by_role("button", name="Take back the last bid").click()
    auction.get_by_role("group", name="West said:").get_by_role("button", name="Pass").click()
    auction.get_by_role("group", name="North said:").get_by_role("button", name="3 tricks").click()
    # The highest bid so far is the contract's (North's 3, not higher than South's: refused).
    page.get_by_role("button", name="Ask the referee", exact=True).last.click()
    ruling = page.get_by_role("region", name="Not legal")
    expect(ruling).to_contain_text("North")
    expect(ruling).to_contain_text("South won the bid and names trump next.")
    page.get_by_role("button", name="Start again").click()
    auction = page.get_by_role("group", name="The bidding (optional)")
    auction.get_by_role("group", name="Who dealt?").get_by_role("radio", name="North").check()
    auction.get_by_role("group", name="East said:").get_by_role("button", name="4 tricks").click()
    page.get_by_role("button", name="Ask the referee", exact=True).last.click()
    ruling = page.get_by_role("region", name="Legal")
    expect(ruling).to_contain_text("South bids next and may bid: Pass, 5 tricks, 6 tricks, Moon.")
    expect(ruling).to_contain_text("Nothing against the rules so far.")  # (no card played)
    expect(ruling).not_to_contain_text("that play")
    # A moon, which nothing outbids, ends the auction; a lower bid after a higher one is no
    # one's contract.
    auction.get_by_role("group", name="South said:").get_by_role("button", name="Moon").click()
    expect(auction.locator(".auction-turn")).to_have_count(0)
    maker = page.get_by_role("group", name="Who won the bid?")
    expect(maker.get_by_role("radio", name="South")).to_be_checked()
    auction.get_by_role("button", name="Take back the last bid").click()
    auction.get_by_role("group", name="South said:").get_by_role("button", name="3 tricks").click()
    expect(maker.get_by_role("radio", name="East")).to_be_checked()  # East's 4 stands


def test_a_bid_euchre_renege_is_entered_with_its_bid_and_without_a_suit(
    page: Page, live_server
) -> None:
    """The record keeps the bid (a quick entry's maker, bid and offender, spec/variants.md C):
    the sheet asks it, and a moon's partner, who sat out, is not offered as the offender."""
    table = Table(page, live_server.url)
    table.new_game(FOUR, variant="Bid Euchre")
    page.get_by_role("button", name="Renege…").click()
    sheet = page.get_by_role("dialog", name="A renege")
    expect(sheet.get_by_role("group", name="Trump", exact=True)).to_have_count(0)
    expect(sheet).to_contain_text("Who won the bid, what they bid, and who reneged")
    expect(sheet).to_contain_text("Tap who won the bid, the bid and who reneged.")
    sheet.get_by_role("group", name="Who won the bid?").get_by_role("radio", name="Ann (N)").check()
    bids = sheet.get_by_role("group", name="What they bid", exact=True)
    bids.get_by_role("radio", name="Moon").check()
    offenders = sheet.get_by_role("group", name="Who reneged?")
    expect(offenders.get_by_role("radio", name="Cat (S)")).to_have_count(0)
    offenders.get_by_role("radio", name="Ben (E)").check()
    expect(sheet.get_by_role("button", name="Save hand")).to_be_enabled()
    bids.get_by_role("radio", name="4 tricks").check()
    expect(offenders.get_by_role("radio", name="Cat (S)")).to_have_count(1)
    expect(sheet.locator(".preview-award")).to_have_text("Renege! +4 to N/S, −4 to E/W")
    sheet.get_by_role("button", name="Save hand").click()
    expect(page.get_by_label(points("E/W", -4))).to_have_text("\u22124")  # on the phone at once
    expect(page.locator(".hand-list")).to_contain_text("Ann (N) bid 4 · Ben (E) reneged")
    eventually(page, lambda: table.game()["hands"], what="the hand reaches the server")
    (hand,) = table.game()["hands"]
    assert hand["award"] == {"reason": "renege", "points": {"0": 4, "1": -4}}
    assert hand["bid"] == 4


@pytest.mark.service_worker
def test_a_bid_euchre_game_scored_offline_ends_on_the_made_bid_not_on_the_defenders_points(
    page: Page, context: BrowserContext, live_server
) -> None:
    table = Table(page, live_server.url)
    table.ready_offline()
    context.set_offline(True)
    table.new_game(FOUR, variant="Bid Euchre")
    for score in (12, 24):
        shoot_the_moon(table, "Ben (E)")
        expect(page.get_by_label(points("E/W", score))).to_have_text(str(score))
    for score in (3, 6, 9):  # N/S make three of three: E/W reach 33 as defenders, play on
        pick_bid(table, "Ann (N)", "3 tricks", 3)
        table.save()
        expect(page.get_by_label(points("N/S", score))).to_have_text(str(score))
    expect(page.get_by_label(points("E/W", 33))).to_have_text("33")
    expect(page.get_by_role("group", name="Who won the bid?")).to_be_visible()
    pick_bid(table, "Cat (S)", "3 tricks", 2)  # N/S are set: E/W win by setting them
    table.save()
    expect(page.get_by_role("heading", name="E/W win!")).to_be_visible()
    context.set_offline(False)
    expect(page.locator(".hand-list .badge")).to_have_count(0)
    game = api_get(live_server.url, f"/api/v1/games/{table.game_id}/")
    assert (game["status"], game["winner"], game["score"]) == ("finished", 1, [6, 37])


def test_the_phones_projected_winner_is_the_referees(live_server, page: Page) -> None:
    """Offline, the phone shows who won as the referee will (`referee.game_winner`), under an
    auction with and without `target_needs_contract`, and in a turn-up game by the score alone."""
    import referee
    from referee.scoring import Award

    page.goto(live_server.url + "/")
    cases = []
    for needs in (True, False):
        rules = referee.Ruleset.parse({"preset": "bid-euchre", "target_needs_contract": needs})
        for score, reason, scored, maker in [
            ([31, 33], "bid-made", {0: 3}, 0),  # both at the target: the makers
            ([28, 33], "bid-made", {0: 3}, 0),  # the defenders' points alone
            ([33, 20], "bid-set", {1: 4, 0: -4}, 1),
            ([30, 30], "bid-made", {0: 3}, 0),
            ([33, 20], "thrown-in", {}, None),  # no makers: nobody wins on it
        ]:
            award = Award(reason, scored)
            cases.append(
                {
                    "ruleset": rules.to_json(),
                    "score": score,
                    "last": {"maker": maker, "award": award.to_json()},
                    "expected": referee.game_winner(rules, score, award=award, maker=maker),
                }
            )
    # A renege that scores the side that did not renege nothing: still theirs to win on.
    free = referee.Ruleset.parse({"preset": "bid-euchre", "points": {"renege": 0}})
    award = Award("renege", {0: -4})
    cases.append(
        {
            "ruleset": free.to_json(),
            "score": [27, 31],
            "last": {"maker": 1, "award": award.to_json()},
            "expected": referee.game_winner(free, [27, 31], award=award, maker=1),
        }
    )
    assert cases[-1]["expected"] == 1
    # Turn-up games are won by the score alone, whatever `target_needs_contract` says (the
    # spec gives it no effect there): three-handed, level at the top, plays on.
    three = referee.Ruleset.parse({"preset": "three-handed", "target_needs_contract": True})
    for score, scored, maker in [([10, 10, 3], {1: 1}, 1), ([10, 9, 3], {0: 1}, 0)]:
        award = Award("make", scored)
        cases.append(
            {
                "ruleset": three.to_json(),
                "score": score,
                "last": {"maker": maker, "award": award.to_json()},
                "expected": referee.game_winner(three, score, award=award, maker=maker),
            }
        )
    projected = page.evaluate(
        """async (cases) => {
            const { leader } = await import("/static/webapp/js/rules.js");
            return cases.map((c) => leader(c.ruleset, c.score, c.last));
        }""",
        cases,
    )
    assert projected == [case["expected"] for case in cases]


def test_a_bid_euchre_renege_ruled_on_the_referee_screen_is_recorded_whoever_won_the_bid(
    page: Page, live_server
) -> None:
    """An auction's maker leads the first trick, whoever dealt (variants.md B.4): South won
    the bid with North dealing, so South leads, not East; West throws a club holding the left
    bower, and the ruling is the game's first hand."""
    table = Table(page, live_server.url)
    table.new_game(FOUR, variant="Bid Euchre", dealer="N")
    page.get_by_role("link", name="Referee").click()
    page.get_by_role("group", name="Trump", exact=True).get_by_role("radio", name="Hearts").check()
    page.get_by_role("group", name="Who won the bid?").get_by_role("radio", name="Cat (S)").check()
    page.get_by_role("group", name="What they bid").get_by_role("radio", name="3").check()
    leader = page.get_by_role("group", name="Who led?")
    expect(leader.get_by_role("radio", name="Cat (S)")).to_be_checked()  # the maker leads
    trick = page.get_by_role("group", name="Cards in the trick, in order", exact=True)
    for card in ["ace of hearts", "nine of clubs", "nine of hearts", "ten of hearts"]:
        trick.get_by_role("button", name=card, exact=True).click()
    expect(page.locator(".trick-slots .slot-seat")).to_have_text(
        ["Cat (S)", "Dan (W)", "Ann (N)", "Ben (E)"]
    )
    page.get_by_role("group", name="Whose hand?").get_by_role("radio", name="Dan (W)").check()
    hand = page.get_by_role("group", name="Cards in Dan (W)'s hand")
    for card in ["jack of diamonds", "nine of clubs", "king of spades"]:
        hand.get_by_role("button", name=card, exact=True).click()
    page.get_by_role("button", name="Ask the referee", exact=True).last.click()
    ruling = page.get_by_role("region", name="Renege!")
    expect(ruling).to_contain_text("left bower")
    ruling.get_by_role("button", name="Record this ruling as hand 1").click()
    expect(page.get_by_role("heading", name="Hand 2")).to_be_visible()
    eventually(page, lambda: table.game()["hands"], what="the hand reaches the server")
    (kept,) = table.game()["hands"]
    assert (kept["dealer"], kept["maker"], kept["bid"]) == (0, 2, 3)
    assert kept["award"] == {"reason": "renege", "points": {"0": 4, "1": -4}}
