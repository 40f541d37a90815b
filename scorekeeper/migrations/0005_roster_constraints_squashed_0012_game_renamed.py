"""The scorekeeper's migrations from 0005 in one, for a new database: the chain's operations in
its order (0005 to 0007 as squashed before, kept in
`_0005_roster_constraints_squashed_0007_club_language_time_zone`, then 0008 to 0012 as
written). A database an earlier build migrated takes the rest of the chain instead.

Two squashed migrations an app is as few as the chain allows: this one waits for the events'
roster data (their 0002, which waits for the scorekeeper's 0004), and the events' from 0003
wait for it."""

from importlib import import_module

from django.db import migrations

KEPT = ("_0005_roster_constraints_squashed_0007_club_language_time_zone",)
SINCE = (
    "0008_restore_epochs",
    "0009_hand_bid",
    "0010_limit_counts",
    "0011_log_answer",
    "0012_game_renamed",
)


def operations_of(names):
    return [
        operation
        for name in names
        for operation in import_module(f"scorekeeper.migrations.{name}").Migration.operations
    ]


class Migration(migrations.Migration):
    replaces = [
        ("scorekeeper", "0005_roster_constraints"),
        ("scorekeeper", "0006_game_standing_kept"),
        ("scorekeeper", "0007_club_language_time_zone"),
    ] + [("scorekeeper", name) for name in SINCE]

    dependencies = [
        ("events", "0002_roster_data"),
        ("scorekeeper", "0004_roster"),
    ]

    operations = operations_of(KEPT + SINCE)
