"""Events of earlier builds keep how their results were confirmed: `second_device_required`
becomes `confirm_with` (`opponent-device` where it was on, `table` where off), and every player
already entered gets a PIN of their own."""

from __future__ import annotations

import datetime
from typing import Any

import pytest

from tests.migration_steps import migrate, models, standard_event

BEFORE = [("events", "0014_director_invitee")]


def night(Event: Any, club: Any, name: str, *, second_device_required: bool) -> Any:
    """An event as a build from before 0015 writes it."""
    return standard_event(
        Event,
        club=club,
        name=name,
        date=datetime.date(2026, 11, 3),
        format="progressive",
        round_length="hands",
        hands_per_round=8,
        second_device_required=second_device_required,
    )


@pytest.mark.django_db(transaction=True)
@pytest.mark.usefixtures("empty_first")
def test_a_second_phone_required_becomes_confirming_on_the_opponents_device():
    old = migrate(BEFORE)
    Club, Player, Event, Entrant = models(old, scorekeeper="Club Player", events="Event Entrant")
    club = Club.objects.create(name="Riverside")
    made = {
        required: night(Event, club, f"second device {required}", second_device_required=required)
        for required in (True, False)
    }
    players = [
        Player.objects.create(club=club, name=f"P{n}", match_key=f"p{n}", kind="member")
        for n in range(40)
    ]
    for player in players:
        Entrant.objects.create(event=made[True], player=player)

    OldEvent = Event
    new = migrate()
    Event, Entrant = models(new, events="Event Entrant")
    # A build from before, still serving, reads and writes its events as it did.
    assert OldEvent.objects.get(pk=made[True].pk).second_device_required is True
    assert OldEvent.objects.get(pk=made[True].pk).format == "progressive"
    written = night(OldEvent, club, "by the build before", second_device_required=False)
    assert Event.objects.get(pk=written.pk).confirm_with == "table"
    assert Event.objects.get(pk=made[True].pk).confirm_with == "opponent-device"
    assert Event.objects.get(pk=made[False].pk).confirm_with == "table"
    pins = list(Entrant.objects.values_list("pin", flat=True))
    assert all(len(pin) == 4 and pin.isdigit() for pin in pins)
    assert len(set(pins)) > 30  # each their own, not one for all
