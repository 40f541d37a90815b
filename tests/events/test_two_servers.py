"""Two app servers on one PostgreSQL, one table's writes alternating between them: every
hand once, the score right, and nothing that one server keeps for itself."""

from __future__ import annotations

import http.client
import json
import sys
import uuid
from pathlib import Path
from typing import Any

import pytest
from django.db import connection
from event_helpers import Director, join

from scorekeeper.backups import STATUS_FILE
from tests.waiting import until

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))
import harness

pytestmark = [
    pytest.mark.postgres,
    pytest.mark.slow,
    pytest.mark.django_db(transaction=True),
]


def database_url() -> str:
    db = connection.settings_dict
    return f"postgres://{db['USER']}:{db['PASSWORD']}@{db['HOST']}:{db['PORT']}/{db['NAME']}"


def server(port: int, backups: Path) -> Any:
    env = harness.server_env(database_url(), CONN_MAX_AGE="0", BACKUP_DIR=str(backups))
    return harness.start_server(
        "scorekeeper.wsgi:application", env, port=port, server="waitress", workers=4
    )


def ask(port: int, method: str, path: str, body: Any = None, **headers: str) -> Any:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    try:
        status, answer_headers, answer = harness.call(conn, method, path, body, headers)
    finally:
        conn.close()
    return status, answer_headers, json.loads(answer) if answer else None


def test_one_tables_writes_alternate_between_two_servers(director: Director, tmp_path: Path):
    if connection.vendor != "postgresql":
        pytest.skip(
            "two app servers share a PostgreSQL database (set DATABASE_URL); .ci/run has it"
        )
    event = director.create_event(round_length="hands", hands_per_round=8, rounds_planned=2)
    director.add_players(event, "Ann", "Ben", "Cat", "Dan")
    director.publish(event)
    table = director.next_round(event)["tables"][0]
    device = join(table["join_code"])
    ports = [harness.free_port(), harness.free_port()]
    # (Sessions of this worker's own from before, its live server's for a browser test it ran
    # earlier, are not the servers'.)
    before = others_connected()
    servers = [server(port, tmp_path) for port in ports]
    try:
        auth = f"Bearer {device.token}"
        hands = f"/api/v1/tables/{device.id}/hands/"
        _, headers, _ = ask(ports[0], "GET", f"/api/v1/games/{table['game']}/")
        etag = headers["etag"]
        for n in range(8):
            here, there = ports[n % 2], ports[(n + 1) % 2]
            key = str(uuid.uuid4())
            entry = {"maker": n % 4, "trump": "CDHS"[n % 4], "maker_tricks": 3 + n % 3}
            status, headers, _ = ask(
                here,
                "POST",
                hands,
                entry,
                Authorization=auth,
                **{"Idempotency-Key": key, "If-Match": etag},
            )
            assert status == 201
            etag = headers["etag"]
            # The phone did not hear the answer and retries on the other server: a replay.
            replay, _, body = ask(
                there, "POST", hands, entry, Authorization=auth, **{"Idempotency-Key": key}
            )
            assert replay == 200 and body["number"] == n + 1
            # The other server sees the new version at once.
            _, headers, game = ask(there, "GET", f"/api/v1/games/{table['game']}/")
            assert headers["etag"] == etag and len(game["hands"]) == n + 1
        _, _, game = ask(ports[1], "GET", f"/api/v1/games/{table['game']}/")
        assert [h["number"] for h in game["hands"]] == list(range(1, 9))
        awarded = [0, 0]
        for hand in game["hands"]:
            for team, points in hand["award"]["points"].items():
                awarded[int(team)] += points
        assert game["score"] == awarded
        by = device.by_seat
        # The result is entered on one server and confirmed on the other.
        for port, step, body, answer in (
            (ports[1], "", {"entered_by": device.player(by[0])}, 201),
            (ports[0], "confirm/", {"confirmed_by": device.player(by[1])}, 200),
        ):
            url = f"/api/v1/tables/{device.id}/result/{step}"
            assert ask(port, "POST", url, body, Authorization=auth)[0] == answer
        standings = [ask(port, "GET", f"/api/v1/events/{event}/standings/")[2] for port in ports]
        assert standings[0] == standings[1]
        points = {row["name"]: row["points_for"] for row in standings[0]["rows"]}
        assert points[by[0]] == awarded[0] and points[by[1]] == awarded[1]
        # The confirmation that completed the round started a backup (pg_dump) on a server:
        # stopped before it ends, its server would leave it reading the tables the test's
        # teardown empties (a deadlock, or a session begun after the wait below). The backup
        # says it is done last of all, in its folder's status.
        until(lambda: (tmp_path / STATUS_FILE).exists(), within=30, what="the round's backup")
    finally:
        for process in servers:
            process.terminate()
            process.wait(timeout=30)
        until(
            lambda: not others_connected() - before, within=30, what="the servers' sessions to end"
        )


def others_connected() -> set[int]:
    """The client sessions on the test database other than the test's own."""
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT pid FROM pg_stat_activity WHERE datname = current_database()"
            " AND pid <> pg_backend_pid() AND backend_type = 'client backend'"
        )
        return {pid for (pid,) in cursor.fetchall()}
