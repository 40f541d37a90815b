"""Scoring at the table through the app: a whole game, a Uka hand, undo, amend and the log."""

from __future__ import annotations

import io
import re

import pytest
from django.core.management import call_command
from playwright.sync_api import Page, Route, expect
from table import OUTBOX, Table, api_get, eventually, points

pytestmark = pytest.mark.browser

FOUR = ["Ann", "Ben", "Cat", "Dan"]

# A standard game to 10, hand by hand: (maker, suit, tricks, alone), what the hand scored as
# the app says it once saved, the score after (N/S, E/W), and who deals next.
STANDARD_GAME = [
    (("Ann (N)", "Hearts", 3, False), "Made it! +1 to N/S", (1, 0), "Ben (E)"),
    (("Ben (E)", "Spades", 1, False), "Euchred! +2 to N/S", (3, 0), "Cat (S)"),
    (("Cat (S)", "Clubs", 5, False), "March! +2 to N/S", (5, 0), "Dan (W)"),
    (("Dan (W)", "Diamonds", 4, False), "Made it! +1 to E/W", (5, 1), "Ann (N)"),
    (("Ann (N)", "Spades", 5, True), "Loner march! +4 to N/S", (9, 1), "Ben (E)"),
    (("Ben (E)", "Hearts", 2, False), "Euchred! +2 to N/S", (11, 1), None),
]


def test_a_whole_standard_game_is_scored_to_the_end(page: Page, live_server) -> None:
    table = Table(page, live_server.url)
    table.new_game(FOUR)
    expect(page.get_by_text("Dealt by Ann (N)")).to_be_visible()

    for number, ((maker, suit, tricks, alone), said, (ns, ew), dealer) in enumerate(
        STANDARD_GAME, 1
    ):
        table.pick_hand(maker, suit, tricks, alone=alone)
        # The ending's button says what it scores before it is tapped.
        expect(table.ending_button()).to_contain_text(said.split("! ")[-1].replace(" to ", " "))
        table.save()
        expect(page.get_by_role("alert")).to_have_text(f"Hand {number}: {said}Undo")
        expect(page.get_by_label(points("N/S", ns))).to_have_text(str(ns))
        expect(page.get_by_label(points("E/W", ew))).to_have_text(str(ew))
        if dealer:
            expect(page.get_by_text(f"Dealt by {dealer}")).to_be_visible()
        if (ns, ew) == (9, 1):
            expect(page.get_by_text("Game point")).to_be_visible()

    expect(page.get_by_role("heading", name="N/S win!")).to_be_visible()
    expect(page.get_by_role("group", name="How did it end?")).to_have_count(0)
    # The count picture shows every point up to eleven; the chart has a line per team.
    expect(page.locator(".count.t0 .pip.on")).to_have_count(11)
    expect(page.locator(".count.t1 .pip.on")).to_have_count(1)
    expect(page.locator(".chart .series polyline")).to_have_count(2)

    expect(page.locator(".hand-list .badge")).to_have_count(0)  # every hand sent
    game = table.game()
    assert game["status"] == "finished"
    assert game["winner"] == 0
    assert game["score"] == [11, 1]
    assert [hand["award"]["reason"] for hand in game["hands"]] == [
        "make",
        "euchre",
        "march",
        "make",
        "lone-march",
        "euchre",
    ]
    # Told by how each ended, with the suit given: no tricks are kept, the suits are.
    assert [(h["outcome"], h["maker_tricks"], h["trump"]) for h in game["hands"][:2]] == [
        ("made", None, "H"),
        ("euchred", None, "S"),
    ]


def test_a_uka_hand_where_the_loner_falls_short_is_euchred(page: Page, live_server) -> None:
    table = Table(page, live_server.url)
    table.new_game(FOUR, variant="Uka", dealer="W")
    table.page.get_by_role("link", name="Log").click()
    table.page.get_by_role("link", name="Score").click()

    table.pick_hand("Ann (N)", "Clubs", 4, alone=True)
    expect(table.ending_button()).to_contain_text("Loner euchred! +4 to E/W")
    table.save()
    expect(page.get_by_label("E/W: 4 points")).to_have_text("4")

    expect(page.locator(".hand-list .badge")).to_have_count(0)
    game = table.game()
    assert game["preset"] == "uka"
    assert game["ruleset"]["stuck_dealer"] == "takes-upcard"
    assert [hand["award"] for hand in game["hands"]] == [
        {"reason": "lone-euchre", "points": {"1": 4}}
    ]


