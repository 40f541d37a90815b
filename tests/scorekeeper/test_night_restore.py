"""The laptop dies during round 3 of a night of 8 tables, and nothing entered is lost.

The laptop's own stack (`python -m scorekeeper.serve`, what `make serve` runs, backing up every
second while a round is in play) serves a scripted progressive night of 32 players. Eight table
phones score through the API with the table app's protocol: every write carries its own
Idempotency-Key (a hand also the game version it was entered against, as If-Match), and each
phone keeps what it sent. Mid-round 3, with some tables done and others still playing, every
process of the server is killed (kill -9) and its database file deleted. A second server starts
on an empty database, and the newest backup is restored on its screen at /events/restore/, as
the operator at the laptop would. Each phone's next read says the night's epoch moved; it sends
everything it kept again, in order. Then every hand, result and confirmation is there exactly
once, and the standings are those read before the crash.
"""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import uuid
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
import requests

from tests.prepared import Prepared
from tests.waiting import until

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))
import harness

pytestmark = pytest.mark.slow

TABLES = 8
HANDS = 8

SEAT_THE_NIGHT = """
import json
from django.contrib.auth.models import User
from scorekeeper.events import services
from scorekeeper.events.access import Actor

director = Actor(user=User.objects.create_user("night-director"))
club = services.club_create(actor=director, name="Riverside Euchre Club")
event = services.event_create(
    club=club, actor=director, name="Club night", format="progressive", round_length="hands",
    hands_per_round=8, rounds_planned=4, published=True, seed=7,
)
for number in range(32):
    services.entrant_add(event=event, actor=director, name=f"Player {number + 1:02}")
services.round_generate(event=event, actor=director)
print(json.dumps({"event": event.pk, "codes": [
    t.join_code for t in event.event_tables.order_by("number")
]}))
"""

NEXT_ROUND = """
import json
from django.contrib.auth.models import User
from scorekeeper.events import services
from scorekeeper.events.access import Actor
from scorekeeper.events.models import Event

director = Actor(user=User.objects.get(username="night-director"))
services.round_generate(event=Event.objects.get(), actor=director)
print(json.dumps(None))
"""


@dataclass
class Phone:
    """A table's scoring phone, speaking the table app's protocol: what it sent is kept, in
    order, with its key (and, for a hand, the version it was made on)."""

    base: str
    token: str
    epoch: str = ""
    table: dict[str, Any] = field(default_factory=dict)
    kept: list[dict[str, Any]] = field(default_factory=list)

    def call(self, method: str, path: str, **headers: str) -> requests.Response:
        body = headers.pop("body", None)
        return requests.request(
            method,
            self.base + "/api/v1" + path,
            json=body,
            headers={"Authorization": f"Bearer {self.token}", **headers},
            timeout=30,
        )

    def read(self) -> int:
        """Where the phone sits now; a moved epoch sends the night again. How many it sent."""
        here = self.call("GET", "/tables/device/")
        assert here.status_code == 200, here.text
        body = here.json()
        self.table = body["table"]
        if body["epoch"] == self.epoch:
            return 0
        self.epoch = body["epoch"]
        for write in self.kept:
            self.send(write, again=True)
        return len(self.kept)

    def send(self, write: dict[str, Any], again: bool = False) -> None:
        headers = {"Idempotency-Key": write["key"]}
        if "version" in write:
            headers["If-Match"] = f'"{write["version"]}"'
        answer = self.call("POST", write["path"], body=write["body"], **headers)
        # Sent again, what the server has answers as a replay (200), what it lost is made (201).
        assert answer.status_code in (200, 201), answer.text
        if not again:
            self.kept.append(write)

    def game(self) -> dict[str, Any]:
        answer = self.call("GET", f"/games/{self.table['game']}/")
        assert answer.status_code == 200, answer.text
        return dict(answer.json())

    def hand(self, number: int) -> None:
        seat = (number + self.table["number"]) % 4
        body = {"maker": seat, "trump": "SHDC"[number % 4], "maker_tricks": 3 + number % 3}
        version = self.game()["version"]
        path = f"/tables/{self.table['id']}/hands/"
        self.send({"key": uuid.uuid4().hex, "path": path, "body": body, "version": version})

    def settle(self) -> None:
        """Seat N enters the result, seat E confirms it (on this phone)."""
        seats = {seat["seat"]: seat["player"] for seat in self.table["seats"]}
        where = f"/tables/{self.table['id']}/result/"
        self.send({"key": uuid.uuid4().hex, "path": where, "body": {"entered_by": seats[0]}})
        confirm = {"confirmed_by": seats[1]}
        self.send({"key": uuid.uuid4().hex, "path": where + "confirm/", "body": confirm})


