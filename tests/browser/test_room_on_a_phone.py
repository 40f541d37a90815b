"""The room's pages on a 360x740 phone, in English and Korean, light and dark: the players'
standings, the results page, the projector, "find your table" and the round's sheet (which
breaks no name inside a word) never run off the screen, and the links a player taps on the
pages they open (a name, a round, a page of the night) are a finger's size
(nor do the tally cards, a round robin's crosstable, a Swiss night's pairings and standings
with their Buchholz, and a party's projector with who moves where); and the projector keeps
up by itself.
With SHOTS_DIR set, screenshots go there for a person to look at."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import expect
from screens import shot
from table import layout_problems, text_size

from scorekeeper.events import services
from scorekeeper.events.pages import room
from tests.events.event_helpers import event_founded, rounds_entered

pytestmark = pytest.mark.browser


# Long names, as clubs have them: the pages must wrap them, not widen.
NAMES = [
    "Alexandra Montgomery-Whitfield",
    "Bartholomew Okonkwo",
    "김민준",
    "Dorothea Vanderbilt",
    "Evangeline Papadopoulos",
    "Fitzgerald O'Shaughnessy",
    "이서연",
    "Henrietta Castellanos",
    "Ignatius Wojciechowski",
]


def night(django_user_model):
    dora, event = event_founded(
        django_user_model.objects.create_user("dora"),
        club="Riverside Euchre Club",
        name="Tuesday progressive at the Riverside community hall",
        format="progressive",
        entry="totals",
        round_length="hands",
        hands_per_round=8,
        rounds_planned=4,
        sit_out_credit="average",
        published=True,
        ruleset="openspiel",
    )
    for name in NAMES:
        services.entrant_add(event=event, actor=dora, name=name)
    rounds_entered(event, dora, 2, [10, 7])
    services.round_generate(event=event, actor=dora)
    league = services.event_create(
        club=event.club,
        actor=dora,
        name="Pairs league",
        format="round-robin",
        entry="totals",
        round_length="hands",
        hands_per_round=8,
        published=True,
    )
    for i in range(6):
        services.team_add(
            event=league,
            actor=dora,
            name=f"Team {NAMES[i].split()[0]}",
            players=[f"{NAMES[i]} {i}", f"{NAMES[(i + 3) % 9]} {i + 10}"],
        )
    rounds_entered(league, dora, 2, [10, 4])
    return dora, event, league


def swiss_and_party(dora, club):
    """A Swiss night of seven teams, its second round seated, and a party of nine players
    after its first round."""
    swiss = services.event_create(
        club=club,
        actor=dora,
        name="Swiss teams at the Riverside community hall",
        format="swiss",
        rounds_planned=4,
        entry="totals",
        round_length="hands",
        hands_per_round=8,
        published=True,
    )
    for i in range(7):
        services.team_add(
            event=swiss,
            actor=dora,
            name=f"Swiss {NAMES[i].split()[0]}",
            players=[f"{NAMES[i]} s{i}", f"{NAMES[(i + 4) % 9]} s{i + 10}"],
        )
    rounds_entered(swiss, dora, 1, [10, 6])
    services.round_generate(event=swiss, actor=dora)
    party = services.event_create(
        club=club,
        actor=dora,
        name="Church party",
        format="party",
        rounds_planned=3,
        entry="totals",
        round_length="hands",
        hands_per_round=8,
        sit_out_credit="average",
        published=True,
    )
    for name in NAMES:
        services.entrant_add(event=party, actor=dora, name=f"{name} p")
    rounds_entered(party, dora, 1, [9, 5])
    return swiss, party


def words_broken(page: Any, selector: str) -> list[str]:
    """The words of the elements' text that the page breaks across two lines (a line may
    end at a space or after a hyphen)."""
    return page.evaluate(
        """selector => [...document.querySelectorAll(selector)].flatMap(element => {
            const text = element.firstChild;
            return [...text.data.matchAll(/[^\\s-]+-?/g)].filter(word => {
                const range = document.createRange();
                range.setStart(text, word.index);
                range.setEnd(text, word.index + word[0].length);
                const tops = new Set([...range.getClientRects()].map(r => Math.round(r.top)));
                return tops.size > 1;
            }).map(word => word[0]);
        })""",
        selector,
    )


def room_pages(event: Any, league: Any, swiss: Any, party: Any) -> dict[str, str]:
    """The night's pages for the room, by name: a progressive night's, a league's crosstable,
    a Swiss night's and a party's projector."""
    return {
        "standings": f"/events/{event.pk}/",
        "results": f"/events/{event.pk}/results/",
        "projector": f"/events/{event.pk}/projector/",
        "find-your-table": f"/events/{event.pk}/rounds/3/find/",
        "round-sheet": f"/events/{event.pk}/rounds/3/sheet/",
        "tally-cards": f"/events/{event.pk}/tally-cards/",
        "crosstable": f"/events/{league.pk}/crosstable/",
        "swiss-pairings": f"/events/{swiss.pk}/pairings/",
        "swiss-results": f"/events/{swiss.pk}/results/",
        "swiss-standings": f"/events/{swiss.pk}/",
        "party-projector": f"/events/{party.pk}/projector/",
    }


#: The pages a player opens on their own phone (the others are the room's screen and paper).
PLAYERS_PAGES = ("standings", "results", "find-your-table", "swiss-pairings")


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("language", ["en-US", "ko-KR"])
def test_the_room_pages_fit_a_phone(live_server, phone, django_user_model, language, scheme):
    dora, event, league = night(django_user_model)
    swiss, party = swiss_and_party(dora, event.club)
    page = phone(locale=language, color_scheme=scheme).new_page()
    refused: list[str] = []
    page.on(
        "console", lambda m: refused.append(m.text) if "Content Security Policy" in m.text else None
    )
    wide = {}
    small = {}
    for name, path in room_pages(event, league, swiss, party).items():
        page.goto(live_server.url + path)
        if name == "standings":
            expect(page.locator(".standings-table tbody tr")).to_have_count(len(NAMES))
        if name in PLAYERS_PAGES:
            # A link a player taps (a name in the standings) is a finger's size.
            small[name] = [p for p in layout_problems(page) if p.endswith(" px")]
        assert page.evaluate("document.documentElement.lang") == language[:2]
        width = page.evaluate("document.documentElement.scrollWidth")
        if width > 360:
            wide[name] = width
        shot(page, f"{name}-{language}-{scheme}")
        if name == "round-sheet":
            assert words_broken(page, ".sheet td[data-seat]") == []
            expect(page.locator(".sheet td[data-seat]")).to_have_count(8)
        if name == "crosstable":
            # The grid scrolls in its own box; the team names stay beside the totals.
            page.locator(".scroll").evaluate("box => { box.scrollLeft = box.scrollWidth; }")
            expect(page.locator(".crosstable tbody th").first).to_be_in_viewport()
            shot(page, f"{name}-scrolled-{language}-{scheme}", full_page=False)
    assert wide == {}
    assert {name: found for name, found in small.items() if found} == {}
    assert refused == []
    # Dark mode is the table app's dark: a dark page, light words.
    background = page.evaluate("getComputedStyle(document.body).backgroundColor")
    assert (background == "rgb(13, 23, 18)") == (scheme == "dark"), background


@pytest.mark.parametrize("language", ["en-US", "ko-KR"])
def test_the_pages_a_player_opens_fit_a_phone_at_large_text(
    live_server, phone, django_user_model, language
):
    """At 200% text the wall list is a card for each player (the name on top, then the table,
    the seat and the partner, each said), and a round's results a card for each table: four
    columns of long names do not fit 360px."""
    dora, event, league = night(django_user_model)
    swiss, party = swiss_and_party(dora, event.club)
    page = phone(locale=language).new_page()
    text_size(page, 200)
    pages = room_pages(event, league, swiss, party)
    wide = {}
    for name in PLAYERS_PAGES:
        page.goto(live_server.url + pages[name])
        width = page.evaluate("document.documentElement.scrollWidth")
        if width > 360:
            wide[name] = width
        shot(page, f"{name}-{language}-200")
        if name == "find-your-table":
            table = "Table" if language == "en-US" else "테이블"
            said = page.locator(".find td[data-label]").first
            expect(said).to_have_attribute("data-label", table)
        if name == "results":
            # Each round's tables are cards: no name broken inside a word.
            assert words_broken(page, ".round-results td[data-label]") == []
            # So is each row of the standings, its total said on the card: nothing to scroll
            # sideways for.
            box = page.locator(".scroll:has(> table.standings)")
            assert box.evaluate("box => box.scrollWidth <= box.clientWidth")
            total = {"en-US": "Total", "ko-KR": "합계"}[language]
            first = page.locator("table.standings tbody tr").first
            expect(first.locator(f'td[data-label="{total}"]')).to_have_text("20")
    assert wide == {}


def test_the_projector_keeps_up_by_itself(live_server, phone, django_user_model, monkeypatch):
    monkeypatch.setattr(room, "PROJECTOR_REFRESH", 1)
    dora, event, _ = night(django_user_model)
    page = phone(viewport={"width": 1280, "height": 720}, is_mobile=False).new_page()
    page.goto(live_server.url + f"/events/{event.pk}/projector/")
    expect(page.get_by_role("heading", name="Round 3: who sits where")).to_be_visible()
    score = page.locator(".tables .table").first.locator(".score")
    expect(score).to_have_count(0)
    rnd = event.rounds.get(number=3)
    table = rnd.tables.get(number=1)
    services.result_enter(
        table=table, actor=dora, entered_by=table.seats.get(number=0).player_id, points=[10, 2]
    )
    expect(score).to_have_text("10–2", timeout=5_000)
    shot(page, "projector-wide", full_page=False)


@pytest.mark.parametrize("paper", ["A4", "Letter"])
def test_table_cards_print_four_to_a_page(live_server, page, django_user_model, paper):
    user = django_user_model.objects.create_user("dora", password="deal-the-cards-42")
    dora, event = event_founded(
        user, club="Riverside Euchre Club", name="Big night", format="progressive", rounds_planned=3
    )
    for i in range(32):
        services.entrant_add(event=event, actor=dora, name=f"{NAMES[i % 9]} {i}")
    services.round_generate(event=event, actor=dora)
    page.goto(live_server.url + "/events/login/")
    page.get_by_label("User name").fill("dora")
    page.get_by_label("Password").fill("deal-the-cards-42")
    page.get_by_role("button", name="Sign in").click()
    page.goto(live_server.url + f"/events/{event.pk}/cards/")
    expect(page.locator(".table-card")).to_have_count(8)
    pdf = page.pdf(format=paper, print_background=False)
    assert len(re.findall(rb"/Type\s*/Page(?!s)", pdf)) == 2  # eight tables, four a page


def test_with_large_text_the_tables_scroll_in_their_box_not_the_page(
    live_server, phone, django_user_model
):
    """At 200% text a standings table is wider than a phone: it scrolls inside its own box,
    and the page (the players' page, the projector, the tally cards) stays 360 px wide; the
    night's long name in the heading breaks between words only."""
    _dora, event, _ = night(django_user_model)
    page = phone(locale="ko-KR", color_scheme="dark").new_page()
    text_size(page, 200)
    paths = ("", "projector/", "tally-cards/")
    for path in (f"/events/{event.pk}/{path}" for path in paths):
        page.goto(live_server.url + path)
        expect(page.locator("tbody tr").first).to_be_visible()
        assert page.evaluate("document.documentElement.scrollWidth") <= 360, path
        # The heading no larger than the phone holds a word at: "progressive" stays whole.
        assert words_broken(page, "h1") == [], path
        shot(page, "large-" + path.strip("/").replace("/", "-"), full_page=False)
