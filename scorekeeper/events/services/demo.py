"""The demo club nights for `manage.py load_demo`: one finished (nine players, three rounds,
totals entered) for the records, and one in play (eight players, round 1 seated, hands scored
on the tables' phones) that a phone can join at once; and their director, `demo-director`, who
can sign in with a known password only while DEBUG is on."""

from __future__ import annotations

from io import TextIOBase
from typing import Any, Final

from django.conf import settings
from django.db import transaction
from django.utils.crypto import get_random_string

from scorekeeper.events import selectors, services
from scorekeeper.events.access import Actor
from scorekeeper.events.models import Event, Table
from scorekeeper.events.services.repairs import deleted_with_games, games_of
from scorekeeper.models import Club

DEMO_CLUB = "Demo club"
DEMO_EVENT = "Demo progressive night"
DEMO_PLAYERS = ("Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy")
# Each round, table by table: the points of seats 0 and 2, then of seats 1 and 3.
DEMO_SCORES = [[(8, 3), (5, 6)], [(4, 7), (9, 2)], [(6, 6), (3, 8)]]
DEMO_LIVE_EVENT = "Demo night in play"
DEMO_LIVE_PLAYERS = ("Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal")
DEMO_DIRECTOR: Final = "demo-director"
DEMO_DIRECTOR_NAME: Final = "Dora (demo director)"
#: The demo director's password, set (and printed) only while DEBUG is on.
DEMO_PASSWORD: Final = "euchre-night"


def load_demo_event(*, stdout: TextIOBase) -> None:
    """A published, finished progressive event in the demo club, and a published one with
    round 1 seated and in play: the first left alone if it is there, the second too while it
    is still in round 1 with no result in (else made afresh, so each run has a night to try).
    Then how to sign in as a director: the demo director's password while DEBUG is on (as
    `make run` has it), otherwise how to make a director."""
    # Outside DEBUG the demo director gets a new password that nobody is told, so the known
    # one stops working on a server that once ran the demo in DEBUG.
    password = DEMO_PASSWORD if settings.DEBUG else get_random_string(32)
    with transaction.atomic():
        made = services.director_make(
            username=DEMO_DIRECTOR, club_name=DEMO_CLUB, password=password
        )
        club = made.director.club
        user = made.director.user
        if not user.first_name:  # the name the night's pages and log show for their acts
            user.first_name = DEMO_DIRECTOR_NAME
            user.save(update_fields=["first_name"])
        director = Actor(user=user)
        if Event.objects.filter(club=club, name=DEMO_EVENT).exists():
            stdout.write(f"{DEMO_EVENT}: already loaded\n")
        else:
            event = _load_night(club, director)
            stdout.write(f"{DEMO_EVENT}: finished, standings at /events/{event.pk}/\n")
        live = Event.objects.filter(club=club, name=DEMO_LIVE_EVENT).first()
        if live is not None and not _still_in_round_one(live):
            # Played on, or closed, since: the night to try is made afresh.
            deleted_with_games(live, games_of(Table.objects.filter(round__event=live)))
            live = None
        if live is None:
            live = _load_live_night(club, director)
        codes = ", ".join(
            f"/t/{table.join_code}" for table in selectors.event_tables_of(event=live)
        )
        stdout.write(
            f"{DEMO_LIVE_EVENT}: round 1 in play; a phone joins a table at {codes}; "
            f"table cards at /events/{live.pk}/cards/\n"
        )
    if settings.DEBUG:
        stdout.write(
            f"Sign in as a director at /events/login/: {DEMO_DIRECTOR}, password "
            f"{DEMO_PASSWORD} (a demo account: DEBUG only)\n"
        )
    else:
        stdout.write(
            'Make a director to sign in: manage.py make_director USERNAME --club "Club name"\n'
        )


def _still_in_round_one(event: Event) -> bool:
    """Whether the night to try is as a newcomer should find it: running, round 1 its only
    round, and no table's result in yet."""
    if event.status != Event.Status.RUNNING or event.rounds.exclude(number=1).exists():
        return False
    return not event.rounds.filter(tables__result__isnull=False).exists()


def _published_night(
    club: Club, director: Actor, name: str, players: tuple[str, ...], **options: Any
) -> Event:
    """A published progressive night of rounds of eight hands, its players entered."""
    event = services.event_create(
        club=club,
        actor=director,
        name=name,
        format="progressive",
        round_length=Event.RoundLength.HANDS,
        hands_per_round=8,
        published=True,
        **options,
    )
    for player in players:
        services.entrant_add(event=event, actor=director, name=player)
    return event


def _load_night(club: Club, director: Actor) -> Event:
    event = _published_night(
        club,
        director,
        DEMO_EVENT,
        DEMO_PLAYERS,
        entry=Event.Entry.TOTALS,
        rounds_planned=len(DEMO_SCORES),
        sit_out_credit=Event.SitOutCredit.AVERAGE,
        seed=2024,
    )
    for scores in DEMO_SCORES:
        rnd = services.round_generate(event=event, actor=director)
        for table, points in zip(rnd.tables.order_by("number"), scores, strict=True):
            seat = table.seats.order_by("number").first()
            assert seat is not None
            services.result_enter(
                table=table, actor=director, entered_by=seat.player_id, points=list(points)
            )
    return services.event_close(event=event, actor=director, backup=False)


def _load_live_night(club: Club, director: Actor) -> Event:
    """A night to try at once: published (its join codes answer any phone), hands entered one
    by one on the tables' phones, round 1 seated."""
    event = _published_night(
        club,
        director,
        DEMO_LIVE_EVENT,
        DEMO_LIVE_PLAYERS,
        entry=Event.Entry.HANDS,
        rounds_planned=3,
        seed=2025,
    )
    services.round_generate(event=event, actor=director)
    return event
