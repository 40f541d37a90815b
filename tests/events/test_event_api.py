"""Clubs, members, seasons and events through the API: who may do what, and bad input."""

from __future__ import annotations

import pytest
from event_helpers import Director, is_problem, ok
from rest_framework.test import APIClient

pytestmark = pytest.mark.django_db


def test_a_club_is_started_by_a_signed_in_user_who_directs_it(director: Director, anon):
    assert is_problem(anon.post("/api/v1/clubs/", {"name": "X"}, format="json"), 401)
    clubs = ok(anon.get("/api/v1/clubs/"))
    assert [c["name"] for c in clubs] == ["Riverside Euchre Club"]
    again = director.client.post("/api/v1/clubs/", {"name": "riverside euchre club"}, format="json")
    assert is_problem(again, 409, "name", "club-exists")


def test_members_and_guests(director: Director, anon, django_user_model):
    url = f"/api/v1/clubs/{director.club}/players/"
    ann = ok(director.client.post(url, {"name": "Ann"}, format="json"), 201)
    assert (ann["shown"], ann["kind"], ann["matched"]) == ("Ann", "member", "new")
    ok(director.client.post(url, {"name": "Ben", "kind": "guest"}, format="json"), 201)
    assert is_problem(
        director.client.post(url, {"name": "Cat", "kind": "boss"}, format="json"), 400, "kind"
    )
    assert is_problem(director.client.post(url, {}, format="json"), 400, "name")
    assert is_problem(director.client.post(url, {"player": 999}, format="json"), 404, "player")
    # Ben again, as a member now: the same player, found (200), not a second one.
    ben = ok(director.client.post(url, {"name": "ben", "kind": "member"}, format="json"))
    assert (ben["shown"], ben["kind"], ben["matched"]) == ("Ben", "member", "existing")
    members = ok(director.client.get(url))
    assert [(m["name"], m["kind"]) for m in members] == [("Ann", "member"), ("Ben", "member")]
    assert is_problem(anon.get(url), 401)
    # A second director is added by name; then they can manage the club too.
    django_user_model.objects.create_user("ed")
    ok(
        director.client.post(
            f"/api/v1/clubs/{director.club}/directors/", {"username": "ed"}, format="json"
        ),
        201,
    )
    ed = APIClient()
    ed.force_login(django_user_model.objects.get(username="ed"))
    ok(ed.post(url, {"name": "Cat"}, format="json"), 201)
    response = director.client.post(
        f"/api/v1/clubs/{director.club}/directors/", {"username": "nobody"}, format="json"
    )
    assert is_problem(response, 404, "username")


def test_a_player_who_joins_an_event_without_membership_becomes_a_guest(director: Director):
    event = director.create_event(rounds_planned=2)
    director.add_players(event, "Zed")
    members = ok(director.client.get(f"/api/v1/clubs/{director.club}/players/"))
    assert [(m["name"], m["kind"], m["events"]) for m in members] == [("Zed", "guest", 1)]


def test_player_identities_carry_across_events(director: Director):
    first = director.create_event(rounds_planned=1)
    second = director.create_event(rounds_planned=1)
    ids_first = director.add_players(first, "Ann")
    ids_second = director.add_players(second, "ann")  # the same player, however it is typed
    assert ids_first["Ann"] == ids_second["ann"]


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"format": "pinochle"}, "format"),
        ({"format": "progressive"}, "rounds_planned"),
        ({"format": "progressive", "rounds_planned": 31}, "rounds_planned"),
        ({"format": "progressive", "rounds_planned": "3"}, "rounds_planned"),
        (
            {"format": "progressive", "rounds_planned": 3, "round_length": "hands"},
            "hands_per_round",
        ),
        ({"format": "progressive", "rounds_planned": 3, "hands_per_round": 8}, "hands_per_round"),
        (
            {"format": "progressive", "rounds_planned": 3, "ruleset": "two-handed"},
            "ruleset.players",
        ),
        ({"format": "progressive", "rounds_planned": 3, "ruleset": "whist"}, "ruleset"),
        (
            {
                "format": "progressive",
                "rounds_planned": 3,
                "ruleset": {"preset": "uka", "target": "x"},
            },
            "ruleset.target",
        ),
        (
            {"format": "progressive", "rounds_planned": 3, "sit_out_credit": "fixed"},
            "sit_out_points",
        ),
        ({"format": "progressive", "rounds_planned": 3, "season": 12345}, "season"),
        ({"format": "round-robin", "entry": "paper"}, "entry"),
    ],
)
def test_a_malformed_event_is_refused_naming_the_field(director: Director, body, field):
    response = director.client.post(
        f"/api/v1/clubs/{director.club}/events/", {"name": "Night", **body}, format="json"
    )
    assert response.status_code in (400, 404)
    assert is_problem(response, response.status_code, field)


