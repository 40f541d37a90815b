"""`{{ seat|seat_word }}`: a seat's compass letter (N, NE, ...) in the reader's language;
`{{ event|side_seats:0 }}`: the seats of a side of its tables ("N & S", "N & SE & SW")."""

from __future__ import annotations

from typing import Any

from django import template

import referee
from scorekeeper.events.localized.choice_names import SEAT_WORDS

register = template.Library()


@register.filter
def seat_word(letter: str) -> str:
    return str(SEAT_WORDS.get(letter, letter))


@register.filter
def side_seats(event: Any, side: int) -> str:
    """The seats team `side` holds at the event's tables, as the ruleset seats them."""
    rules = referee.Ruleset.parse(event.ruleset)
    return " & ".join(seat_word(rules.seat_letters[seat]) for seat in rules.teams[side])