def test_the_new_game_form_speaks_of_house_rules_in_plain_words(page: Page, live_server) -> None:
    table = Table(page, live_server.url)

    def house_rules(page: Page) -> None:
        page.get_by_role("radio", name="Throw the hand in; the next player deals").check()
        page.get_by_role("switch", name="Defend alone").check()
        page.get_by_role("switch", name="Canadian loner").check()
        page.get_by_role("button", name="One point more").click()
        page.get_by_text("More rules").click()
        page.get_by_role("radio", name="Yes, with no ace or face card").check()

    table.new_game(FOUR, options=house_rules)
    ruleset = table.game()["ruleset"]
    assert ruleset["stuck_dealer"] == "redeal"
    assert ruleset["defend_alone"] is True
    assert ruleset["canadian_loner"] is True
    assert ruleset["target"] == 11
    assert ruleset["poor_hand_redeal"] == "no-ace-no-face"

    table.pick_hand("Ben (E)", "Diamonds", 2, alone=True, defender="Cat (S)")
    expect(table.ending_button()).to_contain_text("+4 N/S")
    table.save()
    expect(page.get_by_role("alert")).to_contain_text("Euchred by a lone defender! +4 to N/S")
    page.get_by_role("button", name="Thrown in (no one called)").click()
    expect(page.get_by_text("Dealt by Cat (S)")).to_be_visible()
    # A poor hand is redealt by the same dealer.
    page.get_by_role("button", name="Redeal a poor hand").click()
    expect(page.get_by_role("heading", name="Hand 4")).to_be_visible()
    expect(page.get_by_text("Dealt by Cat (S)")).to_be_visible()
    expect(page.locator(".hand-list .badge")).to_have_count(0)  # all sent
    hands = table.game()["hands"]
    assert [(hand["kind"], hand["dealer"], hand["award"]["reason"]) for hand in hands] == [
        ("played", 0, "defend-alone-euchre"),
        ("thrown-in", 1, "thrown-in"),
        ("redeal", 2, "thrown-in"),
    ]
    assert table.game()["dealer"] == 2


def test_undo_and_amend_with_a_reason_are_in_the_log(page: Page, live_server) -> None:
    table = Table(page, live_server.url)
    table.new_game(FOUR)
    table.pick_hand("Ann (N)", "Hearts", 3)
    table.save()
    table.pick_hand("Ben (E)", "Clubs", 5)
    table.save()
    expect(page.get_by_label("E/W: 2 points")).to_be_visible()

    page.get_by_role("button", name="Undo hand 2").click()
    page.get_by_role("button", name="Tap again to undo hand 2").click()
    expect(page.get_by_label("E/W: 0 points")).to_be_visible()

    page.get_by_role("button", name=re.compile(r"^Change hand 1:")).click()
    dialog = page.get_by_role("dialog", name="Change hand 1")
    dialog.get_by_role("group", name="How did it end?").get_by_role(
        "radio", name=re.compile("^March")
    ).check()
    expect(dialog.locator(".preview-award")).to_have_text("March! +2 to N/S")
    dialog.get_by_role("textbox", name="Why? (shown in the log)").fill(
        "Ann took the last trick too"
    )
    dialog.get_by_role("button", name="Save the change").click()
    expect(page.get_by_label("N/S: 2 points")).to_be_visible()

    page.get_by_role("link", name="Log").click()
    log = page.locator("ol.log")
    expect(log.get_by_text("Hand 1 changed")).to_be_visible()
    expect(log.get_by_text("Why: Ann took the last trick too")).to_be_visible()
    expect(log.get_by_text("Hand 2 undone")).to_be_visible()
    actions = [
        entry["action"] for entry in api_get(live_server.url, f"/api/v1/games/{table.game_id}/log/")
    ]
    assert actions == ["create-game", "record", "record", "undo", "amend"]


OPTION_HINTS = """() => [...document.querySelectorAll("[data-option]")].map((el) => [
    el.dataset.option, (el.querySelector(".hint, .switch-text small")?.textContent || "").trim(),
])"""


def test_every_house_rule_is_explained_with_the_names_players_know(page: Page, live_server) -> None:
    table = Table(page, live_server.url)
    table.open("/new/")
    page.get_by_role("switch", name="Defend alone").check()
    page.get_by_text("More rules").click()
    hints = dict(page.evaluate(OPTION_HINTS))
    assert len(hints) == 12, hints  # calling for a partner's best card among them
    assert [option for option, hint in hints.items() if not hint] == []
    assert "must keep it" in hints["dealer_may_discard_upcard"]
    rules = page.locator("form.new-game")
    for folk_name in [
        "Stick the dealer",
        "farmer's hand",
        "Canadian loner",
        "Going alone (a loner)",
    ]:
        expect(rules).to_contain_text(folk_name)
    uka = page.locator("label", has=page.get_by_role("radio", name="Uka", exact=True))
    expect(uka).to_contain_text("the dealer takes the upcard and must keep it")

    page.get_by_role("link", name="How these rules work").click()
    expect(page.get_by_role("heading", name="Options")).to_be_visible()
    assert page.url.endswith("/rules/#options")
    expect(page.locator("#stuck_dealer")).to_contain_text("what happens when the second round")


@pytest.mark.parametrize(
    ("variant", "option", "offered"),
    [
        ("Standard", None, False),
        ("Uka", None, False),
        ("Standard", "Throw the hand in; the next player deals", True),
    ],
)
def test_thrown_in_is_offered_only_where_a_hand_can_be_thrown_in(
    page: Page, live_server, variant: str, option: str | None, offered: bool
) -> None:
    table = Table(page, live_server.url)
    choose = (lambda p: p.get_by_role("radio", name=option).check()) if option else None
    table.new_game(FOUR, variant=variant, options=choose)
    thrown_in = page.get_by_role("button", name="Thrown in (no one called)")
    expect(thrown_in).to_have_count(1 if offered else 0)
    table.pick_hand("Ann (N)", "Hearts", 3)
    table.save()
    page.get_by_role("button", name=re.compile(r"^Change hand 1:")).click()
    expect(page.get_by_role("dialog").get_by_role("switch", name="Thrown in")).to_have_count(
        1 if offered else 0
    )


