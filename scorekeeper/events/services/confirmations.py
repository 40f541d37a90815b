"""The opponents' answer to a result a table entered: they confirm it, or a player at the table
disputes it, saying why.

How they confirm is the event's option `confirm_with`:

- `table` (the default, as Bridgemate does): on the table's scoring phone, an opponent tapping
  their name (flagged "same device" to the director), or on a phone of their own;
- `opponent-device`: only on a phone of their own, joined for a player of their side (named at
  join, or once after): the scoring phone cannot confirm;
- `pin`: on any phone of the table, the confirming opponent types their PIN (four digits on
  their tally card and "find your table" slip), as whoever entered the result typed theirs
  (`entry_pin_checked`): each side proves its part. After `PIN_TRIES` wrong PINs for a
  table's result only the director confirms it (by correcting it).

In every mode a confirming phone that joined for a player confirms for that player's side only,
and never a result its own side entered; it disputes in the name of a player of that side only. The result records how it was confirmed
(`Result.confirmation`: same-device, second-device, pin or director), shown on the board.
"""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from scorekeeper.errors import Conflict, Forbidden, Malformed, StaleVersion, Unprocessable
from scorekeeper.events.access import Actor, require_device
from scorekeeper.events.models import (
    Event,
    Result,
    ResultChange,
    ResultLine,
    Table,
    TableSeat,
    TableToken,
)
from scorekeeper.events.selectors import result_of
from scorekeeper.events.services.averages import absent_partners_rescored
from scorekeeper.events.services.night_log import already_logged
from scorekeeper.events.services.pins import (
    PIN_TRIES,
    confirm_misses,
    entry_misses,
    pin_matches,
    wrong_pin,
)
from scorekeeper.events.services.results import result_logged, result_snapshot, seat_of
from scorekeeper.events.services.tables import require_open, table_lock, table_write_ends


def _entered(table: Table, doing: str, seen: int | None) -> Result:
    """The result of the table (locked by the caller, who has checked that the night is
    open and that the device is the table's: any of its devices may answer), which must be
    entered and wait for the opponents. A phone that says which version of the result it
    showed (`seen`, its If-Match) answers that one only: a result the director corrected
    since, or entered again, is shown to the table again first."""
    result = result_of(table=table)
    if seen is not None and seen != result.version:
        raise StaleVersion(
            _("The result changed since this phone showed it: look at it again."),
            code="result-changed",
            field="If-Match",
            version=result.version,
        )
    if result.status != Result.Status.ENTERED:
        raise Conflict(
            _("The result is %(status)s; only an entered result can be %(doing)s.")
            % {"status": result.status, "doing": doing},
            code=f"result-{result.status}",
            field="result",
        )
    return result


def result_confirm(
    *,
    table: Table,
    actor: Actor,
    confirmed_by: int,
    pin: str | None = None,
    key: str | None = None,
    seen: int | None = None,
) -> Result:
    """A player of the other side confirms, as the event asks (`confirm_with`, above), the
    version of the result their phone showed (`seen`; None: as it stands). Sent again, as it
    stands or with the Idempotency-Key (`key`) it was first sent with, it changes nothing
    (the event's versions stay). A wrong PIN is counted, and refused once the count is
    recorded."""
    with transaction.atomic():
        table = table_lock(table)
        # (who may answer the table's result, before anything is said of it)
        require_open(table.round.event)
        require_device(actor, table, scorer=False)
        device = actor.device
        result = Result.objects.filter(table=table).first()
        if result is not None and (
            already_logged(table, ResultChange.Action.CONFIRM, key)
            or (
                device is not None
                and result.status == Result.Status.CONFIRMED
                and result.confirmed_by_id == confirmed_by
                and result.confirmed_device_id == device.pk
            )
        ):
            return result
        result = _entered(table, "confirmed", seen)
        assert device is not None
        confirmer = seat_of(table, confirmed_by, "confirmed_by")
        # Only an entry made at the table waits for the opponents: it names who entered it.
        assert result.entered_by_id is not None
        enterer = seat_of(table, result.entered_by_id, "entered_by")
        if confirmer.side == enterer.side:
            raise Unprocessable(
                _("The opponents of whoever entered the result confirm it."),
                code="same-side",
                field="confirmed_by",
            )
        event = table.round.event
        _phone_may_confirm(device, table, enterer, confirmer, event)
        missed = event.confirm_with == Event.ConfirmWith.PIN and not _pin_matches(
            result, event, confirmed_by, pin
        )
        if missed:
            result.pin_misses += 1
            Result.objects.filter(pk=result.pk).update(pin_misses=result.pin_misses)
        else:
            before = result_snapshot(result)
            result.status = Result.Status.CONFIRMED
            result.confirmed_by_id = confirmed_by
            result.confirmed_at = timezone.now()
            result.confirmed_device = device
            result.same_device = device.role == TableToken.Role.SCORER
            result.by_pin = event.confirm_with == Event.ConfirmWith.PIN
            result.version += 1
            result.save()
            ResultLine.objects.filter(result=result).update(confirmed=True)
            absent_partners_rescored(table)
            result_logged(table, ResultChange.Action.CONFIRM, actor, before, result, key=key)
            table_write_ends(table.round.event_id)
    if missed:
        left = PIN_TRIES - confirm_misses(table) - entry_misses(table)
        raise wrong_pin(
            left,
            ngettext(
                "This is not their PIN. %(left)s more try, then the director confirms.",
                "This is not their PIN. %(left)s more tries, then the director confirms.",
                left,
            ),
            _("This is not their PIN, and that was the last try: the director confirms."),
        )
    return result


