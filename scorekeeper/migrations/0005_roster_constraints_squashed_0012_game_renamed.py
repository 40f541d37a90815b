"""The scorekeeper's migrations from 0005 in one, for a new database: the chain's operations in
its order (0005 to 0007 as squashed before, kept in
`_0005_roster_constraints_squashed_0007_club_language_time_zone`, then 0008 to 0012 as
written). A database an earlier build migrated takes the rest of the chain instead.

Two squashed migrations an app is as few as the chain allows: this one waits for the events'
roster data (their 0002, which waits for the scorekeeper's 0004), and the events' from 0003
wait for it."""

from django.db import migrations

from scorekeeper.squashing import migrations_of, operations_of

PACKAGE = "scorekeeper.migrations"
KEPT = ("_0005_roster_constraints_squashed_0007_club_language_time_zone",)
SINCE = (
    "0008_restore_epochs",
    "0009_hand_bid",
    "0010_limit_counts",
    "0011_log_answer",
    "0012_game_renamed",
)


class Migration(migrations.Migration):
    replaces = [
        *(replaced for kept in migrations_of(PACKAGE, KEPT) for replaced in kept.replaces),
        *(("scorekeeper", name) for name in SINCE),
    ]

    dependencies = [
        ("events", "0002_roster_data"),
        ("scorekeeper", "0004_roster"),
    ]

    operations = operations_of(PACKAGE, KEPT + SINCE)
