#!/usr/bin/env python
"""A club night on one machine: tables posting hands while watchers poll the standings.

    .venv/bin/python bench/night_bench.py [--database postgres|sqlite] [--tables 50]
        [--watchers 500] [--seconds 60] [--pace 2] [--workers N] [--find-watchers]

Seats a progressive event of 4 x `--tables` players and serves it with gunicorn (production
settings) on 127.0.0.1. First eight phones join table 1 with its code at the same moment: one
gets the table, the others are told it is taken. The room then arrives: over one poll's
interval (5 s) each watcher opens the standings and the rounds (its first polls, with no tag to
send) and each table's phone reads its game. Then, for `--seconds`, the night in progress:

- each table's phone posts quick hands at a compressed human pace (one every `--pace` seconds,
  jittered), each with its own Idempotency-Key and If-Match; when the round takes no more hands
  it undoes its last one and goes on, so the writes never stop;
- each watcher polls the event's standings and rounds every 5 s, conditionally
  (If-None-Match) once it has an ETag.

Then the same load again, every request of it a bare poll (`bench/poll/`, bench_urls.py: one
narrow row read, answered 304 on the same server stack): the floor a night stands on, which
differs from machine to machine. It ends with one line a night:

    night: tables=T watchers=W requests=N errors=E p50_ms=X p99_ms=Y not_modified=Z%
        standings_not_modified=S% tagged_standings_not_modified=G% bare_p99_ms=B p99_ratio=R

where errors are 5xx answers, answers a table did not expect, and requests that got no answer,
G is S among the polls that sent a tag, and R is the night's p99 over the bare load's. The
figures are the night's in progress: the arrival before it (1,000 watchers opening the pages
within 5 s, where a real room arrives over many minutes) is measured apart, and printed on its
own line with each of its kinds' count and p99. The line before the night's gives each kind of
request the night sent (a hand, an undo, a standings or rounds poll) with its count and p99:
what the night's tail is made of.
With `--find-watchers` it then runs nights of the same length at T=50 with more and more
watchers and prints the largest number it sustained with p99 < 200 ms and no errors.

PostgreSQL comes from DATABASE_URL (its server, database `euchre_bench`, made afresh) or is
started here as in .ci/run; `--database sqlite` uses a new SQLite file, the embedded default.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import random
import sys
import threading
import time
import uuid
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
import harness

POLL_SECONDS = 5.0
HANDS_PER_ROUND = 20
JOIN_STORM = 8
GOAL_P99_MS = 200.0


@dataclass
class Table:
    id: int
    code: str
    game_id: str
    token: str = ""


@dataclass
class Night:
    tables: list[Table]
    event_id: int


def seat_the_night(env: dict[str, str], tables: int) -> Night:
    """The club, its director and a progressive event with round 1 seated, through the services."""
    os.environ.update(env)
    sys.path.insert(0, str(harness.REPO))
    import django

    django.setup()
    from django.contrib.auth.models import User

    from scorekeeper.events import services
    from scorekeeper.events.services import Actor

    director = Actor(user=User.objects.create_user("night-director"))
    club = services.club_create(actor=director, name="Night club")
    event = services.event_create(
        club=club,
        actor=director,
        name="A crowded night",
        format="progressive",
        round_length="hands",
        hands_per_round=HANDS_PER_ROUND,
        rounds_planned=4,
        published=True,
        seed=7,
    )
    for i in range(tables * 4):
        services.entrant_add(event=event, actor=director, name=f"Player {i:03}")
    rnd = services.round_generate(event=event, actor=director)
    seated = [
        Table(id=t.pk, code=t.event_table.join_code, game_id=str(t.game_id))
        for t in rnd.tables.order_by("number")
    ]
    from django.db import connections

    connections.close_all()
    return Night(tables=seated, event_id=event.pk)


# Joining -----------------------------------------------------------------------------------


def join_storm(port: int, table: Table) -> Counter[int]:
    """Eight phones join one table at the same moment; the one that gets it keeps its token."""
    barrier = threading.Barrier(JOIN_STORM)
    statuses: Counter[int] = Counter()
    lock = threading.Lock()

    def phone() -> None:
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        barrier.wait()
        try:
            status, _, body = harness.call(
                conn, "POST", "/api/v1/tables/join/", {"code": table.code}
            )
        except (OSError, http.client.HTTPException):
            status, body = 0, b""
        with lock:
            statuses[status] += 1
            if status == 201:
                table.token = json.loads(body)["token"]

    threads = [threading.Thread(target=phone) for _ in range(JOIN_STORM)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return statuses


def join(port: int, table: Table) -> None:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    status, _, body = harness.call(conn, "POST", "/api/v1/tables/join/", {"code": table.code})
    if status != 201:
        harness.fail(f"joining table {table.id} answered {status}: {body[:200]!r}")
    table.token = json.loads(body)["token"]


# The night ---------------------------------------------------------------------------------


@dataclass
class Tally:
    latencies: harness.Latencies = field(default_factory=lambda: harness.Latencies("all"))
    statuses: Counter[int] = field(default_factory=Counter)
    # The watchers' standings polls alone, by status, and those of them that sent a tag.
    standings: Counter[int] = field(default_factory=Counter)
    standings_tagged: Counter[int] = field(default_factory=Counter)
    unexpected: list[str] = field(default_factory=list)
    # The answered requests' seconds by what they were (a hand posted, a standings poll ...).
    kinds: dict[str, list[float]] = field(default_factory=dict)

    def merge(self, other: Tally) -> None:
        self.latencies.add(other.latencies)
        self.statuses.update(other.statuses)
        self.standings.update(other.standings)
        self.standings_tagged.update(other.standings_tagged)
        self.unexpected.extend(other.unexpected[:3])
        for kind, seconds in other.kinds.items():
            self.kinds.setdefault(kind, []).extend(seconds)

    def by_kind(self) -> str:
        """Each kind of request's count and p99, the slowest first."""
        p99 = {
            kind: sorted(seconds)[min(len(seconds) - 1, int(0.99 * len(seconds)))] * 1000
            for kind, seconds in self.kinds.items()
        }
        return " ".join(
            f"{kind}={len(self.kinds[kind])}@{p99[kind]:.1f}ms"
            for kind in sorted(p99, key=p99.__getitem__, reverse=True)
        )


