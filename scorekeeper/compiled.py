"""Queries the night asks on every request, compiled once per database connection.

A table's hand reads the phone's token, its table (locked, with its round, event, club,
physical table and result) and its game. Building each of those querysets and compiling it to
SQL, joins and all, costs the process several times what the database takes to answer it, and
a crowded night's tail is made of that process time. A `Compiled` query is compiled on a
connection's first use, with the value it looks up as its one parameter; later it runs the
same statement with another value, and its row becomes models exactly as the ORM's own query
makes them (the same fields, the related models set, the database's values converted), by
the compiler that wrote it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Generic, TypeVar

from django.db import DEFAULT_DB_ALIAS, connections
from django.db.backends.base.base import BaseDatabaseWrapper
from django.db.models import Field, Model, QuerySet
from django.db.models.query import get_related_populators
from django.db.transaction import TransactionManagementError

_M = TypeVar("_M", bound=Model)
# (Django 5.2's, which its type stubs, written for a later Django, give another argument.)
_related_populators: Any = get_related_populators


class _Plan:
    """A query compiled on one connection: its statement and parameters, which parameter is
    the value looked up, and how its row becomes models."""

    __slots__ = (
        "annotations",
        "at",
        "compiler",
        "end",
        "field",
        "init_list",
        "locks",
        "model",
        "params",
        "populators",
        "sql",
        "start",
    )

    def __init__(
        self, compiler: Any, sql: str, params: list[Any], at: int, field: Field[Any, Any]
    ) -> None:
        select, klass_info = compiler.select, compiler.klass_info
        self.compiler, self.field = compiler, field
        self.sql, self.params, self.at = sql, params, at
        self.model: type[Model] = klass_info["model"]
        self.start, self.end = klass_info["select_fields"][0], klass_info["select_fields"][-1] + 1
        self.init_list = [column[0].target.attname for column in select[self.start : self.end]]
        self.populators = _related_populators(klass_info, select, compiler.using)
        self.annotations: dict[str, int] = dict(compiler.annotation_col_map)
        features = compiler.connection.features
        self.locks = bool(
            compiler.query.select_for_update
            and features.has_select_for_update
            and features.supports_transactions
        )


class Compiled(Generic[_M]):
    """The first row (of at most one: `rows` filters on a unique key) that `rows(value)`
    finds, the value compared with the model's field named `field`. Asked as the ORM would be
    where a plan cannot be made (a value that appears among the query's other parameters, a
    None)."""

    def __init__(self, rows: Callable[[Any], QuerySet[_M]], field: str) -> None:
        self._rows = rows
        self._field = field

    def first(self, value: Any) -> _M | None:
        connection = connections[DEFAULT_DB_ALIAS]
        plans: dict[int, _Plan] = vars(connection).setdefault("compiled_plans", {})
        plan = plans.get(id(self))
        if plan is None:
            rows = self._rows(value).order_by()[:1]
            made = None if value is None else self._plan(rows, value, connection)
            if made is None:
                return next(iter(rows), None)
            plan = plans[id(self)] = made
        elif plan.locks and connection.get_autocommit():
            # (as the compiler says of a lock asked outside a transaction: `locks` only where
            # the database locks rows and has transactions)
            raise TransactionManagementError(
                "select_for_update cannot be used outside of a transaction."
            )
        params = list(plan.params)
        params[plan.at] = _prepared(plan.field, value, connection)
        with connection.cursor() as cursor:
            cursor.execute(plan.sql, params)
            found = cursor.fetchone()
        if found is None:
            return None
        row = next(iter(plan.compiler.results_iter(results=[[found]])))
        obj = plan.model.from_db(connection.alias, plan.init_list, row[plan.start : plan.end])
        for populator in plan.populators:
            populator.populate(row, obj)
        for name, position in plan.annotations.items():
            setattr(obj, name, row[position])
        return obj  # type: ignore[return-value]

    def _plan(
        self, rows: QuerySet[_M], value: Any, connection: BaseDatabaseWrapper
    ) -> _Plan | None:
        field = rows.model._meta.get_field(self._field)
        assert isinstance(field, Field)
        compiler = rows.query.get_compiler(using=connection.alias)
        sql, params = compiler.as_sql()
        looked_up = _prepared(field, value, connection)
        at = [i for i, param in enumerate(params) if param == looked_up]
        if len(at) != 1 or compiler.has_extra_select:
            return None
        return _Plan(compiler, sql, list(params), at[0], field)


def _prepared(field: Field[Any, Any], value: Any, connection: BaseDatabaseWrapper) -> Any:
    """The value as the ORM's filter on the field gives it to the database."""
    return field.get_db_prep_value(field.get_prep_value(value), connection, prepared=True)
