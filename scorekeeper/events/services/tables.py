"""A night's physical tables and the phones at them: each table has one join code all night,
exchanged for a device token; the scoring phone stays with its table from round to round
until it leaves or the director hands the table over; the opponents' phones confirm.
"""

from __future__ import annotations

import secrets
from typing import Final

from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from scorekeeper.compiled import Compiled
from scorekeeper.errors import Conflict, Malformed, NotFound, SignInRequired, Unprocessable
from scorekeeper.events import selectors
from scorekeeper.events.access import (
    Actor,
    require_any_device,
    require_event_director,
)
from scorekeeper.events.models import (
    Event,
    EventTable,
    ResultChange,
    Table,
    TableToken,
)
from scorekeeper.events.services.changes import event_changed
from scorekeeper.events.services.device_tokens import (
    Issued,
    device_token_new,
    made_at,
    physical_tables_locked,
    tokens_revoke,
)
from scorekeeper.events.services.events import require_running
from scorekeeper.events.services.night_log import logged, require_fresh
from scorekeeper.events.services.restores import epoch_of, night_epoch
from scorekeeper.tokens import token_digest

#: Join codes: no 0/O, 1/I/L, so a code read aloud or off a card is typed right.
CODE_ALPHABET: Final = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
CODE_LENGTH: Final = 6
#: The opponents' own phones a table takes in a round (the scorer's phone aside).
MAX_CONFIRMERS: Final = 2

TAKEN = "This table already has a scoring phone: leave the table on that phone, or ask the director to hand it over."


def _free_code() -> str:
    for _attempt in range(20):
        code = "".join(secrets.choice(CODE_ALPHABET) for _letter in range(CODE_LENGTH))
        if not EventTable.objects.filter(join_code=code).exists():
            return code
    raise Conflict(_("Could not find a free join code; try again."), code="no-free-code")


def normalize_code(code: str) -> str:
    return "".join(ch for ch in code.upper() if ch.isalnum())


def event_table_for(event: Event, number: int) -> EventTable:
    """Physical table `number` of the night, made with its join code the first time a round
    seats it (inside the caller's transaction)."""
    found = EventTable.objects.filter(event=event, number=number).first()
    if found is not None:
        return found
    return EventTable.objects.create(
        event=event, number=number, join_code=_free_code(), code_issued_at=timezone.now()
    )


def table_code_issue(*, table: Table, actor: Actor) -> str:
    """A fresh join code for the physical table (the old one, and its table card, stop
    working: print the card again); the phones at it keep their tokens."""
    require_event_director(actor, table.round.event, table=True)
    with transaction.atomic():
        event_table = EventTable.objects.select_for_update(no_key=True, of=("self",)).get(
            pk=table.event_table_id
        )
        table = table_lock_found(table.pk)  # (as a phone joining takes them; gone: 404)
        event_table.join_code = _free_code()
        event_table.code_issued_at = timezone.now()
        event_table.save(update_fields=["join_code", "code_issued_at"])
        logged(event_table.event_id, ResultChange.Action.CODE, actor, table=table)
        event_changed(event_table.event_id, standings=False)
    return event_table.join_code


def table_takeover(*, table: Table, actor: Actor, expected_version: int | None = None) -> str:
    """Hand the table to another phone: the scoring phone's token stops working, and the next
    phone joins with the table's code (the one on its card)."""
    return _phones_ended(table, actor, expected_version, TableToken.Role.SCORER)


def table_confirmers_end(*, table: Table, actor: Actor, expected_version: int | None = None) -> str:
    """End the table's confirming phones: their tokens stop working, and the opponents join
    again with the table's code. Whoever holds the code could fill the table's places for
    them (`MAX_CONFIRMERS`); the director frees them."""
    return _phones_ended(table, actor, expected_version, TableToken.Role.CONFIRMER)


def _phones_ended(table: Table, actor: Actor, expected_version: int | None, role: str) -> str:
    """The director ends the table's phones of `role`: its join code, for the next ones."""
    require_event_director(actor, table.round.event, table=True)
    scorer = role == TableToken.Role.SCORER
    ended = TableToken.Ended.HANDED_OVER if scorer else TableToken.Ended.FREED
    action = ResultChange.Action.HAND_OVER if scorer else ResultChange.Action.CONFIRMERS
    with transaction.atomic():
        table = table_lock_found(table.pk)  # (before its event, as a table's writes; gone: 404)
        require_fresh(table.round.event, expected_version, table)
        phones = tokens_revoke(
            tokens=TableToken.objects.filter(event_table_id=table.event_table_id, role=role),
            event=table.round.event,
            ended=ended,
        )
        logged(table.round.event_id, action, actor, table=table, after={"phones_ended": phones})
        event_changed(table.round.event_id, standings=False)
    return EventTable.objects.get(pk=table.event_table_id).join_code


