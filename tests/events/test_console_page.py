"""The director's console page: its words (the script's too) in the visitor's language; its
event form, read again with the version its values were read at."""

from __future__ import annotations

import json
import re

import pytest
from event_helpers import ok

from scorekeeper.events.formats import registered
from scorekeeper.events.formats.base import FormatBase
from scorekeeper.events.serializers import EventUpdateSerializer
from scorekeeper.events.services.settings import AFTER_CLOSE
from tests.problems import is_problem

pytestmark = pytest.mark.django_db


def test_the_console_speaks_korean_to_a_korean_browser(director):
    event = director.create_event(rounds_planned=2)
    page = director.client.get(f"/events/{event}/manage/", HTTP_ACCEPT_LANGUAGE="ko")
    html = page.content.decode()
    assert "디렉터 콘솔" in html and "결과 부여" in html
    words = json.loads(re.search(r'id="console-words"[^>]*>(.*?)</script>', html, re.S)[1])
    assert words["hand_over"] == "넘겨주기"
    assert words["time_ask"].startswith("{number}라운드")


@pytest.mark.parametrize(
    ("ruleset", "language", "maker"),
    [
        ("bid-euchre", "en", "Who won the bid"),
        ("bid-euchre", "ko", "비딩을 따낸 사람"),
        ("six-handed", "en", "Who called trump"),
    ],
)
def test_the_hand_form_asks_for_the_maker_in_the_rules_words(director, ruleset, language, maker):
    """An auction has no trump called: its makers are who won the bid, as the table app asks."""
    event = director.create_event(ruleset=ruleset, rounds_planned=2)
    page = director.client.get(f"/events/{event}/manage/", HTTP_ACCEPT_LANGUAGE=language)
    label = re.search(r'<label for="hand-maker">(.*?)</label>', page.content.decode())
    assert label and label[1] == maker


@pytest.mark.parametrize(("ruleset", "size"), [("standard", 4), ("six-handed", 6)])
def test_the_console_knows_how_many_a_table_seats(director, ruleset, size):
    """A late arrival's question ("six sitting out make a new table") and a no-show's
    ("the partners score") are said for the table the ruleset seats."""
    event = director.create_event(ruleset=ruleset, rounds_planned=2)
    page = director.client.get(f"/events/{event}/manage/").content.decode()
    assert f'data-table-size="{size}"' in page
    assert "{size} sitting out make a new table" in page
    assert "the partners score the round" in page


@pytest.mark.parametrize(
    ("language", "bid", "won"),
    [
        ("en", "{maker} bid {bid}", "{maker} won the bid"),
        ("ko", "{maker}: {bid} 비딩", "{maker}이(가) 비딩을 따냄"),
    ],
)
def test_the_consoles_hand_line_says_an_auctions_makers_bid(director, language, bid, won):
    """As the table app says a Bid Euchre hand: "Ann bid 4", never that Ann called."""
    event = director.create_event(ruleset="bid-euchre", rounds_planned=2)
    page = director.client.get(f"/events/{event}/manage/", HTTP_ACCEPT_LANGUAGE=language)
    html = page.content.decode()
    words = json.loads(re.search(r'id="console-words"[^>]*>(.*?)</script>', html, re.S)[1])
    assert (words["hand_bid"], words["hand_won_bid"]) == (bid, won)


def test_the_console_offers_the_clubs_seasons_on_the_event_form(director):
    season = director.create_season("Spring", "2027-03-01", "2027-05-31")
    event = director.create_event(rounds_planned=2)
    html = director.client.get(f"/events/{event}/manage/").content.decode()
    assert f'<option value="{season}">Spring</option>' in html


#: What a director changes beside the event form, not in it: the night's buttons (publish,
#: finish or reopen) and the reason each change asks for.
ELSEWHERE = {"published", "status", "reason"}


@pytest.mark.parametrize("fmt", sorted(registered()))
def test_every_setting_a_director_may_change_is_on_the_event_form(director, fmt):
    options = {} if registered()[fmt].rounds_follow else {"rounds_planned": 2}
    event = director.create_event(format=fmt, **options)
    html = director.client.get(f"/events/{event}/manage/").content.decode()
    form = re.search(r'<form class="stack event-form"[^>]*>.*?</form>', html, re.S)[0]
    named = set(re.findall(r'name="([a-z_]+)"', form))
    other_formats = {o.name for f in registered().values() for o in f.fields} - {
        o.name for o in registered()[fmt].fields
    }
    # A time-called win's match points: only where they rank (a team event's).
    not_taken = set() if registered()[fmt].time_called_win_taken else {"time_called_win_points"}
    # Sitting out's credit: only where it earns one (not a Swiss bye, a win).
    if registered()[fmt].sit_out_refusal is not None:
        not_taken |= {"sit_out_credit", "sit_out_points"}
    # The hands a round: only where a round may be a number of hands (a knockout's are games).
    if registered()[fmt].winner_required:
        not_taken |= {"hands_per_round"}
    settings = set(EventUpdateSerializer().fields) - ELSEWHERE - other_formats - not_taken
    assert settings - named == set()
    assert not_taken & named == set()


