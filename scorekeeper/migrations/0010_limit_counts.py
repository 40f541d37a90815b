"""The limits count in a table of their own, one row a key changed under its lock, so that
guesses sent together are counted one by one (scorekeeper.counters). Sign-in is slowed by it
too: the tables where django-axes kept sign-in failures (user names, addresses) go."""

from django.db import migrations, models

#: django-axes's tables, the one that points at another first.
AXES_TABLES = (
    "axes_accessattemptexpiration",
    "axes_accessattempt",
    "axes_accessfailurelog",
    "axes_accesslog",
)


class Migration(migrations.Migration):
    dependencies = [
        ("scorekeeper", "0009_hand_bid"),
    ]

    operations = [
        migrations.CreateModel(
            name="LimitCount",
            fields=[
                ("key", models.CharField(max_length=200, primary_key=True, serialize=False)),
                ("count", models.PositiveIntegerField(default=0)),
                ("since", models.FloatField()),
                ("last", models.FloatField()),
            ],
            options={
                "indexes": [models.Index(fields=["last"], name="limit_count_last")],
            },
        ),
        migrations.RunSQL(
            [f"DROP TABLE IF EXISTS {table}" for table in AXES_TABLES]
            + ["DELETE FROM django_migrations WHERE app = 'axes'"],
            migrations.RunSQL.noop,
        ),
    ]
