"""The director repairs the night from the console, each act asked first: two players swap
places in a round not yet begun, the round is undone and seated again, the night is closed and
reopened; and two directors changing the same thing at once (a hand, a table's result, a
setting of the event): the one who began first is shown what the other changed, and saves
nothing until they have looked, however often the console read the night meanwhile. The box on
the night's safety keeps up."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.contrib.admin.models import DELETION, LogEntry
from playwright.sync_api import APIResponse, BrowserContext, Page, Route, expect
from screens import DIRECTOR, PASSWORD, console_ready, shot, sign_in
from table import eventually, refreshed, root_font_size, text_size
from test_console_night import ask_and, board_table
from test_large_text import BROKEN_WORDS, SETTLED
from test_room_on_a_phone import night, swiss_and_party

from scorekeeper import backups
from scorekeeper.events import services
from scorekeeper.events.access import Actor
from scorekeeper.events.selectors import holdings
from scorekeeper.events.selectors.board import version_of
from scorekeeper.models import Restore
from scorekeeper.services import QuickEntry, hand_record
from tests.events.event_helpers import event_founded

pytestmark = pytest.mark.browser

EIGHT = ["Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal"]


def a_night(django_user_model: Any, *, seated: bool = True, **options: Any) -> Any:
    """Dora's night of eight, hand by hand, its first round seated."""
    user = django_user_model.objects.create_user(DIRECTOR, password=PASSWORD)
    director, event = event_founded(
        user,
        club="Riverside Euchre Club",
        format="progressive",
        name="Friday night",
        round_length="hands",
        hands_per_round=2,
        rounds_planned=2,
        **options,
    )
    for name in EIGHT:
        services.entrant_add(event=event, actor=director, name=name)
    if seated:
        services.round_generate(event=event, actor=director)
    return event


def looked_at(page: Page, *said: str) -> None:
    """The dialog of a change refused as made meanwhile says what was changed (`said`), and
    the director looks at it now."""
    stale = page.locator("dialog.stale")
    expect(stale).to_be_visible()
    change = stale.locator(".stale-changes li").first
    for words in said:
        expect(change).to_contain_text(words)
    stale.get_by_role("button", name="Look at it now").click()
    expect(stale).to_be_hidden()


def seat_label(table: int, letter: str, name: str) -> str:
    return f"Table {table} {letter}: {name}"


def test_swap_undo_and_reopen_from_the_console(live_server, page: Page, django_user_model):
    event = a_night(django_user_model)
    first = {
        t.number: [s.player.shown for s in t.seats.order_by("number")]
        for t in event.rounds.get().tables.all()
    }
    sign_in(page, live_server.url, f"/events/{event.pk}/manage/")
    expect(board_table(page, 1)).to_contain_text("playing")

    # Two players of different tables swap places.
    north, east = first[1][0], first[2][1]
    swap = page.locator("form.swap-form")
    # Each list says what it is for (a screen reader names it).
    swap.get_by_label("Whose place").select_option(label=seat_label(1, "N", north))
    swap.get_by_label("Swapped with").select_option(label=seat_label(2, "E", east))
    swap.get_by_role("button", name="Swap").click()
    page.locator("dialog.ask").get_by_label("Why (kept in the change log)").fill(
        "partners last week"
    )
    ask_and(page, "Confirm", says=f"Swap {north} and {east} in round 1?")
    expect(page.locator(".round-repairs")).to_contain_text(f"{north} and {east} swapped places.")
    expect(board_table(page, 1)).to_contain_text(east)
    expect(board_table(page, 2)).to_contain_text(north)

    # The round is undone (nothing is entered there), and seated again.
    page.get_by_role("button", name="Undo round 1").click()
    page.locator("dialog.ask").get_by_label("Why (kept in the change log)").fill(
        "seated before the last arrivals"
    )
    ask_and(page, "Confirm", says="Undo round 1?")
    expect(page.locator("[data-note-slot=rounds]")).to_contain_text("Round 1 is undone.")
    expect(page.locator(".board")).to_contain_text("No round is seated yet.")
    # A double click seats one round, and tells no stale change (the second click finds the
    # first on its way).
    page.get_by_role("button", name="Seat the next round").dblclick()
    expect(page.locator("[data-note-slot=rounds]")).to_contain_text("Round 1 is seated.")
    expect(board_table(page, 1)).to_contain_text("playing")
    expect(page.locator("dialog.stale")).to_be_hidden()
    assert list(event.rounds.values_list("number", flat=True)) == [1]

    # Closed, then reopened: both in the change log. Closed, the board offers no join code
    # (none works) and no phone to hand over; reopened, it does again.
    expect(board_table(page, 1)).to_contain_text("Join code")
    page.get_by_role("button", name="Close the night").click()
    ask_and(page, "Confirm")
    expect(page.get_by_role("button", name="Reopen the night")).to_be_visible()
    expect(board_table(page, 1)).not_to_contain_text("Join code")
    expect(board_table(page, 1).get_by_role("button", name="Hand over")).to_have_count(0)
    page.get_by_role("button", name="Reopen the night").click()
    page.locator("dialog.ask").get_by_label("Why (kept in the change log)").fill("one more round")
    ask_and(page, "Confirm", says="Reopen the night?")
    expect(page.locator("[data-note-slot=close]")).to_contain_text("The night is open again")
    expect(page.get_by_role("button", name="Close the night")).to_be_visible()
    expect(board_table(page, 1)).to_contain_text("Join code")
    log = page.locator(".change-log")
    expect(log).to_contain_text("reopened the night")
    expect(log).to_contain_text("closed the night")
    expect(log).to_contain_text("undid the seated round")
    # Who sat where in the round undone (as swapped), each table's players by seat.
    undone = log.locator("li", has_text="undid the seated round")
    expect(undone).to_contain_text(re.compile(rf"Table 1: {east}, .*; Table 2: .*{north}"))
    expect(log).to_contain_text("swapped two players' places")
    # Where each sat, by table and seat, before and after.
    expect(log.locator("li", has_text="swapped two players' places")).to_contain_text(
        f"{north} (table 1 N), {east} (table 2 E) → {north} (table 2 E), {east} (table 1 N)"
    )
    # Each with why, as the director said it.
    expect(log).to_contain_text("Reason: partners last week")
    expect(log).to_contain_text("Reason: seated before the last arrivals")


