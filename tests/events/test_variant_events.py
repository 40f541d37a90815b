"""Events under the variants: a round robin of Bid Euchre teams is played hand by hand at its
tables, with bids, a set below zero and moons; a progressive night seats six-handed tables,
partners rotating within teams of three; a format never seats a ruleset its tables cannot,
and says which field."""

from __future__ import annotations

import csv
import io
import json
from collections import Counter
from typing import Any

import pytest
from event_helpers import Device, Director, is_problem, join, ok, partnerships, play_event

pytestmark = pytest.mark.django_db

TEAMS = {
    "Aces": ("Ann", "Abe"),
    "Bowers": ("Ben", "Bea"),
    "Callers": ("Cat", "Cal"),
    "Dealers": ("Dan", "Dot"),
}


def bid(device: Device, maker: int, said: int | str, tricks: int) -> dict[str, Any]:
    body = {"maker": maker, "bid": said, "maker_tricks": tricks}
    return ok(device.post("hands/", body), 201)


def test_a_round_robin_of_bid_euchre_teams_is_played_hand_by_hand(director: Director):
    event = director.create_event(format="round-robin", ruleset="bid-euchre", name="Bid league")
    for name, players in TEAMS.items():
        director.add_team(event, name, *players)

    def play(device: Device, table: dict[str, Any]) -> None:
        # Seat 1 bids five and is set (below zero); seat 0 then shoots the moon three times.
        assert bid(device, 1, 5, 2)["award"]["points"] == {"0": 4, "1": -5}
        for _ in range(3):
            last = bid(device, 0, "moon", 6)
        assert last["game"]["status"] == "finished" and last["game"]["score"] == [40, -5]
        device.settle()

    rounds = play_event(director, event, play)
    assert len(rounds) == 3
    rows = director.standings(event)["rows"]
    # The team in seats 0 and 2 won each match, 40 to -5.
    assert {row["name"]: row["match_points"] for row in rows} == {
        name: 2 * sum(1 for r in rounds for t in r["tables"] if t["team_names"][0] == name)
        for name in TEAMS
    }
    # A set below zero is kept as it is; each moon made counts as a loner made, the set as
    # the euchre of the makers by the defenders.
    losers = [row for row in rows if row["match_points"] == 0]
    for row in losers:
        assert row["points_for"] == -5 * row["played"] and row["loners_made"] == 0
        assert row["best_game"] == -5  # their best game is the set, not a zero never scored
    winners = [row for row in rows if row["match_points"] > 0]
    for row in winners:
        assert row["loners_made"] == 3 * row["wins"] and row["euchres"] >= row["wins"]
    # A score below zero is written with a minus sign, the dash set apart: "40 – −5", not
    # "40–-5" nor "40––5".
    for page in ("results", "crosstable"):
        shown = director.client.get(f"/events/{event}/{page}/").content.decode()
        assert "40\u202f\u2013\u202f\u22125" in shown and "\u2013-" not in shown, page


def won_on_a_made_bid_behind(device: Device) -> None:
    """variants.md B.5: the defenders' points against a made bid count but cannot end the
    game, even above the target: seat 0's made bid to 31 wins the game against 35."""
    hands = [(1, "moon", 6)] * 2 + [(0, 3, 3)] * 3 + [(0, "moon", 6), (0, 6, 6), (0, 4, 4)]
    for maker, said, tricks in hands:
        last = bid(device, maker, said, tricks)
    assert last["game"]["score"] == [31, 35] and last["game"]["winner"] == 0


def two_bid_teams(director: Director, format: str) -> int:
    event = director.create_event(format=format, ruleset="bid-euchre", name="Bid night")
    for name, players in list(TEAMS.items())[:2]:
        director.add_team(event, name, *players)
    return event


def test_a_bid_euchre_table_is_won_by_the_games_winner_not_the_higher_score(director: Director):
    event = two_bid_teams(director, "round-robin")

    def play(device: Device, table: dict[str, Any]) -> None:
        won_on_a_made_bid_behind(device)
        entered = ok(device.enter(by=device.by_seat[0]), 201)
        assert (entered["points"], entered["winner"]) == ([31, 35], 0)
        ok(device.confirm(by=device.by_seat[1]))

    (played,) = play_event(director, event, play)
    first = played["tables"][0]["team_names"][0]
    rows = {row["name"]: row for row in director.standings(event)["rows"]}
    assert rows[first]["match_points"] == 2 and rows[first]["wins"] == 1


def test_a_bid_euchre_final_is_won_by_the_games_winner_in_the_bracket_too(director: Director):
    event = two_bid_teams(director, "bracket")

    def play(device: Device, table: dict[str, Any]) -> None:
        won_on_a_made_bid_behind(device)
        device.settle()

    (final,) = play_event(director, event, play)
    champion = final["tables"][0]["team_names"][0]
    rows = director.standings(event)["rows"]
    assert (rows[0]["name"], rows[0]["rank"]) == (champion, 1)
    bracket = ok(director.client.get(f"/api/v1/events/{event}/bracket/"))
    assert bracket["champion"] == rows[0]["key"]


