#!/usr/bin/env python
"""Time standings, leaderboards and a player's page on a big event and a big season.

    .venv/bin/python bench/standings_bench.py [--players 200] [--rounds 10] [--games 10000]

1. An event of `--players` players over `--rounds` rounds, run through the services as a club
   night would be: players join, each round is seated (the seating search plans them all),
   every table's device enters its hands as quick entries (the referee scores them), the
   result is entered and the opponents confirm it.
2. A season of `--games` more games (table results with their four players' lines), written
   with bulk inserts: what a club's year leaves behind, seeded fast so the run stays short.

Then it times the reads (the best of several runs) and counts their queries, which do not
grow with the size. Uses DATABASE_URL if set, else a throwaway SQLite file.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))


def setup_django() -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "scorekeeper.settings")
    os.environ.setdefault("DJANGO_DEBUG", "1")
    if "DATABASE_URL" not in os.environ:
        folder = tempfile.mkdtemp(prefix="standings-bench-")
        os.environ["DATABASE_URL"] = f"sqlite:///{folder}/bench.sqlite3"
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)


def timed(call: Callable[[], Any], repeat: int = 5) -> tuple[float, int, Any]:
    """The best time of `repeat` calls (seconds), the queries of one call, and its value."""
    from django.db import connection, reset_queries
    from django.test.utils import CaptureQueriesContext

    reset_queries()
    with CaptureQueriesContext(connection) as captured:
        value = call()
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        call()
        times.append(time.perf_counter() - start)
    return min(times), len(captured), value


def run_event(players: int, rounds: int, rng: random.Random) -> Any:
    from django.contrib.auth.models import User

    from scorekeeper.events import services
    from scorekeeper.events.services import Actor
    from scorekeeper.services import QuickEntry, ThrownInEntry

    user = User.objects.create_user("bench-director")
    director = Actor(user=user)
    club = services.club_create(actor=director, name="Bench club")
    event = services.event_create(
        club=club,
        actor=director,
        name=f"{players} players, {rounds} rounds",
        format="progressive",
        # All four may pass twice and the hand is thrown in (the bench enters a few).
        ruleset={"preset": "standard", "stuck_dealer": "redeal"},
        round_length="hands",
        hands_per_round=8,
        rounds_planned=rounds,
        sit_out_credit="average",
        published=True,
        seed=1,
    )
    for i in range(players):
        services.entrant_add(event=event, actor=director, name=f"Player {i:04}")
    seating = entering = 0.0
    phones: dict[int, Any] = {}  # each physical table's scoring phone, all night
    for _ in range(rounds):
        start = time.perf_counter()
        rnd = services.round_generate(event=event, actor=director)
        seating += time.perf_counter() - start
        start = time.perf_counter()
        for table in rnd.tables.all():
            device = phones.get(table.event_table_id)
            if device is None:
                device, _ = services.table_join(code=table.event_table.join_code)
                phones[table.event_table_id] = device
            at_table = Actor(device=device)
            seats = [seat.player_id for seat in table.seats.order_by("number")]
            for _hand in range(8):
                roll = rng.random()
                entry: Any
                if roll < 0.05:
                    entry = ThrownInEntry()
                else:
                    alone = roll > 0.9
                    tricks = rng.choice([1, 2, 3, 3, 3, 4, 4, 5] if not alone else [2, 3, 4, 5])
                    entry = QuickEntry(
                        maker=rng.randrange(4),
                        trump=rng.choice("CDHS"),
                        maker_tricks=tricks,
                        alone=alone,
                    )
                services.table_hand_record(table=table, actor=at_table, entry=entry)
            services.result_enter(table=table, actor=at_table, entered_by=seats[0])
            services.result_confirm(table=table, actor=at_table, confirmed_by=seats[1])
        entering += time.perf_counter() - start
    print(f"  seating {rounds} rounds: {seating:.1f} s; entering and confirming: {entering:.1f} s")
    return club, event


def seed_season(club: Any, games: int, rng: random.Random) -> Any:
    """`games` confirmed table results over a season of events, by bulk inserts."""
    from django.utils import timezone

    from scorekeeper.events.models import (
        Entrant,
        Event,
        EventTable,
        Result,
        ResultLine,
        Round,
        Season,
        Table,
        TableSeat,
    )
    from scorekeeper.models import Player
    from scorekeeper.names import name_key

    today = timezone.localdate()
    season = Season.objects.create(club=club, name="Bench season", starts_on=today, ends_on=today)
    roster = Player.objects.bulk_create(
        Player(club=club, kind=Player.Kind.MEMBER, name=name, match_key=name_key(name))
        for name in (f"Member {i:04}" for i in range(240))
    )
    tables_per_round, rounds_per_event = 20, 10
    events_needed = -(-games // (tables_per_round * rounds_per_event))
    events = Event.objects.bulk_create(
        Event(
            club=club,
            season=season,
            name=f"Week {n + 1}",
            date=today,
            format="progressive",
            ruleset={"preset": "standard"},
            preset="standard",
            round_length=Event.RoundLength.HANDS,
            hands_per_round=8,
            entry=Event.Entry.TOTALS,
            options={"rounds_planned": rounds_per_event},
            status=Event.Status.FINISHED,
            published=True,
            seed=n,
        )
        for n in range(events_needed)
    )
    made = 0
    now = timezone.now()
    for event in events:
        present = rng.sample(roster, 4 * tables_per_round)
        Entrant.objects.bulk_create(Entrant(event=event, player=p) for p in present)
        places = EventTable.objects.bulk_create(
            EventTable(
                event=event, number=t + 1, join_code=f"B{event.pk:05}{t:02}", code_issued_at=now
            )
            for t in range(tables_per_round)
        )
        rounds = Round.objects.bulk_create(
            Round(event=event, number=r + 1) for r in range(rounds_per_event)
        )
        for rnd in rounds:
            count = min(tables_per_round, games - made)
            if count <= 0:
                break
            tables = Table.objects.bulk_create(
                Table(round=rnd, event_table=places[t], number=t + 1) for t in range(count)
            )
            rng.shuffle(present)
            seats, results = [], []
            for t, table in enumerate(tables):
                four = present[4 * t : 4 * t + 4]
                seats += [
                    TableSeat(table=table, number=s, player=p, side=s % 2)
                    for s, p in enumerate(four)
                ]
                points = [rng.randrange(0, 13), rng.randrange(0, 13)]
                results.append(
                    Result(
                        table=table,
                        status=Result.Status.CONFIRMED,
                        points=points,
                        winner=None if points[0] == points[1] else int(points[1] > points[0]),
                        hands=8,
                        entered_by=four[0],
                        entered_at=now,
                        confirmed_by=four[1],
                        confirmed_at=now,
                    )
                )
            TableSeat.objects.bulk_create(seats)
            results = Result.objects.bulk_create(results)
            lines = []
            for t, result in enumerate(results):
                for s, player in enumerate(present[4 * t : 4 * t + 4]):
                    mine, theirs = result.points[s % 2], result.points[1 - s % 2]
                    lines.append(
                        ResultLine(
                            result=result,
                            event=event,
                            round_number=rnd.number,
                            table_number=t + 1,
                            player=player,
                            side=s % 2,
                            confirmed=True,
                            points_for=mine,
                            points_against=theirs,
                            won=mine > theirs,
                            tied=mine == theirs,
                            hands=8,
                            made=rng.randrange(3),
                            marched=rng.randrange(2),
                            euchred=rng.randrange(2),
                            euchres=rng.randrange(3),
                            loners_tried=rng.randrange(2),
                            loners_made=rng.randrange(2),
                        )
                    )
            ResultLine.objects.bulk_create(lines)
            made += count
    return season, roster


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--players", type=int, default=200)
    parser.add_argument("--rounds", type=int, default=10)
    parser.add_argument("--games", type=int, default=10_000)
    args = parser.parse_args()
    if args.players < 4 or args.rounds < 1 or args.games < 1:
        print("bench: --players is at least 4, --rounds and --games at least 1", file=sys.stderr)
        return 2
    setup_django()
    from django.db import connection, transaction

    from scorekeeper.events import selectors

    rng = random.Random(20)
    print(f"database: {connection.vendor}")
    start = time.perf_counter()
    print(f"Event of {args.players} players x {args.rounds} rounds, through the services:")
    # One transaction each: on SQLite every commit is a disk sync, which is not what is timed.
    with transaction.atomic():
        club, event = run_event(args.players, args.rounds, rng)
    print(f"  built in {time.perf_counter() - start:.1f} s")
    start = time.perf_counter()
    with transaction.atomic():
        season, roster = seed_season(club, args.games, rng)
    print(
        f"Season of {args.games} more games, by bulk inserts: {time.perf_counter() - start:.1f} s"
    )

    print("\nReads (best of 5; queries of one call):")
    seconds, queries, table = timed(lambda: selectors.standings(event=event))
    assert len(table.rows) == args.players
    print(
        f"  event standings, {args.players} players x {args.rounds} rounds: {1000 * seconds:7.1f} ms, {queries} queries"
    )
    seconds, queries, rows = timed(
        lambda: selectors.leaderboard(club=club, season=season, limit=500)
    )
    print(
        f"  season leaderboard, {args.games} games ({len(rows)} players): {1000 * seconds:7.1f} ms, {queries} queries"
    )
    seconds, queries, rows = timed(lambda: selectors.leaderboard(club=club, limit=500))
    print(
        f"  club leaderboard, all {args.games + args.players * args.rounds // 4} games: {1000 * seconds:7.1f} ms, {queries} queries"
    )
    busiest = max(roster, key=lambda p: p.result_lines.count())
    seconds, queries, record = timed(lambda: selectors.player_record(player=busiest))
    print(
        f"  player page ({record.total_games} games, last {len(record.history)} shown): "
        f"{1000 * seconds:7.1f} ms, {queries} queries"
    )
    from django.test import Client

    client = Client(HTTP_HOST="localhost")
    urls = {
        "GET standings (HTTP)": f"/api/v1/events/{event.pk}/standings/",
        "GET leaderboard (HTTP)": f"/api/v1/clubs/{club.pk}/leaderboard/?season={season.pk}",
        "GET player page (HTTP)": f"/api/v1/players/{busiest.pk}/",
    }
    for label, url in urls.items():
        times = []
        for _ in range(5):
            begin = time.perf_counter()
            response = client.get(url)
            times.append(time.perf_counter() - begin)
            assert response.status_code == 200, response.content[:300]
        print(
            f"  {label}: {1000 * min(times):7.1f} ms (median {1000 * statistics.median(times):.1f} ms)"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
