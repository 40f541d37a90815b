"""A round's average: what an assigned side, a Swiss bye's points and a no-show's present
partner score (docs/tournaments.md, "Remedies")."""

from __future__ import annotations

from scorekeeper.events.models import ResultLine, Table


def round_average(table: Table) -> int | None:
    """The mean points a side scored at the round's other tables with a played, confirmed
    result (assigned ones do not count), rounded half up; the whole night's when none of the round
    has one; None when no table has played a result yet."""
    played = ResultLine.objects.filter(
        event_id=table.round.event_id, confirmed=True, result__assigned__isnull=True
    ).exclude(result__table=table)
    for lines in (played.filter(round_number=table.round.number), played):
        # A side's points, once per result and side (a side's two players share them).
        sides = {
            (result, side): points
            for result, side, points in lines.values_list("result_id", "side", "points_for")
        }
        if sides:
            total, count = sum(sides.values()), len(sides)
            return (2 * total + count) // (2 * count)
    return None