@dataclass
class Laptop:
    """The laptop's server (`python -m scorekeeper.serve`), killed as a laptop dies: every
    process of it at once."""

    env: dict[str, str]
    port: int
    process: subprocess.Popen[bytes] | None = None

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> None:
        command = [sys.executable, "-m", "scorekeeper.serve", "--port", str(self.port)]
        command += ["--processes", "2", "--threads", "4", "--host", "127.0.0.1"]
        self.process = subprocess.Popen(
            command, cwd=harness.REPO, env=self.env, start_new_session=True
        )
        until(self.answers, within=120, what="the laptop's server answers")

    def answers(self) -> bool:
        try:
            return requests.get(self.base + "/api/v1/health/", timeout=2).status_code == 200
        except requests.RequestException:
            return False

    def kill(self) -> None:
        assert self.process is not None
        os.killpg(self.process.pid, signal.SIGKILL)
        self.process.wait(timeout=30)
        self.process = None

    def stop(self) -> None:
        if self.process is not None:
            os.killpg(self.process.pid, signal.SIGTERM)
            self.process.wait(timeout=30)
            self.process = None

    def python(self, script: str) -> Any:
        setup = "import django; django.setup()\n"
        done = subprocess.run(
            [sys.executable, "-c", setup + script],
            cwd=harness.REPO,
            env=self.env,
            capture_output=True,
            text=True,
            check=False,
        )
        assert done.returncode == 0, done.stderr
        return json.loads(done.stdout)

    def standings(self, event: int) -> list[dict[str, Any]]:
        answer = requests.get(f"{self.base}/api/v1/events/{event}/standings/", timeout=30)
        assert answer.status_code == 200, answer.text
        return list(answer.json()["rows"])

    def hands(self, game: str) -> list[dict[str, Any]]:
        answer = requests.get(f"{self.base}/api/v1/games/{game}/", timeout=30)
        assert answer.status_code == 200, answer.text
        return list(answer.json()["hands"])

    def restore_newest_on_screen(self) -> str:
        """The operator, at the laptop, picks the newest backup on /events/restore/."""
        screen = requests.Session()
        page = screen.get(self.base + "/events/restore/", timeout=30)
        assert page.status_code == 200, page.text
        newest = re.search(r'name="backup" value="([^"]+)"', page.text)
        token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page.text)
        assert newest and token, page.text
        done = screen.post(
            self.base + "/events/restore/",
            data={"backup": newest[1], "sure": "yes", "csrfmiddlewaretoken": token[1]},
            headers={"Referer": self.base + "/events/restore/"},
            timeout=120,
        )
        assert done.status_code == 200 and f"Restored {newest[1]}" in done.text, done.text
        return newest[1]


@pytest.fixture
def laptop(tmp_path: Path, prepared: Prepared) -> Any:
    database = prepared.database(tmp_path, "night", kind="sqlite")
    env = harness.server_env(
        database,
        HTTPS="0",
        CONN_MAX_AGE="0",
        STATIC_ROOT=str(prepared.static_root),
        BACKUP_DIR=str(tmp_path / "backups"),
        BACKUP_INTERVAL="1",
        INSTANCE_DIR=str(tmp_path / "instance"),
    )
    env.pop("PYTHONWARNINGS", None)
    made = Laptop(env, harness.free_port())
    yield made
    made.stop()


def played(hands: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The hands as played (a hand recorded again after the restore has a later time)."""
    return [
        {k: v for k, v in hand.items() if k not in {"created_at", "updated_at"}} for hand in hands
    ]


def newest_note(folder: Path) -> dict[str, Any]:
    notes = sorted(folder.glob("euchre-*.sqlite3.json"))
    return dict(json.loads(notes[-1].read_text())) if notes else {}


def test_a_night_killed_in_round_3_comes_back_whole_from_a_backup_and_the_phones(
    laptop: Laptop, tmp_path: Path
):
    laptop.start()
    night = laptop.python(SEAT_THE_NIGHT)
    event = night["event"]
    phones = []
    for code in night["codes"]:
        joined = requests.post(
            laptop.base + "/api/v1/tables/join/", json={"code": code, "role": "scorer"}, timeout=30
        )
        assert joined.status_code == 201, joined.text
        phones.append(Phone(laptop.base, joined.json()["token"]))
    games: dict[str, list[dict[str, Any]]] = {}  # every table's hands, round by round
    for round_number in (1, 2, 3):
        if round_number > 1:
            laptop.python(NEXT_ROUND)
        for phone in phones:
            phone.read()
            assert phone.table["round"] == round_number
        # The round is in a backup before its first hand (the timer's, every second).
        until(
            lambda n=round_number: (
                {"id": event, "event": "Club night", "round": n, "complete": False}
                in newest_note(tmp_path / "backups").get("rounds", [])
            ),
            within=60,
            what=f"a backup with round {round_number} in play",
        )
        for number in range(1, HANDS + 1):
            for table, phone in enumerate(phones):
                # Round 3: tables 1-3 finish, the others are at hands 3 to 7 when it dies.
                if round_number < 3 or table < 3 or number <= 2 + table % 5:
                    phone.hand(number)
        for table, phone in enumerate(phones):
            if round_number < 3 or table < 3:
                phone.settle()
        games.update({phone.table["game"]: phone.game()["hands"] for phone in phones})
    before = laptop.standings(event)
    assert sum(len(hands) for hands in games.values()) == 2 * 8 * 8 + 3 * 8 + 5 + 6 + 2 + 3 + 4

    laptop.kill()
    database = Path(laptop.env["DATABASE_URL"].removeprefix("sqlite:///"))
    for path in (database, Path(f"{database}-wal"), Path(f"{database}-shm")):
        path.unlink(missing_ok=True)
    laptop.start()  # a second server process, on an empty database
    assert requests.get(f"{laptop.base}/api/v1/events/{event}/", timeout=30).status_code == 404
    laptop.restore_newest_on_screen()
    kept = sum(len(laptop.hands(game)) for game in games)
    assert kept <= len([hand for hands in games.values() for hand in hands])
    print(f"the backup held {kept} of the night's hands")  # the rest are the phones' to send

    for phone in phones:
        assert phone.read() == len(phone.kept)  # the epoch moved: the night sent again
        assert phone.read() == 0  # once
    for game, hands in games.items():
        assert played(laptop.hands(game)) == played(hands)  # every hand once, where it stood
    assert laptop.standings(event) == before
    for table, phone in enumerate(phones):
        result = phone.table["result"]
        if table < 3:
            assert result["status"] == "confirmed", result
        else:
            assert result is None
