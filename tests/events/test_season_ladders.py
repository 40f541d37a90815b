"""A season's ladder through the API, the page and the CSV, and a progressive night's
ranking options (per round played, games won, loner bonus, side prizes)."""

from __future__ import annotations

import csv
import io
import itertools
import re
from collections import defaultdict
from fractions import Fraction
from typing import Any

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from event_helpers import (
    Director,
    is_problem,
    join,
    ok,
    play_event,
    play_round,
    played_by_services,
    settle_round,
    totals,
)

from scorekeeper.events import selectors
from scorekeeper.events.access import Actor
from scorekeeper.events.models import Event, Season
from scorekeeper.models import Club

pytestmark = pytest.mark.django_db

TABLE = [10, 8, 6, 5, 4, 3, 2, 1]


@pytest.fixture
def actor(director_user) -> Actor:
    return Actor(user=director_user)


def season_url(director: Director, season: int | None = None) -> str:
    url = f"/api/v1/clubs/{director.club}/seasons/"
    return url if season is None else f"{url}{season}/"


def make_season(director: Director, **ladder: Any) -> dict[str, Any]:
    body = {"name": "Winter", "starts_on": "2026-01-01", "ends_on": "2026-03-31", **ladder}
    return ok(director.client.post(season_url(director), body, format="json"), 201)


def nights(actor: Actor, director: Director, season: int, *sizes: int) -> list[Any]:
    """A published night of totals for each size: players "Player 000", "Player 001", ...,
    so the same names come back night after night and a bigger night brings newcomers."""
    club = Club.objects.get(pk=director.club)
    return [
        played_by_services(
            actor,
            club,
            players=size,
            rounds=2,
            name=f"Night {n}",
            season=Season.objects.get(pk=season),
        )
        for n, size in enumerate(sizes, start=1)
    ]


def expected_places(event: Any) -> dict[str, tuple[int, int]]:
    """Each player's places in a night, from the event's own standings: neighbours level on
    every figure before the coin flip share the places they cover."""
    rows = [row for row in selectors.standings(event=event).rows if row.played]

    def figures(row: Any) -> tuple[int, ...]:
        return (row.total, row.head_to_head, row.difference, row.points_for, row.euchres)

    places: dict[str, tuple[int, int]] = {}
    start = 0
    for i in range(1, len(rows) + 1):
        if i < len(rows) and figures(rows[i]) == figures(rows[i - 1]):
            continue
        for row in rows[start:i]:
            places[row.name] = (start + 1, i)
        start = i
    return places


def share(first: int, last: int) -> Fraction:
    points = [TABLE[p - 1] if p <= len(TABLE) else 0 for p in range(first, last + 1)]
    return Fraction(sum(points), len(points))


def test_a_placement_ladder_ranks_the_season_by_each_nights_places(director, actor, anon):
    season = make_season(director, ladder="placement", min_nights=2)
    assert season["placement_points"] == TABLE  # the usual table, unless the season names one
    played = nights(actor, director, season["id"], 8, 9, 8)
    earned: dict[str, list[Fraction]] = defaultdict(list)
    for event in played:
        for name, (first, last) in expected_places(event).items():
            earned[name].append(share(first, last))
    board = ok(anon.get(f"/api/v1/clubs/{director.club}/leaderboard/?season={season['id']}"))
    assert {row["name"]: row["nights"] for row in board} == {
        name: len(got) for name, got in earned.items()
    }
    assert {row["name"]: row["ladder_points"] for row in board} == {
        name: round(float(sum(got)), 2) for name, got in earned.items()
    }
    # The newcomer of the second night has one night of the two asked for: listed last,
    # without a rank.
    assert board[-1]["name"] == "Player 008"
    assert (board[-1]["rank"], board[-1]["qualifies"]) == (None, False)
    ranked = [row for row in board if row["qualifies"]]
    assert len(ranked) == 8
    points = [row["ladder_points"] for row in ranked]
    assert points == sorted(points, reverse=True)
    for above, row in itertools.pairwise(ranked):
        if row["ladder_points"] == above["ladder_points"]:
            assert row["rank"] == above["rank"]  # level: the same rank
        else:
            assert row["rank"] == ranked.index(row) + 1
    assert all(row["counted"] == row["nights"] for row in board)


