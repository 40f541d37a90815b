"""Hands at a table (hand-by-hand events): the scorekeeper's services, behind the table's checks.

A round of a fixed number of hands takes no hand past its count ("Hand 8 of 8" is the last):
the table enters its result instead.
"""

from __future__ import annotations

import functools
import uuid
from collections.abc import Callable

from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from scorekeeper import services as scorekeeper_services
from scorekeeper.errors import Conflict, Malformed
from scorekeeper.events.access import (
    Actor,
    at_table,
    directs,
    require_device,
)
from scorekeeper.events.models import (
    Event,
    Result,
    ResultChange,
    Table,
    TableToken,
)
from scorekeeper.events.services.night_log import logged
from scorekeeper.events.services.results import result_rederive
from scorekeeper.events.services.tables import require_open, table_lock_found, table_write_ends
from scorekeeper.models import ChangeLogEntry, Game
from scorekeeper.selectors import Standing
from scorekeeper.services import HandEntry, HandResult


def _hand_write_allowed(table: Table, actor: Actor, reason: str) -> bool:
    """Checks a hand write (who writes first, then what the table allows); True when a
    director writes after a result exists (re-derive)."""
    director = directs(actor, table.round.event.club)
    if not director:
        require_device(actor, table, scorer=True)
    if table.game_id is None:
        raise Conflict(
            _("This event enters final scores only; there are no hands to enter."),
            code="totals-only",
            field="entry",
        )
    require_open(table.round.event, actor=actor)
    result: Result | None = getattr(table, "result", None)  # (read with the table's lock)
    if director:
        if result is not None and result.status != Result.Status.DISPUTED and not reason.strip():
            raise Malformed(
                _("Say why a result already entered is corrected."),
                code="reason-required",
                field="reason",
            )
        return result is not None and result.status != Result.Status.DISPUTED
    if result is not None and result.status != Result.Status.DISPUTED:
        raise Conflict(
            _("The result is entered: dispute it to change hands, or ask the director."),
            code="result-entered",
            field="result",
        )
    return False


def _written(
    table_id: int,
    actor: Actor,
    reason: str,
    write: Callable[..., HandResult],
    expected_version: int | None,
    replay: Callable[..., HandResult | None] | None = None,
) -> HandResult:
    """A hand written at the table (read here, under its lock), after the table's checks; a
    director's correction of an entered result re-derives it (a replayed write changed
    nothing). A retry of a hand the table has since moved past (its result entered, the
    round over) is answered as its first write was (`replay`), to whoever may write the
    table's hands. `write` is given the game's id and the round's count of hands."""
    with transaction.atomic():
        table = table_lock_found(table_id)
        try:
            rederive = _hand_write_allowed(table, actor, reason)
        except Conflict:
            replayed = _replayed(table, actor, replay)
            if replayed is None:
                raise
            return replayed
        assert table.game_id is not None
        written = write(
            game_id=table.game_id,
            expected_version=expected_version,
            actor=actor.label,
            hands_per_round=_hands_per_round(table.round.event),
        )
        if not written.replayed:
            _followed(table, actor, reason, rederive)
            table_write_ends(table.round.event_id, standings=rederive)
    return written


def _followed(table: Table, actor: Actor, reason: str, rederive: bool) -> None:
    """After a hand written: a director's correction of an entered result re-derives it (one
    entry of the event's change log names both); a director's hand before any result is in
    that log by itself, as every act of theirs on the night is (a phone's is in the game's)."""
    if rederive:
        result_rederive(table, actor, reason, hand=_hand_changed(table))
    elif directs(actor, table.round.event.club):
        assert table.game is not None
        hand = {"hand": _hand_changed(table), "sides": len(table.game.team_names)}
        logged(
            table.round.event_id,
            ResultChange.Action.HAND,
            actor,
            table=table,
            reason=reason,
            after=hand,
        )


def _hand_changed(table: Table) -> dict[str, object]:
    """The director's change of a hand that the result now follows, as the event's change log
    names it: the hand's number, what was done (`record`, `amend`, `undo`), and its points
    before and after by side (null where there was no hand)."""
    assert table.game_id is not None
    entry = ChangeLogEntry.objects.filter(game_id=table.game_id).order_by("-version").first()
    assert entry is not None  # (the game's log has just been written)
    return {
        "number": entry.hand_number,
        "action": entry.action,
        "before": _points(entry.before),
        "after": _points(entry.after),
    }


def _points(hand: object) -> object:
    """A hand's points by side, as its award gives them (null: no hand)."""
    if not isinstance(hand, dict):
        return None
    return (hand.get("award") or {}).get("points", {})