def kind_of(method: str, path: str) -> str:
    """What a request of the night was, for its figures by kind."""
    name = path.rstrip("/").rsplit("/", 1)[-1]
    if method == "POST":
        return "hand"
    if method == "DELETE":
        return "undo"
    return name if name in ("standings", "rounds") else "game"


class Timed:
    """One client's connection: every request timed and its status counted."""

    def __init__(self, port: int, tally: Tally, expected: frozenset[int]) -> None:
        self.port = port
        self.tally = tally
        self.expected = expected
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)

    def __call__(
        self, method: str, path: str, body: Any = None, headers: dict[str, str] | None = None
    ) -> tuple[int, dict[str, str], bytes]:
        started = time.perf_counter()
        try:
            status, answer_headers, answer = harness.call(self.conn, method, path, body, headers)
        except (OSError, http.client.HTTPException) as error:
            self.conn.close()
            status, answer_headers, answer = 0, {}, str(error).encode()
        elapsed = time.perf_counter() - started
        self.tally.statuses[status] += 1
        if status in self.expected:
            self.tally.latencies.seconds.append(elapsed)
            self.tally.kinds.setdefault(kind_of(method, path), []).append(elapsed)
        else:
            self.tally.latencies.errors += 1
            self.tally.unexpected.append(f"{method} {path}: {status} {answer[:200]!r}")
        return status, answer_headers, answer


def until(moment: float) -> None:
    """Wait until the clock (perf_counter) reads `moment`."""
    time.sleep(max(0.0, moment - time.perf_counter()))


def rest(seconds: float, deadline: float) -> bool:
    """Wait `seconds`, or until the deadline if that comes first; whether the night goes on
    (a client never sleeps past the end and holds the run up)."""
    left = deadline - time.perf_counter()
    time.sleep(max(0.0, min(seconds, left)))
    return seconds < left


def bare_poll(send: Timed, path: str, tags: dict[str, str]) -> None:
    """The bare load's request: one narrow row read, conditional once it has a tag."""
    headers = {"If-None-Match": tags[path]} if path in tags else {}
    _, answer_headers, _ = send("GET", path, None, headers)
    if "etag" in answer_headers:
        tags[path] = answer_headers["etag"]