def test_a_swap_asked_before_another_directors_is_refused_though_the_console_refreshed(
    live_server, page: Page, phone, django_user_model
):
    """Dora's swap is begun (its question open) when Ed swaps in the same round, and her
    console's refresh draws his seating under the question: hers was asked of the seating
    she saw, so it is refused and she is shown his, never applied to seats she never saw."""
    event = a_night(django_user_model)
    base = live_server.url
    page.clock.install()  # the console's refreshes are brought forward (table.py: refreshed)
    sign_in(page, base, f"/events/{event.pk}/manage/")
    seats = {
        t.number: [s.player for s in t.seats.order_by("number")]
        for t in event.rounds.get().tables.all()
    }
    swap = page.locator("form.swap-form")
    swap.get_by_label("Whose place").select_option(label=seat_label(1, "N", seats[1][0].shown))
    swap.get_by_label("Swapped with").select_option(label=seat_label(1, "E", seats[1][1].shown))
    swap.get_by_role("button", name="Swap").click()
    expect(page.locator("dialog.ask")).to_be_visible()

    ed = SecondDirector(phone(), base, event, django_user_model)
    path = f"/api/v1/events/{event.pk}/"
    players = [seats[1][0].pk, seats[2][1].pk]
    body = {"players": players, "reason": "Ed's"}
    changed = ed.write("POST", f"{path}rounds/1/swap/", body, ed.read(path)["version"])
    assert changed.status == 200, changed.text()
    log = page.locator(".change-log")
    refreshed(page, lambda ms: expect(log).to_contain_text("Reason: Ed's", timeout=ms))

    page.locator("dialog.ask").get_by_label("Why (kept in the change log)").fill("Dora's")
    page.locator("dialog.ask").get_by_role("button", name="Confirm").click()
    looked_at(page, "director Ed", "swapped two players' places")
    table_1 = event.rounds.get().tables.get(number=1)
    assert [s.player for s in table_1.seats.order_by("number")][:2] == [seats[2][1], seats[1][1]]
    expect(log).not_to_contain_text("Reason: Dora's")


def test_in_a_team_event_the_swap_offers_a_players_partner_only(
    live_server, page: Page, django_user_model
):
    user = django_user_model.objects.create_user(DIRECTOR, password=PASSWORD)
    director, event = event_founded(
        user, club="Riverside Euchre Club", format="round-robin", name="Pairs", entry="totals"
    )
    teams = (("Aces", "Ann", "Ben"), ("Bowers", "Cat", "Dan"), ("Clubs", "Eve", "Fay"))
    for name, first, second in teams:
        services.team_add(event=event, actor=director, name=name, players=[first, second])
    services.round_generate(event=event, actor=director)
    table = event.rounds.get().tables.get(number=1)
    seats = {s.player.shown: s for s in table.seats.select_related("player")}
    sign_in(page, live_server.url, f"/events/{event.pk}/manage/")
    swap = page.locator("form.swap-form")
    # Nobody of another team and no bye is offered: the partner is the only choice.
    first = next(iter(seats))
    partner = next(n for n, s in seats.items() if n != first and s.side == seats[first].side)
    swap.locator("select[name=first]").select_option(
        label=seat_label(1, letter(seats[first].number), first)
    )
    expect(swap.locator("select[name=second] option")).to_have_text(
        [seat_label(1, letter(seats[partner].number), partner)]
    )
    swap.get_by_role("button", name="Swap").click()
    page.locator("dialog.ask").get_by_label("Why (kept in the change log)").fill("asked to")
    ask_and(page, "Confirm", says=f"Swap {first} and {partner} in round 1?")
    expect(page.locator(".round-repairs")).to_contain_text(f"{first} and {partner} swapped")


def test_a_team_of_two_players_on_the_roster_is_added_at_once(
    live_server, page: Page, django_user_model
):
    """Ann and Ben played last week: a team of the two, spelt as the roster has them, is
    added in one action, with no "Who is this?" for either."""
    night = a_night(django_user_model, seated=False)
    director = Actor(user=django_user_model.objects.get(username=DIRECTOR))
    pairs = services.event_create(
        club=night.club, actor=director, format="round-robin", name="Pairs", entry="totals"
    )
    ann, ben = EIGHT[:2]
    sign_in(page, live_server.url, f"/events/{pairs.pk}/manage/")
    form = page.locator("form.add-team")
    form.get_by_label("Team name").fill("Aces")
    form.get_by_label("Partner").first.fill(ann)
    form.get_by_label("Partner").last.fill(ben)
    form.get_by_role("button", name="Add team").click()
    expect(page.locator(".entrants li")).to_have_count(1)
    expect(page.locator(".who-is-it")).to_be_hidden()
    (team,) = pairs.teams.all()
    assert {m.player_id for m in team.members.all()} == {
        e.player_id for e in night.entrants.filter(player__name__in=[ann, ben])
    }


def letter(seat: int) -> str:
    return "NESW"[seat]


def test_late_arrivals_are_seated_from_the_console_and_four_make_a_table(
    live_server, page: Page, django_user_model
):
    event = a_night(django_user_model)
    director = Actor(user=django_user_model.objects.get(username=DIRECTOR))
    late = ["Ivy", "Jo", "Kim", "Lou"]
    for name in late:
        services.entrant_add(event=event, actor=director, name=name)
    sign_in(page, live_server.url, f"/events/{event.pk}/manage/")
    expect(board_table(page, 1)).to_contain_text("playing")
    # The board read after the first change is held, as a slow connection would: the change
    # is not said done until the console has read the night again. (A note beside controls
    # drawn from before would invite the next change on the version read before this one:
    # refused as made meanwhile, by this very change.)
    held: list[Route] = []
    page.route("**/board/", lambda route: held.append(route))
    for name in late:
        form = page.locator("form.late-form")
        form.get_by_label("The late arrival").select_option(label=name)
        form.get_by_role("button", name="Seat in round 1").click()
        page.locator("dialog.ask").get_by_label("Why (kept in the change log)").fill("came late")
        if name == late[0]:
            with page.expect_request("**/board/"):
                ask_and(page, "Confirm", says=f"Seat {name} in round 1?")
            expect(page.locator(".round-repairs")).not_to_contain_text(f"{name} takes")
            for route in held:
                route.continue_()
            page.unroute("**/board/")
        else:
            ask_and(page, "Confirm", says=f"Seat {name} in round 1?")
        # A sit-out place, until four wait: then the four make a table.
        said = "is seated in" if name == late[-1] else "takes a sit-out place in"
        expect(page.locator(".round-repairs")).to_contain_text(f"{name} {said} round 1.")
        expect(page.locator("dialog.stale")).to_be_hidden()
    # Four sitting out make a new table; nobody is left waiting for a place.
    for name in late:
        expect(board_table(page, 3)).to_contain_text(name)
    expect(page.locator(".round-repairs")).to_contain_text("everyone has a place")
    log = page.locator(".change-log")
    expect(log).to_contain_text("seated a late arrival in the round")
    expect(log).to_contain_text("Reason: came late")


def test_a_refresh_that_answers_after_a_change_does_not_take_the_console_back(
    live_server, page: Page, django_user_model
):
    """A refresh under way when the director publishes the night answers after the console
    has read the night again: what it brings is older, and is not drawn. The buttons still
    say the night is public, and the next change is made on the version read last, not
    refused as made meanwhile by the director's own change."""
    event = a_night(django_user_model)
    page.clock.install()  # the console's refresh is brought forward
    sign_in(page, live_server.url, f"/events/{event.pk}/manage/")
    url = f"{live_server.url}/api/v1/events/{event.pk}/"
    held: list[tuple[Route, APIResponse]] = []

    def hold_the_first_read(route: Route) -> None:
        # Its answer read now, before the change, and given to the console after it.
        if not held and route.request.method == "GET":
            held.append((route, route.fetch()))
        else:
            route.continue_()

    page.route(url, hold_the_first_read)
    page.clock.run_for(5_000)
    eventually(page, lambda: bool(held), what="a refresh reading the night")
    publish = page.locator("button.publish")
    publish.click()
    expect(publish).to_have_text("Hide from the public")
    with page.expect_response(lambda answer: answer.url == url):
        route, answer = held[0]
        route.fulfill(response=answer)
    page.evaluate(SETTLED)
    # (Read at once: the next refresh, 5 s on, would draw the night as it is again.)
    assert publish.inner_text() == "Hide from the public"
    publish.click()
    expect(publish).to_have_text("Publish")
    expect(page.locator("dialog.stale")).to_be_hidden()
    event.refresh_from_db()
    assert event.published is False