def join_limit_lifted(*, event: Event, actor: Actor, wrong_codes: int) -> None:
    """The director forgave the wrong join codes of their own network (`wrong_codes` of
    them): logged, as every act of theirs on the night."""
    with transaction.atomic():
        logged(event.pk, ResultChange.Action.JOIN_LIMIT, actor, after={"wrong_codes": wrong_codes})
        event_changed(event.pk, standings=False)


def _table_locked_now(event_table: EventTable) -> Table | None:
    """This round's table at the physical table, locked as a table's write locks it, before
    the phone's token refers to it: an undo of its round, a swap or a remedy there goes
    wholly before the join or after it. Read again if its round went meanwhile."""
    while True:
        table = selectors.table_now(event_table=event_table)
        locking = Table.objects.select_for_update(no_key=True, of=("self",)).order_by()
        if table is None or locking.filter(pk=table.pk).values("pk"):
            return table


def table_join(
    *, code: str, role: str = TableToken.Role.SCORER, label: str = "", player: int | None = None
) -> tuple[TableToken, str]:
    """Exchange a table's join code for a device token (shown once). A table has one scoring
    phone at a time, and at most `MAX_CONFIRMERS` of the opponents' phones a round; a
    confirming phone may name the player it joins for (`player`, seated at the table), or do
    so once later (`device_name`)."""
    if role not in TableToken.Role.values:
        raise Malformed(_("scorer or confirmer"), code="bad-role", field="role")
    if player is not None and role != TableToken.Role.CONFIRMER:
        raise Malformed(
            _("Only a confirming phone joins for a player."), code="not-confirmer", field="player"
        )
    wanted = normalize_code(code)
    event_table = (
        EventTable.objects.select_related("event__club").filter(join_code=wanted).first()
        if wanted
        else None
    )
    if event_table is None:
        raise NotFound(_("No table has this join code."), code="no-such-code", field="code")
    require_open(event_table.event)
    try:
        with transaction.atomic():
            if not physical_tables_locked(EventTable.objects.filter(pk=event_table.pk)):
                raise NotFound(_("No table has this join code."), code="no-such-code", field="code")
            table = _table_locked_now(event_table)
            active = TableToken.objects.filter(
                event_table=event_table, role=role, revoked_at__isnull=True
            )
            if role == TableToken.Role.SCORER and active.exists():
                raise Conflict(TAKEN, code="table-taken", field="code")
            if role == TableToken.Role.CONFIRMER:
                if table is None:
                    raise Conflict(
                        _("Table %(event_table)s has no game this round.")
                        % {"event_table": event_table.number},
                        code="no-game-here",
                        field="code",
                    )
                if active.filter(table=table).count() >= MAX_CONFIRMERS:
                    raise Conflict(
                        _(
                            "This table has %(max_confirmers)s confirming phones already: confirm on one of them, or ask the director to end them."
                        )
                        % {"max_confirmers": MAX_CONFIRMERS},
                        code="confirmers-full",
                        field="role",
                    )
            if player is not None:
                assert table is not None
                _seated_at(table, player)
            token = device_token_new(
                Issued(
                    event_table=event_table.pk,
                    event_made=made_at(event_table.event.created_at),
                    table=table.pk if table is not None else None,
                    role=role,
                    player=player,
                    epoch=epoch_of(night_epoch()),
                ),
                event_table.event.device_key,
            )
            device = TableToken.objects.create(
                event_table=event_table,
                table=table,
                role=role,
                token_hash=token_digest(token),
                label=label[:60],
                player_id=player,
            )
            # (a night closed while the phone joined is found here, and the join refused)
            table_write_ends(event_table.event_id, standings=False)
    except IntegrityError:
        raise Conflict(TAKEN, code="table-taken", field="code") from None
    return device, token


def _seated_at(table: Table, player: int) -> None:
    if not table.seats.filter(player_id=player).exists():
        raise Unprocessable(
            _("This player is not seated at this table."), code="not-at-table", field="player"
        )


def device_name(*, actor: Actor, player: int) -> TableToken:
    """A confirming phone names, once, the player it is for: it confirms for that player's
    side from then on, and never a result that side entered."""
    device = require_any_device(actor)
    if device.role != TableToken.Role.CONFIRMER or device.table_id is None:
        raise Malformed(
            _("Only a confirming phone joins for a player."), code="not-confirmer", field="player"
        )
    with transaction.atomic():
        device = (
            TableToken.objects.select_for_update(of=("self",))
            .select_related("table", "event_table__event")
            .get(pk=device.pk)
        )
        require_open(device.event_table.event)
        if device.player_id is not None:
            raise Conflict(
                _("This phone is named for a player already: leave the table to change it."),
                code="device-named",
                field="player",
            )
        assert device.table is not None
        _seated_at(device.table, player)
        device.player_id = player
        device.save(update_fields=["player"])
        event_changed(device.event_table.event_id, standings=False)
    return device


