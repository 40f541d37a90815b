"""Races on a club's roster end in 409, never 500: the same new player, club or team entered
from several places at once (PostgreSQL: unique constraints, real threads)."""

from __future__ import annotations

from collections import Counter

from django.contrib.auth import get_user_model
from event_helpers import Director
from rest_framework.test import APIClient

from scorekeeper.events.models import Entrant, EventTeam
from scorekeeper.models import Club, Player
from tests.concurrency import POSTGRES_ONLY, all_at_once

pytestmark = POSTGRES_ONLY

AT_ONCE = 8


def signed_in(director: Director) -> APIClient:
    """A client of its own for a thread, signed in as the club's director."""
    client = APIClient()
    client.force_login(get_user_model().objects.get(username="dora"))
    return client


def codes(results: list[object]) -> Counter[object]:
    found: Counter[object] = Counter()
    for result in results:
        if isinstance(result, Exception):
            found[repr(result)] += 1
        else:
            status, code = result  # type: ignore[misc]
            found[(status, code)] += 1
    return found


def test_the_same_new_entrant_added_at_once_is_one_player_and_one_entry(director: Director):
    event = director.create_event(rounds_planned=1)

    def add(index: int) -> tuple[int, str | None]:
        url = f"/api/v1/events/{event}/players/"
        response = signed_in(director).post(url, {"name": "New Person"}, format="json")
        return response.status_code, response.json().get("code")

    found = codes(all_at_once(AT_ONCE, add))
    assert found[(201, None)] == 1, found
    assert set(found) <= {(201, None), (409, "added-at-once"), (409, "already-entered")}, found
    assert Player.objects.filter(name="New Person").count() == 1
    assert Entrant.objects.filter(event_id=event).count() == 1


def test_the_same_club_name_started_at_once_is_one_club(director: Director):
    def start(index: int) -> tuple[int, str | None]:
        name = "Lakeside Euchre" if index % 2 else "lakeside  EUCHRE"
        response = signed_in(director).post("/api/v1/clubs/", {"name": name}, format="json")
        return response.status_code, response.json().get("code")

    found = codes(all_at_once(AT_ONCE, start))
    assert found == {(201, None): 1, (409, "club-exists"): AT_ONCE - 1}, found
    assert Club.objects.filter(name_key="lakeside euchre").count() == 1


def test_teams_entered_at_once_get_one_seed_each(director: Director):
    event = director.create_event(format="round-robin", entry="totals")

    def enter(index: int) -> tuple[int, str | None]:
        body = {"name": f"Team {index}", "players": [f"A{index}", f"B{index}"]}
        url = f"/api/v1/events/{event}/teams/"
        response = signed_in(director).post(url, body, format="json")
        return response.status_code, response.json().get("code")

    found = codes(all_at_once(AT_ONCE, enter))
    assert found == {(201, None): AT_ONCE}, found
    seeds = sorted(EventTeam.objects.filter(event_id=event).values_list("seed", flat=True))
    assert seeds == list(range(1, AT_ONCE + 1))


def test_newcomers_at_once_for_the_last_place_get_one_entry(director: Director, settings):
    settings.EVENT_MAX_ENTRANTS = MAX_ENTRANTS = 16
    event = director.create_event(rounds_planned=1)
    director.add_players(event, *(f"Player {n:03}" for n in range(1, MAX_ENTRANTS)))

    def add(index: int) -> tuple[int, str | None]:
        url = f"/api/v1/events/{event}/players/"
        response = signed_in(director).post(url, {"name": f"Late {index}"}, format="json")
        return response.status_code, response.json().get("code")

    found = codes(all_at_once(AT_ONCE, add))
    assert found == {(201, None): 1, (409, "event-full"): AT_ONCE - 1}, found
    assert Entrant.objects.filter(event_id=event).count() == MAX_ENTRANTS
