"""Nights seated before tables had one code a night get their physical tables: each table
number keeps its latest round's code, and its phones follow it."""

from __future__ import annotations

import datetime

import pytest

from tests.migration_steps import migrate, models, standard_event

BEFORE = [("events", "0003_roster"), ("scorekeeper", "0005_roster_constraints")]


@pytest.mark.django_db(transaction=True)
@pytest.mark.usefixtures("empty_first")
def test_existing_nights_get_their_physical_tables():
    old = migrate(BEFORE)
    Club, Player, Event, Round, Table, TableToken = models(
        old, scorekeeper="Club Player", events="Event Round Table TableToken"
    )
    club = Club.objects.create(name="Riverside")
    Player.objects.bulk_create(
        Player(name=n, kind="casual", match_key=n.lower()) for n in ("Ann", "Ben")
    )
    event = standard_event(
        Event,
        club=club,
        name="Old night",
        date=datetime.date(2026, 11, 3),
        format="progressive",
        round_length="hands",
        hands_per_round=8,
        rounds_planned=2,
    )
    first, second = (Round.objects.create(event=event, number=n) for n in (1, 2))
    tables = {
        (1, 1): Table.objects.create(round=first, number=1, join_code="AAAAAA"),
        (1, 2): Table.objects.create(round=first, number=2, join_code="BBBBBB"),
        (2, 1): Table.objects.create(round=second, number=1, join_code="CCCCCC"),
        (2, 2): Table.objects.create(round=second, number=2),
    }
    old_phone = TableToken.objects.create(table=tables[(1, 1)], role="scorer", token_hash="a")
    new_phone = TableToken.objects.create(table=tables[(2, 1)], role="scorer", token_hash="b")
    TableToken.objects.create(table=tables[(2, 1)], role="confirmer", token_hash="c")

    new = migrate()
    EventTable, Table, TableToken = models(new, events="EventTable Table TableToken")
    by_number = {t.number: t for t in EventTable.objects.filter(event_id=event.pk)}
    assert sorted(by_number) == [1, 2]
    assert by_number[1].join_code == "CCCCCC"  # the latest round's code goes on
    assert by_number[2].join_code not in {"AAAAAA", "BBBBBB", "CCCCCC", ""}
    for (_, number), table in tables.items():
        assert Table.objects.get(pk=table.pk).event_table_id == by_number[number].pk
    phones = {t.token_hash: t for t in TableToken.objects.all()}
    assert {t.event_table_id for t in phones.values()} == {by_number[1].pk}
    # One scoring phone a physical table: the newest keeps it.
    assert phones["b"].revoked_at is None and phones[new_phone.token_hash].role == "scorer"
    assert phones[old_phone.token_hash].revoked_at is not None
    assert phones[old_phone.token_hash].ended == "handed-over"
    assert phones["c"].revoked_at is None
