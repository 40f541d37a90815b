"""The door's page: the club's roster with who is checked in, for the club's directors only,
in the same queries however long the roster."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from event_helpers import event_founded

from scorekeeper.events import services
from scorekeeper.events.selectors import door_list
from scorekeeper.events.services import PlayerRef

pytestmark = pytest.mark.django_db


@pytest.fixture
def night(django_user_model):
    user = django_user_model.objects.create_user("dora", password="deal-the-cards-42")
    dora, event = event_founded(
        user, club="Riverside Euchre Club", name="Thursday", format="progressive", rounds_planned=2
    )
    return event, dora


def test_the_door_lists_the_roster_and_marks_who_is_checked_in(night):
    event, dora = night
    for name in ["Ann", "ben", "Cat"]:
        services.roster_add(club=event.club, actor=dora, ref=PlayerRef(name=name))
    services.entrant_add(event=event, actor=dora, name="Ann")
    cat, _ = services.entrant_add(event=event, actor=dora, name="Cat")
    services.entrant_leave(event=event, actor=dora, player_id=cat.player_id)
    door = door_list(event=event)
    assert [(a.shown, a.checked_in) for a in door] == [
        ("Ann", True),
        ("ben", False),
        ("Cat", False),
    ]


def test_only_the_clubs_directors_open_the_door(night, django_user_model):
    event, _ = night
    url = f"/events/{event.pk}/check-in/"
    assert Client().get(url).status_code == 302
    stranger = Client()
    stranger.force_login(django_user_model.objects.create_user("sam"))
    assert stranger.get(url).status_code == 404
    director = Client()
    director.force_login(event.club.directors.get().user)
    page = director.get(url)
    assert page.status_code == 200
    assert b"Find a player (first letters)" in page.content


def test_the_door_takes_the_same_queries_for_a_short_and_a_long_roster(night):
    event, dora = night

    def count() -> int:
        with CaptureQueriesContext(connection) as captured:
            door_list(event=event)
        return len(captured)

    services.roster_add(club=event.club, actor=dora, ref=PlayerRef(name="Ann"))
    short = count()
    for i in range(30):
        services.entrant_add(event=event, actor=dora, name=f"Player {i}")
    assert len(door_list(event=event)) == 31
    assert count() == short == 1
