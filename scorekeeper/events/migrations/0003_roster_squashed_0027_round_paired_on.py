"""The events' migrations from 0003 in one, for a new database: their tables built whole as the
run squashed before leaves them (0003 to 0012, kept in
`_0003_roster_squashed_0012_directors_remedies`), then 0013 to 0027 applied one by one as
written (some keep a column for the build before them). A database an earlier build migrated
takes the rest of the chain instead."""

from django.conf import settings
from django.db import migrations

from scorekeeper.squashing import SquashedMigration, migrations_of, operations_of

PACKAGE = "scorekeeper.events.migrations"
WHOLE = ("_0003_roster_squashed_0012_directors_remedies",)
SINCE = (
    "0013_format_options",
    "0014_director_invitee",
    "0015_confirm_with",
    "0016_night_record",
    "0017_event_ask_tricks",
    "0018_change_log_restore",
    "0019_result_kept_confirmation",
    "0020_round_without_bracket_places",
    "0021_token_ended_freed",
    "0022_change_log_phones",
    "0023_event_device_key",
    "0024_change_log_seeds",
    "0025_change_log_key",
    "0026_change_log_hands",
    "0027_round_paired_on",
)


class Migration(SquashedMigration):
    replaces = [
        *(replaced for kept in migrations_of(PACKAGE, WHOLE) for replaced in kept.replaces),
        *(("events", name) for name in SINCE),
    ]

    dependencies = [
        ("events", "0002_roster_data"),
        ("scorekeeper", "0004_roster"),
        ("scorekeeper", "0005_roster_constraints"),
        ("scorekeeper", "0007_club_language_time_zone"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    built_whole = len(operations_of(PACKAGE, WHOLE))
    operations = operations_of(PACKAGE, WHOLE + SINCE)
