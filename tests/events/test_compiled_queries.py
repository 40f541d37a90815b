"""The night's hot queries, compiled once per database connection (scorekeeper/compiled.py),
answer as the ORM's own queries do: the same row, the same related rows, every value converted
as the ORM converts it; asked again, they run the same statement with the new value and
nothing else; a value not there finds nothing."""

from __future__ import annotations

import uuid
from typing import Any

import pytest
from django.db import connection, connections, transaction
from django.db.models import Model
from django.db.models.sql.compiler import SQLCompiler, SQLUpdateCompiler
from django.db.transaction import TransactionManagementError
from django.test.utils import CaptureQueriesContext
from django.utils import timezone
from event_helpers import Director
from test_table_hand_reads import HAND, a_table

from scorekeeper.compiled import Compiled
from scorekeeper.errors import NotFound
from scorekeeper.events import selectors
from scorekeeper.events.models import Event, Result, Table, TableToken
from scorekeeper.events.services.changes import event_changed
from scorekeeper.events.services.tables import device_for_token
from scorekeeper.models import Game, Hand
from scorekeeper.selectors import hand_get as selectors_hand_get
from scorekeeper.selectors import the_row

pytestmark = pytest.mark.django_db


def values(row: Model | None) -> dict[str, Any]:
    """A row's every column read, as its model holds it, where it was read from, and which
    columns were left unread (deferred)."""
    assert row is not None
    deferred = row.get_deferred_fields()
    fields = {
        field.attname: getattr(row, field.attname)
        for field in row._meta.concrete_fields
        if field.attname not in deferred
    }
    return {**fields, "db": row._state.db, "adding": row._state.adding, "unread": deferred}


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
                .select_for_update(of=("self",), no_key=True)
                .defer("round__event__plan")
                .filter(pk=phone.id)
            )
            assert orm is not None
            assert values(compiled) == values(orm)
            assert read_with_it == related(orm, paths)
            # (a format's plan for the rounds ahead is left unread: no hand reads it)
            assert read_with_it["round.event"]["unread"] == {"plan"}
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
            .select_for_update(of=("self",), no_key=True)
            .defer("round__event__plan")
            .filter(pk=second.id)
        )
    assert [q["sql"] for q in compiled.captured_queries] == [q["sql"] for q in orm.captured_queries]


def test_a_phones_token_finds_its_device_as_the_orm_does_and_a_wrong_one_finds_none(
    director: Director,
):
    phones = [a_table(director) for _ in range(2)]
    for phone in phones * 2:
        device = device_for_token(phone.token)
        orm = (
            TableToken.objects.select_related("event_table__event__club", "table")
            .defer("event_table__event__plan")
            .get(table_id=phone.id)
        )
        assert device is not None and values(device) == values(orm)
        paths = ["event_table", "event_table.event", "event_table.event.club", "table"]
        assert related(device, paths) == related(orm, paths)
        assert related(device, paths)["event_table.event"]["unread"] == {"plan"}
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


def test_an_events_versions_move_by_one_and_only_while_it_takes_entries_when_asked(
    director: Director,
):
    event = director.create_event(round_length="hands", hands_per_round=8, rounds_planned=2)

    def versions() -> tuple[int, int]:
        return Event.objects.values_list("version", "standings_version").get(pk=event)

    for _ in range(2):  # (compiled at the first asking, run again at the second)
        version, standings = versions()
        assert event_changed(event) is True
        assert versions() == (version + 1, standings + 1)
        assert event_changed(event, standings=False, while_open=True) is True
        assert versions() == (version + 2, standings + 1)
    Event.objects.filter(pk=event).update(closed_at=timezone.now())
    before = versions()
    assert event_changed(event, while_open=True) is False
    assert event_changed(event, standings=False, while_open=True) is False
    assert versions() == before
    assert event_changed(event) is True and versions() == (before[0] + 1, before[1] + 1)
    assert event_changed(event + 1000) is False


