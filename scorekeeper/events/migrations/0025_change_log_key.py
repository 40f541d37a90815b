"""A table's write to its result keeps the Idempotency-Key its phone sent: sent again, it is found
by it and changes nothing."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("events", "0024_change_log_seeds"),
    ]

    operations = [
        migrations.AddField(
            model_name="resultchange",
            name="key",
            field=models.CharField(blank=True, max_length=255, null=True),
        ),
        migrations.AddConstraint(
            model_name="resultchange",
            constraint=models.UniqueConstraint(
                condition=models.Q(("key__isnull", False)),
                fields=("table", "key"),
                name="result_change_key_once_a_table",
            ),
        ),
    ]
