"""Closing the night: what is still open is listed first; then every join code and device
token stops working, and the results are published. Reopening it: the codes work again and
the phones join again. Both are logged."""

from __future__ import annotations

from datetime import datetime

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from scorekeeper.backups import backup_soon
from scorekeeper.errors import Conflict
from scorekeeper.events import selectors
from scorekeeper.events.access import Actor, require_event_director
from scorekeeper.events.models import Event, ResultChange, TableToken
from scorekeeper.events.services.changes import event_changed
from scorekeeper.events.services.events import event_locked
from scorekeeper.events.services.night_log import logged, require_fresh


def event_close(
    *,
    event: Event,
    actor: Actor,
    leave_open: bool = False,
    reason: str = "",
    expected_version: int | None = None,
    backup: bool = True,
) -> Event:
    """The director closes the night. A level table still waiting for the director's cut
    (`selectors.tables_level`, a party's) is refused as `cut-needed`, listed, whatever
    `leave_open` says. Tables of the last round without a confirmed result
    (`selectors.tables_open`: hands maybe still on a phone, results not entered or not
    confirmed) are refused as `tables-open`, listed, unless `leave_open` says to close
    anyway. Closing finishes the event, publishes it, ends every phone's token (the join
    codes stop working with it) and makes a backup (unless `backup` is off: the demo's
    night holds nothing a club entered). Closing a closed night changes nothing."""
    require_event_director(actor, event)
    with transaction.atomic():
        # (its phones' tokens first, their rows only: a table's phones are ended before its
        # event moves (a hand-over, confirmers ended, a phone leaving), in that order)
        working = TableToken.objects.filter(event_table__event_id=event.pk, revoked_at=None)
        list(working.select_for_update(of=("self",)).order_by("pk").values_list("pk"))
        event = event_locked(event.pk)
        if event.closed_at is not None:
            return event
        require_fresh(event, expected_version)
        _cuts_entered(event)
        still_open = selectors.tables_open(event=event)
        if still_open and not leave_open:
            numbers = ", ".join(str(t.number) for t in still_open)
            raise Conflict(
                ngettext(
                    "Table %(numbers)s has no confirmed result yet: close anyway with leave_open.",
                    "Tables %(numbers)s have no confirmed result yet: close anyway with leave_open.",
                    len(still_open),
                )
                % {"numbers": numbers},
                code="tables-open",
                field="leave_open",
                tables=[
                    {"number": t.number, "table": t.table_id, "state": t.state, "hands": t.hands}
                    for t in still_open
                ],
            )
        now = timezone.now()
        # (not in the revocation ledger: a restore from before the close brings the night back
        # open, and its phones with it; the director closes it again)
        TableToken.objects.filter(event_table__event=event, revoked_at__isnull=True).update(
            revoked_at=now, ended=TableToken.Ended.CLOSED
        )
        before = {"status": event.status, "published": event.published}
        event.closed_at = now
        event.status = Event.Status.FINISHED
        event.published = True
        event.save(update_fields=["closed_at", "status", "published", "updated_at"])
        after = {"status": event.status, "published": True, "open_tables": len(still_open)}
        logged(
            event.pk, ResultChange.Action.CLOSE, actor, reason=reason, before=before, after=after
        )
        event_changed(event.pk)
        if backup:  # the night's results, kept safe as soon as it is closed (deployment.md)
            backup_soon(label=f"night-{event.pk}-closed", holdings=selectors.holdings)
    return event


def _cuts_entered(event: Event) -> None:
    """A level table its format breaks by the director's cut is decided before the night
    closes, as before the next round is seated: its standings would count it a tie for good.
    ``leave_open`` does not skip it: the cut is the director's to enter, players there or
    not."""
    level = selectors.tables_level(event=event)
    if level:
        raise Conflict(
            _(
                "Level with no cut entered at %(tables)s: enter who won the cut on the console "
                "first."
            )
            % {
                "tables": "; ".join(
                    _("round %(round)s, table %(table)s")
                    % {"round": table.round, "table": table.number}
                    for table in level
                )
            },
            code="cut-needed",
            field="rounds",
            tables=[
                {"round": table.round, "number": table.number, "table": table.table_id}
                for table in level
            ],
        )


def event_reopen(
    *, event: Event, actor: Actor, reason: str = "", expected_version: int | None = None
) -> Event:
    """The director reopens a finished or closed night: it runs again, its join codes work
    again and its phones join again (their old tokens stay ended); a night closed with no
    round seated (its only one undone) is a draft again. Reopening a night that runs changes
    nothing."""
    require_event_director(actor, event)
    with transaction.atomic():
        event = event_locked(event.pk)
        if event.status == Event.Status.RUNNING and event.closed_at is None:
            return event
        require_fresh(event, expected_version)
        seated = event.rounds.exists()
        if not seated and event.status == Event.Status.DRAFT and event.closed_at is None:
            # (a draft never closed has nothing to reopen: its first round starts it)
            raise Conflict(_("Seat the first round to start."), code="no-rounds", field="status")
        before = {"status": event.status, "closed_at": _when(event.closed_at)}
        event.status = Event.Status.RUNNING if seated else Event.Status.DRAFT
        event.closed_at = None
        event.save(update_fields=["status", "closed_at", "updated_at"])
        logged(
            event.pk,
            ResultChange.Action.REOPEN,
            actor,
            reason=reason,
            before=before,
            after={"status": event.status, "closed_at": None},
        )
        event_changed(event.pk)
    return event


def _when(moment: datetime | None) -> str | None:
    return moment.isoformat() if moment is not None else None