def _phone_may_confirm(
    device: TableToken, table: Table, enterer: TableSeat, confirmer: TableSeat, event: Event
) -> None:
    """The phone may confirm for `confirmer`, as the event asks."""
    if device.player_id is not None:
        side = seat_of(table, device.player_id, "Authorization").side
        if side == enterer.side:
            raise Forbidden(
                _(
                    "This phone joined for the side that entered the result: an opponent "
                    "confirms it."
                ),
                code="own-side",
                field="Authorization",
            )
        if side != confirmer.side:
            raise Forbidden(
                _("This phone confirms for its own player's side only."),
                code="other-side",
                field="confirmed_by",
            )
    if event.confirm_with != Event.ConfirmWith.OPPONENT_DEVICE:
        return
    if device.role == TableToken.Role.SCORER:
        raise Forbidden(
            _(
                "This event asks the opponents to confirm on a phone of their own: join the "
                "table's code as the opponents."
            ),
            code="opponent-device-required",
            field="Authorization",
        )
    if device.player_id is None:
        raise Forbidden(
            _("Say who this phone is for first: a player of the side that confirms."),
            code="device-unnamed",
            field="Authorization",
        )


def _pin_matches(result: Result, event: Event, confirmed_by: int, pin: str | None) -> bool:
    """The PIN typed is the confirming player's for this event; refused outright when none
    was typed, when the player has none (a substitute), or when the tries are used up."""
    if confirm_misses(result.table) + entry_misses(result.table) >= PIN_TRIES:
        raise Conflict(
            _("Too many wrong PINs for this result: the director confirms it."),
            code="pin-tries-used",
            field="pin",
        )
    return pin_matches(event, confirmed_by, pin, field="confirmed_by")


def result_dispute(
    *,
    table: Table,
    actor: Actor,
    player: int,
    reason: str,
    key: str | None = None,
    seen: int | None = None,
) -> Result:
    """A player at the table says the entered result (the version their phone showed:
    `seen`) is wrong, and why (shown on the scorer's phone); the table fixes its hands and
    enters it again. Sent again (its answer lost), the same dispute, or one with the same
    Idempotency-Key (`key`), changes nothing, as a confirmation sent again does (the API
    answers a keyed one as it was first answered)."""
    if not reason.strip():
        raise Malformed(_("Say what is wrong."), code="reason-required", field="reason")
    with transaction.atomic():
        table = table_lock(table)
        require_open(table.round.event)
        require_device(actor, table, scorer=False)
        result = Result.objects.filter(table=table).first()
        if result is not None and (
            already_logged(table, ResultChange.Action.DISPUTE, key)
            or (
                result.status == Result.Status.DISPUTED
                and (result.disputed_by_id, result.dispute_reason) == (player, reason.strip())
            )
        ):
            return result
        result = _entered(table, "disputed", seen)
        disputer = seat_of(table, player, "player")
        named = actor.device.player_id if actor.device is not None else None
        if named is not None and seat_of(table, named, "Authorization").side != disputer.side:
            raise Forbidden(
                _("This phone disputes in the name of its own player's side only."),
                code="other-side",
                field="player",
            )
        before = result_snapshot(result)
        result.status = Result.Status.DISPUTED
        result.disputed_by_id = player
        result.dispute_reason = reason.strip()
        result.version += 1
        result.save()
        ResultLine.objects.filter(result=result).update(confirmed=False)
        absent_partners_rescored(table)
        result_logged(table, ResultChange.Action.DISPUTE, actor, before, result, reason, key=key)
        table_write_ends(table.round.event_id)
    return result
