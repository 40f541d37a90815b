"""Limits on entrants and rounds, so that seating a round costs a bounded time: an event enters
at most `EVENT_MAX_ENTRANTS` players (a setting; a team event half as many teams) and seats at
most `MAX_ROUNDS` rounds; the next is a 409 naming the field. The tests set a small limit: the
rule is the same at 200."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from event_helpers import Director, is_problem, ok, played_by_services

from scorekeeper.events.access import Actor
from scorekeeper.events.services import MAX_ROUNDS
from scorekeeper.models import Club

pytestmark = pytest.mark.django_db

MAX_ENTRANTS = 12


@pytest.fixture(autouse=True)
def _a_small_limit(settings) -> None:
    settings.EVENT_MAX_ENTRANTS = MAX_ENTRANTS


def names(count: int, prefix: str = "Player") -> list[str]:
    return [f"{prefix} {n:03}" for n in range(1, count + 1)]


def test_an_event_enters_at_most_the_limit_of_players(director: Director):
    event = director.create_event(rounds_planned=3)
    ids = director.add_players(event, *names(MAX_ENTRANTS))
    path = f"/api/v1/events/{event}/players/"
    full = director.client.post(path, {"name": "One Too Many"}, format="json")
    assert is_problem(full, 409, field="name", code="event-full")
    assert str(MAX_ENTRANTS) in full.json()["detail"]
    # The refused newcomer was not added to the club's roster either.
    roster_path = f"/api/v1/clubs/{director.club}/players/"
    roster = ok(director.client.get(roster_path))
    assert len(roster) == MAX_ENTRANTS
    assert "One Too Many" not in {p["name"] for p in roster}
    # By the roster's id, the field named is `player`.
    zed = ok(director.client.post(roster_path, {"name": "Zed"}, format="json"), 201)["player"]
    assert is_problem(
        director.client.post(path, {"player": zed}, format="json"), 409, "player", "event-full"
    )
    # A player who left still stands in the standings and keeps a place: coming back is fine,
    # leaving frees none for someone new.
    first = ids["Player 001"]
    ok(director.client.delete(f"{path}{first}/"))
    assert is_problem(director.client.post(path, {"player": zed}, format="json"), 409, "player")
    ok(director.client.post(path, {"player": first}, format="json"), 201)
    assert len(ok(director.client.get(path))) == MAX_ENTRANTS


def test_a_team_event_enters_at_most_half_as_many_teams(director: Director):
    event = director.create_event(format="round-robin")
    players = names(MAX_ENTRANTS)
    for n in range(0, MAX_ENTRANTS, 2):
        director.add_team(event, f"Team {n // 2 + 1}", players[n], players[n + 1])
    full = director.client.post(
        f"/api/v1/events/{event}/teams/",
        {"name": "Late pair", "players": ["Yan", "Zoe"]},
        format="json",
    )
    assert is_problem(full, 409, field="players", code="event-full")


def test_a_progressive_night_stops_at_the_most_rounds_an_event_plans(director: Director):
    """Round after round past the plan, as a night that runs long: the round after the most an
    event may plan is refused, so no round's seating weighs more rounds than that."""
    dora = Actor(user=get_user_model().objects.get(username="dora"))
    club = Club.objects.get(pk=director.club)
    event = played_by_services(dora, club, players=5, rounds=MAX_ROUNDS, name="Long night")
    past = director.client.post(f"/api/v1/events/{event.pk}/rounds/", format="json")
    assert is_problem(past, 409, field="rounds", code="rounds-limit")
    assert str(MAX_ROUNDS) in past.json()["detail"]
    assert event.rounds.count() == MAX_ROUNDS