def test_an_event_takes_any_preset_with_options(director: Director):
    body = {
        "name": "Uka night",
        "format": "progressive",
        "rounds_planned": 4,
        "ruleset": {"preset": "uka", "target": 11, "defend_alone": True},
    }
    event = ok(
        director.client.post(f"/api/v1/clubs/{director.club}/events/", body, format="json"), 201
    )
    assert event["preset"] == "uka"
    assert event["ruleset"]["target"] == 11 and event["ruleset"]["defend_alone"] is True
    assert event["ruleset"]["points"]["march"] == 3


def test_seasons_and_the_leaderboard_query(director: Director, anon):
    url = f"/api/v1/clubs/{director.club}/seasons/"
    season = ok(
        director.client.post(
            url,
            {"name": "Winter", "starts_on": "2026-01-01", "ends_on": "2026-03-31"},
            format="json",
        ),
        201,
    )
    bad = director.client.post(
        url, {"name": "Back", "starts_on": "2026-03-01", "ends_on": "2026-01-01"}, format="json"
    )
    assert is_problem(bad, 400, "ends_on")
    assert is_problem(
        anon.post(
            url, {"name": "S", "starts_on": "2026-01-01", "ends_on": "2026-02-01"}, format="json"
        ),
        401,
    )
    board = f"/api/v1/clubs/{director.club}/leaderboard/"
    assert ok(anon.get(board + f"?season={season['id']}")) == []
    assert is_problem(anon.get(board + "?order=luck"), 400, "order")
    assert is_problem(anon.get(board + "?limit=0"), 400, "limit")
    assert is_problem(anon.get(board + "?season=77"), 404, "season")
    assert is_problem(anon.get("/api/v1/players/1/?limit=abc"), 404)


def test_a_late_arrival_and_a_departure_between_rounds(director: Director):
    event = director.create_event(
        round_length="hands",
        hands_per_round=1,
        rounds_planned=4,
        seed=5,
        ruleset={"preset": "standard", "stuck_dealer": "redeal"},  # hands may be thrown in
    )
    ids = director.add_players(event, "Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal")
    first = director.next_round(event)
    assert first["sit_outs"] == []
    for table in first["tables"]:
        seats = sorted(table["seats"], key=lambda s: s["seat"])
        ok(
            director.client.post(
                f"/api/v1/tables/{table['id']}/hands/", {"thrown_in": True}, format="json"
            ),
            201,
        )
        ok(
            director.client.post(
                f"/api/v1/tables/{table['id']}/result/",
                {"entered_by": seats[0]["player"]},
                format="json",
            ),
            201,
        )
    director.add_players(event, "Ivy")
    ok(director.client.delete(f"/api/v1/events/{event}/players/{ids['Dan']}/"))
    second = director.next_round(event)
    seated = {s["name"] for t in second["tables"] for s in t["seats"]}
    assert "Dan" not in seated and "Dan" not in second["sit_outs"]
    assert seated | set(second["sit_outs"]) == {
        "Ann",
        "Ben",
        "Cat",
        "Eve",
        "Fay",
        "Gus",
        "Hal",
        "Ivy",
    }
    players = ok(director.client.get(f"/api/v1/events/{event}/players/"))
    assert {p["name"]: p["active"] for p in players}["Dan"] is False
    # Dan's round-one result still counts for him.
    rows = {r["name"]: r for r in director.standings(event)["rows"]}
    assert rows["Dan"]["played"] == 1 and rows["Dan"]["active"] is False


def test_only_a_director_manages_an_event(director: Director, anon, django_user_model):
    event = director.create_event(rounds_planned=2)
    director.publish(event)
    other = APIClient()
    other.force_login(django_user_model.objects.create_user("mallory"))
    assert is_problem(
        other.post(f"/api/v1/events/{event}/players/", {"name": "M"}, format="json"), 403, "club"
    )
    assert is_problem(
        other.patch(f"/api/v1/events/{event}/", {"published": False}, format="json"), 403
    )
    assert is_problem(anon.post(f"/api/v1/events/{event}/rounds/", format="json"), 401)
    assert ok(anon.get(f"/api/v1/events/{event}/"))["published"] is True
    assert [e["id"] for e in ok(anon.get("/api/v1/events/"))] == [event]


def test_unknown_ids_are_problems_not_errors(anon):
    for url in [
        "/api/v1/events/99/",
        "/api/v1/clubs/99/",
        "/api/v1/tables/99/",
        "/api/v1/players/99/",
        "/api/v1/events/99/standings.csv",
    ]:
        assert is_problem(anon.get(url), 404, "id"), url
    assert is_problem(
        anon.post("/api/v1/tables/join/", {"code": "NOPE42"}, format="json"), 404, "code"
    )
    assert is_problem(anon.post("/api/v1/tables/join/", {"code": 42}, format="json"), 400, "code")
    assert is_problem(anon.post("/api/v1/tables/join/", [1], format="json"), 400)
