"""A round's average: what an assigned side and a no-show's present partner score
(docs/tournaments.md, "Remedies"); a Swiss bye's is worked out alike from the standings'
lines (`ranking.standings.round_averages`)."""

from __future__ import annotations

from fractions import Fraction

from scorekeeper.events.models import ResultLine, Table
from scorekeeper.events.ranking.standings import half_up


def round_average(table: Table) -> int | None:
    """The round's mean (`round_mean`) in whole points, rounded half up."""
    mean = round_mean(table)
    return None if mean is None else half_up(mean)


def round_mean(table: Table) -> Fraction | None:
    """The mean points a side scored at the round's other tables with a played, confirmed
    result (assigned ones do not count), exactly; the whole night's when none of the round
    has one; None when no table has played a result yet. A table short of a player counts
    for none: its present partner's points are such an average themselves."""
    played = (
        ResultLine.objects.filter(
            event_id=table.round.event_id, confirmed=True, result__assigned__isnull=True
        )
        .exclude(result__table=table)
        .exclude(result__table__seats__absent=True)  # a short side's line is an average too
    )
    for lines in (played.filter(round_number=table.round.number), played):
        # A side's points, once per result and side (a side's two players share them).
        sides = {
            (result, side): points
            for result, side, points in lines.values_list("result_id", "side", "points_for")
        }
        if sides:
            return Fraction(sum(sides.values()), len(sides))
    return None


def absent_partners_rescored(table: Table) -> None:
    """A result of `table`'s round changed (written, confirmed, disputed): at the round's other
    tables short of a player, the present partner's points follow the round's average as it
    stands now, not as it stood when their own table's result was written."""
    others = (
        Table.objects.filter(round_id=table.round_id, seats__absent=True, result__isnull=False)
        .exclude(pk=table.pk)
        .select_related("round", "result")
        .distinct()
    )
    for other in others:
        average = round_average(other)
        short = set(other.seats.filter(absent=True).values_list("side", flat=True))
        for side in short:
            # No average any more (the round's one played result undone): their side's points.
            points = other.result.points[side] if average is None else average
            ResultLine.objects.filter(result__table=other, side=side).update(points_for=points)
