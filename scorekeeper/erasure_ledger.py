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
import json
import logging
import os
from dataclasses import asdict, dataclass
from pathlib import Path

from scorekeeper.backups import LEDGER, folder, mirror_folder, places

logger = logging.getLogger(__name__)


@dataclass(frozen=True)
class Erasure:
    player: int
    club: int
    added: datetime.datetime
    erased: datetime.datetime


def ledger_path() -> Path:
    return folder() / LEDGER


def _appended(path: Path, line: str) -> None:
    with path.open("a", encoding="utf-8") as ledger:
        ledger.write(line)
        ledger.flush()
        os.fsync(ledger.fileno())


def erasure_record(erasure: Erasure) -> None:
    """Add the erasure's line to the ledger, on the disk before this returns; and to the
    mirror's, when it is plugged in (if not, the next backup mirrored takes the ledger)."""
    line = {
        **asdict(erasure),
        "added": erasure.added.isoformat(),
        "erased": erasure.erased.isoformat(),
    }
    text = json.dumps(line, sort_keys=True) + "\n"
    _appended(ledger_path(), text)
    mirror = mirror_folder()
    if mirror is not None:
        try:
            _appended(mirror / LEDGER, text)
        except OSError as error:
            logger.error("erasure ledger not mirrored: %s", error)


def erasures() -> list[Erasure]:
    """Every erasure in the ledger and in the mirror's, once each, oldest first (a line that
    cannot be read is passed over: a write cut short by a crash)."""
    found = {erasure: None for place in places() for erasure in _read(place / LEDGER)}
    return sorted(found, key=lambda erasure: erasure.erased)


def _read(path: Path) -> list[Erasure]:
    try:
        text = path.read_text(encoding="utf-8")
    except OSError:  # none yet, or a mirror unplugged
        return []
    found = []
    for line in text.splitlines():
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
