"""An event may have its tables' phones ask the tricks the makers took (`Event.ask_tricks`);
by default they ask only how the hand ended. The column has a default in the database too, so
a build from before it, still serving during an upgrade, makes its events as it did."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("events", "0013_format_options"),
    ]

    operations = [
        migrations.AddField(
            model_name="event",
            name="ask_tricks",
            field=models.BooleanField(db_default=False, default=False),
        ),
    ]
