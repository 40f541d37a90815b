"""A hand's row, its log entry and its game's row written by statements compiled once per
connection (scorekeeper/compiled_writes.py) end as the ORM's `save` and `delete` leave them:
the same columns in the database, the key set or cleared, `auto_now` times set on the object;
asked again, the same statement runs with the new values (one statement a row). Where the ORM
would do more than that statement (a model's own `save`, an append-only log's but for a new
row; a signal's receiver; rows that refer to the deleted one), the ORM writes the row. A
game's hands read for its standing (scorekeeper/compiled.py, `CompiledRows`) are the ORM's
`values_list`, converted the same."""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from typing import Any

import pytest
from django.db import DatabaseError, connection, connections, transaction
from django.db.models import Model
from django.db.models.signals import post_save
from django.test.utils import CaptureQueriesContext

from scorekeeper.compiled_writes import row_delete, row_insert, row_update
from scorekeeper.models import ChangeLogEntry, Club, Game, Hand
from scorekeeper.names import name_key
from scorekeeper.selectors import HandRow, hand_rows

pytestmark = pytest.mark.django_db

STANDING = ("score", "dealer", "winner", "status", "last_hand", "hands_dealt", "version")


def stored(row: Model) -> dict[str, Any]:
    """The row as the database holds it, read back by the ORM."""
    again = type(row)._base_manager.get(pk=row.pk)
    return {field.attname: getattr(again, field.attname) for field in row._meta.concrete_fields}


def held(row: Model) -> dict[str, Any]:
    return {field.attname: getattr(row, field.attname) for field in row._meta.concrete_fields}


@pytest.fixture
def game() -> Game:
    return Game.objects.create(
        ruleset={"preset": "standard"},
        preset="standard",
        target=10,
        first_dealer=0,
        score=[0, 0],
        token_hash="x" * 64,
    )


def a_hand(game: Game, number: int, **fields: Any) -> Hand:
    made = {"dealer": 0, "kind": Hand.Kind.PLAYED, "trump": "H", "maker": 0, "maker_tricks": 3}
    return Hand(
        game=game, number=number, award={"reason": "make", "points": {"0": 1}}, **made | fields
    )


def statements(captured: CaptureQueriesContext) -> list[str]:
    return [q["sql"] for q in captured.captured_queries if not q["sql"].startswith("SAVEPOINT")]


def test_a_hand_and_its_log_entry_are_inserted_as_the_orm_inserts_them(game: Game):
    by_orm = a_hand(game, 1, record={"seats": [0, 1]}, verdict=None, idempotency_key="k1")
    by_orm.save(force_insert=True)
    compiled = [a_hand(game, n, record={"seats": [0, 1]}, idempotency_key=f"k{n}") for n in (2, 3)]
    with CaptureQueriesContext(connection) as captured:
        for hand in compiled:
            row_insert(hand)
    ran = statements(captured)
    assert len(ran) == 2 and all(sql.startswith('INSERT INTO "scorekeeper_hand"') for sql in ran)
    for hand in compiled:
        assert hand.pk is not None and hand.pk > by_orm.pk
        assert not hand._state.adding and hand._state.db == "default"
        assert hand.created_at is not None and hand.updated_at is not None
        assert stored(hand) == held(hand)
        assert {
            k: v
            for k, v in stored(hand).items()
            if k not in ("id", "number", "created_at", "updated_at", "idempotency_key")
        } == {
            k: v
            for k, v in stored(by_orm).items()
            if k not in ("id", "number", "created_at", "updated_at", "idempotency_key")
        }
    entry = ChangeLogEntry(
        game=game, hand_number=3, action="record", actor="N", after={"a": [1, None]}, version=2
    )
    row_insert(entry)
    assert entry.pk is not None and stored(entry) == held(entry)
    assert stored(entry)["after"] == {"a": [1, None]} and stored(entry)["before"] is None


def test_a_spent_key_spoils_the_transaction_as_the_orms_insert_does(game: Game):
    row_insert(a_hand(game, 1, idempotency_key="same"))
    with pytest.raises(Exception) as refused, transaction.atomic():
        row_insert(a_hand(game, 2, idempotency_key="same"))
    assert "IntegrityError" in type(refused.value).__name__
    assert list(Hand.objects.filter(game=game).values_list("number", flat=True)) == [1]


