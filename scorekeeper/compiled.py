"""Queries the night asks on every request, compiled once per database connection.

A table's hand reads the phone's token, its table (locked, with its round, event, club,
physical table and result) and its game; its undo, the hand by its game and number. Building
each of those querysets and compiling it to SQL, joins and all, costs the process several
times what the database takes to answer it, and a crowded night's tail is made of that process
time. A `Compiled` query is compiled on a connection's first use, with each value it looks up
as one of its parameters; later it runs the same statement with other values, and its row becomes models exactly as the ORM's own query
makes them (the same fields, the related models set, the database's values converted), by
the compiler that wrote it. `CompiledRows` does the same for the rows of a `values_list`
(a game's hands, for its standing), and a `CompiledUpdate` for an update by key (an event's
version counters, which every table's write moves). A model's own row is written the same way
by `scorekeeper.compiled_writes`.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable
from typing import Any, Generic, TypeVar

from django.db import DEFAULT_DB_ALIAS, connections, transaction
from django.db.backends.base.base import BaseDatabaseWrapper
from django.db.models import Field, IntegerField, Model, QuerySet
from django.db.models.query import get_related_populators
from django.db.models.sql import Query, UpdateQuery
from django.db.transaction import TransactionManagementError

_M = TypeVar("_M", bound=Model)
# (Django 5.2's, which its type stubs, written for a later Django, give another argument.)
_related_populators: Any = get_related_populators


class _Statement:
    """A query compiled on one connection: its statement and parameters, and which parameter
    is each value looked up."""

    def __init__(
        self, compiler: Any, sql: str, params: list[Any], keys: list[tuple[int, Field[Any, Any]]]
    ) -> None:
        self.compiler, self.keys = compiler, keys
        self.sql, self.params = sql, params

    def with_values(
        self, values: tuple[Any, ...], connection: BaseDatabaseWrapper
    ) -> list[Any] | None:
        """The parameters with `values` where the compiled ones were, as the ORM's filter on
        each field gives it to the database; None for a value the statement cannot look up."""
        params = list(self.params)
        for (at, field), value in zip(self.keys, values, strict=True):
            sent = value_sent(field, value, connection)
            if sent is None:
                return None
            params[at] = sent
        return params


class _Plan(_Statement):
    """A compiled select, with how its row becomes models."""

    def __init__(
        self, compiler: Any, sql: str, params: list[Any], keys: list[tuple[int, Field[Any, Any]]]
    ) -> None:
        super().__init__(compiler, sql, params, keys)
        select, klass_info = compiler.select, compiler.klass_info
        self.model: type[Model] = klass_info["model"]
        self.start, self.end = klass_info["select_fields"][0], klass_info["select_fields"][-1] + 1
        self.init_list = [column[0].target.attname for column in select[self.start : self.end]]
        self.populators = _related_populators(klass_info, select, compiler.using)
        self.annotations: dict[str, int] = dict(compiler.annotation_col_map)
        # How each column's value is converted (as `results_iter` works it out at each row).
        columns = [column[0] for column in select[0 : compiler.col_count]]
        self.converters = compiler.get_converters(columns)
        features = compiler.connection.features
        self.locks = bool(
            compiler.query.select_for_update
            and features.has_select_for_update
            and features.supports_transactions
        )


class Compiled(Generic[_M]):
    """The first row (of at most one: `rows` filters on a unique key) that `rows(*values)`
    finds, each value compared with the model's field named in `fields`, in order. Asked as
    the ORM would be where a plan cannot be made, and for a value no plan can look up
    (`value_sent`)."""

    def __init__(self, rows: Callable[..., QuerySet[_M]], *fields: str) -> None:
        self._rows = rows
        self._fields = fields

    def first(self, *values: Any) -> _M | None:
        connection = connections[DEFAULT_DB_ALIAS]
        # (by the query itself, which the dict keeps: a gone query's id is soon another's)
        plans: dict[Compiled[Any], _Plan] = vars(connection).setdefault("compiled_plans", {})
        plan = plans.get(self)
        if plan is None:
            made = _planned(lambda *v: self._rows(*v).order_by()[:1].query, self._fields, values)
            if made is not None:
                plan = plans[self] = _Plan(*made)
        elif plan.locks and connection.get_autocommit():
            # (as the compiler says of a lock asked outside a transaction: `locks` only where
            # the database locks rows and has transactions)
            raise TransactionManagementError(
                "select_for_update cannot be used outside of a transaction."
            )
        params = plan.with_values(values, connection) if plan is not None else None
        if plan is None or params is None:
            return next(iter(self._rows(*values).order_by()[:1]), None)
        with connection.cursor() as cursor:
            cursor.execute(plan.sql, params)
            found = cursor.fetchone()
        if found is None:
            return None
        row = found
        if plan.converters:
            row = next(iter(plan.compiler.apply_converters([found], plan.converters)))
        obj = plan.model.from_db(connection.alias, plan.init_list, row[plan.start : plan.end])
        for populator in plan.populators:
            populator.populate(row, obj)
        for name, position in plan.annotations.items():
            setattr(obj, name, row[position])
        return obj  # type: ignore[return-value]


class CompiledRows:
    """The rows that `rows(*values)` finds, as tuples (`rows` ends in a `values_list` of
    fields, in the order it asks for), each value compared with the model's field named in
    `fields`. Asked as the ORM would be where a plan cannot be made, and for a value no plan
    can look up (`value_sent`)."""

    def __init__(self, rows: Callable[..., QuerySet[Any, tuple[Any, ...]]], *fields: str) -> None:
        self._rows = rows
        self._fields = fields

    def all(self, *values: Any) -> list[tuple[Any, ...]]:
        connection = connections[DEFAULT_DB_ALIAS]
        plans: dict[CompiledRows, _Statement | None] = vars(connection).setdefault(
            "compiled_rows", {}
        )
        if self not in plans:
            rows = self._rows(*values)
            query = rows.query
            # (the fields alone, in their order: what `values_list` reads as its rows as they are)
            plain = not (query.extra_select or query.annotation_select) and tuple(
                query.values_select
            ) == tuple(rows._fields or ())  # type: ignore[attr-defined]
            made = (
                _planned(lambda *v: self._rows(*v).query, self._fields, values) if plain else None
            )
            plans[self] = None if made is None else _Statement(*made)
        plan = plans[self]
        params = plan.with_values(values, connection) if plan is not None else None
        if plan is None or params is None:
            return list(self._rows(*values))
        with connection.cursor() as cursor:
            cursor.execute(plan.sql, params)
            found = cursor.fetchall()
        compiler = plan.compiler
        # (as `results_iter` reads a `values_list`: its columns, converted)
        converters = compiler.get_converters([c[0] for c in compiler.select[: compiler.col_count]])
        if converters:
            found = compiler.apply_converters(found, converters)
        return [tuple(row) for row in found]


class CompiledUpdate:
    """`rows(value).update(**changes)`, the value compared with the field named `field`: how
    many rows it changed. Done as the ORM would where a plan cannot be made, and for a value no
    plan can look up (`value_sent`)."""

    def __init__(
        self, rows: Callable[[Any], QuerySet[Any]], field: str, changes: dict[str, Any]
    ) -> None:
        self._rows = rows
        self._field = field
        self._changes = changes

    def run(self, value: Any) -> int:
        connection = connections[DEFAULT_DB_ALIAS]
        plans: dict[CompiledUpdate, _Statement] = vars(connection).setdefault(
            "compiled_updates", {}
        )
        plan = plans.get(self)
        if plan is None:
            made = _planned(self._update, (self._field,), (value,))
            if made is not None:
                plan = plans[self] = _Statement(*made)
        params = plan.with_values((value,), connection) if plan is not None else None
        if plan is None or params is None:
            return int(self._rows(value).update(**self._changes))
        with (
            transaction.mark_for_rollback_on_error(using=connection.alias),
            connection.cursor() as cursor,
        ):
            cursor.execute(plan.sql, params)
            return int(cursor.rowcount)

    def _update(self, value: Any) -> Query:
        """The query `update` would run (as QuerySet.update makes it)."""
        query: UpdateQuery = self._rows(value).query.chain(UpdateQuery)  # type: ignore[assignment]
        query.add_update_values(self._changes)
        query.clear_select_clause()
        return query


def _planned(
    query_of: Callable[..., Query], names: tuple[str, ...], values: tuple[Any, ...]
) -> tuple[Any, str, list[Any], list[tuple[int, Field[Any, Any]]]] | None:
    """The query for `values` compiled on this thread's connection: its compiler, statement
    and parameters, and which parameter is each value, with its field (the one parameter that
    differs when the query is compiled with another of that value); None where that cannot be
    told."""
    query = query_of(*values)
    fields: list[Field[Any, Any]] = []
    for name in names:
        field = query.model._meta.get_field(name) if query.model else None
        if not isinstance(field, Field):
            return None
        fields.append(field)
    connection = connections[DEFAULT_DB_ALIAS]
    sent = [
        value_sent(field, value, connection) for field, value in zip(fields, values, strict=True)
    ]
    # (the other of each field's own kind: a game's id written out has no other as a string)
    others = [
        None if now is None else _other(field.get_prep_value(value))
        for field, value, now in zip(fields, values, sent, strict=True)
    ]
    others_sent = [
        None if other is None else value_sent(field, other, connection)
        for field, other in zip(fields, others, strict=True)
    ]
    if None in others_sent:  # (None, a kind with no other, out of range, or the last in range)
        return None
    compiler = query.get_compiler(using=DEFAULT_DB_ALIAS)
    sql, params = compiler.as_sql()
    if getattr(compiler, "has_extra_select", False):
        return None
    keys: list[tuple[int, Field[Any, Any]]] = []
    for index, field in enumerate(fields):
        other, other_sent = others[index], others_sent[index]
        varied = (*values[:index], other, *values[index + 1 :])
        other_sql, other_params = query_of(*varied).get_compiler(using=DEFAULT_DB_ALIAS).as_sql()
        differ = [i for i, (a, b) in enumerate(zip(params, other_params, strict=False)) if a != b]
        if other_sql != sql or len(other_params) != len(params) or len(differ) != 1:
            return None
        at = differ[0]
        # (the value as it is: a `startswith` sends it with a wildcard, which `with_values`
        # would not)
        if params[at] != sent[index] or other_params[at] != other_sent or at in dict(keys):
            return None
        keys.append((at, field))
    return compiler, sql, list(params), keys


def value_sent(field: Field[Any, Any], value: Any, connection: BaseDatabaseWrapper) -> Any:
    """What the ORM's filter on `field` sends the database for `value` (as `Exact` prepares
    it), or None where it sends no such parameter: for a None (IS NULL), a value of a kind
    `_other` has no other of, or an int out of the field's range (the ORM finds nothing
    without asking, where SQLite would refuse it)."""
    prepared = field.get_prep_value(value)
    if _other(prepared) is None:
        return None
    if isinstance(field, IntegerField) and isinstance(prepared, int):
        low, high = connection.ops.integer_field_range(field.get_internal_type())
        if not low <= prepared <= high:
            return None
    return field.get_db_prep_value(prepared, connection, prepared=True)


def _other(value: Any) -> Any:
    """Another value of the same kind (None for a kind not known here)."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value + 1
    if isinstance(value, str):
        return value + "?"
    if isinstance(value, uuid.UUID):
        return uuid.UUID(int=value.int ^ 1)
    return None