def test_a_director_changes_a_seasons_ladder_and_the_board_follows(director, actor, anon):
    season = make_season(director)
    played = nights(actor, director, season["id"], 8, 8, 8)
    board_url = f"/api/v1/clubs/{director.club}/leaderboard/?season={season['id']}"
    totals = {row["name"]: row for row in ok(anon.get(board_url))}
    nightly: dict[str, list[int]] = defaultdict(list)
    for event in played:
        for row in selectors.standings(event=event).rows:
            nightly[row.name].append(row.total)
    assert {name: row["ladder_points"] for name, row in totals.items()} == {
        name: sum(points) for name, points in nightly.items()
    }
    changed = ok(
        director.client.patch(
            season_url(director, season["id"]),
            {"ladder": "average", "best_nights": 2, "min_nights": 3},
            format="json",
        )
    )
    assert (changed["ladder"], changed["best_nights"], changed["min_nights"]) == ("average", 2, 3)
    best_two = {
        name: round(sum(sorted(points, reverse=True)[:2]) / 2, 2)
        for name, points in nightly.items()
    }
    averaged = ok(anon.get(board_url))
    assert {row["name"]: row["ladder_points"] for row in averaged} == best_two
    assert {(row["counted"], row["nights"], row["qualifies"]) for row in averaged} == {(2, 3, True)}
    # Every night counts again.
    again = ok(
        director.client.patch(
            season_url(director, season["id"]), {"best_nights": None}, format="json"
        )
    )
    assert again["best_nights"] is None
    assert {row["counted"] for row in ok(anon.get(board_url))} == {3}
    # A statistic still orders the season when asked for.
    by_wins = ok(anon.get(board_url + "&order=wins"))
    wins = [row["wins"] for row in by_wins]
    assert wins == sorted(wins, reverse=True) and [r["rank"] for r in by_wins][:2] == [1, 2]


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"ladder": "luck"}, "ladder"),
        ({"ladder": "placement", "placement_points": [5, 8]}, "placement_points"),
        ({"placement_points": [10, -1]}, "placement_points[1]"),
        ({"placement_points": [10, "8"]}, "placement_points[1]"),
        ({"min_nights": -1}, "min_nights"),
        ({"best_nights": 0}, "best_nights"),
        ({"best_nights": "two"}, "best_nights"),
    ],
)
def test_a_seasons_ladder_that_makes_no_sense_is_refused_naming_the_field(director, body, field):
    bad = director.client.post(
        season_url(director),
        {"name": "Spring", "starts_on": "2026-04-01", "ends_on": "2026-06-30", **body},
        format="json",
    )
    assert is_problem(bad, 400, field)
    season = make_season(director)
    assert is_problem(
        director.client.patch(season_url(director, season["id"]), body, format="json"), 400, field
    )


def test_only_the_clubs_directors_change_its_seasons(director, anon, django_user_model):
    season = make_season(director)
    url = season_url(director, season["id"])
    assert is_problem(anon.patch(url, {"min_nights": 2}, format="json"), 401)
    other = make_season(director, name="Summer")
    assert is_problem(
        director.client.patch(url, {"name": other["name"]}, format="json"), 409, "name"
    )
    assert is_problem(
        director.client.patch(season_url(director, 999999), {"min_nights": 2}, format="json"),
        404,
        "season",
    )


