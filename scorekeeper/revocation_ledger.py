"""The revocation ledger: every table phone's device token that a director's act or the
phone's leaving ended, by its digest only, in a file beside the backups
(`BACKUP_DIR/revocations.jsonl`), where a restore cannot take it back. A phone that joined
after a backup was made holds a token the restored database never saw, and its next contact
makes it known again (`scorekeeper.events.services.device_tokens`); had the director handed
its table over, freed the table's confirming phones or undone the round it confirmed for, or
had it left its table, that ended with the database the restore lost. A token the ledger
lists is never known again: its phone joins with the table's code, as it would have had to.

One JSON line a token: its digest (never the token, never a name), its physical table's id,
when that table's event was made (as a token writes it), why it ended (a `TableToken.Ended`
value) and when. Not the night's close: a restore from before the close brings the night back
open, and its phones with it (the director closes it again). The lines are written, and
flushed to the disk, before the revoking transaction commits: a revocation is never without
its line (one the database failed to commit after its line was written leaves its phone to
join again after a restore; the ledger errs on the side of ending).

The ledger is mirrored as the erasure ledger is (`BACKUP_MIRROR`, `scorekeeper.backups`), and
read from both places.
"""

from __future__ import annotations

import datetime
from collections.abc import Iterable
from dataclasses import asdict, dataclass

from scorekeeper.backups import REVOCATIONS, ledger_append, ledger_lines


@dataclass(frozen=True)
class Revocation:
    digest: str
    event_table: int
    event_made: int  # when the table's event was made (microseconds since 1970, UTC)
    ended: str
    at: datetime.datetime


def revocations_record(revocations: Iterable[Revocation]) -> None:
    """Add each revocation's line to the ledger, on the disk before this returns; and to the
    mirror's, when it is plugged in (if not, the next backup mirrored takes the ledger)."""
    ledger_append(
        REVOCATIONS,
        [{**asdict(revocation), "at": revocation.at.isoformat()} for revocation in revocations],
    )


def revoked(digest: str) -> bool:
    """Whether the ledger (or the mirror's) lists the token with this digest."""
    return any(line.get("digest") == digest for line in ledger_lines(REVOCATIONS))
