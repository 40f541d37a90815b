"""How the migration tests move the database: back to where rows were written the way older
code wrote them, then forward to the latest, with the apps as they stood at each step."""

from __future__ import annotations

from typing import Any

from django.db import connection
from django.db.migrations.executor import MigrationExecutor


def migrate(targets: list[tuple[str, str]] | None = None) -> Any:
    """Migrate to `targets` (every app's latest by default); the apps as they stand there."""
    executor = MigrationExecutor(connection)
    targets = targets or executor.loader.graph.leaf_nodes()
    executor.migrate(targets)
    executor.loader.build_graph()
    return executor.loader.project_state(targets).apps


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
