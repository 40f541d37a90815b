import secrets

from django.db import migrations, models

import scorekeeper.events.models


def each_its_own(apps, schema_editor):
    Event = apps.get_model("events", "Event")
    for event in Event.objects.only("pk"):
        Event.objects.filter(pk=event.pk).update(device_key=secrets.token_urlsafe(32))


class Migration(migrations.Migration):
    dependencies = [
        ("events", "0022_change_log_phones"),
    ]

    operations = [
        migrations.AddField(
            model_name="event",
            name="device_key",
            field=models.CharField(
                default=scorekeeper.events.models.device_key_new, editable=False, max_length=64
            ),
        ),
        migrations.RunPython(each_its_own, migrations.RunPython.noop),
    ]