def test_the_leaderboard_page_and_csv_show_the_ladders_figures(director, actor, anon):
    season = make_season(director, ladder="average", min_nights=2)
    nights(actor, director, season["id"], 8, 9)
    query = f"?season={season['id']}"
    board = ok(anon.get(f"/api/v1/clubs/{director.club}/leaderboard/{query}"))
    html = anon.get(f"/events/clubs/{director.club}/leaderboard/{query}").content.decode()
    assert "Ranked by the average of a night" in html and "do not qualify yet" in html
    shown = dict(
        re.findall(r'data-player="(\d+)".*?data-ladder="ladder_points">([^<]*)<', html, re.S)
    )
    assert {int(p): float(v) for p, v in shown.items()} == {
        r["player"]: r["ladder_points"] for r in board
    }
    assert 'class="unqualified"' in html and f"leaderboard.csv{query}" in html
    response = anon.get(f"/api/v1/clubs/{director.club}/leaderboard.csv{query}")
    assert response.status_code == 200 and response["Content-Type"].startswith("text/csv")
    rows = list(csv.DictReader(io.StringIO(response.content.decode("utf-8-sig"))))
    assert [row["name"] for row in rows] == [row["name"] for row in board]
    assert {
        row["name"]: (row["rank"], row["qualifies"], float(row["per_night"])) for row in rows
    } == {
        row["name"]: (
            "" if row["rank"] is None else str(row["rank"]),
            "yes" if row["qualifies"] else "no",
            row["per_night"],
        )
        for row in board
    }
    assert is_problem(
        anon.get(f"/api/v1/clubs/{director.club}/leaderboard.csv?order=luck"), 400, "order"
    )


def test_a_seasons_ladder_takes_the_same_queries_however_many_nights(director, actor, anon):
    season = make_season(director, ladder="placement", best_nights=2, min_nights=2)
    url = f"/api/v1/clubs/{director.club}/leaderboard/?season={season['id']}"
    nights(actor, director, season["id"], 8)
    with CaptureQueriesContext(connection) as one_night:
        ok(anon.get(url))
    nights(actor, director, season["id"], 12, 9, 10)
    with CaptureQueriesContext(connection) as four_nights:
        board = ok(anon.get(url))
    assert len(board) == 12
    # The season's state and its cache (looked up, then filled, in a transaction that asks
    # the state again first, and on PostgreSQL takes the lock an erasure holds alone) on top
    # of the board's own (the absent players' seats among them, for every night at once).
    assert len(four_nights) == len(one_night) <= 21


def test_a_seasons_board_is_computed_once_for_each_state_of_its_nights(director, actor, anon):
    """Read again unchanged, the season's board comes from the cache (fewer queries); a
    renamed player, a changed ladder and a new night each give a new board at once."""
    season = make_season(director, ladder="placement", min_nights=1)
    url = f"/api/v1/clubs/{director.club}/leaderboard/?season={season['id']}"
    nights(actor, director, season["id"], 8)
    with CaptureQueriesContext(connection) as computed:
        first = ok(anon.get(url))
    with CaptureQueriesContext(connection) as kept:
        assert ok(anon.get(url)) == first
    assert len(kept) < len(computed)
    player = first[0]["player"]
    ok(director.client.patch(f"/api/v1/players/{player}/", {"name": "Renamed"}, format="json"))
    assert [row["name"] for row in ok(anon.get(url)) if row["player"] == player] == ["Renamed"]
    ok(
        director.client.patch(
            f"/api/v1/clubs/{director.club}/seasons/{season['id']}/",
            {"ladder": "average"},
            format="json",
        )
    )
    by_average = ok(anon.get(url))
    assert by_average != first and {row["ladder_points"] for row in by_average} != {
        row["ladder_points"] for row in first
    }
    nights(actor, director, season["id"], 8)
    assert sum(row["nights"] for row in ok(anon.get(url))) == 16


# A progressive night's ranking options -----------------------------------------------------


