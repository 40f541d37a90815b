"""The records pages: a club's leaderboard and a player's page, as the web app renders them."""

from __future__ import annotations

import datetime
from collections import Counter
from collections.abc import Iterator
from html.parser import HTMLParser
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.db import connection, transaction
from django.test.utils import CaptureQueriesContext
from event_helpers import (
    Device,
    Director,
    club_founded,
    join,
    ok,
    play_round,
    played_by_services,
    totals,
    winter_season,
)
from rest_framework.test import APIClient

pytestmark = pytest.mark.django_db

STATS = (
    *("games", "wins", "points", "points_against", "hands"),
    *("made", "marched", "euchred", "euchres", "loners_tried", "loners_made"),
)
EIGHT = ("Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal")


class Figures(HTMLParser):
    """Every `data-stat` element's text, grouped by the `data-player` row it sits in (None
    outside a row), and the names of the players linked from the page."""

    def __init__(self, html: str) -> None:
        super().__init__()
        self.rows: dict[int | None, dict[str, int]] = {}
        self.order: list[int] = []
        self._row: int | None = None
        self._stat: str | None = None
        self.feed(html)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        if "data-player" in found:
            self._row = int(found["data-player"] or 0)
            self.order.append(self._row)
        if "data-stat" in found:
            self._stat = found["data-stat"]

    def handle_endtag(self, tag: str) -> None:
        if tag == "tr":
            self._row = None
        self._stat = None

    def handle_data(self, data: str) -> None:
        if self._stat is not None and data.strip():
            self.rows.setdefault(self._row, {})[self._stat] = int(data)


def page(client: Any, url: str) -> Figures:
    response = client.get(url)
    assert response.status_code == 200, (url, response.status_code)
    assert response["Content-Type"].startswith("text/html")
    return Figures(response.content.decode())


def blank() -> Counter[str]:
    return Counter(dict.fromkeys(STATS, 0))


def games(expected: dict[str, Counter[str]], device: Device, points: list[int]) -> None:
    """Adds a game of three hands that ended at `points` (seats 0 and 2 first) to `expected`."""
    for name in device.seats:
        ours, theirs = points[device.side_of(name)], points[1 - device.side_of(name)]
        expected[name].update(
            games=1, wins=int(ours > theirs), points=ours, points_against=theirs, hands=3
        )


def play_hands_night(director: Director, season: int, expected: dict[str, Counter[str]]) -> int:
    """A published night of one round of three hands, entered hand by hand; adds to `expected`
    what each player did, worked out hand by hand below."""
    event = director.create_event(
        name="Winter night",
        round_length="hands",
        hands_per_round=3,
        rounds_planned=1,
        season=season,
        date="2025-01-14",
        seed=5,
    )
    director.add_players(event, *EIGHT)
    first, second = (join(t["join_code"]) for t in director.next_round(event)["tables"])

    # Table one: seat 0 marches alone (4 to seats 0 and 2), seat 1 is euchred (2 more to
    # them), seat 1 then makes it (1 to seats 1 and 3): 6-1.
    s0, s1, s2, _ = first.by_seat
    first.hand(s0, 5, alone=True)
    first.hand(s1, 2)
    first.hand(s1, 3)
    first.settle()
    games(expected, first, [6, 1])
    expected[s0].update(marched=1, loners_tried=1, loners_made=1, euchres=1)
    expected[s2].update(euchres=1)
    expected[s1].update(euchred=1, made=1)

    # Table two: seat 0 makes it alone (1), is euchred alone (2 to seats 1 and 3), then seat 3
    # marches (2 more to them): 1-4.
    t0, t1, _, t3 = second.by_seat
    second.hand(t0, 3, alone=True)
    second.hand(t0, 2, alone=True)
    second.hand(t3, 5)
    second.settle()
    games(expected, second, [1, 4])
    expected[t0].update(made=1, euchred=1, loners_tried=2, loners_made=1)
    expected[t1].update(euchres=1)
    expected[t3].update(marched=1, euchres=1)
    director.publish(event)
    return event


def play_totals_night(
    director: Director, name: str, date: str, scores: list[list[int]], *, published: bool
) -> tuple[int, list[Device]]:
    """A night of one round where each table enters only its final score."""
    event = director.create_totals_night(
        name=name,
        rounds_planned=1,
        date=date,
        seed=11,
    )
    director.add_players(event, *EIGHT)
    played = play_round(director, event, totals(*scores))
    assert played is not None
    if published:
        director.publish(event)
    return event, played.devices


@pytest.fixture(scope="module")
def season_of_nights(django_db_setup: None, django_db_blocker: Any) -> Iterator[dict[str, Any]]:
    """A Winter night entered hand by hand, a later totals night outside any season, and an
    unpublished night that must count nowhere, by a club's director. Built once for the
    module and only read: each test's writes are rolled back to it, and it goes at the end."""
    with django_db_blocker.unblock(), transaction.atomic():
        user = get_user_model().objects.create_user("vera", first_name="Vera Ng")
        client = APIClient()
        client.force_login(user)
        club = ok(
            client.post("/api/v1/clubs/", {"name": "Lakeside Euchre Club"}, format="json"), 201
        )
        yield played_season(Director(client, club["id"]))
        transaction.set_rollback(True)


