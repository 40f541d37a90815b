"""The erasure ledger: every erasure of a player's name, by ids only, in a file beside the
backups (`BACKUP_DIR/erasures.jsonl`), where a restore cannot take it back. A backup made
before an erasure still holds the name; after restoring one, `manage.py restore` erases those
names again from this ledger (`scorekeeper.events.services.privacy.erasures_reapply`).

One JSON line an erasure: the player's id, their club's id, when the player was added (an id
a restored database hands out again belongs to someone else, added later) and when the name
was erased. No name is ever written here. A line is written, and flushed to the disk, before
the erasure's transaction commits: an erasure is never without its line.
"""

from __future__ import annotations

import datetime
import json
import os
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Final

from scorekeeper.backups import folder

LEDGER: Final = "erasures.jsonl"


@dataclass(frozen=True)
class Erasure:
    player: int
    club: int
    added: datetime.datetime
    erased: datetime.datetime


def ledger_path() -> Path:
    return folder() / LEDGER


def erasure_record(erasure: Erasure) -> None:
    """Add the erasure's line to the ledger, on the disk before this returns."""
    line = {
        **asdict(erasure),
        "added": erasure.added.isoformat(),
        "erased": erasure.erased.isoformat(),
    }
    with ledger_path().open("a", encoding="utf-8") as ledger:
        ledger.write(json.dumps(line, sort_keys=True) + "\n")
        ledger.flush()
        os.fsync(ledger.fileno())


def erasures() -> list[Erasure]:
    """Every erasure in the ledger, oldest first (a line that cannot be read is passed over:
    a write cut short by a crash)."""
    path = ledger_path()
    if not path.exists():
        return []
    found = []
    for line in path.read_text(encoding="utf-8").splitlines():
        try:
            data = json.loads(line)
            found.append(
                Erasure(
                    player=int(data["player"]),
                    club=int(data["club"]),
                    added=datetime.datetime.fromisoformat(data["added"]),
                    erased=datetime.datetime.fromisoformat(data["erased"]),
                )
            )
        except (ValueError, KeyError, TypeError):
            continue
    return found