SIX = ("Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jo", "Kit", "Lee", "Max")


def test_a_progressive_night_of_six_handed_tables_rotates_partners_within_teams_of_three(
    director: Director,
):
    event = director.create_event(
        format="progressive", ruleset="six-handed", rounds_planned=3, name="Six night"
    )
    ids = director.add_players(event, *SIX)  # thirteen: two tables of six, one sits out
    partnered: Counter[frozenset[str]] = Counter()
    sat_out: Counter[str] = Counter()

    def play(device: Device, table: dict[str, Any]) -> None:
        # A six-handed game to 10: seat 0's team of three marches twice (2 each), then a
        # lone hand of seat 3 is marched (5 to the odd seats), then seat 0's team marches
        # three more times: 10 to 5.
        seats = device.by_seat
        for maker, tricks, alone in [(0, 5, False)] * 2 + [(3, 5, True)] + [(2, 5, False)] * 3:
            last = device.hand(seats[maker], tricks, alone=alone)
        assert last["game"]["status"] == "finished" and last["game"]["score"] == [10, 5]
        for team in partnerships(table):
            partnered.update(frozenset((a, b)) for a in team for b in team if a < b)
        device.settle()

    rounds = play_event(director, event, play, rounds=3)
    for rnd in rounds:
        assert [len(t["seats"]) for t in rnd["tables"]] == [6, 6]
        (out,) = rnd["sit_outs"]
        sat_out[out] += 1
        teams = [partnerships(t) for t in rnd["tables"]]
        assert all(len(team) == 3 for pair in teams for team in pair)
    # Partners rotate within the teams of three: no pair partners twice in three rounds,
    # and nobody sits out twice while another has not sat out at all.
    assert max(partnered.values()) == 1
    assert max(sat_out.values()) == 1
    rows = {row["name"]: row for row in director.standings(event)["rows"]}
    assert set(rows) == set(ids)
    for name, row in rows.items():
        won = [table for rnd in rounds for table in rnd["tables"] if name in partnerships(table)[0]]
        lost = [
            table for rnd in rounds for table in rnd["tables"] if name in partnerships(table)[1]
        ]
        assert row["points_for"] == 10 * len(won) + 5 * len(lost), name
        assert row["wins"] == len(won)
        # A lone march is a loner made for seat 3; the even seats' marches are no loners.
        loner = sum(1 for t in lost for s in t["seats"] if s["name"] == name and s["seat"] == 3)
        assert row["loners_made"] == loner


@pytest.mark.parametrize("format", ["round-robin", "bracket", "party", "swiss"])
def test_a_format_that_seats_four_refuses_six_handed_tables_by_the_field(
    director: Director, format: str
):
    response = director.client.post(
        f"/api/v1/clubs/{director.club}/events/",
        {"name": "Six night", "format": format, "ruleset": "six-handed"},
        format="json",
    )
    assert is_problem(response, 400, "ruleset.players")


def test_an_auctions_whole_games_are_entered_hand_by_hand(director: Director):
    """variants.md B.5: who won a Bid Euchre game is said by its contracts (both sides may
    stand above 31), which a game's totals cannot say."""
    body = {"name": "Bid night", "format": "progressive", "ruleset": "bid-euchre"}
    url = f"/api/v1/clubs/{director.club}/events/"
    by_totals = {**body, "entry": "totals", "round_length": "game", "rounds_planned": 2}
    assert is_problem(director.client.post(url, by_totals, format="json"), 400, "entry")
    by_hands = {**by_totals, "entry": "hands"}
    event = ok(director.client.post(url, by_hands, format="json"), 201)["id"]
    changed = director.client.patch(f"/api/v1/events/{event}/", {"entry": "totals"}, format="json")
    assert is_problem(changed, 400, "entry")
    # One made so before the rule still takes any other change.
    from scorekeeper.events.models import Event

    Event.objects.filter(pk=event).update(entry="totals")
    renamed = director.client.patch(f"/api/v1/events/{event}/", {"name": "Bids"}, format="json")
    assert ok(renamed)["name"] == "Bids"


