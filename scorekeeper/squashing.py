"""A squashed migration that builds a new database's tables whole.

Django applies a squashed migration as the chain it replaces, one operation at a time, and
renders every model again after each one: a new database paid for each column ever added. On
a database whose tables hold no row, replaying the chain and building its end result are the
same, so `SquashedMigration` moves the state through every operation without rendering, drops
the app's (empty) tables as they stood and creates them as they end. Data migrations are
skipped there: with no row, they have nothing to move. Anywhere else (a database an earlier
build filled, or `sqlmigrate`) it is applied exactly as Django applies any migration.

`built_whole` says how many of its operations, from the first, are built so; the rest (written
after the tables were first built whole, some keeping a column for the build before them) are
applied one by one after, as their own migrations would be.
"""

from __future__ import annotations

from collections.abc import Sequence
from importlib import import_module

from django.db import migrations
from django.db.backends.base.schema import BaseDatabaseSchemaEditor
from django.db.migrations.operations.base import Operation
from django.db.migrations.state import ProjectState, StateApps
from django.db.models import Model


def migrations_of(package: str, names: Sequence[str]) -> list[type[migrations.Migration]]:
    """The migrations `names` of the migrations package `package` (a squashed migration takes
    its operations, in their order, from the runs it squashes)."""
    return [import_module(f"{package}.{name}").Migration for name in names]


def operations_of(package: str, names: Sequence[str]) -> list[Operation]:
    return [op for migration in migrations_of(package, names) for op in migration.operations]


class SquashedMigration(migrations.Migration):
    built_whole: int | None = None  # (None: every operation)

    def apply(
        self,
        project_state: ProjectState,
        schema_editor: BaseDatabaseSchemaEditor,
        collect_sql: bool = False,
    ) -> ProjectState:
        before = project_state.apps
        if collect_sql or not self._can_build_whole(before, schema_editor):
            return super().apply(project_state, schema_editor, collect_sql)
        # The state moves through every operation with nothing rendered in between.
        project_state.__dict__.pop("apps", None)
        for operation in self.operations[: self.built_whole]:
            operation.state_forwards(self.app_label, project_state)
        for model in reversed(self._models(before)):
            schema_editor.delete_model(model)
        for model in self._models(project_state.apps):
            schema_editor.create_model(model)
        if self.built_whole is None:
            return project_state
        written_since = {"operations": self.operations[self.built_whole :], "atomic": self.atomic}
        rest: migrations.Migration = type("Migration", (migrations.Migration,), written_since)(
            self.name, self.app_label
        )
        return rest.apply(project_state, schema_editor)

    def _models(self, apps: StateApps) -> list[type[Model]]:
        if self.app_label not in apps.app_configs:
            return []
        return list(apps.get_app_config(self.app_label).get_models())

    def _can_build_whole(self, apps: StateApps, schema_editor: BaseDatabaseSchemaEditor) -> bool:
        """No table holds a row, and no other app's table refers to this app's (dropping
        them would drop those references too)."""
        connection = schema_editor.connection
        existing = set(connection.introspection.table_names())
        models = [m for m in apps.get_models() if m._meta.db_table in existing]
        for model in models:
            if model._meta.app_label == self.app_label:
                continue
            for field in model._meta.get_fields():
                target = field.related_model if field.concrete else None
                if isinstance(target, type) and target._meta.app_label == self.app_label:
                    return False
        quote = connection.ops.quote_name
        with connection.cursor() as cursor:
            for model in models:
                cursor.execute(f"SELECT 1 FROM {quote(model._meta.db_table)} LIMIT 1")
                if cursor.fetchone() is not None:
                    return False
        return True
