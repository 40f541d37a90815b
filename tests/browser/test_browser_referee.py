"""Ask the referee: a left-bower renege, ruled with its explanation, in English and Korean."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import Page, expect
from table import Table, eventually, layout_problems

pytestmark = pytest.mark.browser

SIX = ["Ann", "Ben", "Cat", "Dan", "Eve", "Fay"]
FOUR = SIX[:4]

ENGLISH = {
    "trump": ("Trump", "Hearts"),
    "maker": ("Who called trump?", "Ben (E)"),
    "leader": ("Who led?", "Ben (E)"),
    "trick": "Cards in the trick, in order",
    "cards": ["ace of hearts", "nine of clubs", "nine of hearts", "ten of hearts"],
    "whose": ("Whose hand?", "Cat (S)"),
    "hand": "Cards in Cat (S)'s hand",
    "held": ["jack of diamonds", "nine of clubs", "king of spades"],
    "ask": "Ask the referee",
}
KOREAN = {
    "trump": ("트럼프", "하트"),
    "maker": ("누가 트럼프를 정했나요?", "동쪽"),
    "leader": ("누가 리드했나요?", "동쪽"),
    "trick": "트릭에 나온 카드 (순서대로)",
    "cards": ["하트 에이스", "클럽 9", "하트 9", "하트 10"],
    "whose": ("누구의 패인가요?", "남쪽"),
    "hand": "남쪽의 패",
    "held": ["다이아몬드 잭", "클럽 9", "스페이드 킹"],
    "ask": "심판에게 묻기",
}


def ask_about_the_renege(page: Page, words: dict) -> None:
    """East (the maker) leads the ace of hearts; South, holding the jack of diamonds (the
    left bower, a heart when hearts are trump), throws the nine of clubs."""
    for field in ("trump", "maker", "leader"):
        group, choice = words[field]
        page.get_by_role("group", name=group, exact=True).get_by_role("radio", name=choice).check()
    trick = page.get_by_role("group", name=words["trick"], exact=True)
    for card in words["cards"]:
        trick.get_by_role("button", name=card, exact=True).click()
    group, seat = words["whose"]
    page.get_by_role("group", name=group).get_by_role("radio", name=seat).check()
    hand = page.get_by_role("group", name=words["hand"])
    for card in words["held"]:
        hand.get_by_role("button", name=card, exact=True).click()
    page.get_by_role("button", name=words["ask"], exact=True).last.click()


def test_the_referee_rules_on_a_left_bower_renege(page: Page, live_server) -> None:
    table = Table(page, live_server.url)
    table.new_game(["Ann", "Ben", "Cat", "Dan"])
    page.get_by_role("link", name="Referee").click()
    ask_about_the_renege(page, {**ENGLISH, "maker": ("Who called trump?", "Ben (E)")})

    ruling = page.get_by_role("region", name="Renege!")
    expect(ruling).to_be_visible()
    expect(ruling).to_contain_text("jack of diamonds")
    expect(ruling).to_contain_text("left bower")
    expect(ruling).to_contain_text("Ben (E) wins the trick with the ace of hearts.")
    expect(ruling).to_contain_text("Under this game's rules: Renege! +2 to E/W")


def test_start_again_keeps_who_led_and_clears_the_trick(page: Page, live_server) -> None:
    """A new question at the same table: who led stays as the player set it (not the seat
    left of the dealer that the screen starts with); trump, who called and the cards go."""
    Table(page, live_server.url).new_game(["Ann", "Ben", "Cat", "Dan"])  # North deals
    page.get_by_role("link", name="Referee").click()
    for field, choice in (("trump", "Hearts"), ("maker", "Ann (N)"), ("leader", "Dan (W)")):
        group = page.get_by_role("group", name=ENGLISH[field][0], exact=True)
        group.get_by_role("radio", name=choice).check()
    trick = page.get_by_role("group", name=ENGLISH["trick"], exact=True)
    trick.get_by_role("button", name="ace of hearts", exact=True).click()
    expect(trick.get_by_role("button", name="Take back the ace of hearts")).to_have_count(1)
    page.get_by_role("button", name="Start again").click()
    led = page.get_by_role("group", name="Who led?", exact=True)
    expect(led.get_by_role("radio", checked=True)).to_have_accessible_name(re.compile("^Dan"))
    for field in ("trump", "maker"):
        group = page.get_by_role("group", name=ENGLISH[field][0], exact=True)
        expect(group.get_by_role("radio", checked=True)).to_have_count(0)
    expect(trick.get_by_role("button", name="Take back the ace of hearts")).to_have_count(0)


def test_the_referee_explains_in_korean_when_the_browser_asks_for_it(live_server, phone) -> None:
    page = phone(locale="ko-KR").new_page()
    page.goto(live_server.url + "/referee/")
    expect(page.get_by_role("heading", name="심판에게 묻기")).to_be_visible()
    ask_about_the_renege(page, KOREAN)

    ruling = page.get_by_role("region", name="무늬 안 따르기!")
    expect(ruling).to_be_visible()
    expect(ruling).to_contain_text("레프트 바우어")
    # Seats by the names on the screen, and each particle in the form its word takes.
    expect(ruling).to_contain_text(
        "남쪽이 하트가 리드된 트릭에 클럽 9를 냈지만 다이아몬드 잭을 가지고"
    )
    expect(ruling).to_contain_text("동쪽이 하트 에이스로 트릭을 가져갑니다.")
    expect(ruling).not_to_contain_text(re.compile(r"\((?:을|를|이|가|은|는|와|과|으)\)"))
    expect(ruling).not_to_contain_text("번 자리")
    expect(ruling).to_contain_text("이 게임 규칙으로: 무늬 안 따르기! 동/서 +2")

    # Switched to English, the question built so far is still there, and the referee is
    # asked again in English.
    page.get_by_role("button", name="English").click()
    expect(page.get_by_role("region", name="Renege!")).to_contain_text("left bower")
    expect(
        page.get_by_role("group", name="Trump", exact=True).get_by_role("radio", name="Hearts")
    ).to_be_checked()
    for card in ENGLISH["cards"]:
        expect(
            page.get_by_role("group", name=ENGLISH["trick"], exact=True).get_by_role(
                "button", name=card, exact=True
            )
        ).to_have_attribute("aria-pressed", "true")


# Every card name, and the particles it takes: by the last syllable's final consonant (잭,
# 퀸, 킹, 10 십, 7 칠, 8 팔 have one; 에이스, 9 구 and 조커 do not).
CARD_PARTICLES = [
    ("9C", "클럽 9를", "클럽 9가", "클럽 9는", "클럽 9와", "클럽 9로"),
    (
        "TD",
        "다이아몬드 10을",
        "다이아몬드 10이",
        "다이아몬드 10은",
        "다이아몬드 10과",
        "다이아몬드 10으로",
    ),
    ("JH", "하트 잭을", "하트 잭이", "하트 잭은", "하트 잭과", "하트 잭으로"),
    ("QS", "스페이드 퀸을", "스페이드 퀸이", "스페이드 퀸은", "스페이드 퀸과", "스페이드 퀸으로"),
    ("KC", "클럽 킹을", "클럽 킹이", "클럽 킹은", "클럽 킹과", "클럽 킹으로"),
    (
        "AD",
        "다이아몬드 에이스를",
        "다이아몬드 에이스가",
        "다이아몬드 에이스는",
        "다이아몬드 에이스와",
        "다이아몬드 에이스로",
    ),
    ("7H", "하트 7을", "하트 7이", "하트 7은", "하트 7과", "하트 7로"),
    ("8S", "스페이드 8을", "스페이드 8이", "스페이드 8은", "스페이드 8과", "스페이드 8로"),
    ("JOKER", "조커를", "조커가", "조커는", "조커와", "조커로"),
]


def test_korean_particles_follow_the_card_names(live_server, phone) -> None:
    page = phone(locale="ko-KR").new_page()
    page.goto(live_server.url + "/referee/")
    expect(page.get_by_role("heading", name="심판에게 묻기")).to_be_visible()
    written = page.evaluate(
        """async (cards) => {
            const { particle } = await import("/static/webapp/js/i18n.js");
            const { cardName } = await import("/static/webapp/js/rules.js");
            return cards.map((card) => [card, ...["을(를)", "이(가)", "은(는)", "와(과)", "(으)로"]
                .map((pair) => particle(cardName(card), pair))]);
        }""",
        [row[0] for row in CARD_PARTICLES],
    )
    assert [tuple(row) for row in written] == CARD_PARTICLES


def test_korean_text_does_not_break_inside_a_word(live_server, phone) -> None:
    page = phone(locale="ko-KR").new_page()
    page.goto(live_server.url + "/referee/")
    expect(page.get_by_role("heading", name="심판에게 묻기")).to_be_visible()
    assert page.evaluate("() => getComputedStyle(document.querySelector('.lead')).wordBreak") == (
        "keep-all"
    )


def test_the_referee_takes_a_moons_exchange_and_leaves_the_partner_out(
    page: Page, live_server
) -> None:
    """Bid Euchre: North shoots the moon; South passes the ace of hearts and North lays away
    the nine of clubs. The trick is three cards: South sits the hand out."""
    page.goto(live_server.url + "/referee/")
    page.get_by_role("group", name="Which Euchre?").get_by_role("radio", name="Bid Euchre").check()
    page.get_by_role("group", name="Trump", exact=True).get_by_role("radio", name="Hearts").check()
    page.get_by_role("group", name="Who won the bid?").get_by_role("radio", name="North").check()
    page.get_by_role("group", name="What they bid").get_by_role("radio", name="Moon").check()
    exchange = page.get_by_role("group", name="The exchange")
    exchange.get_by_role("group", name="Passed by South").get_by_role(
        "button", name="ace of hearts", exact=True
    ).click()
    exchange.get_by_role("group", name="Laid away by North").get_by_role(
        "button", name="nine of clubs", exact=True
    ).click()
    page.get_by_role("group", name="Who led?").get_by_role("radio", name="North").check()
    trick = page.get_by_role("group", name="Cards in the trick, in order", exact=True)
    for card in ["ace of hearts", "nine of hearts", "ten of hearts"]:
        trick.get_by_role("button", name=card, exact=True).click()
    expect(page.locator(".trick-slots li")).to_have_count(3)
    with page.expect_request(re.compile(r"/api/v1/referee/check")) as asked:
        page.get_by_role("button", name="Ask the referee", exact=True).last.click()
    record = asked.value.post_data_json
    assert record["exchange"] == {"passed": [{"seat": 2, "card": "AH"}], "discard": ["9C"]}
    assert [play["seat"] for play in record["tricks"][0]] == [0, 1, 3]
    ruling = page.get_by_role("region", name="Legal")
    expect(ruling).to_contain_text("North wins the trick with the ace of hearts.")


def test_a_six_handed_loner_plays_against_three_with_both_partners_out(
    page: Page, live_server
) -> None:
    page.goto(live_server.url + "/referee/")
    page.get_by_role("group", name="Which Euchre?").get_by_role("radio", name="Six-handed").check()
    page.get_by_role("group", name="Trump", exact=True).get_by_role("radio", name="Spades").check()
    page.get_by_role("group", name="Who called trump?").get_by_role(
        "radio", name="North", exact=True
    ).check()
    page.get_by_role("switch", name="Went alone").check()
    # The rules give no exchange here (no calling for the best): none is asked.
    expect(page.get_by_role("group", name="The exchange")).to_have_count(0)
    page.get_by_role("group", name="Who led?").get_by_role(
        "radio", name="North", exact=True
    ).check()
    trick = page.get_by_role("group", name="Cards in the trick, in order", exact=True)
    for card in ["jack of spades", "seven of spades", "eight of spades", "nine of spades"]:
        trick.get_by_role("button", name=card, exact=True).click()
    # North against Northeast, South and Northwest; Southeast and Southwest sit out.
    expect(page.locator(".trick-slots .slot-seat")).to_have_text(
        ["North", "Northeast", "South", "Northwest"]
    )
    page.get_by_role("button", name="Ask the referee", exact=True).last.click()
    expect(page.get_by_role("region", name="Legal")).to_contain_text(
        "North wins the trick with the jack of spades."
    )


def test_a_lead_told_from_the_loners_partner_is_ruled_as_told(page: Page, live_server) -> None:
    """The seat ticked as having led is the trick's first, even one the rules sit out: the
    referee rules on the hand as the table tells it, never on a trick the screen moved."""
    page.goto(live_server.url + "/referee/")
    led = hearts_alone(page, "East")
    led.get_by_role("radio", name="West", exact=True).check()
    expect(page.locator(".trick-slots .slot-seat")).to_have_text(["West", "North", "East", "South"])
    trick = page.get_by_role("group", name="Cards in the trick, in order", exact=True)
    for card in ["ace of spades", "nine of spades", "ten of spades"]:
        trick.get_by_role("button", name=card, exact=True).click()
    page.get_by_role("button", name="Ask the referee", exact=True).last.click()
    expect(page.locator(".ruling")).to_contain_text(
        "West played the ace of spades, but they sit out this hand because their partner, "
        "East, is playing alone."
    )


def hearts_alone(page: Page, maker: str) -> Any:
    """On the referee screen: hearts are trump, called by `maker` alone; the "Who led?"
    choices."""
    page.get_by_role("group", name="Trump", exact=True).get_by_role("radio", name="Hearts").check()
    page.get_by_role("group", name="Who called trump?").get_by_role(
        "radio", name=maker, exact=True
    ).check()
    page.get_by_role("switch", name="Went alone").check()
    return page.get_by_role("group", name="Who led?", exact=True)


def rule_on_a_renege(page: Page, trick: list[str], whose: str) -> None:
    """The cards of the first trick in play order; the hand of the seat that threw a club
    holding the left bower (hearts trump); asked."""
    held = ENGLISH["held"]
    cards = page.get_by_role("group", name=ENGLISH["trick"], exact=True)
    for card in trick:
        cards.get_by_role("button", name=card, exact=True).click()
    page.get_by_role("group", name="Whose hand?").get_by_role("radio", name=whose).check()
    hand = page.get_by_role("group", name=f"Cards in {whose}'s hand")
    for card in held:
        hand.get_by_role("button", name=card, exact=True).click()
    page.get_by_role("button", name="Ask the referee", exact=True).last.click()


def record_the_renege(page: Page, table: Table) -> dict:
    """The ruling recorded as the game's first hand: what reaches the server."""
    ruling = page.get_by_role("region", name="Renege!")
    expect(ruling.get_by_role("listitem")).to_have_count(1)  # the renege, and no wrong lead
    expect(ruling).to_contain_text("left bower")
    ruling.get_by_role("button", name="Record this ruling as hand 1").click()
    expect(page.get_by_role("heading", name="Hand 2")).to_be_visible()
    eventually(page, lambda: table.game()["hands"], what="the hand reaches the server")
    (kept,) = table.game()["hands"]
    return kept


