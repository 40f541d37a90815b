"""`{{ seat|seat_word }}`: a seat's compass letter (N, NE, ...) in the reader's language."""

from __future__ import annotations

from django import template

from scorekeeper.events.localized.choice_names import SEAT_WORDS

register = template.Library()


@register.filter
def seat_word(letter: str) -> str:
    return str(SEAT_WORDS.get(letter, letter))
