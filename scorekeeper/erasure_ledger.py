"""The erasure ledger: every erasure of a player's name, by ids only, in a file beside the
backups (`BACKUP_DIR/erasures.jsonl`), where a restore cannot take it back. A backup made
before an erasure still holds the name; after restoring one, `manage.py restore` erases those
names again from this ledger (`scorekeeper.events.services.privacy.erasures_reapply`).

One JSON line an erasure: the player's id, their club's id, when the player was added (an id
a restored database hands out again belongs to someone else, added later) and when the name
was erased. No name is ever written here. A line is written, and flushed to the disk, before
the erasure's transaction commits: an erasure is never without its line.

The ledger is mirrored as the backups are (`BACKUP_MIRROR`): each line is written there too
when the mirror is plugged in, and each backup mirrored merges this ledger into the mirror's;
the erasures are read from both places, so a laptop restored from the mirror alone erases again.
"""

from __future__ import annotations

import datetime
from dataclasses import asdict, dataclass
from typing import Any

from scorekeeper.backups import LEDGER, ledger_append, ledger_lines


@dataclass(frozen=True)
class Erasure:
    player: int
    club: int
    added: datetime.datetime
    erased: datetime.datetime


def erasure_record(erasure: Erasure) -> None:
    """Add the erasure's line to the ledger, on the disk before this returns; and to the
    mirror's, when it is plugged in (if not, the next backup mirrored takes the ledger)."""
    line = {
        **asdict(erasure),
        "added": erasure.added.isoformat(),
        "erased": erasure.erased.isoformat(),
    }
    ledger_append(LEDGER, [line])


def erasures() -> list[Erasure]:
    """Every erasure in the ledger and in the mirror's, once each, oldest first (a line that
    cannot be read is passed over: a write cut short by a crash)."""
    found = {erasure: None for line in ledger_lines(LEDGER) if (erasure := _read(line))}
    return sorted(found, key=lambda erasure: erasure.erased)


def _read(line: dict[str, Any]) -> Erasure | None:
    try:
        return Erasure(
            player=int(line["player"]),
            club=int(line["club"]),
            added=datetime.datetime.fromisoformat(line["added"]),
            erased=datetime.datetime.fromisoformat(line["erased"]),
        )
    except (ValueError, KeyError, TypeError):
        return None
