"""A five-team, three-round Swiss night run from the director's console: the director creates
it on the director's screen (the Swiss options, shown for it alone), adds the teams there and
seats each round; each table's phone enters its final score and the opponents confirm it; the
team left over sits out each round on a bye, never twice; the next round pairs the teams by
match points without a rematch; the round's pairings are on the printout before play; and the
standings, in English and in Korean, rank by match points with the Buchholz beside them, as
the results add up. With SHOTS_DIR set, screenshots go there for a person to look at."""

from __future__ import annotations

import re
from collections import Counter
from typing import Any

import pytest
import requests
from playwright.sync_api import expect
from screens import console_ready, new_event_form, shot
from table import api_get, layout_problems, refreshed
from test_console_night import board_table, card_urls_on_screen, seated

pytestmark = pytest.mark.browser

TEAMS = {
    "Aces": ("Ann", "Ben"),
    "Bowers": ("Cat", "Dan"),
    "Clubs": ("Eve", "Fay"),
    "Diamonds": ("Gus", "Hal"),
    "Euchres": ("Ivy", "Jon"),
}


def settle(base: str, token: str, table: dict[str, Any], points: list[int]) -> None:
    """The table's phone enters the final score, as its first seat, and the opponents confirm
    it on the same phone."""
    auth = {"Authorization": f"Bearer {token}"}
    seats = sorted(table["seats"], key=lambda s: s["seat"])
    path = f"{base}/api/v1/tables/{table['id']}/result/"
    body = {"entered_by": seats[0]["player"], "points": points}
    entered = requests.post(path, json=body, headers=auth, timeout=30)
    assert entered.status_code == 201, entered.text
    confirmed = requests.post(
        path + "confirm/", json={"confirmed_by": seats[1]["player"]}, headers=auth, timeout=30
    )
    assert confirmed.status_code == 200, confirmed.text


def joined(base: str, url: str) -> str:
    """The device token of the phone that joins a table by its card's code (it stays with
    that table all night)."""
    code = re.split(r"[/#=]", url.rstrip("/"))[-1]
    answer = requests.post(
        base + "/api/v1/tables/join/", json={"code": code, "role": "scorer"}, timeout=30
    )
    assert answer.status_code == 201, answer.text
    return str(answer.json()["token"])


