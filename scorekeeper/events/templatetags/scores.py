"""`{{ points|score }}`: a score as it is shown, below zero with a minus sign ("−5", as the
table app writes it), so that a line of two scores reads "40–−5", never "40–-5"."""

from __future__ import annotations

from django import template

register = template.Library()


@register.filter
def score(points: int | None) -> str:
    if points is None:
        return ""
    return f"\u2212{-points}" if points < 0 else str(points)