def test_a_renege_against_a_loner_led_from_left_of_the_loner_is_recorded_as_the_hand(
    page: Page, live_server
) -> None:
    """`loner_lead: left-of-loner`: North deals and East goes alone, so South leads (West sits
    out); North throws a club holding the left bower. The hand keeps the game's dealer: East
    going alone does not make East the dealer."""
    table = Table(page, live_server.url)

    def left_of_loner(page: Page) -> None:
        page.get_by_text("More rules").click()
        page.get_by_role("radio", name="The player left of the loner").check()

    table.new_game(FOUR, dealer="N", options=left_of_loner)
    assert table.game()["ruleset"]["loner_lead"] == "left-of-loner"
    page.get_by_role("link", name="Referee").click()
    led = page.get_by_role("group", name="Who led?", exact=True)
    expect(led.get_by_role("radio", name="Ben (E)")).to_be_checked()  # left of the dealer
    hearts_alone(page, "Ben (E)")
    expect(led.get_by_role("radio", name="Cat (S)")).to_be_checked()  # left of the loner
    rule_on_a_renege(
        page,
        ["ace of hearts", "nine of clubs", "nine of hearts"],
        "Ann (N)",
    )
    expect(page.locator(".trick-slots .slot-seat")).to_have_text(["Cat (S)", "Ann (N)", "Ben (E)"])
    kept = record_the_renege(page, table)
    assert (kept["dealer"], kept["maker"], kept["alone"]) == (0, 1, True)
    assert kept["award"] == {"reason": "renege", "points": {"1": 4}}


