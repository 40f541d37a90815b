"""Exports (CSV, EGN) and the printable pages."""

from __future__ import annotations

import csv
import io
import json
import re
from typing import Any

import numpy as np
import pytest
import zxingcpp
from django.core.management import call_command
from event_helpers import Device, Director, is_problem, join, ok, play_round, totals
from rest_framework.test import APIClient

from referee import egn
from scorekeeper.events import selectors
from scorekeeper.events.models import Event, Table
from scorekeeper.models import Game

pytestmark = pytest.mark.django_db


def read_csv(response: Any) -> list[dict[str, str]]:
    """A CSV download as a spreadsheet reads it: UTF-8, the byte order mark skipped."""
    return list(csv.DictReader(io.StringIO(response.content.decode("utf-8-sig"))))


def played(*tricks: str) -> list[list[dict[str, Any]]]:
    """Tricks as "1:AH 2:JS 3:9C 0:TD" (seat:card, in play order)."""
    return [[{"seat": int(p[0]), "card": p[2:]} for p in trick.split()] for trick in tricks]


# Dealer 0 turns the ace of spades; seat 2 orders it up and marches with both bowers.
MARCH: dict[str, Any] = {
    "dealer": 0,
    "upcard": "AS",
    "hands": {
        "0": ["9D", "TD", "QC", "KC", "AC"],
        "1": ["9H", "TH", "QH", "KH", "AH"],
        "2": ["JS", "JC", "KS", "QS", "9S"],
        "3": ["9C", "TC", "JD", "QD", "KD"],
    },
    "bids": [{"seat": 1, "action": "pass"}, {"seat": 2, "action": "order-up"}],
    "discard": "9D",
    "tricks": played(
        "1:AH 2:JS 3:9C 0:TD",
        "2:JC 3:TC 0:AS 1:9H",
        "2:KS 3:QD 0:QC 1:TH",
        "2:QS 3:KD 0:KC 1:QH",
        "2:9S 3:JD 0:AC 1:KH",
    ),
}


def turned(record: dict[str, Any], by: int) -> dict[str, Any]:
    """The same hand with every seat moved `by` places to the left."""

    def seat(s: int) -> int:
        return (s + by) % 4

    return {
        **record,
        "dealer": seat(record["dealer"]),
        "hands": {str(seat(int(s))): cards for s, cards in record["hands"].items()},
        "bids": [{**bid, "seat": seat(bid["seat"])} for bid in record["bids"]],
        "tricks": [[{**p, "seat": seat(p["seat"])} for p in trick] for trick in record["tricks"]],
    }


@pytest.fixture
def played_round(director: Director) -> tuple[int, list[Device]]:
    """Eight players, one round of two hands: table 1 enters its second hand with its cards."""
    event = director.create_event(
        name="Export night", round_length="hands", hands_per_round=2, rounds_planned=1, seed=3
    )
    director.add_players(event, "Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal")

    def play(device: Device, table: dict[str, Any]) -> None:
        device.hand(device.by_seat[0], 3)  # seat 0 makes it: one point to seats 0 and 2
        if table["number"] == 1:
            ok(device.post("hands/", {"record": turned(MARCH, 1)}), 201)  # seat 3 marches
        else:
            device.hand(device.by_seat[1], 1)  # seat 1 is euchred
        device.settle()

    played = play_round(director, event, play)
    assert played is not None
    director.publish(event)
    return event, played.devices


def test_a_tables_game_replays_from_its_egn_to_its_score(anon, played_round):
    _, (first, second) = played_round
    response = anon.get(f"/api/v1/tables/{first.id}/game.egn")
    assert response.status_code == 200 and response["Content-Type"] == "application/json"
    game = egn.read_game(json.loads(response.content))
    assert game.initial_score == (1, 0)  # hand 1 went in without its cards
    assert game.players == tuple(sorted(first.seats, key=first.seat_of))
    replay = egn.replay(game)
    assert replay.ok and len(replay.deals) == 1
    result = ok(anon.get(f"/api/v1/tables/{first.id}/result/"))
    assert list(replay.final_score) == result["points"] == [1, 2]
    # A game entered without cards has nothing EGN can replay.
    assert is_problem(anon.get(f"/api/v1/tables/{second.id}/game.egn"), 409, "id", "no-egn")


def test_the_events_games_come_as_an_egn_match_file(anon, played_round):
    event, _ = played_round
    body = json.loads(anon.get(f"/api/v1/events/{event}/games.emn").content)
    (game,) = egn.read_match(body)
    assert egn.replay(game).final_score == (1, 2)
    assert [(g["round"], g["table"], g["result"]) for g in body["games"]] == [(1, 1, "confirmed")]
    assert [(s["round"], s["table"]) for s in body["metadata"]["skipped"]] == [(1, 2)]