def test_a_games_standing_is_updated_as_save_with_update_fields_writes_it(game: Game):
    before = game.updated_at
    names = (*STANDING, "updated_at")
    ran = []
    for winner, version in ((None, 2), (1, 3), (None, 4), (0, 5)):
        game.score, game.winner, game.version = [3, 10], winner, version
        game.status = Game.Status.FINISHED if winner is not None else Game.Status.IN_PROGRESS
        with CaptureQueriesContext(connection) as captured:
            row_update(game, names)
        ran += statements(captured)
        assert stored(game) == held(game)
    assert len(ran) == 4 and all(sql.startswith('UPDATE "scorekeeper_game"') for sql in ran)
    # (a null is written as NULL in the statement, as the ORM writes it)
    assert ['"winner" = NULL' in sql for sql in ran] == [True, False, True, False]
    assert game.updated_at > before
    untouched = game.token_hash
    game.token_hash = "y" * 64  # not among the fields: not written
    row_update(game, names)
    assert stored(game)["token_hash"] == untouched


def test_an_update_of_a_row_not_there_is_refused_as_save_refuses_it(game: Game):
    gone = Game.objects.get(pk=game.pk)
    Game.objects.filter(pk=game.pk).delete()
    with pytest.raises(DatabaseError, match="did not affect any rows"):
        row_update(gone, STANDING)


def test_a_hand_is_deleted_and_its_key_cleared(game: Game):
    hands = [a_hand(game, n) for n in (1, 2, 3)]
    for hand in hands:
        row_insert(hand)
    with CaptureQueriesContext(connection) as captured:
        row_delete(hands[2])
        row_delete(hands[1])
    ran = statements(captured)
    assert len(ran) == 2 and all(sql.startswith('DELETE FROM "scorekeeper_hand"') for sql in ran)
    assert hands[2].pk is None and hands[1].pk is None
    assert list(Hand.objects.filter(game=game).values_list("number", flat=True)) == [1]


def test_a_game_with_hands_is_deleted_by_the_orm_which_deletes_them(game: Game):
    row_insert(a_hand(game, 1))
    row_delete(game)
    assert not Hand.objects.exists() and not Game.objects.filter(pk=game.pk).exists()


@pytest.fixture
def listened() -> Iterator[list[Model]]:
    heard: list[Model] = []

    def receiver(sender: type[Model], instance: Model, **kwargs: Any) -> None:
        heard.append(instance)

    post_save.connect(receiver, sender=ChangeLogEntry, weak=False)
    yield heard
    post_save.disconnect(receiver, sender=ChangeLogEntry)
    vars(connections["default"]).pop("compiled_writes", None)


def test_a_model_a_signal_listens_to_is_saved_by_the_orm(game: Game, listened: list[Model]):
    vars(connections["default"]).pop("compiled_writes", None)
    entry = ChangeLogEntry(game=game, action="record", actor="N", version=1)
    row_insert(entry)
    assert listened == [entry] and entry.pk is not None


def test_a_model_with_a_save_of_its_own_is_saved_by_it():
    club = Club(name="Oak Hall")
    row_insert(club)
    assert club.pk is not None and stored(club)["name_key"] == name_key("Oak Hall") != ""
    club.name = "Elm Street"
    row_update(club, ("name",))
    assert stored(club)["name_key"] == name_key("Elm Street")


def test_an_append_only_logs_entry_is_inserted_and_never_changed(game: Game):
    entry = ChangeLogEntry(game=game, action="record", actor="N", version=1)
    with CaptureQueriesContext(connection) as captured:
        row_insert(entry)
    ran = statements(captured)
    assert len(ran) == 1 and ran[0].startswith('INSERT INTO "scorekeeper_changelogentry"')
    entry.actor = "E"
    with pytest.raises(ValueError, match="append-only"):
        row_update(entry, ("actor",))
    assert stored(entry)["actor"] == "N"


def test_a_games_hands_for_its_standing_are_the_orms_values(game: Game):
    other = Game.objects.create(
        ruleset={}, preset="standard", target=10, first_dealer=0, token_hash="z" * 64
    )
    for number, maker in ((2, None), (1, 0), (3, 1)):
        row_insert(a_hand(game, number, maker=maker))
    row_insert(a_hand(other, 1))
    by_orm = [HandRow(*row) for row in game.hands.order_by("number").values_list(*HandRow._fields)]
    assert hand_rows(game=game) == by_orm and [r.number for r in by_orm] == [1, 2, 3]
    assert by_orm[0].award == {"reason": "make", "points": {"0": 1}}
    with CaptureQueriesContext(connection) as captured:
        assert len(hand_rows(game=other)) == 1
        assert hand_rows(game=Game(id=uuid.uuid4())) == []
    assert len(captured.captured_queries) == 2