def test_a_loner_whose_partner_sits_left_of_the_dealer_has_the_next_seat_lead(
    page: Page, live_server
) -> None:
    """The standard rule (left of the dealer): North deals, West goes alone, East (left of the
    dealer) sits out, so South leads; the ruling is the hand North dealt."""
    table = Table(page, live_server.url)
    table.new_game(FOUR, dealer="N")
    page.get_by_role("link", name="Referee").click()
    led = hearts_alone(page, "Dan (W)")
    expect(led.get_by_role("radio", name="Cat (S)")).to_be_checked()
    rule_on_a_renege(
        page,
        ["ace of hearts", "nine of hearts", "nine of clubs"],
        "Ann (N)",
    )
    expect(page.locator(".trick-slots .slot-seat")).to_have_text(["Cat (S)", "Dan (W)", "Ann (N)"])
    kept = record_the_renege(page, table)
    assert (kept["dealer"], kept["maker"], kept["alone"]) == (0, 3, True)
    assert kept["award"] == {"reason": "renege", "points": {"1": 4}}
    # Its message has the Undo every save has: the ruling's hand goes from the server.
    message = page.get_by_role("alert")
    expect(message).to_contain_text("Hand 1")
    message.get_by_role("button", name="Undo").click()
    expect(page.get_by_role("heading", name="Hand 1")).to_be_visible()
    eventually(page, lambda: not table.game()["hands"], what="the ruling's hand undone")