def test_a_tables_hand_with_a_field_it_does_not_have_is_refused_naming_it(director: Director):
    """A table's hands are read as a game's: an unknown field is 400 `not-a-field`, the
    optional `reason` (a director's correction says why) being the table's own."""
    event = director.create_event(format="round-robin", ruleset="bid-euchre", name="Bid league")
    for name, players in TEAMS.items():
        director.add_team(event, name, *players)
    checked = []

    def play(device: Device, table: dict[str, Any]) -> None:
        if checked:
            return
        body = {"maker": 0, "bid": 4, "maker_tricks": 4}
        for extra in ({"no_trump": True}, {"maker_trick": 3}):
            refused = device.post("hands/", {**body, **extra})
            assert is_problem(refused, 400, next(iter(extra)), "not-a-field")
        ok(device.post("hands/", {**body, "reason": ""}), 201)
        amend = {**body, "maker_tricks": 5, "reason": "five", "no_trump": "high"}
        refused = device.client.patch(device.url + "hands/1/", amend, format="json")
        assert is_problem(refused, 400, "no_trump", "not-a-field")
        checked.append(table["id"])

    play_event(director, event, play, rounds=1)
    assert checked


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("en", "this format seats tables of 4 or 6 players"),
        ("ko", "이 형식은 4인 또는 6인 테이블로 배정합니다"),
    ],
)
def test_a_progressive_night_refuses_a_two_handed_ruleset_by_the_field(
    director: Director, language: str, said: str
):
    response = director.client.post(
        f"/api/v1/clubs/{director.club}/events/",
        {"name": "Two night", "format": "progressive", "ruleset": "two-handed"},
        format="json",
        HTTP_ACCEPT_LANGUAGE=language,
    )
    assert is_problem(response, 400, "ruleset.players")
    assert response.json()["detail"].startswith(said)


@pytest.mark.parametrize(
    ("ruleset", "field"),
    [
        ({"preset": "standard", "target": 10**9}, "ruleset.target"),
        ({"preset": "bid-euchre", "points": {"moon": 10**30}}, "ruleset.points.moon"),
    ],
)
def test_an_event_refuses_a_ruleset_no_table_game_could_hold(
    director: Director, ruleset: dict[str, Any], field: str
):
    """As a casual game does: found when the event is made, not when its first round is seated."""
    response = director.client.post(
        f"/api/v1/clubs/{director.club}/events/",
        {"name": "Big night", "format": "round-robin", "ruleset": ruleset},
        format="json",
    )
    assert is_problem(response, 400, field)


def test_a_format_of_one_table_size_says_it_alone(director: Director):
    response = director.client.post(
        f"/api/v1/clubs/{director.club}/events/",
        {"name": "Six night", "format": "round-robin", "ruleset": "six-handed"},
        format="json",
    )
    assert response.json()["detail"].startswith("this format seats tables of 4 players")


@pytest.mark.parametrize(
    ("ruleset", "points", "field"),
    [
        pytest.param("bid-euchre", [-10, 22], None, id="Bid Euchre: a side set below zero"),
        pytest.param("bid-euchre", [-49, 20], "points[0]", id="past four moons set"),
        # A moon set without a trick moves both sides: the makers lose 12, the defenders take 6.
        pytest.param("bid-euchre", [-48, 24], None, id="four moons set, both sides scoring"),
        pytest.param("bid-euchre", [-48, 25], "points", id="past four set moons together"),
        pytest.param("standard", [-1, 8], "points[0]", id="standard: nothing is taken away"),
    ],
)
def test_totals_below_zero_are_taken_where_the_ruleset_takes_points(
    director: Director, ruleset: str, points: list[int], field: str | None
):
    event = director.create_event(
        entry="totals",
        round_length="hands",
        hands_per_round=4,
        rounds_planned=1,
        ruleset=ruleset,
    )
    director.add_players(event, "Ann", "Ben", "Cat", "Dan")
    (table,) = director.next_round(event)["tables"]
    phone = join(table["join_code"])
    # The phone is told whether its totals may go below zero (and the game's target).
    here = ok(phone.client.get(phone.url))
    assert here["negative_totals"] is (ruleset == "bid-euchre")
    assert here["target"] == (31 if ruleset == "bid-euchre" else 10)
    response = phone.post(
        "result/", {"entered_by": phone.player(phone.by_seat[0]), "points": points}
    )
    if field is None:
        assert ok(response, 201)["points"] == points
    else:
        assert is_problem(response, 400 if ruleset == "standard" else 422, field)


@pytest.mark.parametrize(
    ("language", "sides"),
    [
        ("en", ["N &amp; SE &amp; SW", "NE &amp; S &amp; NW"]),
        ("ko", ["북 &amp; 남동 &amp; 남서", "북동 &amp; 남 &amp; 북서"]),
    ],
)
def test_a_six_handed_nights_results_head_each_side_with_its_three_seats(
    director: Director, language: str, sides: list[str]
):
    event = director.create_event(
        format="progressive", ruleset="six-handed", rounds_planned=3, name="Six night"
    )
    director.add_players(event, *SIX[:12])
    director.next_round(event)
    page = director.client.get(
        f"/events/{event}/results/", HTTP_ACCEPT_LANGUAGE=language
    ).content.decode()
    heads = "".join(f"<th>{side}</th>" for side in sides)
    assert heads in page
    assert "N &amp; S<" not in page and "E &amp; W<" not in page


