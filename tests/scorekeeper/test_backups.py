"""`manage.py backup` and `restore`, run as a club would run them, on a database of their own."""

from __future__ import annotations

import os
import stat
import subprocess
from collections.abc import Callable, Iterator
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from tests.commands import run_python
from tests.prepared import Prepared, on_postgres

pytestmark = pytest.mark.slow

POSTGRES = os.environ.get("DATABASE_URL", "").startswith(("postgres://", "postgresql://"))
Manage = Callable[..., subprocess.CompletedProcess[str]]

COUNT_GAMES = "from scorekeeper.models import Game; print(Game.objects.count())"
DELETE_GAMES = (
    "from scorekeeper.models import Game, ChangeLogEntry, Hand, Seat\n"
    "from scorekeeper.events.models import Table\n"
    "Table.objects.update(game=None)\n"
    "for model in (ChangeLogEntry, Hand, Seat, Game): model.objects.all().delete()"
)


def manager(database_url: str, backup_dir: Path) -> Manage:
    env = {
        **os.environ,
        "DATABASE_URL": database_url,
        "DJANGO_DEBUG": "1",
        "BACKUP_DIR": str(backup_dir),
        "BACKUP_KEEP": "3",
    }

    def manage(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
        return run_python("manage.py", *args, env=env, stdin=stdin, timeout=120)

    return manage


@pytest.fixture
def sqlite_manage(tmp_path: Path, prepared: Prepared) -> Manage:
    return manager(prepared.database(tmp_path, "club", kind="sqlite"), tmp_path / "backups")


@pytest.fixture
def postgres_manage(tmp_path: Path, prepared: Prepared) -> Iterator[Manage]:
    url = prepared.database(tmp_path, "backups", kind="postgres")
    yield manager(url, tmp_path / "backups")
    on_postgres(url, f'DROP DATABASE IF EXISTS "{urlsplit(url).path[1:]}" WITH (FORCE)')


def ok(result: subprocess.CompletedProcess[str]) -> str:
    assert result.returncode == 0, result.stderr[-2000:]
    return result.stdout.strip()


def the_night_comes_back(manage: Manage) -> None:
    ok(manage("load_demo"))
    games = ok(manage("shell", "-v0", "-c", COUNT_GAMES))
    assert int(games) > 0
    made = Path(ok(manage("backup", "--label", "Round 2 running")))
    assert made.is_file() and made.name.endswith(f"-round-2-running{made.suffix}")
    assert stat.S_IMODE(made.stat().st_mode) == 0o600  # (sessions, password hashes, PINs)
    ok(manage("shell", "-v0", "-c", DELETE_GAMES))
    assert ok(manage("shell", "-v0", "-c", COUNT_GAMES)) == "0"
    assert ok(manage("restore", "--latest", "--yes")) == f"restored {made}"
    assert ok(manage("shell", "-v0", "-c", COUNT_GAMES)) == games


def test_a_sqlite_backup_brings_back_what_was_deleted(sqlite_manage: Manage):
    the_night_comes_back(sqlite_manage)


@pytest.mark.postgres
@pytest.mark.skipif(not POSTGRES, reason="needs PostgreSQL (set DATABASE_URL); .ci/run has it")
def test_a_postgresql_backup_brings_back_what_was_deleted(postgres_manage: Manage):
    the_night_comes_back(postgres_manage)


def test_the_demos_round_backups_are_whole_when_it_returns(sqlite_manage: Manage, tmp_path: Path):
    """`make run` loads the demo, whose rounds end and back the night up in the background:
    the command waits for them, and leaves no half-written file in the backups folder."""
    ok(sqlite_manage("load_demo"))
    folder = tmp_path / "backups"
    assert not list(folder.glob(".*.partial"))
    made = sorted(path.name for path in folder.glob("euchre-*.sqlite3"))
    assert made and all("-round-" in name or "-closed" in name for name in made), made


def test_only_the_newest_backups_are_kept(sqlite_manage: Manage):
    made = [ok(sqlite_manage("backup")) for _ in range(4)]  # BACKUP_KEEP is 3
    assert ok(sqlite_manage("backup", "--list")).splitlines() == made[-3:]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("restore", "--yes"), "give a backup file or --latest"),
        (("restore", "--latest", "--yes"), "no backup in"),
        (("restore", "missing.sqlite3", "--yes"), "no backup file at missing.sqlite3"),
        (("restore", "manage.py", "--yes"), "manage.py is not a sqlite backup"),
    ],
)
def test_a_restore_that_cannot_be_done_says_why_in_one_line(sqlite_manage, args, message):
    result = sqlite_manage(*args)
    assert result.returncode == 2
    assert message in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1


def test_a_damaged_file_is_not_restored(sqlite_manage: Manage, tmp_path: Path):
    damaged = tmp_path / "damaged.sqlite3"
    damaged.write_bytes(b"not a database at all" * 100)
    result = sqlite_manage("restore", str(damaged), "--yes")
    assert result.returncode == 2 and "is not a SQLite database" in result.stderr


def test_a_damaged_database_is_set_aside_and_the_backup_restored(
    sqlite_manage: Manage, tmp_path: Path
):
    ok(sqlite_manage("load_demo"))
    games = ok(sqlite_manage("shell", "-v0", "-c", COUNT_GAMES))
    made = ok(sqlite_manage("backup"))
    database = tmp_path / "club.sqlite3"
    assert database.is_file()
    database.write_bytes(os.urandom(100_000))  # the laptop died writing it
    result = sqlite_manage("restore", "--latest", "--yes")
    assert result.returncode == 0, result.stderr[-2000:]
    said = result.stdout.strip().splitlines()
    assert said[0].startswith("the database was damaged: it is kept as ") and "damaged-" in said[0]
    assert said[-1] == f"restored {made}"
    assert ok(sqlite_manage("shell", "-v0", "-c", COUNT_GAMES)) == games