def test_a_six_handed_canadian_loner_who_ordered_up_has_the_seat_to_the_left_lead(
    page: Page, live_server
) -> None:
    """`canadian_loner`, six-handed: North deals, Southeast orders up alone in round one, so
    South leads (North and Southwest sit out); Northwest reneges, and the ruling is the hand."""
    table = Table(page, live_server.url)
    table.new_game(
        SIX,
        variant="Six-handed",
        options=lambda p: p.get_by_role("switch", name="Canadian loner").check(),
    )
    assert table.game()["ruleset"]["canadian_loner"] is True
    page.get_by_role("link", name="Referee").click()
    led = hearts_alone(page, "Cat (SE)")
    # Called in round two, the seat left of the dealer leads; ordered up, left of the loner.
    expect(led.get_by_role("radio", name="Ben (NE)")).to_be_checked()
    page.get_by_role("switch", name="Ordered up in round one").check()
    expect(led.get_by_role("radio", name="Dan (S)")).to_be_checked()
    assert layout_problems(page) == []
    rule_on_a_renege(
        page,
        ["ace of hearts", "nine of clubs", "seven of hearts", "jack of hearts"],
        "Fay (NW)",
    )
    expect(page.locator(".trick-slots .slot-seat")).to_have_text(
        ["Dan (S)", "Fay (NW)", "Ben (NE)", "Cat (SE)"]
    )
    kept = record_the_renege(page, table)
    assert (kept["dealer"], kept["maker"], kept["alone"]) == (0, 2, True)
    assert kept["award"] == {"reason": "renege", "points": {"0": 4}}


