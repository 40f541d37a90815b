"""Players' PINs where an event confirms results with them (`confirm_with: pin`): four digits
on each player's tally card and "find your table" slip. Whoever enters a table's result types
theirs, and the confirming opponent theirs: each side proves its part."""

from __future__ import annotations

import hmac
import time
from typing import Final

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from scorekeeper.counters import counted, take_back
from scorekeeper.errors import Conflict, Malformed, Unprocessable
from scorekeeper.events.models import Entrant, Event, Result, Table
from scorekeeper.events.services.tables import result_confirmed

#: Wrong PINs a table takes in a night, entering its result or confirming it, before only the
#: director does either: each is a guess at a player's PIN, and guessing gets five chances
#: in all.
PIN_TRIES: Final = 5
ENTRY_PIN_PERIOD: Final = 12 * 3600.0


def entry_key(table: Table) -> tuple[str, float]:
    """The count of a table's wrong entry PINs: the physical table's, all night (a new round
    at the table is no new five tries)."""
    return f"entry-pins:{table.event_table_id}", ENTRY_PIN_PERIOD


def entry_misses(table: Table) -> int:
    """The wrong PINs typed entering the table's results this night."""
    with counted(entry_key(table)) as (misses,):
        return misses.count


def confirm_misses(table: Table) -> int:
    """The wrong PINs typed confirming the table's results this night, every round's."""
    rounds = Result.objects.filter(table__event_table_id=table.event_table_id)
    return sum(rounds.values_list("pin_misses", flat=True))


def pin_matches(event: Event, player: int, pin: str | None, *, field: str) -> bool:
    """The PIN typed is the player's for this event (`field` names the player); refused
    outright when none was typed, or the player has none (a substitute)."""
    if not pin:
        raise Malformed(
            _("This event confirms with PINs: type the player's own."),
            code="pin-required",
            field="pin",
        )
    theirs = Entrant.objects.filter(event=event, player_id=player).values_list("pin", flat=True)
    expected = next(iter(theirs), "")
    if not expected:  # a substitute, or entered by a build from before PINs
        raise Conflict(
            _("This player has no PIN for this event: the director confirms."),
            code="no-pin",
            field=field,
        )
    return hmac.compare_digest(expected, pin)


def entry_pin_checked(table: Table, player: int, pin: str | None, *, replayed: bool) -> None:
    """Under `pin`, the scoring phone's entry proves who entered it: the entering player's
    PIN, as the opponent's proves the confirmation (else one side could enter in the other's
    name and confirm with its own PIN). A wrong PIN is counted for the table, all night: after
    `PIN_TRIES`, the director enters its results. The try is counted, under the count's lock,
    before the PIN is compared, and given back when it was right: tries sent at once are
    each counted, never compared against a count that has not yet had the others.

    A confirmed result is refused first (unless this is the entry's own write `replayed`): a
    PIN tried on it would be a guess costing the table nothing, told right by the refusal."""
    confirmed = Result.objects.filter(table=table, status=Result.Status.CONFIRMED)
    if not replayed and confirmed.exists():
        raise result_confirmed()
    key, period = entry_key(table)
    with counted((key, period)) as (misses,):
        # Read under the count's lock, which a confirmation's check holds too until its miss
        # is written: the two never both read the other's count before it moves.
        confirming = confirm_misses(table)
        if misses.count + confirming >= PIN_TRIES:
            raise Conflict(
                _("Too many wrong PINs for this table: the director enters its result."),
                code="pin-tries-used",
                field="pin",
            )
        misses.add(time.time())
        left = PIN_TRIES - misses.count - confirming
    try:
        right = pin_matches(table.round.event, player, pin, field="entered_by")
    except (Malformed, Conflict):
        take_back(key, period)  # no PIN typed, or the player has none: not a try
        raise
    if right:
        take_back(key, period)
        return
    raise wrong_pin(
        left,
        ngettext(
            "This is not their PIN. %(left)s more try, then the director enters it.",
            "This is not their PIN. %(left)s more tries, then the director enters it.",
            left,
        ),
        _("This is not their PIN, and that was the last try: the director enters it."),
    )


def wrong_pin(left: int, more: str, last: str) -> Unprocessable:
    """A wrong PIN's refusal: how many tries are `left`, said as `more` (with `%(left)s`), or
    as `last` once none is."""
    return Unprocessable(
        more % {"left": left} if left else last, code="wrong-pin", field="pin", tries_left=left
    )