@pytest.mark.parametrize("entry", ["hands", "totals"])
def test_what_is_counted_from_hands_is_offered_only_where_the_tables_enter_them(director, entry):
    """Most loners, most euchres and a loner bonus count hands: a night of final scores has
    none to count, and its form shows none of them (kept, should the entry change back)."""
    event = director.create_event(rounds_planned=2, entry=entry)
    form = director.client.get(f"/events/{event}/manage/settings/").content.decode()
    shown = entry == "hands"
    for name in ('value="most-loners"', 'value="most-euchres"', 'name="loner_bonus"'):
        label = re.search(rf"<label[^>]*>(?:(?!</label>).)*{name}", form, re.S)
        assert label is not None, name
        assert ("hand-prize" in label[0]) and (" hidden>" not in label[0]) == shown, label[0]


@pytest.mark.parametrize("fmt", sorted(registered()))
def test_movement_cards_are_offered_where_the_format_plans_the_night_ahead(director, fmt):
    """A format that plans its rounds before they are played (`planned_rounds`) says so
    (`plans_ahead`), and only its console offers the movement cards, which print the plan."""
    kind = registered()[fmt]
    assert kind.plans_ahead == (type(kind).planned_rounds is not FormatBase.planned_rounds)
    options = {} if kind.rounds_follow else {"rounds_planned": 2}
    event = director.create_event(format=fmt, **options)
    html = director.client.get(f"/events/{event}/manage/").content.decode()
    assert (f"/events/{event}/movement/" in html) is kind.plans_ahead


def test_a_closed_nights_form_offers_only_what_a_closed_night_may_change(director):
    """Shown, not offered: every setting the server refuses on a closed night (409
    `event-closed`) is in the form's disabled part; what it takes is outside it."""
    event = director.create_event(rounds_planned=2)
    director.add_players(event, "Ann", "Ben", "Cat", "Dan")
    director.next_round(event)
    body = {"leave_open": True}  # (its table has no result)
    ok(director.client.post(f"/api/v1/events/{event}/close/", body, format="json"))
    form = director.client.get(f"/events/{event}/manage/settings/").content.decode()
    held = re.search(
        r'<fieldset class="while-open" disabled>(.*?)</fieldset>\s*<button', form, re.S
    )
    assert held is not None
    inside = set(re.findall(r'name="([a-z_]+)"', held[1]))
    outside = set(re.findall(r'name="([a-z_]+)"', form.replace(held[0], "")))
    assert outside == AFTER_CLOSE - {"published"}
    assert inside and not inside & AFTER_CLOSE
    assert "reopen it to change the rest" in held[1]
    # The server agrees field by field: one outside is taken, each inside refused.
    ok(
        director.client.patch(
            f"/api/v1/events/{event}/", {"name": "Club night, closed"}, format="json"
        )
    )
    refused = director.client.patch(
        f"/api/v1/events/{event}/", {"round_minutes": 20}, format="json"
    )
    assert is_problem(refused, 409, "round_minutes", "event-closed")
    assert "round_minutes" in inside
    ok(director.client.post(f"/api/v1/events/{event}/reopen/", {}, format="json"))
    form = director.client.get(f"/events/{event}/manage/settings/").content.decode()
    assert '<fieldset class="while-open">' in form and "reopen it to change the rest" not in form


def test_the_event_form_is_read_again_with_the_version_its_values_were_read_at(director):
    event = director.create_event(rounds_planned=2)
    form = director.client.get(f"/events/{event}/manage/settings/").content.decode()
    assert re.search(r'<form class="stack event-form" data-version="0"', form)
    assert re.search(r'name="round_minutes"[^>]* value=""', form)
    changed = ok(
        director.client.patch(
            f"/api/v1/events/{event}/", {"round_minutes": 25}, format="json", HTTP_IF_MATCH='"0"'
        )
    )
    assert changed["version"] > 0
    # What a change of the form is asked against: the version its values were read at.
    for page in (f"/events/{event}/manage/settings/", f"/events/{event}/manage/"):
        form = director.client.get(page).content.decode()
        assert f'event-form" data-version="{changed["version"]}"' in form
        assert re.search(r'name="round_minutes"[^>]* value="25"', form)


def test_a_round_of_a_whole_game_is_offered_to_the_rules_target(director):
    event = director.create_event(rounds_planned=2, ruleset={"preset": "standard", "target": 11})
    html = director.client.get(f"/events/{event}/manage/").content.decode()
    assert re.search(r'<option value="game"[^>]*>a game to 11</option>', html)
