"""A recorded hand's change log entry keeps what its write answered (the verdict, the times,
where the game then stood): a retried Idempotency-Key is answered the same whatever happened
since. Entries from before have none: their retries are answered from the hand as it stands."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("scorekeeper", "0010_limit_counts"),
    ]

    operations = [
        migrations.AddField(
            model_name="changelogentry",
            name="answer",
            field=models.JSONField(blank=True, null=True),
        ),
    ]