def test_a_mistaken_event_is_deleted_from_the_console_once_asked(
    live_server, page: Page, django_user_model
):
    event = a_night(django_user_model)
    sign_in(page, live_server.url, f"/events/{event.pk}/manage/")
    expect(board_table(page, 1)).to_contain_text("playing")
    page.get_by_role("button", name="Delete this event").click()
    page.locator("dialog.ask").get_by_label("Why (kept in the server's note)").fill("made twice")
    ask_and(page, "Confirm", says="Delete this event?")
    page.wait_for_url("**/events/director/")
    assert not type(event).objects.filter(pk=event.pk).exists()
    (deleted,) = LogEntry.objects.filter(action_flag=DELETION)
    assert deleted.change_message == "made twice" and "Friday night" in deleted.object_repr


def test_an_event_with_a_hand_entered_offers_no_delete(live_server, page: Page, django_user_model):
    event = a_night(django_user_model)
    table = event.rounds.get().tables.get(number=1)
    hand_record(
        game_id=table.game_id,
        entry=QuickEntry(maker=0, trump="H", maker_tricks=3),
    )
    sign_in(page, live_server.url, f"/events/{event.pk}/manage/")
    expect(board_table(page, 1)).to_contain_text("1 hand")
    expect(page.get_by_role("button", name="Delete this event")).to_be_hidden()


def test_a_result_waiting_for_the_opponents_is_confirmed_from_its_hands_at_the_desk(
    live_server, page: Page, django_user_model
):
    """The phone entered its result from its hands and the opponents have gone: the desk takes
    it from the hands, confirmed; then it follows them, with nothing more to take."""
    event = a_night(django_user_model)
    table = event.rounds.get().tables.get(number=1)
    for _ in range(2):  # the round's two hands, made
        hand_record(game_id=table.game_id, entry=QuickEntry(maker=0, trump="H", maker_tricks=3))
    scorer, _token = services.table_join(code=table.event_table.join_code)
    seat = table.seats.order_by("number").first()
    services.result_enter(table=table, actor=Actor(device=scorer), entered_by=seat.player_id)
    sign_in(page, live_server.url, f"/events/{event.pk}/manage/")
    open_table_one(page)
    take = page.get_by_role("button", name="Enter the result from its hands")
    expect(take).to_be_visible()
    page.locator(".desk-reason").fill("the opponents went home")
    take.click()
    expect(page.locator("[data-note-slot=desk-result]")).to_contain_text("2–0")
    table.refresh_from_db()
    assert table.result.status == "confirmed"
    expect(take).to_be_hidden()


def open_table_one(page: Page) -> None:
    board_table(page, 1).get_by_role("button", name="Open table 1").click()
    expect(page.locator(".desk")).to_be_visible()


def test_a_closed_nights_desk_shows_its_table_with_nothing_to_change_until_it_is_reopened(
    live_server, page: Page, django_user_model
):
    """A closed night's seats and results stand (the server answers 409 until a reopen): its
    desk says so, and offers no form, amendment or undo to try."""
    event = a_night(django_user_model)
    sign_in(page, live_server.url, f"/events/{event.pk}/manage/")
    page.get_by_role("button", name="Close the night").click()
    ask_and(page, "Confirm")
    expect(page.get_by_role("button", name="Reopen the night")).to_be_visible()
    # Nor does the console offer a round to seat, a player to add or one leaving.
    for button in ("Seat the next round", "Add players", "Leaves"):
        expect(page.get_by_role("button", name=button)).to_have_count(0)
    open_table_one(page)
    desk = page.locator(".desk")
    closed = desk.locator(".desk-closed")
    expect(closed).to_have_text(
        "The night is closed: reopen it to change a seat, a hand or a result."
    )
    for button in ("Seat the substitute", "Assign the result", "Record the forfeit"):
        expect(desk.get_by_role("button", name=button)).to_be_hidden()
    expect(desk.locator(".desk-reason")).to_be_hidden()
    expect(desk.locator(".desk-seats li")).to_have_count(4)  # (what the table holds)

    page.get_by_role("button", name="Reopen the night").click()
    page.locator("dialog.ask").get_by_label("Why (kept in the change log)").fill("a late result")
    ask_and(page, "Confirm", says="Reopen the night?")
    expect(closed).to_be_hidden()
    for button in ("Seat the substitute", "Assign the result", "Record the forfeit"):
        expect(desk.get_by_role("button", name=button)).to_be_visible()
    expect(desk.locator(".desk-reason")).to_be_visible()
    expect(page.get_by_role("button", name="Seat the next round")).to_be_visible()
    expect(page.get_by_role("button", name="Leaves")).to_have_count(8)


def test_two_directors_amending_the_same_hand(live_server, page: Page, django_user_model):
    event = a_night(django_user_model)
    base = live_server.url
    sign_in(page, base, f"/events/{event.pk}/manage/")
    open_table_one(page)
    page.get_by_role("button", name="Save the hand").click()
    expect(page.locator(".desk-hands li")).to_have_count(1)

    other = page.context.browser.new_context().new_page()  # type: ignore[union-attr]
    sign_in(other, base, f"/events/{event.pk}/manage/")
    open_table_one(other)
    for console in (page, other):
        console.locator(".desk-hands li").first.get_by_role("button", name="Amend").click()
        expect(console.locator(".hand-form legend")).to_have_text("Amend hand 1")
        console.locator(".desk-reason").fill("the tricks were miscounted")

    page.locator(".hand-form select[name=ending]").select_option("5")
    page.get_by_role("button", name="Save the hand").click()
    expect(page.locator("[data-note-slot=desk-hands]")).to_contain_text("Hand 1")
    # The night's log names the director's hands as it names every act of theirs, with why.
    amended = page.locator(".change-log li", has_text="(hand 1 amended:")
    expect(amended).to_contain_text("changed the table's hands")
    expect(amended).to_contain_text("Reason: the tricks were miscounted")
    expect(page.locator(".change-log li", has_text="(hand 1 entered:")).to_have_count(1)

    other.locator(".hand-form select[name=ending]").select_option("1")
    other.get_by_role("button", name="Save the hand").click()
    stale = other.locator("dialog.stale")
    expect(stale).to_be_visible()
    expect(stale).to_contain_text("Changed since you read it")
    # Who changed which hand meanwhile, and how.
    expect(stale.locator(".stale-changes li").first).to_contain_text("hand 1:")
    expect(stale.locator(".stale-changes li").first).to_contain_text("director")
    # The hand before and after, in the words the desk lists hands in (no record's JSON).
    expect(stale.locator(".stale-changes li").first).to_contain_text("took 5")
    expect(stale.locator(".stale-changes li").first).not_to_contain_text("{")
    stale.get_by_role("button", name="Look at it now").click()
    expect(stale).to_be_hidden()
    expect(other.locator("[data-note-slot=desk-hands]")).to_contain_text("Someone changed this")
    # Nothing of the second amendment was saved: the first stands, and the second console
    # shows it.
    expect(other.locator(".desk-hands li").first).to_contain_text("took 5")
    # Saving again, having looked, is made on what the director now sees.
    other.get_by_role("button", name="Save the hand").click()
    expect(other.locator("[data-note-slot=desk-hands]")).to_contain_text("Hand 1")
    expect(other.locator(".desk-hands li").first).to_contain_text("took 1")

    # An undo asked of the hands as listed, when the other console amended meanwhile: the
    # same words for what changed (not the game log's entry as it comes).
    page.reload()
    console_ready(page)
    open_table_one(page)
    other.locator(".desk-hands li").first.get_by_role("button", name="Undo").click()
    page.locator(".desk-hands li").first.get_by_role("button", name="Amend").click()
    page.locator(".desk-reason").fill("made after all")
    page.locator(".hand-form select[name=ending]").select_option("3")
    page.get_by_role("button", name="Save the hand").click()
    expect(page.locator(".desk-hands li").first).to_contain_text("took 3")
    ask_and(other, "Confirm")
    expect(stale).to_be_visible()
    expect(stale.locator(".stale-changes li").first).to_contain_text("hand 1:")
    expect(stale.locator(".stale-changes li").first).to_contain_text("took 3")
    expect(stale).not_to_contain_text("undefined")
    expect(stale.locator(".stale-changes li").first).not_to_contain_text("{")