def test_a_bid_euchre_nights_standings_and_tally_cards_write_a_set_with_a_minus_sign(
    director: Director,
):
    event = director.create_event(
        format="progressive",
        ruleset="bid-euchre",
        rounds_planned=1,
        round_length="hands",
        hands_per_round=1,
        name="Bid night",
    )
    director.add_players(event, "Ann", "Ben", "Cat", "Dan")
    (table,) = director.next_round(event)["tables"]
    device = join(table["join_code"])
    assert bid(device, 1, 5, 2)["award"]["points"] == {"0": 4, "1": -5}  # a set below zero
    device.settle()
    for page in ("results", "tally-cards", "projector"):
        shown = director.client.get(f"/events/{event}/{page}/").content.decode()
        assert "\u22125" in shown and ">-5<" not in shown and "total -5" not in shown, page
        # (The table's score with its dash set apart: "4 – −5", never "4––5".)
        assert "\u2013\u22125" not in shown, page
    for page in ("results", "projector"):
        shown = director.client.get(f"/events/{event}/{page}/").content.decode()
        assert "4\u202f\u2013\u202f\u22125" in shown, page
    # A spreadsheet reads a set as a number too: no quote before it, as before a formula.
    export = director.client.get(f"/api/v1/events/{event}/standings.csv").content
    rows = csv.DictReader(io.StringIO(export.decode("utf-8-sig")))
    assert sorted((row["total"], row["per_round"]) for row in rows) == [
        *[("-5", "-5.00")] * 2,
        *[("4", "4.00")] * 2,
    ]


EGN_SAYS = "EGN은 네 명이 업카드로 하는 게임만 적습니다"


@pytest.mark.parametrize(
    ("ruleset", "players", "hand"),
    [
        ("six-handed", SIX[:6], {"maker": 0, "outcome": "made"}),
        ("bid-euchre", SIX[:4], {"maker": 0, "bid": 4, "maker_tricks": 4}),
    ],
)
def test_a_variants_game_is_not_written_in_egn_and_the_table_is_told_why_in_korean(
    director: Director, ruleset: str, players: tuple[str, ...], hand: dict[str, Any]
):
    event = director.create_event(ruleset=ruleset, rounds_planned=1, name="Variant night")
    director.add_players(event, *players)
    told = []

    def play(device: Device, table: dict[str, Any]) -> None:
        ok(device.post("hands/", hand), 201)
        egn = device.client.get(device.url + "game.egn", HTTP_ACCEPT_LANGUAGE="ko")
        assert is_problem(egn, 409, "id", "no-egn")
        told.append(egn.json()["detail"])

    play_event(director, event, play, rounds=1)
    assert told == [
        f"이 게임은 EGN으로 쓸 수 없습니다: EGN으로는 이 규칙을 쓸 수 없습니다. {EGN_SAYS}."
    ]
    match = director.client.get(f"/api/v1/events/{event}/games.emn", HTTP_ACCEPT_LANGUAGE="ko")
    (skipped,) = json.loads(match.content)["metadata"]["skipped"]
    assert skipped["why"] == f"EGN으로는 이 규칙을 쓸 수 없습니다. {EGN_SAYS}"


def test_a_bye_credited_below_zero_is_written_with_a_minus_sign(director: Director):
    """A player whose rounds average below zero earns a credit below zero for a bye: written
    "−5" as a total is, on every page that shows it (never "-5")."""
    event = director.create_event(
        format="progressive",
        ruleset="bid-euchre",
        rounds_planned=5,
        round_length="hands",
        hands_per_round=1,
        sit_out_credit="average",
        name="Bid night",
    )
    director.add_players(event, "Ann", "Ben", "Cat", "Dan", "Eve")

    def set_by_seat_1(device: Device, table: dict[str, Any]) -> None:
        body = {"maker": device.seat_of(device.by_seat[1]), "bid": 6, "maker_tricks": 3}
        ok(device.post("hands/", body), 201)
        device.settle()

    play_event(director, event, set_by_seat_1, rounds=5)  # each sits out once
    rows = ok(director.client.get(f"/api/v1/events/{event}/standings/"))["rows"]
    below = [row for row in rows if row["credit"] < 0]
    assert below, rows  # (set more often than not, each sat out once)
    shown = f"\u2212{-below[0]['credit']}"
    for page in ("results", "projector", "tally-cards"):
        text = director.client.get(f"/events/{event}/{page}/").content.decode()
        assert shown in text and f"-{-below[0]['credit']}<" not in text, page
        assert f"with -{-below[0]['credit']} credit" not in text, page
