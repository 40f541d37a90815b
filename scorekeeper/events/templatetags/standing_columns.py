"""`{{ row|figure:column }}`: a standing row's figure in one of its format's own columns
(`formats.base.Column`, a Swiss event's Buchholz)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from django import template

if TYPE_CHECKING:
    from scorekeeper.events.formats.base import Column

register = template.Library()


@register.filter
def figure(row: Any, column: Column) -> Any:
    return getattr(row, column.field)