def test_the_phones_first_leader_is_the_referees(page: Page, live_server) -> None:
    """Who the screen ticks as leading the first trick is who the referee says leads it
    (`referee/seating.py`), for every dealer, maker and lone call under each lead rule."""
    import referee
    from referee.seating import Tables

    page.goto(live_server.url + "/referee/")
    cases = []
    for options in (
        {"preset": "standard"},
        {"preset": "standard", "loner_lead": "left-of-loner"},
        {"preset": "standard", "canadian_loner": True},
        {"preset": "six-handed"},
        {"preset": "six-handed", "loner_lead": "left-of-loner"},
        {"preset": "six-handed", "canadian_loner": True},
        {"preset": "bid-euchre"},
    ):
        rules = referee.Ruleset.parse(options)
        tables = Tables(rules)
        for dealer in range(rules.players):
            for maker in range(rules.players):
                for alone in (False, True):
                    for round_one in (False, True):
                        seating = tables.seating(dealer, maker, alone, None, round_one)
                        cases.append(
                            {
                                "ruleset": rules.to_json(),
                                "asked": {
                                    "dealer": dealer,
                                    "maker": maker,
                                    "alone": alone,
                                    "orderedUp": round_one,
                                },
                                "expected": seating.first_leader,
                            }
                        )
    ticked = page.evaluate(
        """async (cases) => {
            const { firstLeader } = await import("/static/webapp/js/rules.js");
            return cases.map((c) => firstLeader(c.ruleset, c.asked));
        }""",
        cases,
    )
    assert ticked == [case["expected"] for case in cases]


