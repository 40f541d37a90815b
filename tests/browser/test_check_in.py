"""Check-in at the door on the director's phone: twelve players found on the club's roster by
the first letters of a name or added as new guests, each tapped in once; round 1 seats the
twelve and is played; a late arrival checked in after it sits down in round 2."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect
from screens import director_club, shot, sign_in
from table import layout_problems, text_size

from scorekeeper.events import services
from scorekeeper.events.models import Entrant, Round
from scorekeeper.events.services import PlayerRef

pytestmark = pytest.mark.browser

MEMBERS = [
    "Ann Lee",
    "Ben Park",
    "Cat Moon",
    "Dan Kim",
    "Eve Stone",
    "Fay Oh",
    "Gus Ray",
    "Hal Ito",
    "Ivy Hart",
    "Jon Bell",
    "Kim Lowe",
    "Lou Nash",
    "Max Ford",
    "Ned Pike",
]


def tap_in(
    page: Page, letters: str, shown: str, search: str = "Find a player (first letters)"
) -> None:
    page.get_by_label(search).fill(letters)
    player = page.get_by_role("button", name=shown)
    expect(player).to_have_count(1)
    player.click()
    expect(page.get_by_role("button", name=shown)).to_have_attribute("aria-pressed", "true")


def test_twelve_players_check_in_at_the_door_and_play_round_1(
    page: Page, live_server, django_user_model
) -> None:
    base = live_server.url
    dora, club = director_club(django_user_model)
    for name in MEMBERS:
        services.roster_add(club=club, actor=dora, ref=PlayerRef(name=name), kind="member")
    night = services.event_create(
        club=club,
        actor=dora,
        name="Thursday",
        format="progressive",
        rounds_planned=2,
        entry="totals",
    )

    sign_in(page, base, f"/events/{night.pk}/check-in/")
    expect(page.get_by_role("heading", name="Check-in")).to_be_visible()
    # Ten members by the first letters of their first or last name.
    for letters, shown in [
        ("an", "Ann Lee"),
        ("par", "Ben Park"),
        ("c", "Cat Moon"),
        ("dan", "Dan Kim"),
        ("sto", "Eve Stone"),
        ("fa", "Fay Oh"),
        ("g", "Gus Ray"),
        ("ito", "Hal Ito"),
        ("iv", "Ivy Hart"),
        ("bell", "Jon Bell"),
    ]:
        tap_in(page, letters, shown)
    # A first letter nobody has: the guest form takes what was typed; two new guests.
    page.get_by_label("Find a player (first letters)").fill("Zed Quinn")
    expect(page.get_by_text("Nobody on the roster starts with these letters.")).to_be_visible()
    expect(page.get_by_label("Name", exact=True)).to_have_value("Zed Quinn")
    page.get_by_role("button", name="Add and check in").click()
    expect(page.locator(".message")).to_have_text(
        "Zed Quinn is added to the club as a guest and checked in."
    )
    # A guest whose name is a member's: the label tells them apart.
    page.get_by_label("Name", exact=True).fill("Ann Lee")
    page.get_by_role("button", name="Add and check in").click()
    expect(page.locator(".message")).to_contain_text("give the new one a label")
    page.get_by_label("Label, when the name is taken (optional)").fill("visiting")
    page.get_by_role("button", name="Add and check in").click()
    expect(page.get_by_role("button", name="Ann Lee (visiting)")).to_have_attribute(
        "aria-pressed", "true"
    )
    expect(page.locator(".checked-count")).to_have_text("12")
    # A wrong tap is undone by another.
    tap_in(page, "kim l", "Kim Lowe")
    page.get_by_label("Find a player (first letters)").fill("lowe")
    page.get_by_role("button", name="Kim Lowe").click()
    expect(page.get_by_role("button", name="Kim Lowe")).to_have_attribute("aria-pressed", "false")
    expect(page.locator(".checked-count")).to_have_text("12")
    page.get_by_label("Find a player (first letters)").fill("")
    assert layout_problems(page) == []
    shot(page, "check-in")

    # The entrants are the players checked in.
    entered = set(
        Entrant.objects.filter(event=night, active=True).values_list("player__name", flat=True)
    )
    assert entered == {*MEMBERS[:10], "Zed Quinn", "Ann Lee"}
    assert Entrant.objects.filter(event=night, active=True).count() == 12

    page.get_by_role("button", name="Seat the next round").click()
    expect(page.locator(".door-round .tables li")).to_have_count(3)
    first = Round.objects.get(event=night, number=1)
    seated = {s.player_id for t in first.tables.all() for s in t.seats.all()}
    assert len(seated) == 12
    for table in first.tables.all():
        services.result_enter(
            table=table, actor=dora, entered_by=table.seats.first().player_id, points=[10, 6]
        )
    standings = services_standings(night)
    assert sorted(row.played for row in standings if row.active) == [1] * 12

    # A late arrival after round 1 joins round 2.
    page.reload()
    expect(page.locator(".door-count")).to_contain_text("arrivals join the next round")
    tap_in(page, "ma", "Max Ford")
    expect(page.locator(".checked-count")).to_have_text("13")
    page.get_by_role("button", name="Seat the next round").click()
    expect(page.get_by_role("heading", name="Round 2")).to_be_visible()
    second = Round.objects.get(event=night, number=2)
    seated = {s.player_id for t in second.tables.all() for s in t.seats.all()}
    sitting = {s.player_id for s in second.sit_outs.all()}
    checked_in = set(
        Entrant.objects.filter(event=night, active=True).values_list("player", flat=True)
    )
    assert len(checked_in) == 13
    assert seated | sitting == checked_in
    assert club.players.get(name="Max Ford").pk in seated | sitting


def services_standings(event):
    from scorekeeper.events import selectors

    return selectors.standings(event=event).rows


@pytest.mark.parametrize("dark", [False, True], ids=["light", "dark"])
def test_the_door_reads_in_korean_at_twice_the_text_size(
    phone, live_server, django_user_model, dark
) -> None:
    dora, club = director_club(django_user_model, "리버사이드 유커 클럽")
    for name in ["김민준", "이서연", "박지훈", "Alexandra Featherstonehaugh-Smythe"]:
        services.roster_add(club=club, actor=dora, ref=PlayerRef(name=name), kind="member")
    night = services.event_create(
        club=club, actor=dora, name="목요일 밤", format="progressive", rounds_planned=2
    )
    page = phone(locale="ko-KR", color_scheme="dark" if dark else "light").new_page()
    text_size(page, 200)
    sign_in(page, live_server.url, f"/events/{night.pk}/check-in/")
    expect(page.get_by_role("heading", name="체크인")).to_be_visible()
    tap_in(page, "김", "김민준", search="선수 찾기 (첫 글자)")
    page.get_by_label("선수 찾기 (첫 글자)").fill("")
    assert layout_problems(page) == []
    shot(page, f"check-in-ko-200{'-dark' if dark else ''}")


def test_a_round_seated_on_the_console_meanwhile_is_shown_at_the_door_not_seated_twice(
    page: Page, live_server, django_user_model
) -> None:
    dora, club = director_club(django_user_model)
    night = services.event_create(
        club=club, actor=dora, name="Thursday", format="progressive", rounds_planned=3
    )
    for name in MEMBERS:
        services.roster_add(club=club, actor=dora, ref=PlayerRef(name=name), kind="member")
    for name in MEMBERS[:8]:
        services.entrant_add(event=night, actor=dora, name=name)
    sign_in(page, live_server.url, f"/events/{night.pk}/check-in/")
    expect(page.get_by_role("heading", name="Check-in")).to_be_visible()
    # Meanwhile, the other director seats round 1 on the console.
    services.round_generate(event=night, actor=dora)

    page.get_by_role("button", name="Seat the next round").click()
    stale = page.get_by_role("dialog", name="Changed since you read it")
    expect(stale).to_be_visible()
    expect(stale.locator(".stale-changes li")).to_have_count(1)
    expect(stale.locator(".stale-changes li")).to_contain_text("seated")
    assert Round.objects.filter(event=night).count() == 1
    stale.get_by_role("button", name="Look at it now").click()
    # The door as it is now: round 1 seated, and the night's words say so.
    expect(page.locator(".door-count")).to_contain_text("round 1 is seated")
    # Each tap after it is made on what the door read last, its own taps included (an
    # arrival after round 1 is logged): no 412 for the door's own writes.
    tap_in(page, "iv", "Ivy Hart")
    page.get_by_label("Find a player (first letters)").fill("iv")
    page.get_by_role("button", name="Ivy Hart").click()
    expect(page.locator(".message")).to_have_text("Ivy Hart is no longer checked in.")
    tap_in(page, "jon", "Jon Bell")
    expect(page.locator(".message")).to_have_text("Jon Bell is checked in.")
    assert not stale.is_visible()
    assert Round.objects.filter(event=night).count() == 1
