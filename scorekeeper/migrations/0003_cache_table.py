"""The database cache table that holds the limits' counters (settings.CACHES["default"])."""

from django.core.management import call_command
from django.db import migrations


def create_cache_table(apps, schema_editor):  # type: ignore[no-untyped-def]
    call_command("createcachetable", database=schema_editor.connection.alias, verbosity=0)


class Migration(migrations.Migration):
    dependencies = [("scorekeeper", "0002_game_create_digest")]

    operations = [migrations.RunPython(create_cache_table, migrations.RunPython.noop)]