def test_the_demo_games_are_on_the_home_screen(page: Page, live_server) -> None:
    call_command("load_demo", stdout=io.StringIO())
    table = Table(page, live_server.url)
    table.open("/")
    demo = page.get_by_role("region", name="Demo games")
    expect(demo.get_by_role("link")).to_have_count(3)
    demo.get_by_role("link", name=re.compile(r"^Eve & Gus v Fay & Hal")).click()
    expect(page.get_by_role("heading", name="N/S win!")).to_be_visible()
    expect(page.get_by_role("heading", name="Watching")).to_have_count(0)
    expect(page.locator(".hand-list li")).to_have_count(7)


def test_a_two_handed_game_is_won_by_one_player_said_as_one(page: Page, live_server) -> None:
    """Two-handed, each seat plays for itself: the winner's heading names the player, "Ben
    wins!" (not a team's "S win!"), once."""
    table = Table(page, live_server.url)
    table.new_game(["Ann", "Ben"], variant="Two-handed")
    for _ in range(5):  # five marches of two points: ten
        table.hand("Ben (S)", "March")
    expect(page.get_by_role("heading", name="Ben wins!", exact=True)).to_be_visible()
    expect(page.locator(".won-names")).to_have_count(0)
    # (The heading comes as the hand is kept on the phone; the server has it a moment later.)
    eventually(page, lambda: table.game()["winner"] is not None, what="the game won on the server")
    assert (table.game()["winner"], table.game()["score"]) == (1, [0, 10])


#: An entry dropped (as a refused hand is once read), then its Undo asked for: what `undoHand`
#: answers, and what the outbox holds after it.
UNDO_OF_A_DROPPED_ENTRY = """async ([gameId, entryId]) => {
  const outbox = await import("/static/webapp/js/outbox.js");
  const gone = await outbox.discard(entryId);
  const undone = await outbox.undoHand(gameId, { entryId, path: "x", number: 2, version: 2 });
  return [gone, undone];
}"""


def test_the_undo_of_a_hand_already_dropped_takes_back_nothing(page: Page, live_server) -> None:
    """A hand waiting offline is dropped (a refused one, read): an Undo tapped for it then
    finds nothing to take back, and queues no undo (which would take back the hand before)."""
    table = Table(page, live_server.url)
    table.new_game(FOUR)
    table.hand("Ann (N)", "Made")
    eventually(page, lambda: len(table.game()["hands"]) == 1, what="the first hand recorded")
    page.context.set_offline(True)
    table.hand("Ben (E)", "Made")
    eventually(page, lambda: len(page.evaluate(OUTBOX)) == 1, what="the hand kept offline")
    (entry,) = page.evaluate(OUTBOX)
    done = page.evaluate(UNDO_OF_A_DROPPED_ENTRY, [entry["gameId"], entry["id"]])
    assert done == [True, False]
    assert page.evaluate(OUTBOX) == []
    page.context.set_offline(False)
    assert [hand["maker"] for hand in table.game()["hands"]] == [0]


def test_the_undo_of_a_hand_the_server_refused_takes_back_no_other(page: Page, live_server) -> None:
    """A hand the server refuses is dropped: its Undo, tapped then, takes nothing back, and
    once the player has read why ("OK") none is left offered for it (it would take back the
    hand before); that hand stays."""
    table = Table(page, live_server.url)
    table.new_game(FOUR)
    table.hand("Ann (N)", "Made")
    eventually(page, lambda: len(table.game()["hands"]) == 1, what="the first hand recorded")
    problem = {"title": "Unprocessable Content", "status": 422, "detail": "Refused.", "code": "x"}

    refused_once: list[str] = []

    def refuse_once(route: Route) -> None:
        if route.request.method != "POST" or refused_once:
            route.continue_()
            return
        refused_once.append(route.request.url)
        route.fulfill(status=422, content_type="application/problem+json", json=problem)

    page.route("**/api/v1/games/*/hands/", refuse_once)
    table.pick_hand("Ben (E)", None, 3)
    table.ending_button("Made").click()
    refused = page.get_by_role("alert").filter(has=page.get_by_role("button", name="OK"))
    expect(refused).to_contain_text("Not recorded")
    refused.get_by_role("button", name="OK").click()
    expect(refused).to_have_count(0)
    expect(page.get_by_role("button", name="Undo", exact=True)).to_have_count(0)
    expect(page.get_by_role("heading", name="Hand 2")).to_be_visible()
    eventually(page, lambda: page.evaluate(OUTBOX) == [], what="nothing left to send")
    assert [hand["maker"] for hand in table.game()["hands"]] == [0]