def test_standings_and_results_come_as_csv(anon, played_round):
    event, (first, second) = played_round
    response = anon.get(f"/api/v1/events/{event}/standings.csv")
    assert response["Content-Type"].startswith("text/csv")
    assert response.content.startswith(b"\xef\xbb\xbfrank,")  # UTF-8, with its mark
    rows = read_csv(response)
    standings = ok(anon.get(f"/api/v1/events/{event}/standings/"))["rows"]
    assert [(r["rank"], r["name"], r["total"]) for r in rows] == [
        (str(s["rank"]), s["name"], str(s["total"])) for s in standings
    ]
    # Table 1: 1-2 (the march); table 2: 1 + 2 for the euchre = 3-0.
    assert {r["name"]: int(r["total"]) for r in rows} == {
        **{name: (1 if first.side_of(name) == 0 else 2) for name in first.seats},
        **{name: (3 if second.side_of(name) == 0 else 0) for name in second.seats},
    }
    results = read_csv(anon.get(f"/api/v1/events/{event}/results.csv"))
    assert [
        (r["round"], r["table"], r["points_0"], r["points_1"], r["status"]) for r in results
    ] == [
        ("1", "1", "1", "2", "confirmed"),
        ("1", "2", "3", "0", "confirmed"),
    ]


def test_the_printable_pages(director: Director, anon, played_round):
    event, (first, _) = played_round
    page = anon.get(f"/events/{event}/results/")
    assert page.status_code == 200 and b"Export night" in page.content
    assert b"Most euchres" in page.content and b"head to head" in page.content
    assert b"Euchres" in page.content and b"Loners" in page.content
    assert ok(anon.get(f"/api/v1/events/{event}/standings/"))["hands"] is True
    for export in ("standings.csv", "results.csv", "tally.csv", "games.emn"):
        assert f'href="/api/v1/events/{event}/{export}"'.encode() in page.content
    sheet = anon.get(f"/events/{event}/rounds/1/sheet/")
    assert sheet.status_code == 200
    assert all(name.encode() in sheet.content for name in first.seats)
    code = ok(director.client.get(f"/api/v1/tables/{first.id}/"))["join_code"]
    assert code.encode() not in sheet.content
    assert anon.get(f"/events/{event}/cards/").status_code == 404
    assert director.client.get(f"/events/{event}/rounds/1/cards/")["Location"] == (
        f"/events/{event}/cards/"
    )
    cards = director.client.get(f"/events/{event}/cards/")
    assert cards.status_code == 200 and code.encode() in cards.content
    assert anon.get(f"/events/{event}/rounds/9/sheet/").status_code == 404


def test_a_final_scores_nights_results_show_nothing_counted_from_hands(director: Director, anon):
    event = director.create_totals_night(rounds_planned=1)
    director.add_players(event, "Ann", "Ben", "Cat", "Dan")
    play_round(director, event, totals([5, 3]))
    director.publish(event)
    page = anon.get(f"/events/{event}/results/").content.decode()
    # No euchre or loner is known where the tables enter final scores, and no game to replay.
    assert "Euchres" not in page and "Loners" not in page and "Most euchres" not in page
    assert "games.emn" not in page and "Highest single game" in page
    assert "results.csv" in page
    standings = ok(anon.get(f"/api/v1/events/{event}/standings/"))
    assert standings["hands"] is False
    assert [p["kind"] for p in standings["side_prizes"]] == ["highest-game", "booby"]


def read_card_qr(svg: str) -> str:
    """Decode a table card's QR code from pixels, as a phone's camera would. segno draws
    each row's dark runs as one path: `M x y` to start, `h n` a run, `m dx dy` a move."""
    side = int(re.search(r'viewBox="0 0 (\d+) ', svg).group(1)) // 5
    path = re.search(r' d="([^"]+)"', svg).group(1)
    dark = np.zeros((side, side), dtype=bool)
    x = y = 0.0
    for op, args in re.findall(r"([MmHh])([^MmHh]*)", path):
        values = [float(v) for v in args.replace(",", " ").split()]
        if op == "M":
            x, y = values
        elif op == "m":
            x, y = x + values[0], y + values[1]
        else:
            dark[int(y), int(x) : int(x + values[0])] = True
            x += values[0]
    pixels = np.where(dark, 0, 255).astype(np.uint8)
    found = zxingcpp.read_barcodes(np.kron(pixels, np.ones((8, 8), dtype=np.uint8)))
    assert len(found) == 1, "no QR code could be read"
    return str(found[0].text)


def test_the_table_cards_carry_the_code_its_url_and_a_qr_code(
    director: Director, played_round, settings
):
    event, (first, second) = played_round
    codes = [
        ok(director.client.get(f"/api/v1/tables/{d.id}/"))["join_code"] for d in (first, second)
    ]
    page = director.client.get(f"/events/{event}/cards/").content.decode()
    assert page.count('<article class="card table-card">') == 2
    assert (
        page.count("<svg viewBox=") == 2 and "style=" not in page
    )  # the CSP allows no inline style
    qrs = re.findall(r"<svg viewBox=.*?</svg>", page, re.S)
    for number, (code, qr) in enumerate(zip(codes, qrs, strict=True), start=1):
        assert f"Table {number}" in page and f"http://testserver/t/{code}" in page
        assert read_card_qr(qr) == f"http://testserver/t/{code}"
    # Seats change every round: they are on the round's sheet, not the night's cards.
    assert not any(name in page for name in first.seats)
    assert "cannot reach it" not in page
    local = director.client.get(f"/events/{event}/cards/", HTTP_HOST="127.0.0.1:8000")
    assert b"cannot reach it" in local.content
    settings.PUBLIC_URL = "https://scores.example.org/"
    public = director.client.get(f"/events/{event}/cards/", HTTP_HOST="127.0.0.1:8000")
    assert f"https://scores.example.org/t/{codes[0]}".encode() in public.content
    assert b"cannot reach it" not in public.content


