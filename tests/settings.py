"""The settings the tests run with: the scorekeeper's own, an event format only the tests have
(`tests/events/rotation_format.py`), registered as any new format is: a line here, and a
backup directory of the run's own."""

import atexit
import os
import shutil
import tempfile
from pathlib import Path

from scorekeeper.settings import *  # noqa: F403
from scorekeeper.settings import EVENT_FORMATS

EVENT_FORMATS = [*EVENT_FORMATS, "tests.events.rotation_format.Rotation"]

# Backups and the erasure ledger a test makes go to a directory of this test run, never beside
# the code (a test that looks at them sets its own, or hands a command it starts its own).
# Each process of the run (pytest, its workers, the servers tests start) makes its own inside
# one directory the first process made and removes at its end, which a server stopped with a
# signal cannot do for itself.
if os.environ.get("BACKUP_DIR"):
    BACKUP_DIR = Path(os.environ["BACKUP_DIR"])
else:
    if not os.environ.get("EUCHRE_TEST_RUN_DIR"):
        os.environ["EUCHRE_TEST_RUN_DIR"] = tempfile.mkdtemp(prefix="euchre-test-run-")
        atexit.register(shutil.rmtree, os.environ["EUCHRE_TEST_RUN_DIR"], ignore_errors=True)
    BACKUP_DIR = Path(tempfile.mkdtemp(prefix="backups-", dir=os.environ["EUCHRE_TEST_RUN_DIR"]))

# On SQLite the tests' database is a file, as the laptop's is (WAL: a backup started in the
# background reads while a request writes; a writer waits its turn), not a memory database
# shared between connections, whose table locks fail a reader and a writer at once.
if DATABASES["default"]["ENGINE"] == "scorekeeper.sqlite":  # noqa: F405
    DATABASES["default"]["TEST"] = {  # noqa: F405
        "NAME": str(Path(tempfile.gettempdir()) / f"euchre-test-{os.getpid()}.sqlite3")
    }

# A password is hashed in a millisecond, not a third of a second of CPU (the tests sign in
# often; what they check of a password is who it lets in, not how hard it is to guess).
PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