class SecondDirector:
    """Ed, a second director of the night's club (Dora invited him), signed in on a phone of
    his own (`context`), who changes the night through the API, on what he reads there."""

    def __init__(
        self, context: BrowserContext, base: str, event: Any, django_user_model: Any
    ) -> None:
        dora = Actor(user=django_user_model.objects.get(username=DIRECTOR))
        user = django_user_model.objects.create_user("ed", password=PASSWORD, first_name="Ed")
        ed = Actor(user=user)
        services.invite_named(club=event.club, actor=dora, username="ed")
        (invite,) = services.invites_waiting(actor=ed)
        services.invite_answer(invite_id=invite.pk, actor=ed, accept=True)
        self.base = base
        self.context = context
        signing_in = self.context.new_page()
        signing_in.goto(base + "/events/login/")
        signing_in.locator("input[name=username]").fill("ed")
        signing_in.locator("input[name=password]").fill(PASSWORD)
        signing_in.locator("button[type=submit]").click()
        signing_in.wait_for_url(lambda url: "/events/login/" not in url)
        signing_in.close()

    def read(self, path: str) -> Any:
        answer = self.context.request.get(self.base + path)
        assert answer.ok, answer.text()
        return answer.json()

    def write(self, method: str, path: str, body: dict[str, Any], version: int) -> APIResponse:
        (csrf,) = [c["value"] for c in self.context.cookies() if c["name"] == "csrftoken"]
        return self.context.request.fetch(
            self.base + path,
            method=method,
            data=body,
            headers={"X-CSRFToken": csrf, "If-Match": f'"{version}"'},
        )


def test_a_correction_without_a_reason_brings_the_why_box_to_the_director(
    live_server, page: Page, django_user_model
):
    """The desk's one "why" box sits at its top, scrolled out of sight under a long table: a
    change sent without a reason brings it back, marked, and the note names it."""
    event = a_night(django_user_model, entry="totals")
    base = live_server.url
    sign_in(page, base, f"/events/{event.pk}/manage/")
    open_table_one(page)
    page.locator("#totals-0").fill("5")
    page.locator("#totals-1").fill("3")
    page.get_by_role("button", name="Key in the result").click()
    why = page.locator(".desk-reason")
    expect(why).to_be_focused()
    expect(why).to_have_attribute("aria-invalid", "true")
    expect(page.locator("[data-note-slot=desk]")).to_contain_text(
        "Say why first, in the box “Why (kept in the change log)”."
    )
    assert not hasattr(event.rounds.get().tables.get(number=1), "result")
    why.fill("from the tally card")
    expect(why).not_to_have_attribute("aria-invalid", "true")
    page.get_by_role("button", name="Key in the result").click()
    expect(page.locator("[data-note-slot=desk-result]")).to_contain_text("5–3")
    # Keyed in, it is a result to correct now.
    expect(page.get_by_role("button", name="Key in the result")).to_have_count(0)
    # The reason is spent with its change: the next one asks its own, never logged with this
    # one's.
    expect(why).to_have_value("")
    page.locator("#totals-0").fill("6")
    page.get_by_role("button", name="Correct the result").click()
    expect(why).to_have_attribute("aria-invalid", "true")
    assert event.rounds.get().tables.get(number=1).result.points == [5, 3]


def test_a_paper_tally_of_a_table_with_no_hand_is_keyed_in_on_a_hand_by_hand_night(
    live_server, page: Page, django_user_model
):
    """Its phone died: the table played on paper, and the director keys its tally card in."""
    event = a_night(django_user_model)
    sign_in(page, live_server.url, f"/events/{event.pk}/manage/")
    open_table_one(page)
    expect(page.locator(".rederive-form")).to_be_hidden()
    page.locator(".desk-reason").fill("paper tally, the phone died")
    page.locator("#totals-0").fill("5")
    page.locator("#totals-1").fill("3")
    page.get_by_role("button", name="Key in the result").click()
    expect(page.locator("[data-note-slot=desk-result]")).to_contain_text("5–3")
    result = event.rounds.get().tables.get(number=1).result
    assert (result.points, result.status) == ([5, 3], "confirmed")


def test_a_result_saved_meanwhile_by_another_director_is_not_overwritten_from_the_desk(
    live_server, page: Page, phone, django_user_model
):
    event = a_night(django_user_model, entry="totals")
    base = live_server.url
    page.clock.install()  # the console's refreshes are brought forward (table.py: refreshed)
    sign_in(page, base, f"/events/{event.pk}/manage/")
    open_table_one(page)
    # Dora begins keying in table 1's card.
    page.locator(".desk-reason").fill("from the tally card")
    page.locator("#totals-0").fill("5")
    page.locator("#totals-1").fill("3")

    # Ed keys in the same table's result meanwhile, on the table as he reads it.
    ed = SecondDirector(phone(), base, event, django_user_model)
    board = ed.read(f"/api/v1/events/{event.pk}/board/")
    (table,) = [t for t in board[0]["tables"] if t["number"] == 1]
    saved = ed.write(
        "PATCH",
        f"/api/v1/tables/{table['id']}/result/",
        {"points": [5, 2], "reason": "Ed's card"},
        table["version"],
    )
    assert saved.status == 200, saved.text()

    # Dora's console reads the night again: Ed's result is on her desk, what she typed stays.
    refreshed(
        page,
        lambda timeout: expect(page.locator(".desk-summary")).to_contain_text(
            "5–2", timeout=timeout
        ),
    )
    expect(page.locator("#totals-1")).to_have_value("3")
    # A night of final scores has no hands to count, on the desk or the board.
    expect(page.locator(".desk-summary")).not_to_contain_text("hand")
    expect(board_table(page, 1)).not_to_contain_text("hands entered")
    # The open table says the result as its tile on the board does: a director's, not the
    # opponents' confirmation.
    tile = page.locator(".board-table[data-table='1'] .result-state").inner_text()
    assert "Ed" in tile, tile
    expect(page.locator(".desk-summary")).to_contain_text(tile)

    # Her save was begun on the table before Ed's: refused, and she is shown his.
    page.get_by_role("button", name="Correct the result").click()
    looked_at(page, "director Ed", "5–2")
    expect(page.locator("[data-note-slot=desk-result]")).to_contain_text("Someone changed this")
    result = event.rounds.get().tables.get(number=1).result
    assert result.points == [5, 2]  # Ed's stands

    # Having looked, saving again is made on what she now sees.
    page.get_by_role("button", name="Correct the result").click()
    expect(page.locator("[data-note-slot=desk-result]")).to_contain_text("5–3")
    result.refresh_from_db()
    assert result.points == [5, 3]