def test_a_won_game_is_ruled_on_and_offers_no_hand_to_record(page: Page, live_server) -> None:
    """A game won takes no more hands: its referee still rules, and offers no ruling to
    record (the server would refuse it)."""
    table = Table(page, live_server.url)
    table.new_game(FOUR)
    for _ in range(3):  # three lone marches: 12 points
        table.hand("Ann (N)", "March", alone=True)
    eventually(page, lambda: table.game()["winner"] is not None, what="the game is won")
    page.get_by_role("link", name="Referee").click()
    # West deals hand 4 and North leads; East, alone, throws a club holding the left bower.
    hearts_alone(page, "Ben (E)")
    rule_on_a_renege(page, ["ace of hearts", "nine of clubs", "nine of hearts"], "Ben (E)")
    ruling = page.get_by_role("region", name="Renege!")
    expect(ruling).to_contain_text("left bower")
    expect(ruling.get_by_role("button", name=re.compile("^Record this ruling"))).to_have_count(0)


def test_a_card_is_named_as_a_word_the_sentence_gives_its_article(live_server, phone) -> None:
    """ "with the {card}": no card's name brings an article of its own ("the the joker")."""
    page = phone().new_page()
    page.goto(live_server.url + "/referee/")
    expect(page.get_by_role("heading", name="Ask the referee")).to_be_visible()
    named = page.evaluate(
        """async () => {
            const { cardName, deckCards } = await import("/static/webapp/js/rules.js");
            const { t } = await import("/static/webapp/js/i18n.js");
            return [deckCards(33).map(cardName),
                    t("ref.winner", { name: "East", card: cardName("JOKER") })];
        }"""
    )
    assert not [name for name in named[0] if name.lower().startswith("the ")]
    assert named[1] == "East wins the trick with the joker."


def test_a_club_rounds_hands_all_in_leave_no_ruling_to_record(
    live_server, phone, django_user_model, settings
) -> None:
    """A round of two hands, both entered: the table's referee still rules, and offers no
    third hand to record (the server would refuse it, the round's hands all in)."""
    from test_the_table_in_two_taps import round_of_two_played

    table, names, *_ = round_of_two_played(live_server, phone, django_user_model, settings)
    page = table.page
    page.get_by_role("link", name="Referee").click()
    # South deals hand 3, so West leads; North throws a club holding the left bower.
    page.get_by_role("group", name="Trump", exact=True).get_by_role("radio", name="Hearts").check()
    page.get_by_role("group", name="Who called trump?").get_by_role(
        "radio", name=names[1], exact=True
    ).check()
    cards = ["ace of hearts", "nine of clubs", "nine of hearts", "ten of hearts"]
    rule_on_a_renege(page, cards, names[0])
    ruling = page.get_by_role("region", name="Renege!")
    expect(ruling).to_contain_text("left bower")
    expect(ruling.get_by_role("button", name=re.compile("^Record this ruling"))).to_have_count(0)
