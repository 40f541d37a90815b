"""The night's hot queries, compiled once per database connection (scorekeeper/compiled.py),
answer as the ORM's own queries do: the same row, the same related rows, every value converted
as the ORM converts it; asked again, they run the same statement with the new value and
nothing else; a value not there finds nothing."""

from __future__ import annotations

import uuid
from typing import Any

import pytest
from django.db import connection, transaction
from django.db.models import Model
from django.test.utils import CaptureQueriesContext
from event_helpers import Director
from test_table_hand_reads import HAND, a_table

from scorekeeper.compiled import Compiled
from scorekeeper.events import selectors
from scorekeeper.events.models import Table, TableToken
from scorekeeper.events.services.tables import device_for_token
from scorekeeper.models import Game
from scorekeeper.selectors import the_row

pytestmark = pytest.mark.django_db


def values(row: Model | None) -> dict[str, Any]:
    """A row's every column, as its model holds it, and where it was read from."""
    assert row is not None
    fields = {field.attname: getattr(row, field.attname) for field in row._meta.concrete_fields}
    return {**fields, "db": row._state.db, "adding": row._state.adding}


def related(row: Model, paths: list[str]) -> dict[str, dict[str, Any]]:
    """The related rows along each path (read with the row: no query asked)."""
    found = {}
    for path in paths:
        at: Any = row
        for step in path.split("."):
            at = getattr(at, step)
        found[path] = values(at)
    return found


def test_a_table_read_for_its_write_is_the_orms_table_with_the_same_related_rows(
    director: Director,
):
    phones = [a_table(director) for _ in range(3)]
    assert phones[1].post("hands/", HAND).status_code == 201  # (a game that has moved on)
    paths = ["round", "round.event", "round.event.club", "event_table"]
    with transaction.atomic():
        for phone in phones * 2:  # the first asking compiles; the others run what it wrote
            with CaptureQueriesContext(connection) as captured:
                compiled = selectors.table_get(table_id=phone.id, game=False, locked=True)
                read_with_it = related(compiled, paths)
            assert len(captured.captured_queries) == 1
            orm = the_row(
                Table.objects.select_related("round__event__club", "event_table", "result")
                .select_for_update(of=("self",))
                .filter(pk=phone.id)
            )
            assert orm is not None
            assert values(compiled) == values(orm)
            assert read_with_it == related(orm, paths)
            assert not hasattr(compiled, "result") and not hasattr(orm, "result")


def test_asked_again_it_runs_the_statement_the_orm_writes_with_the_new_value(
    director: Director,
):
    first, second = a_table(director), a_table(director)
    selectors.table_get(table_id=first.id, game=False, locked=True)
    with CaptureQueriesContext(connection) as compiled:
        selectors.table_get(table_id=second.id, game=False, locked=True)
    with CaptureQueriesContext(connection) as orm:
        the_row(
            Table.objects.select_related("round__event__club", "event_table", "result")
            .select_for_update(of=("self",))
            .filter(pk=second.id)
        )
    assert [q["sql"] for q in compiled.captured_queries] == [q["sql"] for q in orm.captured_queries]


def test_a_phones_token_finds_its_device_as_the_orm_does_and_a_wrong_one_finds_none(
    director: Director,
):
    phones = [a_table(director) for _ in range(2)]
    for phone in phones * 2:
        device = device_for_token(phone.token)
        orm = TableToken.objects.select_related("event_table__event__club", "table").get(
            table_id=phone.id
        )
        assert device is not None and values(device) == values(orm)
        paths = ["event_table", "event_table.event", "event_table.event.club", "table"]
        assert related(device, paths) == related(orm, paths)
    assert device_for_token("not a token any phone holds") is None


def test_a_game_by_its_uuid_comes_back_with_its_json_and_times_as_the_orm_gives_them(
    director: Director,
):
    phones = [a_table(director) for _ in range(2)]
    for phone in phones:
        assert phone.post("hands/", HAND).status_code == 201
    games = Compiled(lambda game_id: Game.objects.filter(pk=game_id), "id")
    for game in Game.objects.all()[:2]:
        found = games.first(game.pk)
        assert values(found) == values(Game.objects.get(pk=game.pk))
        assert isinstance(found, Game) and found.updated_at.tzinfo is not None
        assert isinstance(found.score, list)
    assert games.first(uuid.uuid4()) is None