def test_a_setting_changed_meanwhile_by_another_director_is_not_overwritten_from_the_form(
    live_server, page: Page, phone, django_user_model
):
    event = a_night(django_user_model, seated=False)
    base = live_server.url
    page.clock.install()  # the console's refreshes are brought forward (table.py: refreshed)
    sign_in(page, base, f"/events/{event.pk}/manage/")
    page.get_by_text("The event: name, date, season and every setting").click()
    form = page.locator("form.event-form")
    timer = form.get_by_label("Round timer (minutes; empty: untimed)")
    confirm = form.get_by_label("The opponents confirm a result")
    expect(confirm).to_have_value("table")
    ed = SecondDirector(phone(), base, event, django_user_model)
    path = f"/api/v1/events/{event.pk}/"

    # While Dora is not changing the form, it follows what Ed changes.
    changed = ed.write("PATCH", path, {"confirm_with": "pin"}, ed.read(path)["version"])
    assert changed.status == 200, changed.text()
    refreshed(page, lambda timeout: expect(confirm).to_have_value("pin", timeout=timeout))

    # Dora begins changing the round timer; Ed changes it meanwhile.
    timer.fill("40")
    changed = ed.write("PATCH", path, {"round_minutes": 45}, ed.read(path)["version"])
    assert changed.status == 200, changed.text()
    log = page.locator(".change-log li").first
    refreshed(page, lambda timeout: expect(log).to_contain_text("45", timeout=timeout))
    expect(timer).to_have_value("40")  # the refresh leaves what she types alone

    # Her save was begun on the event before Ed's change: refused, and she is shown his.
    form.get_by_role("button", name="Save").click()
    looked_at(page, "director Ed", "Round timer (minutes; empty: untimed): — → 45")
    event.refresh_from_db()
    assert event.round_minutes == 45  # Ed's stands: hers was refused
    expect(page.locator("[data-note-slot=event-form]")).to_contain_text("Someone changed this")
    expect(timer).to_have_value("40")  # what she typed is still hers to save
    expect(confirm).to_have_value("pin")

    # Having looked, saving again is made on what she now sees: only her change is sent.
    form.get_by_role("button", name="Save").click()
    expect(page.locator("[data-note-slot=event-form]")).to_contain_text("Saved")
    event.refresh_from_db()
    assert (event.round_minutes, event.confirm_with) == (40, "pin")


def test_a_bid_euchre_hand_is_keyed_in_and_amended_by_its_bid_and_tricks(
    live_server, page: Page, django_user_model
):
    event = a_night(django_user_model, ruleset="bid-euchre")
    sign_in(page, live_server.url, f"/events/{event.pk}/manage/")
    open_table_one(page)
    form = page.locator(".hand-form")
    expect(form.get_by_label("Alone")).to_have_count(0)  # a lone hand is a bid here
    # No suit named is a hand played at no trump (the API's quick entry leaves trump out).
    expect(form.get_by_label("Trump").locator("option[value='']")).to_have_text("— no trump")
    form.get_by_label("Their winning bid").select_option("4")
    form.get_by_label("Tricks the makers took").select_option("6")
    page.get_by_role("button", name="Save the hand").click()
    expect(page.locator(".desk-hands li").first).to_contain_text("took 6")
    (hand,) = event.rounds.get().tables.get(number=1).game.hands.all()
    assert (hand.bid, hand.maker_tricks, hand.award["reason"]) == ("4", 6, "bid-made")
    # Amended: the form comes back with the bid, and a set is scored as one.
    page.locator(".desk-hands li").first.get_by_role("button", name="Amend").click()
    expect(form.get_by_label("Their winning bid")).to_have_value("4")
    page.locator(".desk-reason").fill("they took only two")
    form.get_by_label("Tricks the makers took").select_option("2")
    page.get_by_role("button", name="Save the hand").click()
    expect(page.locator(".desk-hands li").first).to_contain_text("took 2")
    hand.refresh_from_db()
    assert (hand.bid, hand.maker_tricks, hand.award["reason"]) == ("4", 2, "bid-set")
    # The line says the bid, and the set below zero with a minus sign.
    scored = [hand.award["points"].get(str(side), 0) for side in (0, 1)]
    assert min(scored) < 0
    line = page.locator(".desk-hands li").first
    # Said as the table app says it: the makers bid, nobody called trump.
    expect(line).to_contain_text(re.compile(r"Hand 1: [A-Z][a-z]+ bid 4, took 2 "))
    expect(line).not_to_contain_text("called")
    # (its dash set apart from a minus sign: "−4 – 4")
    shown = [f"\u2212{-n}" if n < 0 else str(n) for n in scored]
    expect(line).to_contain_text(" – ".join(shown))
    # A side's total may be negative under an auction.
    assert page.locator("#totals-0").get_attribute("min") == "-999"
    # Time called, the table's result from its hands: on the board with the minus sign too.
    page.get_by_role("button", name="Call time").click()
    ask_and(page, "Confirm", says="Call time on round 1?")
    # The log says when, with nothing before it to show ("called time (8:05 PM)").
    called = page.locator(".change-log li", has_text="called time")
    expect(called).to_contain_text(re.compile(r"called time \(\d{1,2}:\d\d"))
    expect(called).not_to_contain_text("—")
    page.get_by_label("As it stands: time was called").check()
    expect(page.locator(".desk-reason")).to_have_value("")  # (spent with the amendment)
    page.locator(".desk-reason").fill("time was called")
    page.get_by_role("button", name="Enter the result from its hands").click()
    board = board_table(page, 1).locator(".result-state")
    expect(board).to_contain_text(" – ".join(shown))
    # The night's own page lists the table's result with the minus sign too.
    night = page.context.new_page()
    night.goto(f"{live_server.url}/events/{event.pk}/")
    expect(night.locator("li[data-table='1'] .status")).to_contain_text(" – ".join(shown))
    night.close()
    # Amended once the result stands: the log says which hand the result followed, and how.
    page.locator(".desk-hands li").first.get_by_role("button", name="Amend").click()
    page.locator(".desk-reason").fill("they took five after all")
    form.get_by_label("Tricks the makers took").select_option("5")
    page.get_by_role("button", name="Save the hand").click()
    expect(page.locator(".desk-hands li").first).to_contain_text("took 5")
    hand.refresh_from_db()
    made = "–".join(str(hand.award["points"].get(str(side), 0)) for side in (0, 1))
    followed = page.locator(".change-log li", has_text="they took five after all")
    expect(followed).to_contain_text(f"(hand 1 amended: {' – '.join(shown)} → {made})")


