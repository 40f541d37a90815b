"""Each event has a key of its own that signs its table phones' device tokens
(`Event.device_key`), kept in the database and so in every backup: a replacement laptop, whose
secret key is not the dead one's, knows again a phone that joined after the backup. Every event
already there gets its own key.

The column has a default in the database too (empty: tokens signed as before, with the server's
secret key), so a build from before it, still serving during an upgrade, makes its events as it
did; and it is added in place (ALTER TABLE ... ADD COLUMN, on SQLite as on PostgreSQL): SQLite
would otherwise rebuild the table from the models, and drop the old option columns that the
formats' migration keeps for a build from before it (as 0017 does)."""

import secrets

from django.db import migrations, models

import scorekeeper.events.models

ADD = "ALTER TABLE events_event ADD COLUMN device_key varchar(64) NOT NULL DEFAULT ''"
DROP = "ALTER TABLE events_event DROP COLUMN device_key"


def each_its_own(apps, schema_editor):
    Event = apps.get_model("events", "Event")
    for event in Event.objects.only("pk"):
        Event.objects.filter(pk=event.pk).update(device_key=secrets.token_urlsafe(32))


class Migration(migrations.Migration):
    dependencies = [
        ("events", "0022_change_log_phones"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            database_operations=[migrations.RunSQL(ADD, DROP)],
            state_operations=[
                migrations.AddField(
                    model_name="event",
                    name="device_key",
                    field=models.CharField(
                        blank=True,
                        db_default="",
                        default=scorekeeper.events.models.device_key_new,
                        editable=False,
                        max_length=64,
                    ),
                ),
            ],
        ),
        migrations.RunPython(each_its_own, migrations.RunPython.noop),
    ]
