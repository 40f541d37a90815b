"""Existing nights get their physical tables: one `EventTable` per event and table number,
keeping the join code of that number's latest round (a new code where it had none), and every
device token follows its round's table to it. A physical table keeps one scoring device: the
newest active one; older ones are ended as handed over."""

import secrets

from django.db import migrations
from django.utils import timezone

CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"


def _new_code(taken):
    while True:
        code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(6))
        if code not in taken:
            taken.add(code)
            return code


def forwards(apps, schema_editor):
    Table = apps.get_model("events", "Table")
    EventTable = apps.get_model("events", "EventTable")
    TableToken = apps.get_model("events", "TableToken")
    taken = set(Table.objects.exclude(join_code=None).values_list("join_code", flat=True))
    now = timezone.now()
    made = {}
    # Latest round first: its code is the one the night goes on with.
    for table in Table.objects.select_related("round").order_by("-round__number", "number"):
        key = (table.round.event_id, table.number)
        if key not in made:
            made[key] = EventTable.objects.create(
                event_id=table.round.event_id,
                number=table.number,
                join_code=table.join_code or _new_code(taken),
                code_issued_at=table.code_issued_at or now,
            )
        table.event_table = made[key]
        table.save(update_fields=["event_table"])
    kept = set()
    for token in TableToken.objects.select_related("table").order_by("-created_at", "-id"):
        token.event_table = token.table.event_table
        fields = ["event_table"]
        if token.role == "scorer" and token.revoked_at is None:
            if token.event_table.pk in kept:
                token.revoked_at, token.ended = now, "handed-over"
                fields += ["revoked_at", "ended"]
            kept.add(token.event_table.pk)
        token.save(update_fields=fields)


def backwards(apps, schema_editor):
    Table = apps.get_model("events", "Table")
    for table in Table.objects.select_related("event_table", "round").order_by("-round__number"):
        latest = not Table.objects.filter(
            event_table=table.event_table, round__number__gt=table.round.number
        ).exists()
        if latest and table.event_table is not None:
            table.join_code = table.event_table.join_code
            table.code_issued_at = table.event_table.code_issued_at
            table.save(update_fields=["join_code", "code_issued_at"])


class Migration(migrations.Migration):
    dependencies = [("events", "0004_event_tables_and_the_night")]

    operations = [migrations.RunPython(forwards, backwards)]