def play_table(
    port: int, table: Table, pace: float, clock: Clock, tally: Tally, bare: str = ""
) -> None:
    """A table's phone: it reads its game as the room arrives, then posts hands at its pace
    (or, for the bare load, polls `bare`)."""
    send = Timed(port, clock.arrival[id(tally)], frozenset({200, 201, 304, 409, 412}))
    rng = random.Random(table.id)
    deadline = clock.deadline
    until(clock.arrives + rng.uniform(0, clock.poll))
    tags: dict[str, str] = {}
    if bare:
        bare_poll(send, bare, tags)
    else:
        _, headers, _ = send("GET", f"/api/v1/games/{table.game_id}/")
        etag = headers.get("etag", "")
    send.tally = tally
    until(clock.starts)
    if bare:
        while rest(pace * rng.uniform(0.5, 1.5), deadline):
            bare_poll(send, bare, tags)
        return
    auth = {"Authorization": f"Bearer {table.token}"}
    last = 0
    while rest(pace * rng.uniform(0.5, 1.5), deadline):
        entry = {"maker": rng.randrange(4), "trump": rng.choice("CDHS"), "maker_tricks": 3}
        status, headers, body = send(
            "POST",
            f"/api/v1/tables/{table.id}/hands/",
            entry,
            {**auth, "Idempotency-Key": str(uuid.uuid4()), "If-Match": etag},
        )
        if status in (200, 201):
            etag, last = headers.get("etag", etag), json.loads(body)["number"]
        elif status == 409 and last:
            status, headers, _ = send(
                "DELETE",
                f"/api/v1/tables/{table.id}/hands/{last}/",
                None,
                {**auth, "If-Match": etag},
            )
            etag, last = headers.get("etag", etag), last - 1
        elif status in (409, 412):
            _, headers, body = send("GET", f"/api/v1/games/{table.game_id}/")
            etag = headers.get("etag", etag)
            hands = json.loads(body).get("hands", []) if body else []
            last = hands[-1]["number"] if hands else 0


def watch(port: int, event_id: int, clock: Clock, tally: Tally, seed: int, bare: str) -> None:
    """A watcher: it opens the standings and the rounds as the room arrives, then polls them
    every `clock.poll` seconds (or, for the bare load, `bare` twice)."""
    send = Timed(port, clock.arrival[id(tally)], frozenset({200, 304}))
    rng = random.Random(seed)
    tags: dict[str, str] = {}
    paths = [f"/api/v1/events/{event_id}/standings/", f"/api/v1/events/{event_id}/rounds/"]
    phase = rng.uniform(0, clock.poll)
    until(clock.arrives + phase)
    while True:
        for path in paths:
            if bare:
                bare_poll(send, bare, tags)
                continue
            headers = {"If-None-Match": tags[path]} if path in tags else {}
            status, answer_headers, _ = send("GET", path, None, headers)
            if path.endswith("/standings/"):
                send.tally.standings[status] += 1
                if headers:
                    send.tally.standings_tagged[status] += 1
            if "etag" in answer_headers:
                tags[path] = answer_headers["etag"]
        if send.tally is not tally:  # arrived: the night's polls begin
            send.tally = tally
            until(clock.starts + phase)
        elif not rest(clock.poll, clock.deadline):
            return


@dataclass
class Clock:
    """When the room arrives, when the night's measured `--seconds` start and end, how often
    a watcher polls, and each client's tally of its arrival (by the id of its tally of the
    night)."""

    arrives: float
    starts: float
    deadline: float
    poll: float
    arrival: dict[int, Tally] = field(default_factory=dict)


