"""How the migration tests move the database: back to where rows were written the way older
code wrote them, then forward to the latest, with the apps as they stood at each step.

A new database runs the squashed migrations (each `replaces` a run of the chain). The tests go
back along the chain as it was written, to where an earlier build left a database, and forward
as that database's upgrade goes: the rest of a run it had begun, a squashed migration for a
run it had none of."""

from __future__ import annotations

from typing import Any

from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.db.migrations.loader import MigrationLoader


def the_chain() -> MigrationLoader:
    """The migrations as they were written: every squashed migration stands aside, and what
    depended on it depends on the last migration it replaces."""
    loader = MigrationLoader(connection, replace_migrations=False)
    for key, squashed in loader.replacements.items():
        loader.graph.remove_replacement_node(key, squashed.replaces)
    return loader


def migrate(targets: list[tuple[str, str | None]] | None = None) -> Any:
    """Back to `targets` along the chain as it was written (a name of None: before the app's
    first), or (without targets) forward to the
    latest as an upgrade goes: a squashed migration stands in for a run of the chain of which
    the database has none. The apps as they stand there."""
    loader = the_chain() if targets else MigrationLoader(connection)
    executor = MigrationExecutor(connection)
    executor.loader = loader
    executor.migrate(targets or loader.graph.leaf_nodes())
    moved = the_chain() if targets else MigrationLoader(connection)
    reached = [(app, name) for app, name in targets or moved.graph.leaf_nodes() if name]
    return moved.project_state(reached).apps


def models(apps: Any, **names: str) -> tuple[Any, ...]:
    """The models as they stand in `apps`, named app by app (``events="Event Round"``), in
    the order named."""
    return tuple(
        apps.get_model(app, model) for app, models in names.items() for model in models.split()
    )


def standard_event(Event: Any, **fields: Any) -> Any:
    """An event row as older code wrote one under the standard rules (the ruleset and the
    preset's name both kept), seeded 1; `fields` are the rest of the row."""
    return Event.objects.create(ruleset={"preset": "standard"}, preset="standard", seed=1, **fields)