def played_season(director: Director) -> dict[str, Any]:
    season = director.create_season("Winter", "2025-01-01", "2025-03-31")
    winter: dict[str, Counter[str]] = {name: blank() for name in EIGHT}
    hands_night = play_hands_night(director, season, winter)
    totals_night, devices = play_totals_night(
        director, "Open night", "2025-02-04", [[5, 3], [2, 6]], published=True
    )
    every = {name: Counter(figures) for name, figures in winter.items()}
    for device, (ours, theirs) in zip(devices, [[5, 3], [2, 6]], strict=True):
        for name in device.seats:
            points, against = (ours, theirs) if device.side_of(name) == 0 else (theirs, ours)
            every[name].update(games=1, wins=int(points > against), points=points)
            every[name].update(points_against=against)
    play_totals_night(director, "Draft night", "2025-02-11", [[9, 0], [0, 9]], published=False)
    ids = {
        row["name"]: row["player"]
        for row in ok(director.client.get(f"/api/v1/events/{hands_night}/players/"))
    }
    return {
        "director": director,
        "season": season,
        "hands_night": hands_night,
        "totals_night": totals_night,
        "winter": winter,
        "every": every,
        "ids": ids,
    }


def test_the_leaderboard_shows_each_players_figures_in_order(anon, season_of_nights):
    director = season_of_nights["director"]
    ids, every = season_of_nights["ids"], season_of_nights["every"]
    board = page(anon, f"/events/clubs/{director.club}/leaderboard/")
    assert {player: board.rows[player] for player in board.order} == {
        ids[name]: {
            "rank": board.rows[ids[name]]["rank"],
            "games": figures["games"],
            "wins": figures["wins"],
            "points": figures["points"],
            "euchres": figures["euchres"],
            "loners_made": figures["loners_made"],
        }
        for name, figures in every.items()
    }
    by_points = sorted(every, key=lambda name: (-every[name]["points"], -every[name]["wins"], name))
    assert board.order == [ids[name] for name in by_points]
    assert [board.rows[ids[name]]["rank"] for name in by_points] == list(range(1, 9))


def test_a_seasons_leaderboard_counts_that_seasons_events_only(anon, season_of_nights):
    director = season_of_nights["director"]
    ids, winter = season_of_nights["ids"], season_of_nights["winter"]
    url = f"/events/clubs/{director.club}/leaderboard/?season={season_of_nights['season']}"
    board = page(anon, url + "&order=euchres")
    assert {p: (r["games"], r["points"], r["euchres"]) for p, r in board.rows.items()} == {
        ids[name]: (1, figures["points"], figures["euchres"]) for name, figures in winter.items()
    }
    euchres = [board.rows[p]["euchres"] for p in board.order]
    assert euchres == sorted(euchres, reverse=True) and euchres[0] == 1
    html = anon.get(url).content.decode()
    assert f'href="/events/players/{ids["Ann"]}/?season={season_of_nights["season"]}"' in html


def test_a_players_page_shows_their_statistics_and_history(anon, season_of_nights):
    ids, every = season_of_nights["ids"], season_of_nights["every"]
    for name in ("Ann", "Eve"):
        response = anon.get(f"/events/players/{ids[name]}/")
        shown = Figures(response.content.decode()).rows[None]
        assert {stat: shown[stat] for stat in STATS} == dict(every[name]), name
        assert shown["events"] == 2
        html = response.content.decode()
        # Latest first: the totals night, then the Winter night (with a link to its results).
        assert html.index("Open night") < html.index("Winter night")
        assert f'href="/events/{season_of_nights["hands_night"]}/results/"' in html
        assert "Draft night" not in html


def test_a_players_page_for_one_season(anon, season_of_nights):
    ids, winter = season_of_nights["ids"], season_of_nights["winter"]
    # The one who marched alone at table one: made, marched, a loner tried and made.
    loner = next(
        name
        for name, figures in winter.items()
        if figures["loners_made"] == 1 and figures["marched"]
    )
    url = f"/events/players/{ids[loner]}/?season={season_of_nights['season']}"
    response = anon.get(url)
    shown = Figures(response.content.decode()).rows[None]
    assert {stat: shown[stat] for stat in STATS} == dict(winter[loner])
    assert shown["best_game"] == winter[loner]["points"] == 6
    html = response.content.decode()
    assert "Winter night" in html and "Open night" not in html


def test_a_players_history_pages_through_older_games(anon, season_of_nights):
    ann = season_of_nights["ids"]["Ann"]
    latest = anon.get(f"/events/players/{ann}/?limit=1").content.decode()
    assert "Open night" in latest and "Winter night" not in latest
    assert "?offset=1&amp;limit=1" in latest and "Newer games" not in latest
    older = anon.get(f"/events/players/{ann}/?limit=1&offset=1").content.decode()
    assert "Winter night" in older and "Open night" not in older
    assert "Older games" not in older and "Newer games" in older


