"""`{{ points|score }}`: a score as it is shown, below zero with a minus sign ("−5", as the
table app writes it), never a hyphen ("-5"). A line of scores (`{{ result.points|scores }}`,
or `{{ mine|against:theirs }}`) sets its dashes apart where a score is below zero
("40 – −5", never "40–-5"), so that a minus sign never reads as a second dash."""

from __future__ import annotations

from collections.abc import Sequence
from decimal import ROUND_HALF_UP, Decimal

from django import template

register = template.Library()


@register.filter
def score(points: int | Decimal | None, places: int | None = None) -> str:
    """`places`: that many decimal places (`{{ row.per_round|score:2 }}`)."""
    if points is None:
        return ""
    if places is not None:  # (rounded half up, as floatformat does)
        points = Decimal(points).quantize(Decimal(1).scaleb(-places), rounding=ROUND_HALF_UP)
    shown = str(points).lstrip("-")  # (a -0.00 rounded from below zero is 0.00)
    return f"\u2212{shown}" if points < 0 else shown


def score_line(points: Sequence[int]) -> str:
    """Each side's score in seat order, joined by dashes (a narrow no-break space each side of
    them where a score is below zero)."""
    dash = "\u202f\u2013\u202f" if any(p < 0 for p in points) else "\u2013"
    return dash.join(map(score, points))


@register.filter
def scores(points: Sequence[int] | None) -> str:
    return "" if points is None else score_line(points)


@register.filter
def against(points: int, other: int) -> str:
    return score_line((points, other))