def test_every_setting_is_on_the_event_form_and_each_change_is_logged(
    live_server, page: Page, django_user_model
):
    event = a_night(django_user_model, seated=False)
    sign_in(page, live_server.url, f"/events/{event.pk}/manage/")
    page.get_by_text("The event: name, date, season and every setting").click()
    form = page.locator("form.event-form")
    form.get_by_label("Round timer (minutes; empty: untimed)").fill("25")
    form.get_by_label("The opponents confirm a result").select_option("opponent-device")
    form.get_by_label("A night ranks by").select_option("wins")
    form.get_by_label("Rounds", exact=True).fill("3")
    form.get_by_label("A director's correction of a confirmed result is").select_option("required")
    # A night of players ranked by points has no time-called win's match points to set.
    expect(form.get_by_label("A win when time is called earns (team events)")).to_have_count(0)
    form.get_by_label("Hands a round").fill("6")
    # What is counted from hands is offered only while the tables enter hands.
    bonus = form.get_by_label("Loner bonus", exact=False)
    counted = [form.get_by_label("Most loners made"), bonus]
    bonus.fill("2")
    form.get_by_label("Scores entered").select_option("totals")
    for box in counted:
        expect(box).to_be_hidden()
    expect(bonus).to_have_value("0")  # (none where hands are not entered: saved, it is taken)
    form.get_by_label("Scores entered").select_option("hands")
    for box in counted:
        expect(box).to_be_visible()
    expect(bonus).to_have_value("2")
    bonus.fill("0")
    form.get_by_role("button", name="Save").click()
    expect(page.locator("[data-note-slot=event-form]")).to_contain_text("Saved")
    change = page.locator(".change-log li", has_text="changed the event's settings")
    # In the form's own words: each setting by its label, each value as the form offers it.
    expect(change).to_contain_text("Round timer (minutes; empty: untimed): — → 25")
    expect(change).to_contain_text(
        "The opponents confirm a result: on the table's scoring phone, or a phone of their own"
        " → only on a phone of their own, joined for their side"
    )
    expect(change).to_contain_text(
        "A night ranks by: points, with sit-out credit and loner bonus → games won, then points"
    )
    expect(change).to_contain_text("Rounds: 2 → 3")
    expect(change).not_to_contain_text("round_minutes")
    event.refresh_from_db()
    assert event.round_minutes == 25 and event.confirm_with == "opponent-device"
    assert event.reconfirm == "required" and event.options["rank_by"] == "wins"
    assert event.options["rounds_planned"] == 3
    assert (event.time_called_win_points, event.hands_per_round) == (None, 6)
    # The rules' options, as a new game on the table app offers them: two changed, the rest
    # of the ruleset (its points too) as it was.
    before = dict(event.ruleset)
    form.get_by_label("Points to win").fill("11")
    form.get_by_label("When everyone passes twice").select_option("redeal")
    form.get_by_label("Canadian loner").check()
    form.get_by_role("button", name="Save").click()
    rules = page.locator(".change-log li", has_text="Points to win: 10 → 11")
    expect(rules).to_have_count(1)
    expect(rules).to_contain_text("Canadian loner: off → on")
    expect(rules).not_to_contain_text("{")
    event.refresh_from_db()
    assert event.ruleset == {
        **before,
        "target": 11,
        "stuck_dealer": "redeal",
        "canadian_loner": True,
    }
    expect(form.get_by_label("Points to win")).to_have_value("11")
    # A new preset starts from its own options.
    form.get_by_label("Rules (until the first round is seated)").select_option("uka")
    form.get_by_role("button", name="Save").click()
    expect(form.get_by_label("When everyone passes twice")).to_have_value("takes-upcard")
    event.refresh_from_db()
    assert (event.preset, event.ruleset["stuck_dealer"]) == ("uka", "takes-upcard")
    # Bid Euchre's own options: a number of tricks, and a choice of numbers, sent as numbers.
    form.get_by_label("Rules (until the first round is seated)").select_option("bid-euchre")
    form.get_by_role("button", name="Save").click()
    expect(form.get_by_label("When everyone passes twice")).to_have_count(0)
    form.get_by_label("The lowest bid (tricks)").fill("4")
    form.get_by_label("Cards passed for a moon").select_option("2")
    form.get_by_role("button", name="Save").click()
    expect(page.locator(".change-log li", has_text="Cards passed for a moon")).to_contain_text(
        "One card → Two cards"
    )
    event.refresh_from_db()
    assert (event.ruleset["min_bid"], event.ruleset["moon_exchange"]) == (4, 2)
    # The auction's own deck and stuck dealer: 32 cards deal eight each (the table's shape is
    # the server's to work out, not sent back as it was).
    form.get_by_label("The deck").select_option("32")
    form.get_by_label("When all four pass").select_option("redeal")
    form.get_by_role("button", name="Save").click()

    def saved() -> bool:
        event.refresh_from_db()
        return (event.ruleset["deck"], event.ruleset["stuck_dealer"]) == (32, "redeal")

    eventually(page, saved, what="the deck and the stuck dealer saved")
    expect(form.get_by_label("The lowest bid (tricks)")).to_have_attribute("max", "8")
    # Once a round is seated its tables play by these: shown, no longer offered. (Seated once
    # the console has read the night again after the change, as its log shows.)
    expect(page.locator(".change-log li", has_text="The deck: 24 → 32")).to_be_visible()
    page.get_by_role("button", name="Seat the next round").click()
    expect(page.locator("[data-note-slot=rounds]")).to_contain_text("Round 1 is seated.")
    for fixed in ("Rules (until the first round is seated)", "The deck", "A round is"):
        expect(form.get_by_label(fixed)).to_be_disabled()
    expect(form.get_by_label("Hands a round")).to_be_disabled()
    expect(form.get_by_label("Round timer (minutes; empty: untimed)")).to_be_enabled()


def test_a_player_absent_is_recorded_from_the_tables_desk(
    live_server, page: Page, django_user_model
):
    event = a_night(django_user_model)
    north = event.rounds.get().tables.get(number=1).seats.get(number=0).player.shown
    sign_in(page, live_server.url, f"/events/{event.pk}/manage/")
    open_table_one(page)
    page.locator(".desk-reason").fill("did not come back from the break")
    page.locator(".absent-form select[name=seat]").select_option(label=f"N: {north}")
    page.get_by_role("button", name="Record the absence").click()
    ask_and(page, "Confirm", says=f"{north} is absent at table 1 this round")
    expect(page.locator("[data-note-slot=desk-seats]")).to_contain_text(
        f"{north} is recorded absent"
    )
    expect(page.locator(".desk-seats")).to_contain_text(f"{north} (absent")
    # The log says what changed (not "Ann → Ann"), and the board marks the seat as the desk does.
    expect(page.locator(".change-log")).to_contain_text(
        f"recorded a player absent {north} → {north} (absent)"
    )
    expect(page.locator(".board-table[data-table='1']")).to_contain_text(f"{north} (absent)")


def test_the_backup_box_keeps_up_while_the_console_is_open(
    live_server, page: Page, django_user_model, settings, tmp_path
):
    settings.BACKUP_DIR = tmp_path / "backups"
    settings.BACKUP_MIRROR = None
    event = a_night(django_user_model)
    page.clock.install()  # the test moves the console's clock on itself
    sign_in(page, live_server.url, f"/events/{event.pk}/manage/")
    box = page.locator(".night-safety")
    expect(box).to_contain_text("No backup made yet.")
    expect(box).to_contain_text("No mirror is set")
    made = backups.backup_create(label="round", holds=holdings())  # the minute's backup
    page.clock.run_for(20_000)
    expect(box).to_contain_text("Last backup")
    expect(box).to_contain_text(made.name)
    expect(box).not_to_contain_text("No backup made yet.")