def test_a_restore_with_nobody_to_ask_says_so_in_one_line(sqlite_manage: Manage):
    ok(sqlite_manage("backup"))
    result = sqlite_manage("restore", "--latest", stdin="y\n")  # no --yes, and no terminal
    assert result.returncode == 2
    assert result.stderr.strip().splitlines() == [
        "CommandError: no terminal to ask: add --yes, or pick the backup on screen at "
        "/events/restore/"
    ]


NAME = "Zebediah Quackenbush"
SEAT_THE_PLAYER = f"""
from django.contrib.auth.models import User
from django.test import Client
from scorekeeper.events import services
from scorekeeper.events.access import Actor
director = Actor(user=User.objects.create_user("dora"))
club = services.club_create(actor=director, name="Riverside")
event = services.event_create(club=club, actor=director, name="Night", format="progressive",
    round_length="hands", hands_per_round=4, rounds_planned=1, published=True, seed=1)
for name in ["{NAME}", "Ann", "Ben", "Cat"]:
    services.entrant_add(event=event, actor=director, name=name)
services.round_generate(event=event, actor=director)
for path in ("rounds/", "standings/"):  # the pollers' answers, kept in the cache
    assert Client().get(f"/api/v1/events/{{event.pk}}/{{path}}", HTTP_HOST="127.0.0.1").status_code == 200
"""
ERASE_THE_PLAYER = f"""
from django.contrib.auth.models import User
from scorekeeper.events import services
from scorekeeper.events.access import Actor
from scorekeeper.models import Player
services.player_erase(player=Player.objects.get(name="{NAME}"), actor=Actor(user=User.objects.get()))
"""
ERASE_WHILE_A_READER_HOLDS_THE_LOG = f"""
import sqlite3, time
from pathlib import Path
from django.conf import settings
from django.contrib.auth.models import User
from django.db import connection
from scorekeeper.events import services
from scorekeeper.events.access import Actor
from scorekeeper.models import Player
player = Player.objects.get(name="{NAME}")
Player.objects.filter(pk=player.pk).update(name="{NAME} Sr")  # a frame of the log has it
database = settings.DATABASES["default"]["NAME"]
reader = sqlite3.connect(database)  # a poll being answered: it reads through the log
reader.execute("BEGIN")
reader.execute("SELECT count(*) FROM scorekeeper_player").fetchone()
# (The reader is this very thread, so the erasure's own try at the rewrite waits for it half a
# second, not the whole busy timeout: then its thread tries again.)
connection.cursor().execute("PRAGMA busy_timeout = 500")
services.player_erase(player=player, actor=Actor(user=User.objects.get()))
log = Path(str(database) + "-wal")
surname = b"{NAME.split()[1]}"
held = surname in log.read_bytes()
reader.rollback()
reader.close()
deadline = time.monotonic() + 30
while log.exists() and surname in log.read_bytes() and time.monotonic() < deadline:
    time.sleep(0.05)
print("held" if held else "free", "kept" if log.exists() and surname in log.read_bytes() else "emptied")
"""
PLAYER_NAMES = "from scorekeeper.models import Player; print(sorted(Player.objects.values_list('name', flat=True)))"


def holds_the_name(*paths: Path) -> list[str]:
    word = NAME.split()[1].encode()
    return [path.name for path in paths if path.exists() and word in path.read_bytes()]


def test_an_erased_name_leaves_the_write_ahead_log_once_its_reader_lets_go(
    sqlite_manage: Manage, tmp_path: Path
):
    """A reader holding the write-ahead log keeps it from being emptied when the erasure
    commits: it is emptied as soon as the reader lets go, not when the server stops."""
    ok(sqlite_manage("shell", "-v0", "-c", SEAT_THE_PLAYER))
    said = ok(sqlite_manage("shell", "-v0", "-c", ERASE_WHILE_A_READER_HOLDS_THE_LOG))
    assert said.split() == ["held", "emptied"]


def test_an_erased_name_leaves_the_sqlite_files_and_comes_back_from_no_restore(
    sqlite_manage: Manage, tmp_path: Path
):
    database = tmp_path / "club.sqlite3"
    files = (database, database.with_name("club.sqlite3-wal"))
    ok(sqlite_manage("shell", "-v0", "-c", SEAT_THE_PLAYER))
    before = Path(ok(sqlite_manage("backup", "--label", "before")))
    ok(sqlite_manage("shell", "-v0", "-c", ERASE_THE_PLAYER))
    after = Path(ok(sqlite_manage("backup", "--label", "after")))
    assert holds_the_name(before) == [before.name]
    assert holds_the_name(*files, after) == []
    ledger = (tmp_path / "backups" / "erasures.jsonl").read_text()
    assert ledger.count("\n") == 1 and "Quackenbush" not in ledger

    restored = ok(sqlite_manage("restore", str(before), "--yes"))
    assert restored.splitlines()[-1] == ("erased again: 1 name erased after this backup was made")
    assert NAME not in ok(sqlite_manage("shell", "-v0", "-c", PLAYER_NAMES))
    assert holds_the_name(*files) == []
    assert ok(sqlite_manage("restore", str(after), "--yes")) == f"restored {after}"
