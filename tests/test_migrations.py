"""The squashed migrations: a new database runs few of them and gets the tables the chain they
replace would have built, whole."""

from __future__ import annotations

from typing import Any

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from tests.migration_steps import migrate, the_chain

OURS = ("scorekeeper", "events")


def tables() -> dict[str, Any]:
    """Every table of our apps: its columns (type, size, null, default) and its constraints and
    indexes (columns, kind, what a foreign key names), by name, whatever their order."""
    introspection = connection.introspection
    shape: dict[str, Any] = {}
    with connection.cursor() as cursor:
        for table in introspection.table_names(cursor):
            if not table.startswith(tuple(f"{app}_" for app in OURS)):
                continue
            columns = {
                column.name: (
                    column.type_code,
                    column.internal_size,
                    column.null_ok,
                    column.default,
                )
                for column in introspection.get_table_description(cursor, table)
            }
            constraints = {
                _named(name, details): {
                    key: value for key, value in details.items() if key != "definition"
                }
                for name, details in introspection.get_constraints(cursor, table).items()
            }
            shape[table] = {"columns": columns, "constraints": constraints}
    return shape


def _named(name: str, details: dict[str, Any]) -> str:
    """A constraint's name; SQLite numbers its unnamed ones (`fk_0`, ...) in the order the table
    lists them, so those are named by what they hold instead."""
    if name.startswith(("fk_", "__unnamed_constraint_")):
        kind = "fk" if details.get("foreign_key") else "check" if details.get("check") else "other"
        return f"{kind}:{','.join(details.get('columns') or [])}:{details.get('definition') or ''}"
    return name


@pytest.mark.django_db
def test_a_new_database_runs_two_squashed_migrations_an_app_and_nothing_else():
    executor = MigrationExecutor(connection)
    plan = executor.migration_plan(executor.loader.graph.leaf_nodes(), clean_start=True)
    ours = [migration for migration, _ in plan if migration.app_label in OURS]
    # Two an app, as few as the chain allows: the scorekeeper's 0005 needs the events' 0002,
    # which needs the scorekeeper's 0004.
    assert [m.app_label for m in ours] == ["scorekeeper", "events", "scorekeeper", "events"]
    assert all(migration.replaces for migration in ours)


@pytest.mark.django_db(transaction=True)
@pytest.mark.usefixtures("empty_first")
def test_the_squashed_migrations_build_the_tables_the_chain_builds():
    squashed = tables()  # the test database is new: the squashed migrations built it
    migrate([(app, None) for app in reversed(OURS)])
    assert not tables()
    migrate(the_chain().graph.leaf_nodes())
    assert tables() == squashed


@pytest.mark.django_db(transaction=True)
@pytest.mark.usefixtures("empty_first")
@pytest.mark.parametrize(
    "build",
    [
        # The first build, before the events: the events' squashed migrations run between
        # the scorekeeper's 0004 and 0005.
        [("events", None), ("scorekeeper", "0001_initial")],
        # Where the squashed migrations of an earlier build ended.
        [("events", "0012_directors_remedies"), ("scorekeeper", "0007_club_language_time_zone")],
    ],
    ids=["before-the-events", "the-earlier-squash"],
)
def test_a_database_of_an_earlier_build_upgrades_to_the_tables_a_new_one_has(build):
    new = tables()
    migrate(build)
    assert tables() != new
    migrate()
    assert tables() == new