# Each button on the screen whose words sit off its middle (by more than 3 px), as "label: px".
OFF_CENTRE = """() => [...document.querySelectorAll("button, .button")].flatMap((el) => {
  const box = el.getBoundingClientRect();
  if (!el.checkVisibility() || box.height < 1 || !el.textContent.trim()) return [];
  const range = document.createRange();
  range.selectNodeContents(el);
  const lines = [...range.getClientRects()].filter((r) => r.height > 0);
  const top = Math.min(...lines.map((r) => r.top)), bottom = Math.max(...lines.map((r) => r.bottom));
  const off = Math.round((top + bottom) / 2 - (box.top + box.bottom) / 2);
  return Math.abs(off) > 3 ? [`${el.textContent.trim()}: ${off}`] : [];
})"""


def test_at_200_percent_text_the_consoles_buttons_hold_their_words_in_the_middle(
    live_server, phone, django_user_model
):
    event = a_night(django_user_model)
    page = phone(locale="en-US").new_page()
    root_font_size(page, 200)
    sign_in(page, live_server.url, f"/events/{event.pk}/manage/")
    expect(board_table(page, 1)).to_contain_text("playing")
    assert page.evaluate(OFF_CENTRE) == []


@pytest.mark.parametrize("percent", [100, 200])
def test_the_console_in_korean_keeps_a_date_and_the_directors_name_whole(
    live_server, phone, django_user_model, settings, tmp_path, percent
):
    """The line "디렉터 Dora (demo director)가 입력함" never breaks inside a word (nor before
    its particle, after the name's bracket), nor the last backup's date at its hyphens
    ("2026-" over "12-05"); at the usual size and at 200%."""
    settings.BACKUP_DIR = tmp_path / "backups"
    event = a_night(django_user_model)
    user = django_user_model.objects.get(username=DIRECTOR)
    user.first_name = "Dora (demo director)"
    user.save(update_fields=["first_name"])
    table = event.rounds.get(number=1).tables.order_by("number").first()
    seat = table.seats.order_by("number").first()
    director = Actor(user=user)
    services.round_time_call(event=event, number=1, actor=director)
    services.result_enter(table=table, actor=director, entered_by=seat.player_id, time_called=True)
    backups.backup_create(label="round", holds=holdings())
    page = phone(locale="ko-KR").new_page()
    root_font_size(page, percent)
    sign_in(page, live_server.url, f"/events/{event.pk}/manage/")
    expect(board_table(page, 1)).to_contain_text("입력함")
    expect(page.locator(".night-safety time")).to_be_visible()
    page.evaluate(SETTLED)
    assert page.evaluate(BROKEN_WORDS) == []


# The words of the standings' names that take more than one line ("Bartholom" over "ew").
WORDS_BROKEN_IN_NAMES = """() => [...document.querySelectorAll(".standings-table td:nth-child(2)")]
  .flatMap((cell) => [...cell.childNodes].filter((node) => node.nodeType === Node.TEXT_NODE))
  .flatMap((node) => [...node.data.matchAll(/\\S+/g)].filter((word) => {
    const range = document.createRange();
    range.setStart(node, word.index);
    range.setEnd(node, word.index + word[0].length);
    return new Set([...range.getClientRects()].map((box) => Math.round(box.top))).size > 1;
  }).map((word) => word[0]))"""


def test_the_consoles_standings_keep_a_long_name_whole_on_a_phone(
    live_server, phone, django_user_model
):
    """At 360 px in Korean the console's standings keep the columns that matter on a phone, as
    the players' page does, the match points that rank a Swiss night in sight; a team's
    "Bartholomew" widens the table, which scrolls in its own box, rather than breaking as
    "Bartholom" over "ew"."""
    dora, event, _ = night(django_user_model)
    dora.user.set_password(PASSWORD)
    dora.user.save()
    swiss, _ = swiss_and_party(dora, event.club)
    page = phone(locale="ko-KR").new_page()
    sign_in(page, live_server.url, f"/events/{swiss.pk}/manage/")
    console_ready(page)
    expect(page.locator(".standings-table")).to_contain_text("Bartholomew")
    for summary in page.locator("details > summary").all():
        summary.click()  # every fold open: the standings laid out
    page.evaluate(SETTLED)
    assert page.evaluate(WORDS_BROKEN_IN_NAMES) == []
    assert page.evaluate("[innerWidth, document.documentElement.scrollWidth]") == [360, 360]
    box = page.locator(".standings-table")
    points = box.locator("thead th", has_text="승점")
    expect(points).to_be_visible()
    seen = box.evaluate(
        "(box, cell) => cell.getBoundingClientRect().right <= box.getBoundingClientRect().right + 1",
        points.element_handle(),
    )
    assert seen, "the match points are off the phone's screen"
    # The figure that ranks comes right after the name: on the screen at 200% text too.
    page.evaluate("document.documentElement.style.fontSize = '200%'")
    assert box.evaluate(
        "(box, cell) => cell.getBoundingClientRect().right <= box.getBoundingClientRect().right + 1",
        points.element_handle(),
    ), "the match points are off the phone's screen at 200% text"
    page.evaluate("document.documentElement.style.fontSize = ''")
    shot(page, "console-standings-phone-ko", ".standings")
    # The table scrolls in its own box as far as its last column; no rank is broken.
    box.evaluate("(box) => { box.scrollLeft = box.scrollWidth; }")
    last = box.locator("tbody tr").first.locator("td").last
    inside = box.evaluate(
        "(box, cell) => cell.getBoundingClientRect().right <= box.getBoundingClientRect().right + 1",
        last.element_handle(),
    )
    assert inside
    ranks = page.locator(".standings-table tbody td:first-child")
    assert set(
        ranks.evaluate_all("(cells) => cells.map((c) => getComputedStyle(c).whiteSpace)")
    ) == {"nowrap"}


@pytest.mark.parametrize("percent", [100, 200])
def test_the_console_in_korean_breaks_no_word_and_grows_with_the_browsers_text(
    live_server, phone, django_user_model, percent
):
    event = a_night(django_user_model)
    page = phone(locale="ko-KR").new_page()
    text_size(page, percent)
    sign_in(page, live_server.url, f"/events/{event.pk}/manage/")
    expect(board_table(page, 1)).to_be_visible()
    for summary in page.locator("details > summary").all():
        summary.click()  # every fold open: all of the console's words on the screen
    page.evaluate(SETTLED)
    # Words, not the log's JSON or a date, which may break at their punctuation.
    words = [found.split('"')[1] for found in page.evaluate(BROKEN_WORDS)]
    broken = [word for word in words if re.fullmatch(r"\w+", word)]
    assert broken == [], broken
    body = page.evaluate("parseFloat(getComputedStyle(document.body).fontSize)")
    assert body == 16 * percent / 100
    # Nothing wider than the phone: its layout viewport stays the screen's 360 px.
    assert page.evaluate("[innerWidth, document.documentElement.scrollWidth]") == [360, 360]
    # Every link of the console's own menu is as wide as a finger, whatever its word.
    widths = page.locator(".console-nav a").evaluate_all(
        "(links) => links.map((a) => a.getBoundingClientRect().width)"
    )
    assert widths and min(widths) >= 44


