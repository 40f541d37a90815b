#!/usr/bin/env python
"""Hand posts per second and latency under gunicorn on PostgreSQL, against a bare insert.

    .venv/bin/python bench/api_bench.py [--clients 16] [--seconds 10]

Starts gunicorn on 127.0.0.1 with the scorekeeper plus one extra view (bench_urls.py),
`bench/insert/`, a bare Django view that does one INSERT: the floor any Django write endpoint
stands on. Then
`--clients` threads post, first to the bare view, then quick hands through the API (each
client keeps its own game, like tables in a club), each phase for `--seconds`. Prints
requests per second and p50/p99 latency of both, and their ratio.

Uses DATABASE_URL (PostgreSQL). Without it, starts a throwaway PostgreSQL of its own as in
.ci/run (needs the `postgresql` package), and stops it at the end.
"""

from __future__ import annotations

import argparse
import http.client
import json
import sys
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
import harness

# Load ----------------------------------------------------------------------------------------


@dataclass
class Phase:
    name: str
    latencies: list[float] = field(default_factory=list)
    errors: int = 0
    seconds: float = 0.0

    @property
    def rate(self) -> float:
        return len(self.latencies) / self.seconds if self.seconds else 0.0

    def percentile(self, p: float) -> float:
        ordered = sorted(self.latencies) or [float("nan")]
        return ordered[min(len(ordered) - 1, int(p / 100 * len(ordered)))] * 1000


def request(
    conn: http.client.HTTPConnection, method: str, path: str, body: Any, headers: dict[str, str]
) -> tuple[int, bytes]:
    conn.request(method, path, json.dumps(body), {"Content-Type": "application/json", **headers})
    response = conn.getresponse()
    return response.status, response.read()


def run_phase(
    name: str,
    port: int,
    clients: int,
    seconds: float,
    make: Any,
    max_requests: int,
    after: Any = None,
) -> Phase:
    """`make(client, i)` gives (path, body, headers) for a client's i-th request; `after(client,
    body)` sees each answer, untimed."""
    phase = Phase(name)
    lock = threading.Lock()
    barrier = threading.Barrier(clients + 1)
    deadline = [0.0]

    def client(index: int) -> None:
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        mine: list[float] = []
        errors = 0
        barrier.wait()
        count = 0
        while time.perf_counter() < deadline[0] and count < max_requests:
            path, body, headers = make(index, count)
            started = time.perf_counter()
            try:
                status, answer = request(conn, "POST", path, body, headers)
            except (OSError, http.client.HTTPException):
                conn.close()
                status, answer = 0, b""
            elapsed = time.perf_counter() - started
            if 200 <= status < 300:
                mine.append(elapsed)
                if after is not None:
                    after(index, conn, answer)
            else:
                errors += 1
                if errors == 1:
                    print(f"{name}: answer {status}: {answer[:300]!r}", file=sys.stderr)
            count += 1
        conn.close()
        with lock:
            phase.latencies.extend(mine)
            phase.errors += errors

    threads = [threading.Thread(target=client, args=(i,)) for i in range(clients)]
    for thread in threads:
        thread.start()
    start = time.perf_counter()
    deadline[0] = start + seconds
    barrier.wait()
    for thread in threads:
        thread.join()
    phase.seconds = time.perf_counter() - start
    return phase


def new_game(conn: http.client.HTTPConnection, client: int) -> tuple[str, dict[str, str]]:
    """A standard game for one client, played to 10,000 so that it lasts the whole run (a
    new game every few hands would time the creations too): its hands URL and token header."""
    players = [f"Bench {client}-{seat}" for seat in range(4)]
    ruleset = {"preset": "standard", "target": 10_000}
    body = {"ruleset": ruleset, "players": players, "dealer": client % 4}
    status, answer = request(conn, "POST", "/api/v1/games/", body, {})
    if status != 201:
        raise RuntimeError(f"creating a game failed: {status} {answer[:200]!r}")
    game = json.loads(answer)
    return f"/api/v1/games/{game['id']}/hands/", {"Authorization": f"Bearer {game['token']}"}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clients", type=int, default=16)
    parser.add_argument("--seconds", type=float, default=10.0, help="per phase")
    parser.add_argument("--max-requests", type=int, default=20000, help="per client and phase")
    parser.add_argument("--workers", type=int, default=harness.default_workers())
    args = parser.parse_args()

    url = harness.database_url("postgres")
    env = harness.server_env(url, DJANGO_SETTINGS_MODULE="bench_settings")
    harness.migrate(env)
    import psycopg

    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute(
            "CREATE TABLE IF NOT EXISTS bench_insert "
            "(id bigserial PRIMARY KEY, body text NOT NULL, at timestamptz DEFAULT now())"
        )
    port = harness.free_port()
    harness.start_server("scorekeeper.wsgi:application", env, port=port, workers=args.workers)
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    games = [new_game(conn, client) for client in range(args.clients)]
    conn.close()

    def insert(client: int, i: int) -> tuple[str, Any, dict[str, str]]:
        return "/bench/insert/", {"client": client, "i": i}, {}

    def hand(client: int, i: int) -> tuple[str, Any, dict[str, str]]:
        path, auth = games[client]
        body = {"maker": i % 4, "trump": "CDHS"[i % 4], "maker_tricks": 3 + i % 3}
        return path, body, {**auth, "Idempotency-Key": f"{client}-{i}"}

    run_phase("warm-up", port, args.clients, 2, insert, args.max_requests)
    baseline = run_phase("bare insert", port, args.clients, args.seconds, insert, args.max_requests)
    hands = run_phase(
        "hand post",
        port,
        args.clients,
        args.seconds,
        hand,
        args.max_requests,
    )

    print(
        f"gunicorn {args.workers} sync workers on 127.0.0.1, {args.clients} clients, "
        f"{args.seconds:g} s per phase, {harness.describe_database(url)}"
    )
    print(f"{'phase':<12} {'requests':>9} {'errors':>7} {'req/s':>9} {'p50 ms':>8} {'p99 ms':>8}")
    for phase in (baseline, hands):
        print(
            f"{phase.name:<12} {len(phase.latencies):>9} {phase.errors:>7} {phase.rate:>9.1f} "
            f"{phase.percentile(50):>8.1f} {phase.percentile(99):>8.1f}"
        )
    print(
        f"hand post / bare insert: throughput {hands.rate / baseline.rate:.2f}x, "
        f"p50 {hands.percentile(50) / baseline.percentile(50):.2f}x, "
        f"p99 {hands.percentile(99) / baseline.percentile(99):.2f}x"
    )
    if baseline.errors or hands.errors:
        sys.exit(1)


if __name__ == "__main__":
    main()
