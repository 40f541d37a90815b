"""Closing the night: what is still open is listed first; then every join code and device
token stops working, and the results are published."""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from scorekeeper.backups import backup_soon
from scorekeeper.errors import Conflict
from scorekeeper.events import selectors
from scorekeeper.events.access import Actor, require_director
from scorekeeper.events.models import Event, TableToken
from scorekeeper.events.services.changes import event_changed


def event_close(*, event: Event, actor: Actor, leave_open: bool = False) -> Event:
    """The director closes the night. Tables of the last round without a confirmed result
    (`selectors.tables_open`: hands maybe still on a phone, results not entered or not
    confirmed) are refused as `tables-open`, listed, unless `leave_open` says to close
    anyway. Closing finishes the event, publishes it, and ends every phone's token; the
    join codes stop working with it. Closing a closed night changes nothing."""
    require_director(actor, event.club)
    with transaction.atomic():
        event = Event.objects.select_for_update().get(pk=event.pk)
        if event.closed_at is not None:
            return event
        still_open = selectors.tables_open(event=event)
        if still_open and not leave_open:
            numbers = ", ".join(str(t.number) for t in still_open)
            raise Conflict(
                _("Tables %(numbers)s have no confirmed result yet: close anyway with leave_open.")
                % {"numbers": numbers},
                code="tables-open",
                field="leave_open",
                tables=[
                    {"number": t.number, "table": t.table_id, "state": t.state, "hands": t.hands}
                    for t in still_open
                ],
            )
        now = timezone.now()
        TableToken.objects.filter(event_table__event=event, revoked_at__isnull=True).update(
            revoked_at=now, ended=TableToken.Ended.CLOSED
        )
        event.closed_at = now
        event.status = Event.Status.FINISHED
        event.published = True
        event.save(update_fields=["closed_at", "status", "published", "updated_at"])
        event_changed(event.pk)
        # The night's results, kept safe as soon as it is closed (docs/deployment.md).
        backup_soon(label=f"night-{event.pk}-closed", holdings=selectors.holdings)
    return event