def test_the_event_pages_link_to_the_records(anon, season_of_nights):
    director = season_of_nights["director"]
    event, ids = season_of_nights["hands_night"], season_of_nights["ids"]
    results = anon.get(f"/events/{event}/results/").content.decode()
    assert all(f'href="/events/players/{ids[name]}/"' in results for name in ids)
    leaderboard = f"/events/clubs/{director.club}/leaderboard/?season={season_of_nights['season']}"
    assert f'href="{leaderboard}"' in results
    assert f'href="{leaderboard}"' in anon.get(f"/events/{event}/").content.decode()
    board = f'href="/events/clubs/{director.club}/leaderboard/"'
    assert board in anon.get("/events/").content.decode()
    assert board in director.client.get("/events/director/").content.decode()


def test_unknown_ids_are_not_found(anon, season_of_nights):
    director = season_of_nights["director"]
    club, season = director.client, season_of_nights["season"]
    other = ok(club.post("/api/v1/clubs/", {"name": "Hilltop"}, format="json"), 201)["id"]
    ann = season_of_nights["ids"]["Ann"]
    for url in (
        "/events/players/999999/",
        "/events/players/0/",
        f"/events/players/{2**63}/",
        f"/events/players/{10**30}/",
        "/events/players/ann/",
        f"/events/players/{ann}/?season=999999",
        "/events/clubs/999999/leaderboard/",
        f"/events/clubs/{10**30}/leaderboard/",
        "/events/clubs/riverside/leaderboard/",
        f"/events/clubs/{director.club}/leaderboard/?season=999999",
        f"/events/clubs/{other}/leaderboard/?season={season}",  # another club's season
    ):
        assert anon.get(url).status_code == 404, url


@pytest.mark.parametrize(
    ("query", "field"),
    [
        ("season=winter", "season"),
        ("season=-3", "season"),
        (f"season={10**30}", "season"),
        ("order=luck", "order"),
        ("limit=0", "limit"),
        ("limit=many", "limit"),
    ],
)
def test_junk_in_the_leaderboards_query_is_a_bad_request(director: Director, anon, query, field):
    response = anon.get(f"/events/clubs/{director.club}/leaderboard/?{query}")
    assert response.status_code == 400
    assert response.content.decode().startswith(f"{field}: ")


@pytest.mark.parametrize(
    ("query", "field"),
    [
        ("season=x", "season"),
        ("offset=-1", "offset"),
        ("limit=1e9", "limit"),
        ("offset=", "offset"),
    ],
)
def test_junk_in_a_players_query_is_a_bad_request(director: Director, anon, query, field):
    event = director.create_event(rounds_planned=1, published=True)
    player = director.add_players(event, "Ann")["Ann"]
    response = anon.get(f"/events/players/{player}/?{query}")
    assert response.status_code == 400
    assert response.content.decode().startswith(f"{field}: ")


def test_a_player_with_no_confirmed_games_has_an_empty_page(director: Director, anon):
    event = director.create_event(rounds_planned=1, published=True)
    player = director.add_players(event, "Zed")["Zed"]
    shown = page(anon, f"/events/players/{player}/").rows[None]
    assert shown["games"] == 0 and shown["loners_made"] == 0
    empty = page(anon, f"/events/clubs/{director.club}/leaderboard/")
    assert empty.order == []


# Query counts ---------------------------------------------------------------------------------


def day(n: int) -> datetime.date:
    return datetime.date(2025, 1, n)


def queries(client: Any, url: str) -> int:
    with CaptureQueriesContext(connection) as captured:
        assert client.get(url).status_code == 200
    return len(captured)


def test_the_records_pages_take_the_same_queries_however_many_games(django_user_model, anon):
    from scorekeeper.models import Player

    actor, club = club_founded(django_user_model.objects.create_user("dora"))
    season = winter_season(actor, club, 2025)
    played_by_services(actor, club, players=8, rounds=2, name="First", season=season, date=day(2))
    player = Player.objects.get(name="Player 000").pk
    urls = (
        f"/events/clubs/{club.pk}/leaderboard/",
        f"/events/clubs/{club.pk}/leaderboard/?season={season.pk}&order=wins",
        f"/events/players/{player}/",
        f"/events/players/{player}/?season={season.pk}",
    )
    small = [queries(anon, url) for url in urls]
    for n in range(3, 7):
        played_by_services(
            actor, club, players=16, rounds=2, name=f"Week {n}", season=season, date=day(n)
        )
    big = [queries(anon, url) for url in urls]
    assert big == small
    assert small[0] <= 3 and small[2] <= 4  # the selectors' own, plus one look-up each
    assert page(anon, urls[2]).rows[None]["games"] == 10