def test_an_unpublished_events_pages_are_its_directors(director: Director, anon):
    event = director.create_event(rounds_planned=1)
    assert anon.get(f"/events/{event}/results/").status_code == 404
    assert director.client.get(f"/events/{event}/results/").status_code == 200


def test_the_screens_are_served_to_whom_they_are_for(director: Director, anon, django_user_model):
    event = director.create_event(rounds_planned=1, name="Screen night")
    assert anon.get("/events/").status_code == 200
    # A table's phone scores in the table app; the old address leads there.
    assert anon.get("/events/table/")["Location"] == "/table/"
    assert anon.get(f"/events/{event}/").status_code == 404  # not published yet
    assert director.client.get(f"/events/{event}/").status_code == 200
    home = director.client.get("/events/director/")
    assert home.status_code == 200 and b"Riverside Euchre Club" in home.content
    stranger = APIClient()
    stranger.force_login(django_user_model.objects.create_user("sam"))
    consoles = ("manage/", "manage/safety/", "manage/settings/")
    for console in (f"/events/{event}/{part}" for part in consoles):
        assert director.client.get(console).status_code == 200
        login = anon.get(console)
        assert login.status_code == 302 and login["Location"].startswith("/events/login/")
        assert stranger.get(console).status_code == 404
    director.publish(event)
    assert anon.get(f"/events/{event}/").status_code == 200
    assert b"Screen night" in anon.get("/events/").content


def test_the_demo_night_loads_once(capsys):
    call_command("load_demo")
    call_command("load_demo")
    (event,) = Event.objects.filter(name="Demo progressive night")
    assert event.published and event.status == "finished"
    standings = selectors.standings(event=event)
    assert standings.rounds == 3 and len(standings.rows) == 9
    assert sum(row.byes for row in standings.rows) == 3  # nine players: one sits out a round
    assert "Demo progressive night: already loaded" in capsys.readouterr().out
    # The director's acts name them as a person, not as "no. 1".
    actors = {change.actor for change in event.changes.all()}
    assert actors == {"director Dora (demo director)"}


def test_the_demo_night_in_play_takes_a_phone_and_a_hand_at_once(capsys):
    call_command("load_demo")
    call_command("load_demo")
    (event,) = Event.objects.filter(name="Demo night in play")
    assert event.published and event.status == "running"
    (rnd,) = event.rounds.all()
    assert rnd.tables.count() == 2
    codes = [table.join_code for table in selectors.event_tables_of(event=event)]
    said = capsys.readouterr().out
    assert all(f"/t/{code}" in said for code in codes)
    assert f"table cards at /events/{event.pk}/cards/" in said
    # Each code joins a phone that scores the first hand of the round straight away.
    for code in codes:
        phone = join(code)
        (maker, *_) = phone.by_seat
        hand = ok(phone.post("hands/", {"maker": phone.seat_of(maker), "outcome": "made"}), 201)
        assert hand["award"]["reason"] == "make"


def test_the_demo_night_played_on_or_closed_is_in_play_again_at_the_next_load(capsys):
    """Whoever tried the night (a table's result in, or the night closed) leaves the next
    `make run` a night in round 1 again, with fresh codes; hands merely scored stay."""
    from scorekeeper.events import services
    from scorekeeper.events.access import Actor
    from scorekeeper.events.models import Director as ClubDirector

    call_command("load_demo")
    (event,) = Event.objects.filter(name="Demo night in play")
    code = selectors.event_tables_of(event=event)[0].join_code
    phone = join(code)
    ok(phone.post("hands/", {"maker": phone.seat_of(phone.by_seat[0]), "outcome": "made"}), 201)
    call_command("load_demo")
    assert Event.objects.get(name="Demo night in play").pk == event.pk  # scored, still in play
    user = ClubDirector.objects.get(club=event.club).user
    games = [table.game_id for table in Table.objects.filter(round__event=event)]
    assert all(games)
    services.event_close(event=event, actor=Actor(user=user), backup=False, leave_open=True)
    call_command("load_demo")
    (again,) = Event.objects.filter(name="Demo night in play")
    assert again.pk != event.pk and again.status == "running"
    assert [r.number for r in again.rounds.all()] == [1]
    assert not again.rounds.filter(tables__result__isnull=False).exists()
    assert Event.objects.filter(name="Demo progressive night").count() == 1
    assert not Game.objects.filter(pk__in=games).exists()  # the old night's games went too
