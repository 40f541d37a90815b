"""Games keep where they stand (score, next dealer, last hand) beside their hands, and the
change log keeps each recorded hand's Idempotency-Key. Existing games and keys are filled in
from their hands."""

from typing import Any

from django.db import migrations, models

import referee


def fill_in(apps: Any, schema_editor: Any) -> None:
    Game = apps.get_model("scorekeeper", "Game")
    Hand = apps.get_model("scorekeeper", "Hand")
    Entry = apps.get_model("scorekeeper", "ChangeLogEntry")
    for game in Game.objects.iterator():
        rules = referee.Ruleset.parse(game.ruleset)
        score, dealer, last, dealt = [0] * rules.team_count, game.first_dealer, 0, 0
        for hand in Hand.objects.filter(game=game).order_by("number"):
            for team, points in hand.award.get("points", {}).items():
                score[int(team)] += int(points)
            redeal = hand.kind == "redeal"
            dealer = hand.dealer if redeal else rules.next_dealer(hand.dealer)
            last, dealt = hand.number, dealt + (not redeal)
            if hand.idempotency_key:
                entry = (
                    Entry.objects.filter(game=game, action="record", hand_number=hand.number)
                    .order_by("-id")
                    .first()
                )
                if entry is not None:
                    entry.idempotency_key = hand.idempotency_key
                    entry.request_digest = hand.request_digest
                    entry.save(update_fields=["idempotency_key", "request_digest"])
        game.score, game.dealer, game.last_hand, game.hands_dealt = score, dealer, last, dealt
        game.save(update_fields=["score", "dealer", "last_hand", "hands_dealt"])


class Migration(migrations.Migration):
    dependencies = [
        ("scorekeeper", "0005_roster_constraints"),
    ]

    operations = [
        migrations.AddField(
            model_name="changelogentry",
            name="idempotency_key",
            field=models.CharField(blank=True, max_length=255, null=True),
        ),
        migrations.AddField(
            model_name="changelogentry",
            name="request_digest",
            field=models.CharField(blank=True, max_length=64),
        ),
        migrations.AddField(
            model_name="game",
            name="dealer",
            field=models.PositiveSmallIntegerField(default=0),
        ),
        migrations.AddField(
            model_name="game",
            name="hands_dealt",
            field=models.PositiveIntegerField(default=0),
        ),
        migrations.AddField(
            model_name="game",
            name="last_hand",
            field=models.PositiveIntegerField(default=0),
        ),
        migrations.AddField(
            model_name="game",
            name="score",
            field=models.JSONField(default=list),
        ),
        migrations.RunPython(fill_in, migrations.RunPython.noop),
        migrations.AddConstraint(
            model_name="changelogentry",
            constraint=models.UniqueConstraint(
                condition=models.Q(("idempotency_key__isnull", False)),
                fields=("game", "idempotency_key"),
                name="log_idempotency_key_once_per_game",
            ),
        ),
    ]