def test_a_progressive_nights_ranking_options_are_checked_naming_the_field(director):
    url = f"/api/v1/clubs/{director.club}/events/"
    teams = {"name": "Pairs", "format": "round-robin"}
    hands = {"name": "Night", "format": "progressive", "rounds_planned": 3}
    for body, field in [
        ({**teams, "rank_by": "per-round"}, "rank_by"),
        ({**hands, "rank_by": "luck"}, "rank_by"),
        ({**teams, "loner_bonus": 1}, "loner_bonus"),
        (
            {
                **hands,
                "entry": "totals",
                "round_length": "hands",
                "hands_per_round": 8,
                "loner_bonus": 1,
            },
            "loner_bonus",
        ),
        ({**hands, "loner_bonus": 11}, "loner_bonus"),
        ({**hands, "side_prizes": ["raffle"]}, "side_prizes"),
        ({**hands, "side_prizes": "booby"}, "side_prizes"),
    ]:
        assert is_problem(director.client.post(url, body, format="json"), 400, field), body
    event = ok(
        director.client.post(
            url,
            {**hands, "rank_by": "wins", "loner_bonus": 2, "side_prizes": ["booby", "most-loners"]},
            format="json",
        ),
        201,
    )
    assert (event["rank_by"], event["loner_bonus"]) == ("wins", 2)
    assert event["side_prizes"] == ["most-loners", "booby"]  # in their usual order
    patch = f"/api/v1/events/{event['id']}/"
    assert is_problem(
        director.client.patch(patch, {"side_prizes": ["x"]}, format="json"), 400, "side_prizes"
    )
    assert (
        ok(director.client.patch(patch, {"rank_by": "per-round"}, format="json"))["rank_by"]
        == "per-round"
    )
    # Totals entered take no loner bonus: the change of entry is named, not the bonus.
    totals = {"entry": "totals", "round_length": "hands", "hands_per_round": 8}
    refused = director.client.patch(patch, totals, format="json")
    assert is_problem(refused, 400, "entry", "bad-loner-bonus")
    ok(director.client.patch(patch, {**totals, "loner_bonus": 0}, format="json"))


def test_a_loner_bonus_and_the_chosen_side_prizes_reach_the_standings(director):
    event = director.create_event(
        round_length="hands",
        hands_per_round=2,
        rounds_planned=1,
        seed=2,
        loner_bonus=3,
        side_prizes=["most-loners", "highest-game"],
    )
    director.add_players(event, "Ann", "Ben", "Cat", "Dan")
    table = director.next_round(event)["tables"][0]
    phone = join(table["join_code"])
    lone = phone.by_seat[0]
    phone.hand(lone, 5, alone=True)  # a loner made: 4 points to seats 0 and 2
    phone.hand(phone.by_seat[1], 3)  # 1 point to seats 1 and 3
    phone.settle()
    standings = director.standings(event)
    rows = {row["name"]: row for row in standings["rows"]}
    assert (rows[lone]["loners_made"], rows[lone]["bonus"], rows[lone]["total"]) == (1, 3, 7)
    partner = phone.by_seat[2]
    assert (rows[partner]["bonus"], rows[partner]["total"]) == (0, 4)
    assert standings["rows"][0]["name"] == lone
    assert [p["kind"] for p in standings["side_prizes"]] == ["most-loners", "highest-game"]
    written = csv.DictReader(
        io.StringIO(
            director.client.get(f"/api/v1/events/{event}/standings.csv").content.decode("utf-8-sig")
        )
    )
    assert {row["name"]: row["loner_bonus"] for row in written}[lone] == "3"
    ok(
        director.client.patch(
            f"/api/v1/events/{event}/", {"loner_bonus": 0, "side_prizes": []}, format="json"
        )
    )
    after = director.standings(event)
    assert {row["name"]: row["total"] for row in after["rows"]}[lone] == 4
    assert after["side_prizes"] == []


def test_ranked_per_round_a_late_arrival_is_not_behind_for_the_rounds_missed(director):
    event = director.create_totals_night(
        rounds_planned=2,
        seed=9,
        rank_by="per-round",
    )
    director.add_players(event, "Ann", "Ben", "Cat", "Dan")
    assert play_round(director, event, totals([6, 2])) is not None
    director.add_players(event, "Eve", "Fay", "Gus", "Hal")  # late arrivals
    assert play_round(director, event, totals([9, 3], [9, 3])) is not None
    standings = director.standings(event)
    assert standings["ranked_by"] == "points per round counted"
    per_round = [row["per_round"] for row in standings["rows"]]
    assert per_round == sorted(per_round, reverse=True)
    for row in standings["rows"]:
        assert row["per_round"] == round(row["total"] / row["played"], 2)
    page = director.client.get(f"/events/{event}/results/").content.decode()
    assert "Per round" in page and "Ranked by the total per round counted" in page
    shown = re.findall(r'<td class="num" data-label="Per round"><strong>([0-9.]+)</strong>', page)
    assert shown == [f"{row['per_round']:.2f}" for row in standings["rows"]]


