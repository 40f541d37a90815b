"""A model's own row written as `save` and `delete` write it, with the statement compiled once
per database connection: the night's most frequent write (a table's hand) inserts the hand and
its log entry and updates its game's row, and its undo deletes the hand. Building each of those
queries and compiling it costs the process several times what the database takes to run it
(`scorekeeper.compiled` says the same of the night's reads).

`row_insert`, `row_update` and `row_delete` take what `save(force_insert=True)`,
`save(update_fields=...)` and `delete()` take and leave the object as those leave it (its key
set or cleared, each field's `pre_save` run, so an `auto_now` time is the one written); the
statement is the one the ORM's compiler writes for the first such row. Where the ORM would do
more than that one statement (a model's own `save` or `delete`, a parent model's row, a
signal's receiver, another model's rows that refer to the deleted one, a field with its own
placeholder, an expression as a value), the ORM writes the row.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from django.db import DEFAULT_DB_ALIAS, DatabaseError, connections, transaction
from django.db.backends.base.base import BaseDatabaseWrapper
from django.db.models import Field, Model, Q, signals
from django.db.models.sql import DeleteQuery, InsertQuery, UpdateQuery

from scorekeeper.compiled import value_sent


class _Write:
    """An insert, update or delete of one row of a model, compiled on one connection: its
    statement, the fields whose values it sends in order (then the row's key, for an update
    or a delete), and for an insert the fields the database returns, as its compiler reads
    them."""

    def __init__(
        self,
        sql: str,
        fields: list[Field[Any, Any]],
        returning: list[Field[Any, Any]] | None = None,
        compiler: Any = None,
    ) -> None:
        self.sql, self.fields, self.returning = sql, fields, returning or []
        self.compiler = compiler
        columns = [field.get_col(field.model._meta.db_table) for field in self.returning]
        self.converters = compiler.get_converters(columns) if compiler is not None else {}


#: What no statement is compiled for: the ORM writes it.
_BY_THE_ORM: Final = object()


class _NotPlain(Exception):
    """A value the compiled statement cannot send: the ORM writes the row."""


def _write_plan(key: tuple[Any, ...], make: Callable[[BaseDatabaseWrapper], _Write | None]) -> Any:
    """The statement for `key` on this thread's connection, made by `make` on first use
    (`_BY_THE_ORM` where it makes none), and the connection."""
    connection = connections[DEFAULT_DB_ALIAS]
    plans: dict[tuple[Any, ...], Any] = vars(connection).setdefault("compiled_writes", {})
    plan = plans.get(key)
    if plan is None:
        plan = plans[key] = make(connection) or _BY_THE_ORM
    return plan, connection


def _plain(model: type[Model], fields: list[Field[Any, Any]], write: str) -> bool:
    """Whether the model's row is written (`write`: insert, update or delete) by its statement
    alone: no `save` or `delete` of the model's own (but an append-only log's, which only
    refuses changes, for an insert), no parent model's row, no signal receiver, each field
    sent as one plain parameter (no placeholder of its own)."""
    method = "delete" if write == "delete" else "save"
    own = getattr(model, method) is not getattr(Model, method)
    listened = (signals.pre_save, signals.post_save, signals.pre_delete, signals.post_delete)
    return not (
        (own and not (write == "insert" and getattr(model, "inserted_as_saved", False)))
        or model._meta.parents
        or any(signal.has_listeners(model) for signal in listened)
        or any(hasattr(field, "get_placeholder") for field in fields)
    )


def _prepared(
    fields: list[Field[Any, Any]], obj: Model, add: bool, connection: BaseDatabaseWrapper
) -> list[Any]:
    """The values `save` sends for these fields of `obj`, each field's `pre_save` first (an
    `auto_now` time is set on the object, as `save` sets it)."""
    params = []
    for field in fields:
        value = field.pre_save(obj, add)
        if hasattr(value, "resolve_expression") or hasattr(value, "prepare_database_save"):
            raise _NotPlain
        params.append(field.get_db_prep_save(value, connection))
    return params


def _run(
    connection: BaseDatabaseWrapper, sql: str, params: list[Any], *, returns: bool = False
) -> Any:
    """The statement run as the ORM runs a write (an error spoils the transaction it is in):
    the row it returns, or how many rows it changed."""
    with (
        transaction.mark_for_rollback_on_error(using=connection.alias),
        connection.cursor() as cursor,
    ):
        cursor.execute(sql, params)
        return cursor.fetchone() if returns else cursor.rowcount


def row_insert(obj: Model) -> None:
    """`obj.save(force_insert=True)` for a new row whose key the database makes: the row
    inserted, and the key (with any other field the database returns) set on `obj`."""
    model = type(obj)
    plan, connection = _write_plan(("insert", model), lambda c: _insert_plan(model, obj, c))
    if plan is _BY_THE_ORM or obj.pk is not None:
        obj.save(force_insert=True)
        return
    obj._prepare_related_fields_for_save(operation_name="save")  # type: ignore[attr-defined]
    try:
        params = _prepared(plan.fields, obj, True, connection)
    except _NotPlain:
        obj.save(force_insert=True)
        return
    row = _run(connection, plan.sql, params, returns=True)
    if plan.converters:
        row = next(iter(plan.compiler.apply_converters([row], plan.converters)))
    for value, field in zip(row, plan.returning, strict=True):
        setattr(obj, field.attname, value)
    obj._state.adding, obj._state.db = False, connection.alias


def _insert_plan(model: type[Model], obj: Model, connection: BaseDatabaseWrapper) -> _Write | None:
    meta = model._meta
    fields = [f for f in meta.local_concrete_fields if not f.generated and f is not meta.pk]
    returning = list(meta.db_returning_fields)
    if (
        meta.auto_field is None
        or meta.pk is not meta.auto_field
        or not connection.features.can_return_columns_from_insert
        or not _plain(model, fields, "insert")
    ):
        return None
    query = InsertQuery(model)
    query.insert_values(fields, [obj])
    compiler = query.get_compiler(using=connection.alias)
    compiler.returning_fields = returning
    [(sql, params)] = compiler.as_sql()
    if len(params) != len(fields) or " RETURNING " not in sql:
        return None
    return _Write(sql, fields, returning, compiler)


def row_update(obj: Model, names: tuple[str, ...]) -> None:
    """`obj.save(update_fields=names)`: those fields of the object's row written (an `auto_now`
    one with the time now); DatabaseError if the row is not there, as `save` says. (The ORM
    writes a null as NULL in the statement: one statement for each set of fields left null.)"""
    model = type(obj)
    connection = connections[DEFAULT_DB_ALIAS]
    fields = _updated_fields(model, names)
    key = value_sent(model._meta.pk, obj.pk, connection)
    if fields is None or key is None:
        obj.save(update_fields=names)
        return
    obj._prepare_related_fields_for_save(operation_name="save")  # type: ignore[attr-defined]
    try:
        values = _prepared(fields, obj, False, connection)
    except _NotPlain:
        obj.save(update_fields=names)
        return
    nulls = tuple(value is None for value in values)
    plan, _ = _write_plan(
        ("update", model, names, nulls),
        lambda c: _update_plan(model, obj, fields, key, sum(nulls), c),
    )
    if plan is _BY_THE_ORM:
        obj.save(update_fields=names)
        return
    params = [value for value in values if value is not None]
    if _run(connection, plan.sql, [*params, key]) < 1:
        raise DatabaseError("Save with update_fields did not affect any rows.")
    obj._state.adding, obj._state.db = False, connection.alias


_UPDATED: dict[tuple[type[Model], tuple[str, ...]], list[Field[Any, Any]] | None] = {}


def _updated_fields(model: type[Model], names: tuple[str, ...]) -> list[Field[Any, Any]] | None:
    """The fields an update of these names writes (None: not all of the row's own, plain)."""
    found = _UPDATED.get((model, names), [])
    if found == []:
        fields = [model._meta.get_field(name) for name in names]
        plain = all(isinstance(f, Field) and f.concrete and not f.primary_key for f in fields)
        found = _UPDATED[model, names] = fields if plain else None  # type: ignore[assignment]
    return found


def _update_plan(
    model: type[Model],
    obj: Model,
    fields: list[Field[Any, Any]],
    key: Any,
    nulls: int,
    connection: BaseDatabaseWrapper,
) -> _Write | None:
    """The update the ORM writes for these fields of the row, `nulls` of them null."""
    if not _plain(model, fields, "update"):
        return None
    rows = model._base_manager.filter(pk=obj.pk)
    query: UpdateQuery = rows.query.chain(UpdateQuery)  # type: ignore[assignment]
    query.add_update_fields([(f, None, getattr(obj, f.attname)) for f in fields])
    sql, params = query.get_compiler(using=connection.alias).as_sql()
    if len(params) != len(fields) - nulls + 1 or params[-1] != key:
        return None
    return _Write(sql, fields)


def row_delete(obj: Model) -> None:
    """`obj.delete()` for a row of a model no other model refers to: the row deleted, the
    object's key cleared."""
    model = type(obj)
    plan, connection = _write_plan(("delete", model), lambda c: _delete_plan(model, obj, c))
    key = value_sent(model._meta.pk, obj.pk, connection)
    if plan is _BY_THE_ORM or key is None:
        obj.delete()
        return
    _run(connection, plan.sql, [key])
    setattr(obj, model._meta.pk.attname, None)


def _delete_plan(model: type[Model], obj: Model, connection: BaseDatabaseWrapper) -> _Write | None:
    meta = model._meta
    key = value_sent(meta.pk, obj.pk, connection)
    if (
        meta.related_objects
        or meta.local_many_to_many
        or key is None
        or not _plain(model, [], "delete")
    ):
        return None
    query = DeleteQuery(model)
    query.add_q(Q(pk=obj.pk))
    sql, params = query.get_compiler(using=connection.alias).as_sql()
    if list(params) != [key]:
        return None
    return _Write(sql, [])