def test_each_query_is_compiled_once_whatever_the_value_it_looks_up(
    director: Director, monkeypatch: pytest.MonkeyPatch
):
    """Event 1's update holds the value 1 twice (its id, and the 1 its versions move by):
    the id is still told apart, and the statement is not compiled again."""
    events = [
        director.create_event(round_length="hands", hands_per_round=8, rounds_planned=2)
        for _ in range(2)
    ]
    phones = [a_table(director) for _ in range(2)]
    forget_plans()
    compiled: list[str] = []
    for compiler in (SQLCompiler, SQLUpdateCompiler):
        as_sql = compiler.as_sql

        def counted(self: Any, *args: Any, as_sql: Any = as_sql, **kwargs: Any) -> Any:
            compiled.append(type(self).__name__)
            return as_sql(self, *args, **kwargs)

        monkeypatch.setattr(compiler, "as_sql", counted)
    for event in [*events, *events]:
        event_changed(event)
    for phone in [*phones, *phones]:
        device_for_token(phone.token)
    # Each compiled twice at its first asking (for its value and for another), then never.
    assert compiled.count("SQLUpdateCompiler") == 2
    assert compiled.count("SQLCompiler") == 2


def test_a_plan_is_its_own_querys_not_that_of_a_query_made_where_a_gone_one_was(
    director: Director,
):
    """Queries made and dropped one after another (as a test's own do) are often made at
    the address of the one before: each still runs its own statement."""
    phone = a_table(director)
    assert phone.post("hands/", HAND).status_code == 201
    game = Game.objects.get()
    for _ in range(20):
        games = Compiled(lambda game_id: Game.objects.filter(pk=game_id), "id")
        assert isinstance(games.first(game.pk), Game)
        del games
        tables = Compiled(lambda table_id: Table.objects.filter(pk=table_id), "id")
        assert isinstance(tables.first(phone.id), Table)
        del tables


def forget_plans() -> None:
    """As on a new connection: every query is compiled again at its next asking."""
    for plans in ("compiled_plans", "compiled_updates"):
        vars(connections["default"]).pop(plans, None)


def test_a_none_finds_what_the_orms_is_null_finds_before_and_after_a_plan(director: Director):
    a_table(director)  # (its phone has no player named)
    orm = the_row(TableToken.objects.filter(player=None))
    assert orm is not None
    unnamed = Compiled(lambda player: TableToken.objects.filter(player=player), "player")
    assert values(unnamed.first(None)) == values(orm)
    assert unnamed.first(10**6) is None  # (planned here)
    assert values(unnamed.first(None)) == values(orm)


def test_an_id_out_of_range_finds_nothing_as_with_the_orm_before_and_after_a_plan(
    director: Director,
):
    event = director.create_event(round_length="hands", hands_per_round=8, rounds_planned=2)
    forget_plans()
    games = Compiled(lambda table_id: Table.objects.filter(pk=table_id), "id")
    for _ in range(2):
        for out in (2**63, -(2**63) - 1):
            assert games.first(out) is None
            assert event_changed(out) is False
            assert event_changed(out, while_open=True) is False
        assert event_changed(event) is True and games.first(10**6) is None
    # The last id in range is asked as the ORM asks it too (its other is out of range).
    last = Compiled(lambda table_id: Table.objects.filter(pk=table_id), "id")
    assert last.first(2**63 - 1) is None and last.first(2**63 - 1) is None


def test_a_games_id_written_out_finds_the_game_as_with_the_orm(director: Director):
    phone = a_table(director)
    assert phone.post("hands/", HAND).status_code == 201
    game = Game.objects.get()
    games = Compiled(lambda game_id: Game.objects.filter(pk=game_id), "id")
    for key in (str(game.pk), game.pk, str(game.pk)):
        assert values(games.first(key)) == values(game)


def test_a_filter_that_sends_the_database_more_than_the_value_is_asked_as_the_orm_asks_it(
    director: Director,
):
    """A statement's parameter is the value itself only for an exact match: `startswith`
    sends the value with a wildcard, and a plan putting the bare value in its place finds
    nothing."""
    a_table(director)
    digest = TableToken.objects.get().token_hash
    starting = Compiled(
        lambda start: TableToken.objects.filter(token_hash__startswith=start), "token_hash"
    )
    for start in (digest[:6], digest[:7], "-"):
        assert starting.first(start) == the_row(
            TableToken.objects.filter(token_hash__startswith=start)
        )
    assert starting.first(digest[:6]) is not None