def test_in_a_team_night_both_partners_take_their_teams_place(director, anon):
    season = make_season(director, ladder="placement", placement_points=[12, 9, 7, 5])
    event = director.create_event(
        format="round-robin", entry="totals", name="Pairs night", season=season["id"]
    )
    teams = {"Aces": ("Ann", "Abe"), "Bowers": ("Ben", "Bea"), "Callers": ("Cat", "Cal")}
    teams |= {"Dealers": ("Dan", "Dot")}
    for name, players in teams.items():
        director.add_team(event, name, *players)
    winners = {
        frozenset({"Aces", "Bowers"}): "Aces",
        frozenset({"Aces", "Dealers"}): "Aces",
        frozenset({"Aces", "Callers"}): "Callers",
        frozenset({"Bowers", "Callers"}): "Bowers",
        frozenset({"Bowers", "Dealers"}): "Bowers",
        frozenset({"Callers", "Dealers"}): "Dealers",
    }

    def play(device, table):
        first, second = table["team_names"]
        device.settle([10, 6] if winners[frozenset({first, second})] == first else [6, 10])

    play_event(director, event, play)
    director.publish(event)
    places = [row["name"] for row in director.standings(event)["rows"]]
    worth = dict(zip(places, [12, 9, 7, 5], strict=True))
    board = ok(anon.get(f"/api/v1/clubs/{director.club}/leaderboard/?season={season['id']}"))
    assert {row["name"]: row["ladder_points"] for row in board} == {
        player: worth[team] for team, players in teams.items() for player in players
    }
    assert {row["nights"] for row in board} == {1}


# Byes on the ladder ------------------------------------------------------------------------


def board_of(anon, director: Director, season: int) -> dict[str, dict[str, Any]]:
    url = f"/api/v1/clubs/{director.club}/leaderboard/?season={season}"
    return {row["name"]: row for row in ok(anon.get(url))}


def test_a_swiss_team_that_only_had_a_bye_takes_its_place_on_the_ladder(director, anon):
    """Team 3 has the bye of round 1 (a win, with the round's average: 8) and withdraws: the
    night's standings rank it, so the ladder gives its players a night with that place."""
    season = make_season(director, ladder="placement", placement_points=[12, 9, 7])
    event = director.create_event(
        format="swiss",
        rounds_planned=2,
        entry="totals",
        round_length="hands",
        hands_per_round=8,
        name="Swiss night",
        season=season["id"],
    )
    teams = {"Team 1": ("Ann", "Abe"), "Team 2": ("Ben", "Bea"), "Team 3": ("Cat", "Cal")}
    ids = {name: director.add_team(event, name, *players) for name, players in teams.items()}
    first = director.next_round(event)
    assert first["sit_outs"] == ["Team 3"]
    settle_round(director, first, [[10, 5]])
    url = f"/api/v1/events/{event}/teams/{ids['Team 3']}/withdraw/"
    ok(director.client.post(url, {"reason": "gone home"}, format="json"))
    settle_round(director, director.next_round(event), [[6, 10]])
    director.publish(event)
    rows = director.standings(event)["rows"]
    bye = next(row for row in rows if row["name"] == "Team 3")
    assert (bye["played"], bye["byes"], bye["match_points"], bye["total"]) == (0, 1, 2, 8)
    places = [row["name"] for row in rows]
    worth = dict(zip(places, [12, 9, 7], strict=True))
    board = board_of(anon, director, season["id"])
    assert {name: row["ladder_points"] for name, row in board.items()} == {
        player: worth[team] for team, players in teams.items() for player in players
    }
    assert (board["Cat"]["nights"], board["Cat"]["games"], board["Cat"]["qualifies"]) == (
        1,
        0,
        True,
    )
    # The season's export says the same.
    exported = anon.get(f"/api/v1/clubs/{director.club}/leaderboard.csv?season={season['id']}")
    cat = next(line for line in exported.content.decode().splitlines() if ",Cat," in line)
    assert cat.split(",")[1:7] == [
        "Cat",
        "1",
        "1",
        f"{worth['Team 3']}.0",
        f"{worth['Team 3']}.0",
        "yes",
    ]


