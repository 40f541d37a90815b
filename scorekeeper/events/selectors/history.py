"""The night so far as an event's format sees it (`formats.base.Night`): who is in, every
round seated with its tables' seats, teams and results, and the byes; what the next round
is seated from, and what a party's moves are worked out from (six queries, and the
standings')."""

from __future__ import annotations

from collections import defaultdict

from scorekeeper.events.formats.base import Night, PlayedRound, PlayedTable, Team
from scorekeeper.events.models import Entrant, Event, EventTeam, Result, SitOut, Table, TableSeat
from scorekeeper.events.planning.seating import TABLE_SIZES
from scorekeeper.events.selectors.ranking import standings


def night_of(*, event: Event, number: int | None = None) -> Night:
    """The night before round ``number`` (by default the round after the last seated)."""
    players = tuple(
        Entrant.objects.filter(event=event, active=True)
        .order_by("id")
        .values_list("player_id", flat=True)
    )
    members: dict[int, list[int]] = defaultdict(list)
    for team_id, player_id in (
        Entrant.objects.filter(event=event, team__isnull=False)
        .order_by("id")
        .values_list("team_id", "player_id")
    ):
        members[team_id].append(player_id)
    teams = tuple(
        Team(pk, seed, tuple(members[pk]), active)
        for pk, seed, active in EventTeam.objects.filter(event=event)
        .order_by("seed")
        .values_list("pk", "seed", "active")
    )
    seats: dict[int, list[int]] = defaultdict(list)
    for table_id, player_id in (
        TableSeat.objects.filter(table__round__event=event)
        .order_by("number")
        .values_list("table_id", "player_id")
    ):
        seats[table_id].append(player_id)
    tables: dict[int, list[PlayedTable]] = defaultdict(list)
    for row in (
        Table.objects.filter(round__event=event)
        .order_by("number")
        .values_list(
            "pk",
            "round__number",
            "number",
            "first_team_id",
            "second_team_id",
            "bracket_match",
            "result__pk",
            "result__points",
            "result__winner",
            "result__status",
            "result__time_called",
        )
    ):
        pk, rnd, table_number, first, second, match, result, points, winner, status, late = row
        seated = seats[pk]
        if len(seated) not in TABLE_SIZES:
            continue
        tables[rnd].append(
            PlayedTable(
                number=table_number,
                seats=tuple(seated),
                teams=(first, second) if first and second else None,
                match=match,
                result=result,
                points=(int(points[0]), int(points[1])) if isinstance(points, list) else None,
                winner=winner,
                confirmed=status == Result.Status.CONFIRMED,
                time_called=bool(late),
            )
        )
    byes: dict[int, list[int]] = defaultdict(list)
    for rnd, player_id, team_id in SitOut.objects.filter(round__event=event).values_list(
        "round__number", "player_id", "team_id"
    ):
        byes[rnd].append(team_id if team_id is not None else player_id)
    numbers = sorted(set(event.rounds.values_list("number", flat=True)))
    return Night(
        number=(numbers[-1] + 1 if numbers else 1) if number is None else number,
        players=players,
        teams=teams,
        rounds=tuple(
            PlayedRound(n, tuple(tables[n]), tuple(byes[n]))
            for n in numbers
            if number is None or n < number
        ),
        standings=tuple(standings(event=event).rows),
        seed=event.seed,
        size=event.table_size,
    )