def _hands_per_round(event: Event) -> int | None:
    """A round of N hands takes no hand past the Nth (a poor-hand redeal is no hand of it)."""
    return event.hands_per_round if event.round_length == Event.RoundLength.HANDS else None


def _replayed(
    table: Table, actor: Actor, replay: Callable[..., HandResult | None] | None
) -> HandResult | None:
    if replay is None or table.game_id is None:
        return None
    if not directs(actor, table.round.event.club):
        require_device(actor, table, scorer=True)
    return replay(game_id=table.game_id)


def table_hand_record(
    *,
    table_id: int,
    actor: Actor,
    entry: HandEntry,
    idempotency_key: str | None = None,
    expected_version: int | None = None,
    reason: str = "",
) -> HandResult:
    """The table's next hand. The hand joins the table's transaction (no savepoint of its own);
    a key already spent (a retry) spoils that transaction, and is answered in a new one."""
    record = functools.partial(
        scorekeeper_services.hand_record, entry=entry, idempotency_key=idempotency_key
    )
    replay = functools.partial(
        scorekeeper_services.hand_replay, entry=entry, idempotency_key=idempotency_key
    )
    joined = functools.partial(record, joined=True)
    try:
        return _written(table_id, actor, reason, joined, expected_version, replay)
    except IntegrityError:
        if idempotency_key is None:
            raise
    return _written(table_id, actor, reason, record, expected_version, replay)


def table_hand_replay_ended(
    *, table_id: int, device: TableToken, entry: HandEntry, idempotency_key: str | None
) -> HandResult | None:
    """A hand retried with its key by the scoring phone that sent it, after its token ended
    (the night closed, the table handed over, the phone left): answered as its first write was,
    whatever happened since. None when this phone could not have sent it (not this physical
    table's scoring phone) or the key was not spent at this table: the token's refusal stands."""
    if idempotency_key is None or device.role != TableToken.Role.SCORER:
        return None
    table = Table.objects.filter(pk=table_id).first()
    if table is None or table.game_id is None or not at_table(device, table):
        return None
    return scorekeeper_services.hand_replay(
        game_id=table.game_id, entry=entry, idempotency_key=idempotency_key
    )


def table_hand_amend(
    *,
    table_id: int,
    actor: Actor,
    number: int,
    entry: HandEntry,
    reason: str,
    expected_version: int | None = None,
) -> HandResult:
    def amend(
        *, game_id: uuid.UUID, expected_version: int | None, actor: str, hands_per_round: int | None
    ) -> HandResult:
        # (an amended hand is one the round took already: its count refuses none)
        return scorekeeper_services.hand_amend(
            game_id=game_id,
            number=number,
            entry=entry,
            reason=reason,
            expected_version=expected_version,
            actor=actor,
            joined=True,
        )

    return _written(table_id, actor, reason, amend, expected_version)


def table_hand_undo(
    *,
    table_id: int,
    actor: Actor,
    number: int,
    reason: str = "",
    expected_version: int | None = None,
) -> tuple[Game, Standing]:
    with transaction.atomic():
        table = table_lock_found(table_id)
        rederive = _hand_write_allowed(table, actor, reason)
        assert table.game_id is not None
        game, standing = scorekeeper_services.hand_undo(
            game_id=table.game_id,
            number=number,
            expected_version=expected_version,
            reason=reason,
            actor=actor.label,
            joined=True,
        )
        try:
            _followed(table, actor, reason, rederive)
        except Conflict as refused:
            if refused.code != "round-unfinished":
                raise
            raise _needed_by_the_result(table, number) from None
        table_write_ends(table.round.event_id, standings=rederive)
    return game, standing


def _needed_by_the_result(table: Table, number: int) -> Conflict:
    """A director's undo of a hand that the table's result of its whole round stands on: the
    result cannot follow it (the round would be unfinished), so the hand is amended instead;
    a result the director assigned or forfeited stands on no hand, and is set again."""
    event = table.round.event
    words = {"table": table.event_table.number, "hands": event.hands_per_round, "number": number}
    result: Result | None = getattr(table, "result", None)
    if result is not None and result.assigned:
        detail = _(
            "Table %(table)s's result was set by the director (assigned or forfeited), not "
            "added up from its hands: set it again to change it."
        )
    elif event.round_length == Event.RoundLength.HANDS:
        detail = ngettext(
            "Table %(table)s's result needs the round's %(hands)s hand: amend hand %(number)s "
            "instead of undoing it.",
            "Table %(table)s's result needs all %(hands)s hands of the round: amend hand "
            "%(number)s instead of undoing it.",
            event.hands_per_round or 0,
        )
    else:
        detail = _(
            "Table %(table)s's result needs its game played to the end: amend hand %(number)s "
            "instead of undoing it."
        )
    return Conflict(detail % words, code="round-unfinished", field="number")