def test_a_swiss_night_from_the_console(live_server, page, phone, django_user_model, settings):
    base = live_server.url
    settings.PUBLIC_URL = base
    form = new_event_form(page, base, django_user_model, "Swiss teams", "progressive (individual)")
    form.get_by_label("Sitting out earns").select_option("average")
    # A Swiss bye is a win: sitting out earns nothing, and is not asked.
    form.get_by_label("Format").select_option(label="fixed partners, Swiss")
    expect(form.get_by_label("Sitting out earns")).to_be_hidden()
    form.get_by_label("Scores entered").select_option("totals")
    # The Swiss options are there (its rounds, five suggested), and the knockout's are not.
    expect(form.get_by_label("Rounds")).to_have_value("5")
    expect(form.get_by_label("Elimination", exact=True)).to_be_hidden()
    form.get_by_label("Rounds").fill("3")
    shot(page, "swiss-new-event", "form.new-event")
    form.get_by_role("button", name="Create event").click()
    expect(page.get_by_role("heading", name="Swiss teams")).to_be_visible()
    event = int(re.search(r"/events/(\d+)/manage/", page.url)[1])  # type: ignore[index]
    console_ready(page)

    teams = page.locator("form.add-team")
    for count, (name, (first, second)) in enumerate(TEAMS.items(), start=1):
        teams.get_by_label("Team name").fill(name)
        teams.get_by_label("Partner").first.fill(first)
        teams.get_by_label("Partner").last.fill(second)
        teams.get_by_role("button", name="Add team").click()
        expect(page.locator(".entrants li")).to_have_count(count, timeout=15_000)
    page.get_by_role("button", name="Publish").click()
    expect(page.get_by_role("button", name="Hide from the public")).to_be_visible()

    byes: Counter[str] = Counter()
    met: set[frozenset[str]] = set()
    phones: dict[int, str] = {}
    for number, scores in (
        (1, ([10, 4], [10, 7])),
        (2, ([6, 10], [10, 9])),
        (3, ([10, 2], [8, 10])),
    ):
        page.get_by_role("button", name="Seat the next round").click()
        expect(page.locator("[data-note-slot=rounds]")).to_contain_text(
            f"Round {number} is seated."
        )
        rnd = api_get(base, f"/api/v1/events/{event}/rounds/{number}/")
        tables = seated(base, event, number)
        assert len(tables) == 2
        paired = [frozenset(t["team_names"]) for t in tables.values()]
        assert not met & set(paired), f"round {number} pairs again {met & set(paired)}"
        met |= set(paired)
        (bye,) = set(TEAMS) - {name for pair in paired for name in pair}
        byes[bye] += 1
        assert rnd["sit_outs"] == [bye]
        # On the board too, a team's round off is a bye, as on every page of the night.
        expect(page.locator(".board")).to_contain_text(f"Bye: {bye}")
        if number == 1:  # and on the players' page of the night
            players = page.context.new_page()
            players.goto(f"{base}/events/{event}/")
            expect(players.locator("main")).to_contain_text(f"Bye: {bye}")
            players.close()
        # The round's pairings are on the printout before play, the bye with them.
        printout = page.context.new_page()
        printout.goto(base + page.get_by_role("link", name="Pairings").get_attribute("href"))
        for table in tables.values():
            first, second = table["team_names"]
            expect(printout.locator("body")).to_contain_text(first)
            expect(printout.locator("body")).to_contain_text(second)
        expect(printout.locator("body")).to_contain_text(bye)
        if number == 2:
            shot(printout, "swiss-pairings")
        printout.close()

        if not phones:
            phones = {n: joined(base, url) for n, url in card_urls_on_screen(page, base).items()}
        for (table_number, table), points in zip(sorted(tables.items()), scores, strict=True):
            settle(base, phones[table_number], table, points)
        for table_number in tables:
            refreshed(
                page,
                lambda ms, n=table_number: expect(board_table(page, n)).to_contain_text(
                    "same device", timeout=ms
                ),
            )
        expect(page.locator("#board div.round > h3").first).to_have_text(
            f"Round {number} · complete"
        )
        # Every result in, nobody is playing: no time to call.
        expect(page.get_by_role("button", name="Call time")).to_be_hidden()
    assert max(byes.values()) == 1, byes  # a bye at most once each

    # Three rounds planned, three played: the console offers no fourth.
    page.get_by_role("button", name="Seat the next round").click()
    expect(page.locator("[data-note-slot=rounds]")).to_contain_text("played its 3 rounds")

    # The standings rank by match points (two a win, a bye a win), then Buchholz (the
    # opponents' match points, a bye counting the team's own): recomputed from the rounds.
    wins: Counter[str] = Counter(byes)
    opponents: dict[str, list[str]] = {name: [] for name in TEAMS}
    for number in (1, 2, 3):
        for table in api_get(base, f"/api/v1/events/{event}/rounds/{number}/")["tables"]:
            first, second = table["team_names"]
            opponents[first].append(second)
            opponents[second].append(first)
            wins[table["team_names"][table["result"]["winner"]]] += 1
    match_points = {name: 2 * wins[name] for name in TEAMS}
    buchholz = {
        name: sum(match_points[o] for o in opponents[name]) + byes[name] * match_points[name]
        for name in TEAMS
    }
    rows = api_get(base, f"/api/v1/events/{event}/standings/")["rows"]
    assert {r["name"]: (r["match_points"], r["buchholz"], r["byes"]) for r in rows} == {
        name: (match_points[name], buchholz[name], byes[name]) for name in TEAMS
    }
    order = [(r["match_points"], r["buchholz"]) for r in rows]
    assert order == sorted(order, reverse=True)
    # The public standings, in English and in Korean, on a phone: Buchholz beside the points.
    for locale, heading in (("en-US", "Bu"), ("ko-KR", "부흐")):
        reader = phone(locale=locale).new_page()
        reader.goto(base + f"/events/{event}/")
        expect(reader.locator("table.standings-table thead")).to_contain_text(heading)
        expect(reader.locator("table.standings-table tbody tr")).to_have_count(len(TEAMS))
        # A highest single game names its round, as the results page does.
        round_word = "round 1" if locale == "en-US" else "1라운드"
        expect(reader.locator("ul.prizes")).to_contain_text(f"Aces (10, {round_word})")
        shot(reader, f"swiss-standings-{locale}")
        problems = layout_problems(reader)
        assert problems == [], "\n".join(problems)

    # A round-1 result corrected once later rounds are paired: the director hears that they
    # stand as paired, and where to look.
    first = page.locator(".board > .round:last-child")
    first.locator("summary").click()  # (an earlier round is folded)
    first.locator(".board-table[data-table='1']").get_by_role("button", name="Open table 1").click()
    # Its sides by their teams' names, as the board names them.
    names = api_get(base, f"/api/v1/events/{event}/rounds/1/")["tables"][0]["team_names"]
    for side, name in enumerate(names):
        expect(page.locator(f".totals-form label[for=totals-{side}]")).to_contain_text(name)
    page.locator(".desk-reason").fill("keyed the wrong way round")
    page.locator("#totals-0").fill("4")
    page.locator("#totals-1").fill("10")
    page.get_by_role("button", name="Correct the result").click()
    told = page.locator("[data-note-slot=desk-result]")
    expect(told).to_contain_text("Table 1's result is now 4–10.")
    expect(told).to_contain_text("Round 3 was already paired")
    shot(page, "swiss-corrected-after-pairing", "#desk")
    page.goto(base + page.get_by_role("link", name="Pairings").get_attribute("href"))
    expect(page.locator("body")).to_contain_text("corrected after this round was paired")
    shot(page, "swiss-pairings-after-a-correction")