@pytest.mark.parametrize(
    ("format", "entrants"),
    [
        (
            "round-robin",
            {"Team 1": ("Ann", "Abe"), "Team 2": ("Ben", "Bea"), "Team 3": ("Cat", "Cal")},
        ),
        ("party", {name: (name,) for name in ("Ann", "Ben", "Cat", "Dan", "Eve")}),
    ],
)
def test_a_night_of_one_round_sat_out_is_a_night_worth_what_the_bye_earned(
    director, anon, format, entrants
):
    """A night of one round where someone sat out: the round robin's bye (a win, and the
    sit-out credit in the total), the party's sit-out (its credit)."""
    season = make_season(director)
    options = {"rounds_planned": 1} if format == "party" else {}
    event = director.create_event(
        format=format,
        entry="totals",
        round_length="hands",
        hands_per_round=8,
        name="One round",
        season=season["id"],
        sit_out_credit="fixed",
        sit_out_points=5,
        **options,
    )
    if format == "party":
        director.add_players(event, *entrants)
    else:
        for name, players in entrants.items():
            director.add_team(event, name, *players)
    rnd = director.next_round(event)
    settle_round(director, rnd, [[10, 4]])
    director.publish(event)
    (sat_out,) = rnd["sit_outs"]
    rows = {row["name"]: row for row in director.standings(event)["rows"]}
    assert (rows[sat_out]["played"], rows[sat_out]["byes"], rows[sat_out]["total"]) == (0, 1, 5)
    board = board_of(anon, director, season["id"])
    for player in entrants.get(sat_out, (sat_out,)):
        assert (board[player]["nights"], board[player]["ladder_points"]) == (1, 5.0)
    assert len(board) == sum(len(players) for players in entrants.values())


@pytest.mark.parametrize("ladder", ["totals", "placement"])
def test_a_round_a_player_was_marked_absent_from_is_worth_on_the_ladder_what_the_night_gave(
    director, anon, ladder
):
    """A progressive night that gives an absent player a sit-out's credit: the round North
    was seated in and marked absent from is a bye in the night's standings, and so on the
    ladder, its page and its export (the night's points and places are the standings')."""
    season = make_season(director, ladder=ladder)
    event = director.create_totals_night(
        name="Absent night",
        season=season["id"],
        rounds_planned=2,
        sit_out_credit="fixed",
        sit_out_points=5,
        absent_credit="sit-out",
    )
    director.add_players(event, *(f"Player {n:03}" for n in range(8)))
    for table in director.next_round(event)["tables"]:
        director.phones[table["join_code"]] = join(table["join_code"])  # all night
    first, second = director.phones.values()
    first.settle([10, 4])
    north = second.by_seat[0]
    director.no_show_assigned(second, north, ["average", "average-plus"])
    settle_round(director, director.next_round(event), [[9, 3], [6, 2]])
    director.publish(event)
    rows = {row["name"]: row for row in director.standings(event)["rows"]}
    assert (rows[north]["played"], rows[north]["byes"]) == (1, 1)
    if ladder == "totals":
        worth = {name: float(row["total"]) for name, row in rows.items()}
    else:
        places = expected_places(Event.objects.get(pk=event))
        worth = {name: round(float(share(*place)), 2) for name, place in places.items()}
    board = board_of(anon, director, season["id"])
    assert {name: row["ladder_points"] for name, row in board.items()} == worth
    assert board[north]["nights"] == 1
    # The season's page and its export say the same.
    query = f"?season={season['id']}"
    html = anon.get(f"/events/clubs/{director.club}/leaderboard/{query}").content.decode()
    shown = dict(
        re.findall(r'data-player="(\d+)".*?data-ladder="ladder_points">([^<]*)<', html, re.S)
    )
    assert {int(p): float(v) for p, v in shown.items()} == {
        row["player"]: row["ladder_points"] for row in board.values()
    }
    exported = anon.get(f"/api/v1/clubs/{director.club}/leaderboard.csv{query}")
    written = csv.DictReader(io.StringIO(exported.content.decode("utf-8-sig")))
    assert {row["name"]: float(row["ladder_points"]) for row in written} == worth
