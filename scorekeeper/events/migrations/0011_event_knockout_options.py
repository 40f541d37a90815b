"""A bracket's knockout options, and the match each bracket table's game belongs to.

Brackets seated before this kept each round's places in bracket order: their draw (the teams
by seed) and each table's match ("W2-1": the winners' bracket's second round's first match)
are read from those places, so a bracket under way goes on as it was.
"""

from typing import Any

from django.db import migrations, models


def _order(size: int) -> list[int]:
    """Seeds in bracket order (as `team_rounds.bracket_order` made them)."""
    order = [1]
    while len(order) < size:
        total = 2 * len(order) + 1
        order = [x for seed in order for x in (seed, total - seed)]
    return order


def matches_from_places(apps: Any, schema_editor: Any) -> None:
    Event = apps.get_model("events", "Event")
    Round = apps.get_model("events", "Round")
    Table = apps.get_model("events", "Table")
    for event in Event.objects.filter(format="bracket"):
        rounds = list(Round.objects.filter(event=event).order_by("number"))
        if not rounds or not rounds[0].bracket_slots:
            continue
        first = rounds[0].bracket_slots
        order = _order(len(first))
        by_seed = {seed: first[i] for i, seed in enumerate(order)}
        event.plan = {"bracket": [by_seed[s] for s in sorted(by_seed) if by_seed[s] is not None]}
        event.save(update_fields=["plan"])
        for rnd in rounds:
            places = rnd.bracket_slots or []
            for table in Table.objects.filter(round=rnd):
                if table.first_team_id in places:
                    index = places.index(table.first_team_id) // 2 + 1
                    table.bracket_match = f"W{rnd.number}-{index}"
                    table.save(update_fields=["bracket_match"])


class Migration(migrations.Migration):
    dependencies = [
        ("events", "0010_season_ladders_and_ranking_options"),
    ]

    operations = [
        migrations.AddField(
            model_name="event",
            name="best_of",
            field=models.PositiveSmallIntegerField(default=1),
        ),
        migrations.AddField(
            model_name="event",
            name="grand_final_reset",
            field=models.BooleanField(default=True),
        ),
        migrations.AddField(
            model_name="event",
            name="knockout",
            field=models.CharField(
                choices=[("single", "single elimination"), ("double", "double elimination")],
                default="single",
                max_length=6,
            ),
        ),
        migrations.AddField(
            model_name="event",
            name="third_place",
            field=models.BooleanField(default=False),
        ),
        migrations.AddField(
            model_name="table",
            name="bracket_match",
            field=models.CharField(blank=True, default="", max_length=8),
        ),
        migrations.AlterField(
            model_name="event",
            name="format",
            field=models.CharField(
                choices=[
                    ("progressive", "progressive (individual)"),
                    ("round-robin", "fixed partners, round robin"),
                    ("bracket", "fixed partners, knockout"),
                ],
                max_length=12,
            ),
        ),
        migrations.RunPython(matches_from_places, migrations.RunPython.noop),
    ]
