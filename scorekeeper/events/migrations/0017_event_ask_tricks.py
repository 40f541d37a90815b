"""An event may have its tables' phones ask the tricks the makers took (`Event.ask_tricks`);
by default they ask only how the hand ended. The column has a default in the database too, so
a build from before it, still serving during an upgrade, makes its events as it did.

The column is added in place (ALTER TABLE ... ADD COLUMN, on SQLite as on PostgreSQL): SQLite
would otherwise rebuild the table from the models, and drop the old option columns that the
formats' migration keeps for a build from before it."""

from django.db import migrations, models

ADD = "ALTER TABLE events_event ADD COLUMN ask_tricks boolean NOT NULL DEFAULT false"
DROP = "ALTER TABLE events_event DROP COLUMN ask_tricks"


class Migration(migrations.Migration):
    dependencies = [
        ("events", "0016_night_record"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            database_operations=[migrations.RunSQL(ADD, DROP)],
            state_operations=[
                migrations.AddField(
                    model_name="event",
                    name="ask_tricks",
                    field=models.BooleanField(db_default=False, default=False),
                ),
            ],
        ),
    ]
