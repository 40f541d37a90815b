"""What `python -m scorekeeper.serve` runs before it serves: migrate the database, and collect
the static files unless they are the ones collected last time.

Collecting hashes every file's name into the others and compresses each (seconds on a laptop),
so a restart during a night skips it when no static file changed since: the collect leaves a
fingerprint of what it read (every file's path, size and time) beside the files it wrote.
"""

from __future__ import annotations

import hashlib
from pathlib import Path
from typing import Any

from django.conf import settings
from django.contrib.staticfiles import finders
from django.core.management import call_command
from django.core.management.base import BaseCommand

FINGERPRINT = ".collected-from"


def sources_fingerprint() -> str:
    """Every static file the finders would collect, with its size and time, and the storage
    that writes them, in one digest."""
    digest = hashlib.sha256(str(settings.STORAGES["staticfiles"]).encode())
    found = []
    for finder in finders.get_finders():
        for path, storage in finder.list([]):
            stat = Path(storage.path(path)).stat()
            found.append(f"{path}\0{stat.st_size}\0{stat.st_mtime_ns}")
    for line in sorted(found):
        digest.update(line.encode())
    return digest.hexdigest()


class Command(BaseCommand):
    help = "Migrate the database, and collect the static files if they changed since last time."

    def handle(self, *args: Any, **options: Any) -> None:
        call_command("migrate", interactive=False, verbosity=0)
        root = Path(settings.STATIC_ROOT)
        stamp = root / FINGERPRINT
        sources = sources_fingerprint()
        if stamp.is_file() and stamp.read_text() == sources:
            return
        call_command("collectstatic", interactive=False, verbosity=0)
        stamp.write_text(sources)
