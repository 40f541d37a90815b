"""`{{ row|figure:column }}`: a standing row's figure in one of its format's own columns
(`formats.base.Column`, a Swiss event's Buchholz); `{{ row.tie_break|tie_break_name }}`: the
tie-break that placed a row, in the reader's language."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from django import template

from scorekeeper.events.localized.choice_names import TIE_BREAK_NAMES

if TYPE_CHECKING:
    from scorekeeper.events.formats.base import Column

register = template.Library()


@register.filter
def figure(row: Any, column: Column) -> Any:
    return getattr(row, column.field)


@register.filter
def tie_break_name(key: str | None) -> str:
    return str(TIE_BREAK_NAMES.get(key, key)) if key else ""
