"""Brackets seated before knockouts had options get their draw and their tables' matches from
the places each round kept, and go on as they were."""

from __future__ import annotations

import datetime

import pytest

from scorekeeper.events.models import Event as EventNow
from scorekeeper.events.selectors import brackets
from tests.migration_steps import migrate, models, standard_event

BEFORE = [("events", "0010_season_ladders_and_ranking_options")]


@pytest.mark.django_db(transaction=True)
@pytest.mark.usefixtures("empty_first")
def test_a_bracket_under_way_keeps_its_draw_and_its_matches():
    old = migrate(BEFORE)
    Club, Event, EventTeam, EventTable, Round, Table = models(
        old, scorekeeper="Club", events="Event EventTeam EventTable Round Table"
    )
    club = Club.objects.create(name="Riverside")
    event = standard_event(
        Event,
        club=club,
        name="Old knockout",
        date=datetime.date(2026, 11, 3),
        format="bracket",
        round_length="game",
        rounds_planned=3,
    )
    teams = [EventTeam.objects.create(event=event, name=f"T{n}", seed=n) for n in range(1, 6)]
    ids = [t.pk for t in teams]
    # The places each round kept, in bracket order: seeds 4 and 5 played while 1, 2 and 3
    # had byes; seed 5 won, and met seed 1 while 2 met 3.
    first_places = [ids[0], None, ids[3], ids[4], ids[1], None, ids[2], None]
    second_places = [ids[0], ids[4], ids[1], ids[2]]
    desk = [
        EventTable.objects.create(
            event=event, number=n, join_code=f"CODE{n}", code_issued_at="2026-11-03T19:00Z"
        )
        for n in (1, 2)
    ]
    first = Round.objects.create(event=event, number=1, bracket_slots=first_places)
    second = Round.objects.create(event=event, number=2, bracket_slots=second_places)
    Table.objects.create(
        round=first, number=1, event_table=desk[0], first_team=teams[3], second_team=teams[4]
    )
    Table.objects.create(
        round=second, number=1, event_table=desk[0], first_team=teams[0], second_team=teams[4]
    )
    Table.objects.create(
        round=second, number=2, event_table=desk[1], first_team=teams[1], second_team=teams[2]
    )

    new = migrate()
    Table = new.get_model("events", "Table")
    assert Event.objects.get(pk=event.pk).plan == {"bracket": ids}
    matches = {
        (t.round.number, t.number): t.bracket_match
        for t in Table.objects.filter(round__event_id=event.pk).select_related("round")
    }
    assert matches == {(1, 1): "W1-2", (2, 1): "W2-1", (2, 2): "W2-2"}
    view = brackets.bracket_of(event=EventNow.objects.get(pk=event.pk))
    assert view.drawn and view.bracket is not None
    # The first round's table has no result yet: its match is still the one to play.
    assert [m.key for m in view.bracket.to_play] == ["W1-2"]
    assert view.bracket.match("W2-2").sides == (ids[1], ids[2])