def test_a_guesser_on_the_clubs_wifi_is_forgiven_from_the_console_and_the_phones_join(
    live_server, page: Page, phone, django_user_model, rates
):
    """Wrong codes from one network use up its limit: a phone there is told so and to ask the
    director; the console, on the same network, lets its phones join again."""
    rates(**{"join-codes": "3/hour"})
    event = a_night(django_user_model)
    code = event.rounds.get().tables.get(number=1).event_table.join_code
    player = phone().new_page()
    player.goto(live_server.url + f"/t/{code}")
    typed = player.get_by_role("textbox", name="The table's code")
    keep = player.get_by_role("button", name="Keep this table's score")
    for wrong in ("WRONG1", "WRONG2", "WRONG3"):
        typed.fill(wrong)
        with player.expect_response("**/api/v1/tables/join/") as answer:
            keep.click()
        assert answer.value.status == 404
    typed.fill(code)
    keep.click()
    expect(player.get_by_role("alert")).to_have_text(
        "Too many wrong codes came from this network. Ask the director to let this network's "
        "phones join again (the console's Tables). Or try again in 60 min."
    )

    sign_in(page, live_server.url, f"/events/{event.pk}/manage/")
    # (the console has read the night, and its version, once it lists the round's sheet)
    expect(page.locator(".round-sheets a")).to_have_count(2)
    page.get_by_text("Phones here refused joining (too many wrong codes)?").click()
    read = version_of(event)
    with page.expect_request("**/join-limit/lift/") as lift:
        page.get_by_role("button", name="Let this network's phones join again").click()
    # Made on the night as the console read it, as its every write is.
    assert lift.value.headers["if-match"] == f'"{read}"'
    expect(page.locator("[data-note-slot=join-limit]")).to_contain_text(
        "This network's phones can join again (3 wrong codes forgiven)."
    )
    keep.click()
    expect(player.locator(".table-title")).to_have_text(re.compile(r"Table 1 · round 1"))


def test_the_log_names_the_confirming_player_and_every_phone_act_in_the_consoles_words(
    live_server, phone, django_user_model
):
    """In Korean: a result's status in Korean, the player who confirmed it by name (the log
    keeps their id), and the director's acts on the table's phones and on the join limit."""
    event = a_night(django_user_model, entry="totals")
    table = event.rounds.get().tables.get(number=1)
    user = django_user_model.objects.get(username=DIRECTOR)
    user.first_name = "Dora Lee"
    user.save()
    director = Actor(user=user)
    scorer, _token = services.table_join(code=table.event_table.join_code)
    services.table_join(code=table.event_table.join_code, role="confirmer")
    seats = list(table.seats.order_by("number").select_related("player"))
    device = Actor(device=scorer)
    services.result_enter(table=table, actor=device, entered_by=seats[0].player_id, points=[5, 3])
    services.result_confirm(table=table, actor=device, confirmed_by=seats[1].player_id)
    services.result_correct(table=table, actor=director, reason="miscounted", points=[4, 3])
    services.table_code_issue(table=table, actor=director)
    services.event_update(event=event, actor=director, round_minutes=25, ask_tricks=True)
    # Restored at the laptop itself (its page, nobody signed in): logged by the server as
    # "laptop", said in the console's words.
    Restore.objects.create(epoch="e" * 16, backup="euchre-20261207-round.sqlite3")
    services.events_restored()
    page = phone(locale="ko-KR").new_page()
    sign_in(page, live_server.url, f"/events/{event.pk}/manage/")
    board = board_table(page, 1)
    board.get_by_role("button", name="넘겨주기").click()
    ask_and(page, "확인")
    log = page.locator(".change-log")
    expect(log).to_contain_text("테이블을 다른 휴대폰에 넘김")  # the board drawn again too
    board.get_by_role("button", name="확인용 휴대폰 끝내기").click()
    ask_and(page, "확인")
    page.get_by_text("이곳의 휴대폰이 참가를 거절당하나요").click()
    page.get_by_role("button", name="이 네트워크의 휴대폰 다시 참가시키기").click()
    expect(log).to_contain_text("디렉터 Dora Lee - 자기 네트워크의 휴대폰이 다시 참가하게 함")
    ended = "1라운드 1번 테이블: 디렉터 Dora Lee - 테이블의 확인용 휴대폰을 끝냄"
    expect(log).to_contain_text(ended)
    expect(log).to_contain_text("테이블을 다른 휴대폰에 넘김")
    expect(log).to_contain_text("테이블에 새 참가 코드를 발급함")
    who = seats[1].player.shown
    confirmed = log.locator("li", has_text="결과 확인")
    expect(confirmed).to_contain_text(f"{who}(1번 테이블의 기록용 휴대폰) - 결과 확인")
    expect(confirmed).to_contain_text("5–3 확인 대기 → 5–3 확인됨")
    expect(log.locator("li", has_text="결과 정정")).to_contain_text("5–3 확인됨 → 4–3 확인됨")
    expect(log).to_contain_text("라운드 자리를 배정함 (테이블 2개)")  # (nothing before it)
    expect(log).not_to_contain_text("— → 테이블")
    # A setting by the form's label, its values as the form says them.
    settings = log.locator("li", has_text="라운드 타이머 (분; 비우면 시간 제한 없음): — → 25")
    expect(settings).to_contain_text(": 끔 → 켬")
    expect(settings).not_to_contain_text("round_minutes")
    expect(log.locator("li", has_text="백업에서 데이터베이스를 복원함")).to_contain_text(
        "노트북 앞의 누군가"
    )
    assert re.search(r"confirmed|entered|device|director|tables|laptop", log.inner_text()) is None
    # Closed and reopened: the night's status in Korean too.
    page.get_by_role("button", name="밤 마감").click()
    ask_and(page, "확인")
    page.get_by_role("button", name="밤 다시 열기").click()
    page.locator("dialog.ask input").fill("한 라운드 더")
    ask_and(page, "확인")
    expect(log.locator("li").first).to_contain_text("밤을 다시 엶 종료 → 진행 중")
    expect(log.locator("li").nth(1)).to_contain_text("밤을 마감함 진행 중 → 종료")


def test_the_console_in_korean_gives_a_names_particle_the_form_the_name_takes(
    live_server, phone, django_user_model
):
    """The console's Korean says a name's particle in both forms ("{name}이(가)"); the screen
    says the one the name takes, as the table app does: "Ann이", "Bo가", "Ann과 Bo의"."""
    event = a_night(django_user_model)
    page = phone(locale="ko-KR").new_page()
    sign_in(page, live_server.url, f"/events/{event.pk}/manage/")
    expect(board_table(page, 1)).to_be_visible()
    said = page.evaluate(
        """async () => {
          const { t } = await import("/static/events/console_kit.js");
          return [t("seated_late", { name: "Ann", number: 2 }), t("seated_late", { name: "Bo", number: 2 }),
            t("swapped", { first: "Ann", second: "Bo" })];
        }"""
    )
    assert said == [
        "Ann이 2라운드에 앉았습니다.",
        "Bo가 2라운드에 앉았습니다.",
        "Ann과 Bo의 자리를 바꿨습니다.",
    ]