def table_leave(*, actor: Actor) -> TableToken:
    """A phone leaves its table: its token stops working, and this phone or another can
    join again with the table's code, without the director."""
    device = actor.device
    if device is None:
        raise SignInRequired(
            _("Send the device token of the phone that leaves."),
            code="device-token-required",
            field="Authorization",
        )
    with transaction.atomic():
        # (its table first, as a director's act there (a substitute, a swap) takes it before
        # the phones' tokens it ends or renames: the two wait for each other, not deadlock)
        if device.role == TableToken.Role.CONFIRMER:
            table_id = device.table_id
        else:
            now = selectors.table_now(event_table=device.event_table)
            table_id = now.pk if now is not None else None
        locking = Table.objects.select_for_update(no_key=True, of=("self",)).order_by()
        list(locking.filter(pk=table_id or 0).values_list("pk"))
        tokens_revoke(
            tokens=TableToken.objects.filter(pk=device.pk),
            event=device.event_table.event,
            ended=TableToken.Ended.LEFT,
        )
        event_changed(device.event_table.event_id, standings=False)
    return device


def result_confirmed() -> Conflict:
    """A table's confirmed result, which only the director changes: nothing to enter."""
    return Conflict(
        _("The result is confirmed; only the director can correct it."),
        code="result-confirmed",
        field="result",
    )


def require_open(event: Event, *, field: str = "code", actor: Actor | None = None) -> None:
    """The night is not closed (refused naming `field`: for a phone, the code it joined
    with; for a director, `actor` given, the event's `status`), and the event is running."""
    if actor is not None and actor.device is None:
        field = "status"
    if event.closed_at is not None:
        raise Conflict(
            _("The director has closed this night: nothing more can be entered."),
            code="night-closed",
            field=field,
        )
    require_running(event)


def device_for_token(token: str) -> TableToken | None:
    """The device holding this token, whether or not it still works (the caller says why
    one that stopped no longer does)."""
    return _DEVICE.first(token_digest(token))


# (without the event's plan, which no device's request reads: see `_TABLE_TO_WRITE`)
_DEVICE = Compiled(
    lambda digest: (
        TableToken.objects.select_related("event_table__event__club", "table")
        .defer("event_table__event__plan")
        .filter(token_hash=digest)
    ),
    "token_hash",
)


def table_locked(table: Table, *, standings: bool = True) -> Table:
    """The table and its event, locked for a write that changes the table (the event's
    version moves at once; the standings version too unless the write cannot change them)."""
    locked = table_lock(table, with_event=True)
    event_changed(locked.round.event_id, standings=standings)
    return locked


def table_lock(table: Table, *, with_event: bool = False) -> Table:
    """The table, locked for a write, its event not moved yet: the caller moves it once its
    write is done (`table_write_ends`). Only the table's row is locked (`with_event`: its
    event's too): a hand from every table of the night queues on the event's row only for
    the end of its write, not for the whole of it. The lock is PostgreSQL's FOR NO KEY
    UPDATE, as a table's writes and a phone's join take it: a row that refers to the table (a
    result's, checked at its commit) never waits for it. (An act that deletes tables, or
    moves their seats, locks them FOR UPDATE first: `repairs._tables_first`.)"""
    locking = ("self", "round__event") if with_event else ("self",)
    found = (
        Table.objects.select_for_update(of=locking, no_key=True)
        .select_related("round__event__club", "event_table", "result")
        .filter(pk=table.pk)
        .first()
    )
    if found is None:  # (its round was undone while the act waited for the table's row)
        raise selectors.no_table()
    return found


def table_lock_found(table_id: int) -> Table:
    """The table with this id, locked for a write whose caller looked nothing up first (a
    table's hands, the night's most frequent write): read with its round, event, club,
    physical table and result in the one query that locks it; not found otherwise."""
    return selectors.table_get(table_id=table_id, game=False, locked=True)


def table_write_ends(event_id: int, *, standings: bool = True) -> None:
    """A write at a table that takes entries only while the night is open ends by moving its
    event's versions. Its table's lock does not hold the event, so a night a director closed
    (or an event finished) while the write ran is found here, where the write waits for the
    event's row, and refuses the write as `require_open` would have."""
    if not event_changed(event_id, standings=standings, while_open=True):
        require_open(Event.objects.get(pk=event_id))
