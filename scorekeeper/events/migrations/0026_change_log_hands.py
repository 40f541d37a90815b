"""A director's hand at a table before its result is an act of the night: the event's change log
names it (`hand`)."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("events", "0025_change_log_key"),
    ]

    operations = [
        migrations.AlterField(
            model_name="resultchange",
            name="action",
            field=models.CharField(
                choices=[
                    ("enter", "entered the result"),
                    ("confirm", "confirmed the result"),
                    ("dispute", "disputed the result"),
                    ("correct", "corrected the result"),
                    ("assign", "assigned a result"),
                    ("forfeit", "recorded a forfeit"),
                    ("substitute", "seated a substitute"),
                    ("withdraw", "withdrew a team"),
                    ("cut", "decided a level table by a cut"),
                    ("absent", "recorded a player absent"),
                    ("key-in", "keyed in a paper tally"),
                    ("arrive", "entered a late arrival"),
                    ("leave", "recorded a player leaving"),
                    ("seat", "seated a round"),
                    ("unseat", "undid a seated round"),
                    ("swap", "swapped two players' seats"),
                    ("seat-late", "seated a late arrival in the round"),
                    ("time", "called time"),
                    ("close", "closed the night"),
                    ("reopen", "reopened the night"),
                    ("settings", "changed the event's settings"),
                    ("restore", "restored the database from a backup"),
                    ("code", "issued the table a new join code"),
                    ("hand-over", "handed the table to another phone"),
                    ("confirmers", "ended the table's confirming phones"),
                    ("join-limit", "let the phones on their network join again"),
                    ("seeds", "ordered the teams' seeds"),
                    ("hand", "entered, changed or undid a table's hand"),
                ],
                max_length=10,
            ),
        ),
    ]
