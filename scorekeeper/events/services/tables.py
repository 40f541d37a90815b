"""A table's join codes and devices: a code is exchanged for a device token; the director hands
a table over to another device.
"""

from __future__ import annotations

import secrets
from typing import Final

from django.db import IntegrityError, transaction
from django.utils import timezone

from scorekeeper.errors import Conflict, Malformed, NotFound
from scorekeeper.events.access import (
    Actor,
    require_director,
)
from scorekeeper.events.models import (
    Table,
    TableToken,
)
from scorekeeper.events.services.events import require_running
from scorekeeper.tokens import token_digest, token_new

#: Join codes: no 0/O, 1/I/L, so a code read aloud or off a card is typed right.
CODE_ALPHABET: Final = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"


CODE_LENGTH: Final = 6


def _new_code() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def issue_code(table: Table) -> str:
    for _ in range(20):
        code = _new_code()
        if not Table.objects.filter(join_code=code).exists():
            table.join_code = code
            table.code_issued_at = timezone.now()
            table.save(update_fields=["join_code", "code_issued_at"])
            return code
    raise Conflict("Could not find a free join code; try again.", code="no-free-code")


def normalize_code(code: str) -> str:
    return "".join(ch for ch in code.upper() if ch.isalnum())


def table_code_issue(*, table: Table, actor: Actor) -> str:
    """A fresh join code for the table (the old one stops working); devices keep their tokens."""
    require_director(actor, table.round.event.club)
    with transaction.atomic():
        return issue_code(table)


def table_takeover(*, table: Table, actor: Actor) -> str:
    """Hand the table to another device: the scoring device's token stops working and a new
    join code is issued for the next device."""
    require_director(actor, table.round.event.club)
    with transaction.atomic():
        TableToken.objects.filter(table=table, revoked_at__isnull=True).update(
            revoked_at=timezone.now()
        )
        return issue_code(table)


def table_join(
    *, code: str, role: str = TableToken.Role.SCORER, label: str = ""
) -> tuple[TableToken, str]:
    """Exchange a table's join code for a device token (shown once). A table has one scoring
    device at a time; a second one needs the director's takeover."""
    if role not in TableToken.Role.values:
        raise Malformed("scorer or confirmer", code="bad-role", field="role")
    wanted = normalize_code(code)
    table = (
        Table.objects.select_related("round__event").filter(join_code=wanted).first()
        if wanted
        else None
    )
    if table is None:
        raise NotFound("No table has this join code.", code="no-such-code", field="code")
    require_running(table.round.event)
    token = token_new()
    try:
        with transaction.atomic():
            Table.objects.select_for_update().filter(pk=table.pk).first()
            if (
                role == TableToken.Role.SCORER
                and TableToken.objects.filter(
                    table=table, role=role, revoked_at__isnull=True
                ).exists()
            ):
                raise Conflict(
                    "This table already has a scoring device; ask the director to hand it over.",
                    code="table-taken",
                    field="code",
                )
            device = TableToken.objects.create(
                table=table, role=role, token_hash=token_digest(token), label=label[:60]
            )
    except IntegrityError:
        raise Conflict(
            "This table already has a scoring device; ask the director to hand it over.",
            code="table-taken",
            field="code",
        ) from None
    return device, token


def device_for_token(token: str) -> TableToken | None:
    return (
        TableToken.objects.select_related("table__round__event__club")
        .filter(token_hash=token_digest(token), revoked_at__isnull=True)
        .first()
    )


def table_locked(table: Table) -> Table:
    return Table.objects.select_for_update().select_related("round__event__club").get(pk=table.pk)