def test_a_device_with_no_rounds_table_and_one_revoked_are_found_as_the_orm_finds_them(
    director: Director,
):
    phones = [a_table(director) for _ in range(2)]
    device_for_token(phones[0].token)  # (planned here)
    TableToken.objects.filter(table_id=phones[0].id).update(table=None)
    TableToken.objects.filter(table_id=phones[1].id).update(revoked_at=timezone.now(), ended="left")
    paths = ["event_table", "event_table.event", "event_table.event.club"]
    for phone in phones:
        device = device_for_token(phone.token)
        assert device is not None
        orm = (
            TableToken.objects.select_related("event_table__event__club", "table")
            .defer("event_table__event__plan")
            .get(pk=device.pk)
        )
        assert values(device) == values(orm) and related(device, paths) == related(orm, paths)
        assert device.table == orm.table
    assert device_for_token(phones[0].token).table is None  # type: ignore[union-attr]
    assert device_for_token(phones[1].token).revoked_at is not None  # type: ignore[union-attr]
    assert phones[1].post("hands/", HAND).status_code == 401
    assert device_for_token(phones[1].token + "x") is None and device_for_token("") is None


def test_a_table_read_for_its_write_comes_with_its_result_as_the_orm_reads_it(
    director: Director,
):
    phones = [a_table(director) for _ in range(2)]
    Result.objects.create(
        table_id=phones[0].id,
        status=Result.Status.ENTERED,
        points=[11, 4],
        winner=0,
        entered_at=timezone.now(),
        kept_confirmation={"by": [1, None]},
    )
    with transaction.atomic():
        for phone in phones * 2:
            compiled = selectors.table_get(table_id=phone.id, game=False, locked=True)
            orm = the_row(
                Table.objects.select_related("round__event__club", "event_table", "result")
                .select_for_update(of=("self",), no_key=True)
                .filter(pk=phone.id)
            )
            assert orm is not None and values(compiled) == values(orm)
            if hasattr(orm, "result"):
                assert values(compiled.result) == values(orm.result)
                assert compiled.result.table is compiled
            else:
                assert not hasattr(compiled, "result")


@pytest.mark.postgres
@pytest.mark.skipif(
    connection.vendor != "postgresql",
    reason="SQLite locks no rows, so refuses no lock (set DATABASE_URL); .ci/run has it",
)
@pytest.mark.django_db(transaction=True)
def test_a_lock_asked_outside_a_transaction_is_refused_as_the_orms_is():
    locked = Compiled(lambda table_id: Table.objects.select_for_update().filter(pk=table_id), "id")
    with pytest.raises(TransactionManagementError):  # (no plan yet)
        locked.first(1)
    with transaction.atomic():
        assert locked.first(1) is None  # (planned here)
        with pytest.raises(NotFound):
            selectors.table_get(table_id=1, game=False, locked=True)
    with pytest.raises(TransactionManagementError):
        the_row(Table.objects.select_for_update().filter(pk=1))
    with pytest.raises(TransactionManagementError):
        locked.first(1)
    with pytest.raises(TransactionManagementError):
        selectors.table_get(table_id=1, game=False, locked=True)


def test_a_hand_by_its_game_and_number_is_the_orms_and_each_key_is_told_apart(
    director: Director,
):
    """Two keys, each its own parameter: hand 2 of one game is not hand 2 of another, nor
    hand 1 of the same game; the number 1 and a game's id never stand in for each other."""
    phones = [a_table(director) for _ in range(2)]
    for phone in phones:
        for maker in (0, 1):
            assert phone.post("hands/", {**HAND, "maker": maker}).status_code == 201
    forget_plans()
    hands = Compiled(
        lambda game_id, number: Hand.objects.filter(game_id=game_id, number=number),
        "game_id",
        "number",
    )
    for game in [*Game.objects.all(), *Game.objects.all()]:  # (planned at the first asking)
        for number in (1, 2):
            with CaptureQueriesContext(connection) as captured:
                found = hands.first(game.pk, number)
            assert len(captured.captured_queries) == 1
            assert values(found) == values(Hand.objects.get(game=game, number=number))
        assert hands.first(game.pk, 3) is None
        assert hands.first(str(game.pk), 1) == Hand.objects.get(game=game, number=1)
    assert hands.first(uuid.uuid4(), 1) is None and hands.first(None, 1) is None
    assert hands.first(Game.objects.first().pk, 2**63) is None  # type: ignore[union-attr]
    game = Game.objects.first()
    assert game is not None
    hand = selectors_hand_get(game=game, number=2)
    assert hand.game is game and hand.number == 2
