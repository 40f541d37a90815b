"""A demo club night for `manage.py load_demo`: eight players, three rounds, totals entered."""

from __future__ import annotations

from io import TextIOBase

from django.contrib.auth import get_user_model
from django.db import transaction

from scorekeeper.events import services
from scorekeeper.events.access import Actor
from scorekeeper.events.models import Director, Event
from scorekeeper.models import Club

DEMO_CLUB = "Demo club"
DEMO_EVENT = "Demo progressive night"
DEMO_PLAYERS = ("Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy")
# Each round, table by table: the points of seats 0 and 2, then of seats 1 and 3.
DEMO_SCORES = [[(8, 3), (5, 6)], [(4, 7), (9, 2)], [(6, 6), (3, 8)]]


def load_demo_event(*, stdout: TextIOBase) -> None:
    """A published, finished progressive event in the demo club; left alone if it is there."""
    club, _ = Club.objects.get_or_create(name=DEMO_CLUB)
    if Event.objects.filter(club=club, name=DEMO_EVENT).exists():
        stdout.write(f"{DEMO_EVENT}: already loaded\n")
        return
    with transaction.atomic():
        user, created = get_user_model().objects.get_or_create(username="demo-director")
        if created:
            user.set_unusable_password()
            user.save(update_fields=["password"])
        Director.objects.get_or_create(club=club, user=user)
        director = Actor(user=user)
        event = services.event_create(
            club=club,
            actor=director,
            name=DEMO_EVENT,
            format=Event.Format.PROGRESSIVE,
            round_length=Event.RoundLength.HANDS,
            hands_per_round=8,
            entry=Event.Entry.TOTALS,
            rounds_planned=len(DEMO_SCORES),
            sit_out_credit=Event.SitOutCredit.AVERAGE,
            published=True,
            seed=2024,
        )
        for name in DEMO_PLAYERS:
            services.entrant_add(event=event, actor=director, name=name)
        for scores in DEMO_SCORES:
            rnd = services.round_generate(event=event, actor=director)
            for table, points in zip(rnd.tables.order_by("number"), scores, strict=True):
                seat = table.seats.order_by("number").first()
                assert seat is not None
                services.result_enter(
                    table=table, actor=director, entered_by=seat.player_id, points=list(points)
                )
        services.event_update(event=event, actor=director, status=Event.Status.FINISHED)
    stdout.write(f"{DEMO_EVENT}: finished, standings at /events/{event.pk}/\n")
