"""`{{ points|score }}`: a score as it is shown, below zero with a minus sign ("−5", as the
table app writes it), so that a line of two scores reads "40–−5", never "40–-5". A line of
scores (`{{ result.points|scores }}`, or `{{ mine|against:theirs }}`) sets its dashes apart
where a score is below zero ("5 – −2"), so that a minus sign never reads as a second dash."""

from __future__ import annotations

from collections.abc import Sequence

from django import template

register = template.Library()


@register.filter
def score(points: int | None) -> str:
    if points is None:
        return ""
    return f"\u2212{-points}" if points < 0 else str(points)


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