def run_night(
    port: int,
    night: Night,
    watchers: int,
    seconds: float,
    pace: float,
    poll: float = POLL_SECONDS,
    bare: bool = False,
) -> tuple[Tally, Tally]:
    """The room's arrival, then the night's load for `seconds`; with `bare`, the same clients
    at the same pace, each request of theirs a bare poll. The night's tally and the arrival's."""
    arrives = time.perf_counter() + 1.0  # (every thread started by then)
    clock = Clock(arrives, arrives + poll, arrives + poll + seconds, poll)
    floor = f"/bench/poll/{night.event_id}/" if bare else ""
    tallies = [Tally() for _ in range(len(night.tables) + watchers)]
    clock.arrival = {id(tally): Tally() for tally in tallies}
    threads = [
        threading.Thread(target=play_table, args=(port, table, pace, clock, tallies[i], floor))
        for i, table in enumerate(night.tables)
    ]
    threads += [
        threading.Thread(
            target=watch,
            args=(port, night.event_id, clock, tallies[len(night.tables) + i], i, floor),
        )
        for i in range(watchers)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    total, arrival = Tally(), Tally()
    for tally in tallies:
        total.merge(tally)
        arrival.merge(clock.arrival[id(tally)])
    return total, arrival


def summary(tables: int, watchers: int, tally: Tally, bare: Tally) -> str:
    requests = sum(tally.statuses.values())
    not_modified = 100 * tally.statuses[304] / requests if requests else 0.0
    polls, tagged = sum(tally.standings.values()), sum(tally.standings_tagged.values())
    standings_304 = 100 * tally.standings[304] / polls if polls else 0.0
    tagged_304 = 100 * tally.standings_tagged[304] / tagged if tagged else 0.0
    p99, bare_p99 = tally.latencies.percentile_ms(99), bare.latencies.percentile_ms(99)
    return (
        f"night: tables={tables} watchers={watchers} requests={requests} "
        f"errors={tally.latencies.errors + bare.latencies.errors} "
        f"p50_ms={tally.latencies.percentile_ms(50):.1f} p99_ms={p99:.1f} "
        f"not_modified={not_modified:.0f}% standings_not_modified={standings_304:.0f}% "
        f"tagged_standings_not_modified={tagged_304:.0f}% "
        f"bare_p99_ms={bare_p99:.1f} p99_ratio={p99 / bare_p99:.2f}"
    )


def night_and_floor(
    port: int, night: Night, watchers: int, seconds: float, pace: float, poll: float
) -> tuple[Tally, Tally, str, int]:
    """The night, then the same load on the bare poll; the night's tally, its arrival's, its
    line and its errors (the line's: the arrival's, the night's and the bare load's)."""
    tally, arrival = run_night(port, night, watchers, seconds, pace, poll)
    bare, _ = run_night(port, night, watchers, seconds, pace, poll, bare=True)
    for line in bare.unexpected[:5]:
        print(f"  unexpected (bare): {line}", file=sys.stderr)
    tally.latencies.errors += arrival.latencies.errors
    errors = tally.latencies.errors + bare.latencies.errors
    return tally, arrival, summary(len(night.tables), watchers, tally, bare), errors


def find_watchers(port: int, night: Night, seconds: float, pace: float, poll: float) -> int:
    """The most watchers a night of `seconds` sustains at p99 < 200 ms with no errors."""
    sustained = 0
    for watchers in (100, 200, 300, 400, 500, 600, 800, 1000, 1200, 1600):
        tally, _, line, errors = night_and_floor(port, night, watchers, seconds, pace, poll)
        print(line)
        if errors or tally.latencies.percentile_ms(99) >= GOAL_P99_MS:
            break
        sustained = watchers
    return sustained


def workers_of(args: argparse.Namespace) -> str:
    if args.workers:
        return f"{args.workers} workers"
    return (
        "make serve's threads" if args.server == "serve" else f"{harness.default_workers()} workers"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--database", choices=("postgres", "sqlite"), default="postgres")
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--watchers", type=int, default=500)
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--pace", type=float, default=2.0, help="seconds between a table's hands")
    parser.add_argument(
        "--poll",
        type=float,
        default=POLL_SECONDS,
        help="seconds between a watcher's polls (the room arrives over one)",
    )
    parser.add_argument("--server", choices=("gunicorn", "waitress", "serve"), default="gunicorn")
    parser.add_argument("--workers", type=int, default=0, help="processes or threads")
    parser.add_argument("--find-watchers", action="store_true")
    parser.add_argument(
        "--migrated", metavar="URL", help="an empty database already migrated, to use instead"
    )
    args = parser.parse_args()
    if not 1 <= args.tables <= 200 or not 0 <= args.watchers <= 5000 or args.seconds <= 0:
        harness.fail("give 1 to 200 tables, 0 to 5000 watchers and a positive time")
    if args.poll <= 0:
        harness.fail("give a positive time between polls")

    url = args.migrated or harness.database_url(args.database)
    # A regional night enters more players than a club's (EVENT_MAX_ENTRANTS, 200 by default).
    places = str(max(200, 4 * max(args.tables, 50 if args.find_watchers else 0)))
    env = harness.server_env(
        url, DJANGO_SETTINGS_MODULE="bench_settings", EVENT_MAX_ENTRANTS=places
    )
    if not args.migrated:
        harness.migrate(env)
    night = seat_the_night(env, max(args.tables, 50 if args.find_watchers else 0))
    port = harness.free_port()
    harness.start_server(
        "scorekeeper.wsgi:application", env, port=port, server=args.server, workers=args.workers
    )

    storm = join_storm(port, night.tables[0])
    print(f"joins of one code at once: {dict(sorted(storm.items()))}")
    for table in night.tables[1:]:
        join(port, table)
    print(
        f"{args.server} ({workers_of(args)}) on "
        f"{harness.describe_database(url)}, "
        f"{os.cpu_count()} cores, a hand every {args.pace:g} s per table, polls every "
        f"{args.poll:g} s"
    )
    tables = Night(night.tables[: args.tables], night.event_id)
    tally, arrival, line, errors = night_and_floor(
        port, tables, args.watchers, args.seconds, args.pace, args.poll
    )
    for unexpected in (tally.unexpected + arrival.unexpected)[:5]:
        print(f"  unexpected: {unexpected}", file=sys.stderr)
    print(f"  the room arriving, by kind (count@p99): {arrival.by_kind()}")
    print(f"  the night, by kind (count@p99): {tally.by_kind()}")
    print(line)
    failed = errors > 0 or storm != Counter({201: 1, 409: JOIN_STORM - 1})
    if args.find_watchers:
        best = find_watchers(port, night, args.seconds, args.pace, args.poll)
        print(f"largest watchers at p99 < {GOAL_P99_MS:g} ms with tables=50: {best}")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
